// tessera-cli pull REPO[:QUANT]: download a model from the Hugging Face hub (or HF_ENDPOINT's
// mirror) into the models folder, resumable and checked (core/download).
#include <cstdio>

#include "commands.h"
#include "hub_edge.h"
#include "terminal_text.h"
#include "option_parse.h"
#include "option_ranges.h"

namespace tessera::cli {
namespace {

void usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli pull REPO[:QUANT] [--dir DIR] [--revision REV] [--retries N] [--quiet]\n\n"
               "Downloads a GGUF model from the Hugging Face hub: REPO is OWNER/NAME (e.g. Qwen/Qwen3-8B-GGUF),\n"
               "QUANT a quantization its files are named with (Q4_K_M, IQ2_XXS, UD-Q4_K_XL, F16, ...; default\n"
               "Q4_K_M, else the first model listed). A model split into parts (NAME-00001-of-00003.gguf)\n"
               "comes whole. Prints the model's path on stdout, progress on stderr.\n\n"
               "Files go to the models folder, $XDG_DATA_HOME/tessera/models/OWNER/NAME (by default\n"
               "~/.local/share/tessera/models/OWNER/NAME), or into DIR. They arrive as NAME.part and take their\n"
               "name once their size and SHA-256 match the hub's listing; a damaged download is removed. An\n"
               "interrupted pull (Ctrl-C, a lost connection) resumes where it stopped when run again.\n\n");
  std::fputs(usage_line("--dir DIR", "put the files in DIR").c_str(), out);
  std::fputs(usage_line("--revision REV", "a branch, tag or commit of the repository (default main)").c_str(), out);
  std::fputs(usage_line("--retries N", "attempts in a row that receive nothing, after the first, " +
                                           range_text(kRetriesRange) + " (default 5)").c_str(), out);
  std::fputs(usage_line("--quiet", "no progress on stderr").c_str(), out);
  std::fprintf(out,
               "\nEnvironment: HF_ENDPOINT (a mirror's address), HF_TOKEN (for gated and private models),\n"
               "https_proxy/HTTPS_PROXY, http_proxy, all_proxy/ALL_PROXY, no_proxy/NO_PROXY.\n"
               "`tessera-cli run -m hf:REPO[:QUANT]` pulls first, then runs the model.\n");
}

}  // namespace

int cmd_pull(const Args& args) {
  std::string name;
  PullOptions options;
  int32_t retries = options.retry.max_retries;
  OptionReader r(args);
  while (r.next()) {
    if (r.is({"-h", "--help"})) {
      usage(stdout);
      return 0;
    } else if (r.is({"--dir"})) {
      r.text(options.folder);
    } else if (r.is({"--revision"})) {
      r.text(options.revision);
    } else if (r.is({"--retries"})) {
      r.integer(retries, kRetriesRange);
    } else if (r.is({"--quiet"})) {
      options.quiet = true;
    } else if (!r.arg().empty() && r.arg()[0] != '-' && name.empty()) {
      name = r.arg();
    } else {
      r.fail(r.arg()[0] == '-' ? "unknown option '" + r.arg() + "'" : "one model at a time ('" + r.arg() + "')");
    }
  }
  if (r.failed()) {
    print_error("pull", r.error());
    return 2;
  }
  if (name.empty()) {
    usage(stderr);
    return 2;
  }
  options.retry.max_retries = retries;
  auto ref = download::parse_model_ref(name);
  if (!ref.ok()) {
    print_error("pull", ref.error().message);
    return 2;
  }
  auto path = pull_model(*ref, options, "pull");
  if (!path.ok()) {
    print_error("pull", path.error().message);
    return path.error().kind == ErrorKind::Cancelled ? 130 : 1;
  }
  std::printf("%s\n", path->c_str());
  return 0;
}

}  // namespace tessera::cli

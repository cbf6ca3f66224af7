// tessera-cli: the engine without a window. `tessera-cli help` lists the subcommands.
#include <cstdio>
#include <cstring>
#include <string>

#include "commands.h"
#include "terminal_text.h"

namespace {

struct Command {
  const char* name;
  int (*run)(const tessera::cli::Args&);
  const char* summary;
};

const Command kCommands[] = {
    {"run", tessera::cli::cmd_run, "generate a continuation of a prompt"},
    {"chat", tessera::cli::cmd_chat, "interactive chat using the model's chat template"},
#if defined(TESSERA_HAS_SERVER)
    {"serve", tessera::cli::cmd_serve, "OpenAI-compatible HTTP server for a model (local by default)"},
#endif
#if defined(TESSERA_HAS_DOWNLOAD)
    {"pull", tessera::cli::cmd_pull, "download a GGUF model from the Hugging Face hub (REPO[:QUANT])"},
#endif
    {"bench", tessera::cli::cmd_bench, "measure prompt (pp) and generation (tg) throughput"},
    {"perplexity", tessera::cli::cmd_perplexity, "perplexity of a text, and KL divergence against a saved base run"},
    {"devices", tessera::cli::cmd_devices, "list NVIDIA GPUs with their memory"},
    {"inspect", tessera::cli::cmd_inspect, "show a GGUF file's metadata and tensors"},
    {"tokenize", tessera::cli::cmd_tokenize, "tokenize text with a model's tokenizer"},
    {"template", tessera::cli::cmd_template, "render a chat template for a list of messages"},
    {"synth", tessera::cli::cmd_synth, "write a GGUF with random weights of a real model's shape"},
};

void print_usage(FILE* out) {
  std::fprintf(out, "tessera-cli %s: run GGUF language models\n\nusage: tessera-cli COMMAND [OPTIONS]\n\ncommands:\n",
               TESSERA_VERSION);
  for (const auto& c : kCommands) std::fprintf(out, "  %-10s %s\n", c.name, c.summary);
  std::fprintf(out, "\n`tessera-cli COMMAND --help` describes a command's options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  std::string name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    print_usage(stdout);
    return 0;
  }
  if (name == "--version" || name == "version") {
    std::printf("tessera-cli %s\n", TESSERA_VERSION);
    return 0;
  }
  tessera::cli::Args args(argv + 2, argv + argc);
  for (const auto& c : kCommands)
    if (name == c.name) return c.run(args);
  std::fprintf(stderr, "tessera-cli: unknown command '%s'\n\n", tessera::cli::for_stream(stderr, name).c_str());
  print_usage(stderr);
  return 2;
}

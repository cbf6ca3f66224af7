// tessera-cli synth --shape NAME --type TYPE -o FILE: a GGUF of a real model's shape with random
// weights, for benchmarks.
#include <chrono>
#include <cstdio>
#include <string>

#include "commands.h"
#include "option_ranges.h"
#include "quant/ggml_type.h"
#include "synth/synthetic_model.h"
#include "synth_target.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

void print_synth_usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli synth --shape NAME --type TYPE -o FILE [--seed N] [--threads N]\n"
               "                         [--same-output-type]\n"
               "  Writes a GGUF with random weights in the shape of a real model.\n"
               "  --seed N     %s (default %llu)\n"
               "  --threads N  %s (default: all cores)\n"
               "  shapes: %s\n"
               "  types:  %s\n"
               "  Models of 256-element types (K-quants, IQ*, TQ*) get a Q6_K output layer (like Q4_K_M\n"
               "  files) unless --same-output-type.\n",
               range_text(kSeedRange).c_str(), static_cast<unsigned long long>(synth::SynthOptions{}.seed),
               range_text(kThreadsRange).c_str(), synth::shape_names().c_str(),
               supported_type_names().c_str());
}

}  // namespace

int cmd_synth(const Args& args) {
  std::string shape_name, type_name_arg, out_path;
  synth::SynthOptions options;
  OptionReader r(args);
  while (r.next()) {
    if (r.is({"-h", "--help"})) {
      print_synth_usage(stdout);
      return 0;
    } else if (r.is({"--shape"})) {
      r.text(shape_name);
    } else if (r.is({"--type"})) {
      r.text(type_name_arg);
    } else if (r.is({"-o", "--output"})) {
      r.text(out_path);
    } else if (r.is({"--seed"})) {
      r.unsigned64(options.seed, kSeedRange);
    } else if (r.is({"--threads"})) {
      r.integer(options.n_threads, kThreadsRange);
    } else if (r.is({"--same-output-type"})) {
      options.output_q6k_for_kquants = false;
    } else {
      r.fail("unknown option '" + r.arg() + "'");
    }
  }
  if (r.failed()) {
    print_error("synth", r.error());
    std::fputc('\n', stderr);
    print_synth_usage(stderr);
    return 2;
  }
  if (shape_name.empty() || type_name_arg.empty() || out_path.empty()) {
    std::fprintf(stderr, "tessera-cli synth: --shape, --type and -o are required\n\n");
    print_synth_usage(stderr);
    return 2;
  }
  auto target = find_synth_target(shape_name, type_name_arg);
  if (!target.ok()) {
    print_error("synth", target.error().message);
    return 2;
  }
  const synth::ModelShape* shape = target->shape;
  options.type = target->type;
  auto writer = synth::make_synthetic_writer(*shape, options);
  if (!writer.ok()) {
    print_error("synth", writer.error().describe());
    return 1;
  }
  const uint64_t bytes = synth::synthetic_weight_bytes(*shape, options);
  std::fprintf(stderr, "synth: %s (%s), %s weights, %.2f GiB of tensors -> %s\n", shape->name.c_str(),
               shape->description.c_str(), target->type_name.c_str(), bytes / 1073741824.0,
               for_stream(stderr, out_path).c_str());
  auto t0 = std::chrono::steady_clock::now();
  Status st = writer->write_file(out_path);
  if (!st.ok()) {
    print_error("synth", st.error().describe());
    return 1;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "synth: wrote %s in %.1f s\n", for_stream(stderr, out_path).c_str(), secs);
  return 0;
}

}  // namespace tessera::cli

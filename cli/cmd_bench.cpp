// tessera-cli bench: prompt processing (pp) and token generation (tg) throughput, reported in the
// table layout people know from llama-bench. pp: one eval of P random tokens; tg: N single-token
// evals with on-device argmax feeding the next token. Both start from a cache holding D tokens
// (-d, llama-bench's depth: "pp512 @ d4096"), filled untimed once per test and cut back to D
// before each repetition; D = 0 is an empty cache. The measuring is engine/bench.h's run_bench
// (shared with the app's A/B split benchmark); this parses options, loads the model and prints.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "backend/kv_cache_type.h"
#include "backend_choice.h"
#include "cli_common.h"
#include "commands.h"
#include "engine/bench.h"
#include "gguf/gguf_file.h"
#include "model/model_loader.h"
#include "option_ranges.h"
#include "synth/shape_spec.h"
#include "synth_target.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

void print_bench_usage(FILE* out) {
  const std::string tokens = range_text(kBenchTokensRange);
  std::fprintf(out,
               "usage: tessera-cli bench -m FILE | --synth SHAPE --type TYPE  [-p 512] [-n 128] [-d 0] [-r 3] [-o md|json]\n"
               "                         [--ctx N] [options]\n"
               "  --synth SHAPE  no file: a model of SHAPE (see tessera-cli synth) with random weights made\n"
               "                 on the GPU, for shapes too large to write to disk (CUDA backend only)\n"
               "  --type TYPE    the matrices' type with --synth (F16, Q8_0, Q4_K, ...)\n"
               "  -p N[,N...]  prompt tokens per pp test, each %s (0 skips pp); a list runs one test each\n"
               "  -n N[,N...]  generated tokens per tg test, each %s (0 skips tg)\n"
               "  -d N[,N...]  depth: tokens already in the KV cache before each test, each %s\n"
               "               (filled untimed; a list runs every test at each depth)\n"
               "  -r N         repetitions, %s (mean and standard deviation over them)\n"
               "  -o FORMAT    md (default) or json\n"
               "  -c, --ctx N  context size, %s (default: the largest -d plus the largest -p plus\n"
               "               the largest -n)\n"
               "%s%s",
               tokens.c_str(), tokens.c_str(), tokens.c_str(), range_text(kRepetitionsRange).c_str(),
               range_text(kContextRange).c_str(), kv_type_usage().c_str(), backend_options_usage().c_str());
}

// A usage error: the reason, then the usage text, on stderr; exit code 2.
int usage_error(const std::string& reason) {
  print_error("bench", reason);
  std::fputc('\n', stderr);
  print_bench_usage(stderr);
  return 2;
}

std::string size_label(uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f GiB", bytes / 1073741824.0);
  return buf;
}

std::string params_label(uint64_t n) {
  char buf[32];
  if (n >= 1000000000ull)
    std::snprintf(buf, sizeof(buf), "%.2f B", n / 1e9);
  else
    std::snprintf(buf, sizeof(buf), "%.2f M", n / 1e6);
  return buf;
}

Result<ModelSpec> spec_from_file(const std::string& path) {
  TESSERA_ASSIGN_OR_RETURN(auto opened, gguf::GgufFile::open(path));
  std::shared_ptr<const gguf::GgufFile> file(std::move(opened));
  return build_model_spec(file);
}

// A shape-only spec whose weights the backend makes up (ModelSpec::random_weights_seed).
Result<ModelSpec> spec_from_shape(const std::string& shape_name, const std::string& type_name_arg) {
  TESSERA_ASSIGN_OR_RETURN(SynthTarget target, find_synth_target(shape_name, type_name_arg));
  synth::SynthOptions options;
  options.type = target.type;
  TESSERA_ASSIGN_OR_RETURN(ModelSpec spec, synth::shape_spec(*target.shape, options));
  spec.source_path = "synthetic " + shape_name;
  spec.random_weights_seed = options.seed;
  return spec;
}

}  // namespace

int cmd_bench(const Args& args) {
  std::string path, format = "md", synth_shape, synth_type;
  std::vector<int32_t> n_prompts = {512}, n_gens = {128}, depths = {0};
  int32_t reps = 3, n_ctx = 0;
  KvCacheType kv_type = KvCacheType::F16;
  BackendOptions backend;
  OptionReader r(args);
  while (r.next()) {
    if (parse_backend_option(r, backend)) continue;
    if (r.is({"-h", "--help"})) {
      print_bench_usage(stdout);
      return 0;
    } else if (r.is({"-m", "--model"})) {
      r.text(path);
    } else if (r.is({"--synth"})) {
      r.text(synth_shape);
    } else if (r.is({"--type"})) {
      r.text(synth_type);
    } else if (r.is({"-p"})) {
      r.integer_list(n_prompts, kBenchTokensRange);
    } else if (r.is({"-n"})) {
      r.integer_list(n_gens, kBenchTokensRange);
    } else if (r.is({"-d", "--n-depth"})) {
      r.integer_list(depths, kBenchTokensRange);
    } else if (r.is({"-r"})) {
      r.integer(reps, kRepetitionsRange);
    } else if (r.is({"--ctx", "-c"})) {
      r.integer(n_ctx, kContextRange);
    } else if (r.is({"--kv-type"})) {
      parse_kv_type_value(r, kv_type);
    } else if (r.is({"-o"})) {
      if (r.text(format) && format != "md" && format != "json") r.fail("-o: '" + format + "' is not md or json");
    } else {
      r.fail("unknown option '" + r.arg() + "'");
    }
  }
  if (r.failed()) return usage_error(r.error());
  if (path.empty() == synth_shape.empty()) return usage_error("give exactly one of -m FILE and --synth SHAPE");
  if (!synth_shape.empty() && synth_type.empty()) return usage_error("--synth needs --type TYPE");
  const int32_t max_prompt = *std::max_element(n_prompts.begin(), n_prompts.end());
  const int32_t max_gen = *std::max_element(n_gens.begin(), n_gens.end());
  const int32_t max_depth = *std::max_element(depths.begin(), depths.end());
  // Each test starts from a cache of its depth, so the context must hold the deepest, longest one.
  const int64_t longest = static_cast<int64_t>(max_depth) + std::max(max_prompt, max_gen);
  if (n_ctx > 0 && longest > n_ctx)
    return usage_error("--ctx " + std::to_string(n_ctx) + " is shorter than the longest test (" +
                       std::string(max_prompt >= max_gen ? "-p " : "-n ") +
                       std::to_string(std::max(max_prompt, max_gen)) + " tokens" +
                       (max_depth > 0 ? " at depth -d " + std::to_string(max_depth) + ": " +
                                            std::to_string(longest) + " tokens"
                                      : std::string()) +
                       ")");
  if (n_ctx == 0 && static_cast<int64_t>(max_depth) + max_prompt + max_gen > kMaxContextOption)
    return usage_error("-d " + std::to_string(max_depth) + " with -p " + std::to_string(max_prompt) + " and -n " +
                       std::to_string(max_gen) + " needs a context beyond " + std::to_string(kMaxContextOption) +
                       " tokens");
  auto spec = synth_shape.empty() ? spec_from_file(path) : spec_from_shape(synth_shape, synth_type);
  if (!spec.ok()) {
    print_error("bench", spec.error().describe());
    return 1;
  }
  if (!synth_shape.empty()) path = "synthetic " + synth_shape + " " + synth_type + " (random weights on the device)";
  std::string note;
  CudaPluginLoader cuda(cuda_environment_of_process());  // before the factory, backend and model it may make
  auto factory = make_backend_factory(backend, cuda, &note);
  if (!factory.ok()) {
    print_error("bench", factory.error().describe());
    return 1;
  }
  if (!note.empty()) std::fprintf(stderr, "bench: %s\n", for_stream(stderr, note).c_str());
  auto made = (*factory)();
  if (!made.ok()) {
    print_error("bench", made.error().describe());
    return 1;
  }
  BackendModelSettings settings;
  settings.n_ctx = n_ctx > 0 ? n_ctx : std::max(max_depth + max_prompt + max_gen, 16);
  // A pp test is one eval of all its tokens; the depth is filled in steps of up to 512.
  settings.n_batch = std::max({max_prompt, std::min(max_depth, 512), 1});
  settings.n_threads = backend.n_threads;
  settings.kv_type = kv_type;
  auto loaded = (*made)->load_model(*spec, settings, [](float) { return true; });
  if (!loaded.ok()) {
    print_error("bench", loaded.error().describe());
    return 1;
  }
  BackendModel& model = **loaded;

  // The measuring loop is the engine's (engine/bench.h), shared with the app's split benchmark.
  BenchOptions bench;
  bench.n_prompts = n_prompts;
  bench.n_gens = n_gens;
  bench.depths = depths;
  bench.repetitions = reps;
  auto measured = run_bench(model, bench);
  if (!measured.ok()) {
    print_error("bench", measured.error().describe());
    return 1;
  }
  const std::vector<BenchRow>& rows = *measured;

  const uint64_t bytes = spec->weight_bytes();
  const uint64_t params = spec->parameter_count();
  std::string type_label;
  if (spec->n_layer > 0 && spec->layers[0].has(LayerTensor::Wq))
    type_label = std::string(type_name(spec->layers[0][LayerTensor::Wq].type));
  const std::string model_label = spec->architecture + " " + params_label(params) + " " + type_label;
  if (format == "json") {
    nlohmann::json out;
    out["model"] = path;
    out["architecture"] = spec->architecture;
    out["type"] = type_label;
    out["size_bytes"] = bytes;
    out["parameters"] = params;
    out["backend"] = model.describe();
    out["kv_type"] = std::string(kv_cache_type_name(kv_type));
    for (const auto& row : rows) {
      const BenchStats s = bench_stats(row.tokens_per_second);
      out["results"].push_back(
          {{"test", row.test}, {"n_depth", row.depth}, {"tokens_per_second", s.mean}, {"stddev", s.stddev},
           {"samples", row.tokens_per_second}});
    }
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  std::printf("| model | size | params | backend | kv | test | t/s |\n");
  std::printf("| ----- | ---: | -----: | ------- | -- | ---- | --: |\n");
  for (const auto& row : rows) {
    const BenchStats s = bench_stats(row.tokens_per_second);
    std::printf("| %s | %s | %s | %s | %s | %s | %.2f ± %.2f |\n", model_label.c_str(), size_label(bytes).c_str(),
                params_label(params).c_str(), model.describe().c_str(),
                std::string(kv_cache_type_name(kv_type)).c_str(), row.test.c_str(), s.mean, s.stddev);
  }
  return 0;
}

}  // namespace tessera::cli

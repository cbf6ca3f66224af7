// tessera-bench-grammar: what JSON-schema constrained sampling costs against free sampling.
//
// For each model (the embedded tessera-tiny, a synthetic 2-layer model with a 151,936-token
// vocabulary, and any GGUF files given), the same prompt and seeds generate with and without a
// schema; free runs ignore end-of-text so both run their whole budget (constrained ones are closed
// in time at the budget). Reported: generation tokens/s of each (the engine's own timings, so the
// prompt is not counted), their ratio, how many draws the grammar refused, and the grammar's parts
// alone on that vocabulary: one token check, a cached mask and a first (uncached) mask.
//
//   tessera-bench-grammar [--threads N] [--tokens N] [--reps N] [MODEL.gguf ...]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "grammar/json_constraint.h"
#include "synth/model_shapes.h"
#include "synth/synthetic_model.h"
#include "tokenizer/tokenizer.h"

namespace {

using namespace tessera;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::ordered_json;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// An object with strings, an enum, numbers and an array that can run on: the budget ends it.
const char* kSchema = R"({"type":"object","properties":{
  "title":{"type":"string"},"mood":{"enum":["happy","sad","angry"]},"age":{"type":"integer"},
  "score":{"type":"number"},"done":{"type":"boolean"},
  "words":{"type":"array","items":{"type":"string"}}},
  "required":["title","mood","age","score","done","words"],"additionalProperties":false})";

struct Totals {
  int tokens = 0;
  double ms = 0;      // wall time of the decode loops (the engine's timings)
  double cpu_ms = 0;  // CPU time of the whole generate() calls (prompt included, same for both)
  int generated = 0;
  int redraws = 0;
};

double cpu_ms_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

bool run(Engine& engine, const std::shared_ptr<const grammar::JsonSchema>& schema, int n_tokens, int reps, Totals& t) {
  for (int rep = 0; rep < reps; ++rep) {
    GenerationRequest r;
    r.prompt = "Tom had a red ball. The story as JSON: ";
    r.n_predict = n_tokens;
    r.sampling.temperature = 1.0f;
    r.sampling.seed = static_cast<uint64_t>(rep + 1);
    r.json_schema = schema;
    r.stop_at_end_of_generation = schema != nullptr;  // free runs go on to the budget too
    engine.clear_cache();
    const double cpu0 = cpu_ms_now();
    auto out = engine.generate(r);
    t.cpu_ms += cpu_ms_now() - cpu0;
    if (!out.ok()) {
      std::fprintf(stderr, "generation failed: %s\n", out.error().message.c_str());
      return false;
    }
    // Tokens after the first, over the time from the first to the last: the decode loop alone.
    t.tokens += out->timings.generated_tokens - 1;
    t.ms += out->timings.generation_ms;
    t.redraws += out->timings.constrained_redraws;
    t.generated += out->timings.generated_tokens;
  }
  return true;
}

// The grammar's parts alone on this vocabulary.
void parts(Engine& engine, const std::shared_ptr<const grammar::JsonSchema>& schema) {
  auto vocab = engine.vocabulary_trie();
  const auto t0 = Clock::now();
  auto rebuilt = grammar::VocabularyTrie::from_tokenizer(*engine.tokenizer());
  const double build_ms = ms_since(t0);
  grammar::JsonConstraint c(schema, vocab);
  // Into a string value: {"title":" written with single-byte tokens.
  for (char ch : std::string(R"({"title":")")) {
    int32_t id = -1;
    for (size_t i = 0; i < vocab->n_vocab() && id < 0; ++i)
      if (vocab->piece(static_cast<int32_t>(i)) == std::string(1, ch)) id = static_cast<int32_t>(i);
    if (id < 0 || !c.accept(id)) std::printf("  (no token writes '%c' here)\n", ch);
  }
  auto t1 = Clock::now();
  const TokenMask& first = c.mask();
  const double first_ms = ms_since(t1);
  const size_t allowed = first.count();
  t1 = Clock::now();
  constexpr int kCached = 200;
  for (int i = 0; i < kCached; ++i) (void)c.mask();
  const double cached_us = ms_since(t1) * 1000.0 / kCached;
  t1 = Clock::now();
  constexpr int kChecks = 20000;
  int yes = 0;
  for (int i = 0; i < kChecks; ++i) yes += c.allows(static_cast<int32_t>((i * 7919) % vocab->n_vocab()));
  const double check_us = ms_since(t1) * 1000.0 / kChecks;
  std::printf("  grammar alone (%zu tokens): trie %zu nodes built in %.1f ms; inside a string: first mask %.2f ms "
              "(%zu allowed), cached mask %.2f us, one token check %.3f us (%d of %d allowed)\n",
              vocab->n_vocab(), rebuilt->nodes().size(), build_ms, first_ms, allowed, cached_us, check_us, yes, kChecks);
}

int bench(const std::string& path, const std::string& label, int threads, int n_tokens, int reps) {
  Engine engine;
  LoadSettings ls;
  ls.backend = "cpu";
  ls.n_threads = threads;
  ls.n_ctx = std::max(512, n_tokens + 64);
  if (Status s = engine.load(path, ls); !s.ok()) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), s.error().message.c_str());
    return 1;
  }
  auto schema = grammar::JsonSchema::compile(Json::parse(kSchema));
  if (!schema.ok()) return 1;
  (void)engine.vocabulary_trie();  // built once per model, outside the timings
  Totals free_run, constrained;
  // Interleaved, so a machine that gets busier or quieter affects both alike.
  for (int rep = 0; rep < reps; ++rep) {
    if (!run(engine, nullptr, n_tokens, 1, free_run) || !run(engine, *schema, n_tokens, 1, constrained)) return 1;
  }
  const double free_tps = free_run.tokens / (free_run.ms / 1000.0);
  const double con_tps = constrained.tokens / (constrained.ms / 1000.0);
  const double free_cpu = free_run.generated / (free_run.cpu_ms / 1000.0);
  const double con_cpu = constrained.generated / (constrained.cpu_ms / 1000.0);
  std::printf("%s: %s, %lld-token vocabulary, %d threads\n", label.c_str(), engine.info().name.c_str(),
              static_cast<long long>(engine.info().n_vocab), threads);
  auto diff = [](double a, double b) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f%% %s", std::abs(1.0 - b / a) * 100.0, b < a ? "slower" : "faster");
    return std::string(buf);
  };
  std::printf("  free:        %6d tokens, %8.1f tokens/s wall, %8.1f tokens per CPU second\n", free_run.generated,
              free_tps, free_cpu);
  std::printf("  constrained: %6d tokens, %8.1f tokens/s wall (%s), %8.1f tokens per CPU second (%s);\n"
              "               %d of the draws refused and drawn again\n",
              constrained.generated, con_tps, diff(free_tps, con_tps).c_str(), con_cpu, diff(free_cpu, con_cpu).c_str(),
              constrained.redraws);
  parts(engine, *schema);
  return 0;
}

// A 2-layer llama with Qwen's 151,936-token vocabulary: the output layer and the grammar's work
// over the vocabulary dominate, the worst case for the grammar's share.
std::string make_synthetic(const std::filesystem::path& dir) {
  synth::ModelShape shape;
  shape.name = "bench-151k";
  shape.architecture = "llama";
  shape.n_embd = 256;
  shape.n_layer = 2;
  shape.n_head = 4;
  shape.n_head_kv = 4;
  shape.n_ff = 512;
  shape.n_vocab = 151936;
  shape.n_ctx_train = 2048;
  shape.description = "synthetic, Qwen-sized vocabulary";
  synth::SynthOptions opts;
  opts.type = GgmlType::Q8_0;
  auto writer = synth::make_synthetic_writer(shape, opts);
  if (!writer.ok()) {
    std::fprintf(stderr, "synth: %s\n", writer.error().message.c_str());
    return {};
  }
  const std::string path = (dir / "bench-151k.gguf").string();
  if (Status s = writer->write_file(path); !s.ok()) {
    std::fprintf(stderr, "synth: %s\n", s.error().message.c_str());
    return {};
  }
  return path;
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 1, n_tokens = 128, reps = 8;
  std::vector<std::string> models;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--tokens") && i + 1 < argc) n_tokens = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
    else models.push_back(argv[i]);
  }
  int rc = bench(std::string(TESSERA_SOURCE_DIR) + "/resources/models/tessera-tiny.gguf", "embedded model", threads,
                 n_tokens, reps);
  const auto dir = std::filesystem::temp_directory_path() / "tessera-bench-grammar";
  std::filesystem::create_directories(dir);
  const std::string synthetic = make_synthetic(dir);
  if (!synthetic.empty()) rc |= bench(synthetic, "synthetic model", threads, n_tokens, reps);
  std::filesystem::remove_all(dir);
  for (const auto& m : models) rc |= bench(m, m, threads, n_tokens, reps);
  return rc;
}

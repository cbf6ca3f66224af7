// Tokenizer throughput: encodes ~1 MB of generated mixed-language text (and ~1 MB of English) with
// each vocabulary, single-threaded, and prints MB/s for encode and decode. Not a test: numbers
// depend on the machine. Usage: tessera-bench-tokenizer [--size BYTES] [VOCAB.gguf ...]
// Times are the thread's CPU time (best of 5), so a busy shared machine disturbs them less than
// wall-clock time would; MB/s is therefore "per core".
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <time.h>

#include "bench_text.h"
#include "gguf/gguf_file.h"
#include "tokenizer/tokenizer.h"

namespace {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Best of `reps` runs (the least disturbed by other processes on a shared machine).
template <typename F>
double best_seconds(int reps, F&& f) {
  double best = 1e30;
  for (int i = 0; i < reps; ++i) {
    const double t0 = thread_cpu_seconds();
    f();
    best = std::min(best, thread_cpu_seconds() - t0);
  }
  return best;
}

std::string fixtures_dir() {
  if (const char* env = std::getenv("TESSERA_FIXTURES_DIR"); env != nullptr && *env != '\0') return env;
  return TESSERA_BENCH_FIXTURES_DIR;
}

}  // namespace

int main(int argc, char** argv) {
  size_t size = 1 << 20;
  std::vector<std::string> vocabs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
      size = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--help") == 0) {
      std::printf("usage: %s [--size BYTES] [VOCAB.gguf ...]\n", argv[0]);
      return 0;
    } else {
      vocabs.push_back(argv[i]);
    }
  }
  if (vocabs.empty()) {
    vocabs.push_back(fixtures_dir() + "/tokenizer/ggml-vocab-llama-spm.gguf");
    vocabs.push_back(fixtures_dir() + "/tokenizer/ggml-vocab-gpt-2.gguf");
  }

  const struct {
    const char* name;
    std::string text;
  } texts[] = {
      {"mixed", tessera::bench::make_bench_text(tessera::bench::TextMix::Mixed, size)},
      {"english", tessera::bench::make_bench_text(tessera::bench::TextMix::English, size)},
  };

  std::printf("%-28s %-8s %9s %9s %10s %10s %9s\n", "vocabulary", "text", "MB", "tokens", "encode MB/s",
              "decode MB/s", "load ms");
  for (const std::string& path : vocabs) {
    const double t_load = thread_cpu_seconds();
    auto file = tessera::gguf::GgufFile::open(path);
    if (!file.ok()) {
      std::fprintf(stderr, "%s\n", file.error().describe().c_str());
      return 1;
    }
    auto tok = tessera::tokenizer::Tokenizer::from_gguf(**file);
    if (!tok.ok()) {
      std::fprintf(stderr, "%s\n", tok.error().describe().c_str());
      return 1;
    }
    const double load_ms = (thread_cpu_seconds() - t_load) * 1e3;
    const std::string name = path.substr(path.find_last_of('/') + 1);
    for (const auto& t : texts) {
      std::vector<int32_t> ids;
      const double enc = best_seconds(5, [&] { ids = (*tok)->encode(t.text, false, false); });
      std::string back;
      const double dec = best_seconds(5, [&] { back = (*tok)->decode(ids); });
      const double mb = static_cast<double>(t.text.size()) / 1e6;
      std::printf("%-28s %-8s %9.2f %9zu %10.1f %10.1f %9.0f%s\n", name.c_str(), t.name, mb, ids.size(), mb / enc,
                  mb / dec, load_ms, back == t.text ? "" : "  (round trip differs!)");
    }
  }
  return 0;
}

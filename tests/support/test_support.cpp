#include "support/test_support.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace tessera::test {

std::filesystem::path fixtures_dir() {
  if (const char* env = std::getenv("TESSERA_FIXTURES_DIR"); env != nullptr && *env != '\0') return env;
  return TESSERA_DEFAULT_FIXTURES_DIR;
}

std::filesystem::path fixture(const std::string& relative) { return fixtures_dir() / relative; }

std::filesystem::path source_dir() { return TESSERA_SOURCE_DIR; }

TempDir::TempDir() {
  static std::atomic<unsigned> counter{0};
  auto base = std::filesystem::temp_directory_path();
  for (;;) {
    auto candidate = base / ("tessera-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    if (std::filesystem::create_directory(candidate)) {
      path_ = candidate;
      return;
    }
  }
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::vector<uint8_t> read_file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_file_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<float> random_floats(size_t n, uint32_t seed, float stddev) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(0.0f, stddev);
  std::vector<float> out(n);
  for (auto& v : out) v = dist(rng);
  return out;
}

double max_relative_error(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return INFINITY;
  double scale = 1e-30, diff = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    scale = std::max(scale, std::fabs(static_cast<double>(b[i])));
    diff = std::max(diff, std::fabs(static_cast<double>(a[i]) - b[i]));
  }
  return diff / scale;
}

namespace {

void add_squares(const std::vector<float>& a, const std::vector<float>& b, double& num, double& den) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    const double e = static_cast<double>(a[i]) - b[i];
    num += e * e;
    den += static_cast<double>(b[i]) * b[i];
  }
}

double rms_ratio(double num, double den) { return den > 0.0 ? std::sqrt(num / den) : std::sqrt(num); }

}  // namespace

double relative_rms_error(const std::vector<float>& a, const std::vector<float>& b) {
  double num = 0.0, den = 0.0;
  add_squares(a, b, num, den);
  return rms_ratio(num, den);
}

double relative_rms_error(const std::vector<std::vector<float>>& a, const std::vector<std::vector<float>>& b) {
  double num = 0.0, den = 0.0;
  for (size_t r = 0; r < a.size() && r < b.size(); ++r) add_squares(a[r], b[r], num, den);
  return rms_ratio(num, den);
}

std::vector<int32_t> random_tokens(size_t n, int64_t n_vocab, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> dist(0, static_cast<int32_t>(n_vocab - 1));
  std::vector<int32_t> t(n);
  for (auto& x : t) x = dist(rng);
  return t;
}

}  // namespace tessera::test

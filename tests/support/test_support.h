// Shared helpers for the test suites: where fixtures live, temporary files, random data.
#pragma once

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace tessera::test {

// ../shared/fixtures by default; $TESSERA_FIXTURES_DIR overrides (the GPU machine carries a copy).
std::filesystem::path fixtures_dir();
// fixtures_dir() / relative. Does not check existence.
std::filesystem::path fixture(const std::string& relative);
// The repository root (for resources/ and similar).
std::filesystem::path source_dir();

// A fresh directory under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path file(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

std::vector<uint8_t> read_file_bytes(const std::filesystem::path& path);
void write_file_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes);

// Normally distributed floats (mean 0, given stddev) from a fixed seed: never all zeros.
std::vector<float> random_floats(size_t n, uint32_t seed, float stddev = 1.0f);

// max_i |a_i - b_i| / max(max_i |b_i|, tiny): relative error scaled by the reference's magnitude.
double max_relative_error(const std::vector<float>& a, const std::vector<float>& b);

// sqrt(sum (a - b)^2) / sqrt(sum b^2) (sqrt(sum (a - b)^2) when b is all zeros); the rows form
// sums over every value of every row.
double relative_rms_error(const std::vector<float>& a, const std::vector<float>& b);
double relative_rms_error(const std::vector<std::vector<float>>& a, const std::vector<std::vector<float>>& b);

// n token ids uniform in [0, n_vocab) from a fixed seed.
std::vector<int32_t> random_tokens(size_t n, int64_t n_vocab, uint32_t seed);

}  // namespace tessera::test

// Truncated files: at every byte of the small writer-made file and at every structural boundary of
// real files, the reader must return BadFile naming the field it could not read, never crash.
// A prefix that still holds every tensor's data (only trailing padding missing) is a valid file.
#include <random>
#include <set>

#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf::testing {
namespace {

using ::testing::HasSubstr;

// What the reader's message must mention when the image is cut at `cut` (< required_end),
// derived from which field the cut falls in. Mirrors the reader's order of checks: the header
// counts are checked against the bytes after the header before any record is read.
std::string expected_hint(const GgufLayout& l, uint64_t cut) {
  if (cut < 4) return "magic";
  if (cut < 8) return "version";
  if (cut < 16) return "tensor count";
  if (cut < 24) return "metadata key count";
  const uint64_t after_header = cut - 24;
  if (l.tensors.size() > after_header / 32) return "tensor count";
  if (l.kvs.size() > after_header / 13) return "metadata key count";
  for (size_t i = 0; i < l.kvs.size(); ++i) {
    const KvLayout& kv = l.kvs[i];
    if (cut >= kv.value_end) continue;
    if (cut < kv.key_at + kv.key.size()) return "metadata entry " + std::to_string(i);
    if (cut < kv.type_at + 4) return "value type of '" + kv.key + "'";
    return "'" + kv.key + "'";
  }
  for (size_t i = 0; i < l.tensors.size(); ++i) {
    const TensorLayout& t = l.tensors[i];
    if (cut >= t.offset_at + 8) continue;
    if (cut < t.name_at + t.name.size()) return "name of tensor " + std::to_string(i);
    return "tensor '" + t.name + "'";
  }
  return "past the end of the file";
}

// Cuts `bytes` at each of `cuts`; every cut short of required_end must fail with the field's hint.
void check_cuts(const std::vector<uint8_t>& bytes, const GgufLayout& layout, const std::set<uint64_t>& cuts) {
  for (uint64_t cut : cuts) {
    if (cut >= bytes.size()) continue;
    auto r = parse(truncated(bytes, cut));
    if (cut >= layout.required_end) {
      EXPECT_TRUE(r.ok()) << "cut at " << cut << ": only padding is missing; "
                          << (r.ok() ? "" : r.error().message);
      continue;
    }
    ASSERT_FALSE(r.ok()) << "cut at " << cut << " of " << bytes.size() << " parsed";
    EXPECT_EQ(r.error().kind, ErrorKind::BadFile) << "cut at " << cut << ": " << r.error().message;
    EXPECT_THAT(r.error().message, HasSubstr(kImageName));
    EXPECT_THAT(r.error().message, HasSubstr(expected_hint(layout, cut))) << "cut at " << cut;
  }
}

// Boundaries of every field: its first byte and just past it (the next field's first byte);
// with `inside`, also its middle and its last byte.
std::set<uint64_t> boundaries(const GgufLayout& layout, bool inside) {
  std::set<uint64_t> cuts;
  for (const Field& f : layout.fields) {
    cuts.insert(f.offset);
    cuts.insert(f.offset + f.size);
    if (inside && f.size > 1) {
      cuts.insert(f.offset + f.size / 2);
      cuts.insert(f.offset + f.size - 1);
    }
  }
  return cuts;
}

TEST(GgufTruncation, SmallFileAtEveryByte) {
  const auto bytes = small_file_bytes();
  const auto layout = map_layout(bytes);
  ASSERT_LT(layout.required_end, bytes.size()) << "the small file should end in padding";
  std::set<uint64_t> every;
  for (uint64_t cut = 0; cut <= bytes.size(); ++cut) every.insert(cut);
  check_cuts(bytes, layout, every);
  // The full image parses and agrees with the layout.
  auto full = parse(bytes);
  ASSERT_TRUE(full.ok()) << full.error().message;
  EXPECT_EQ((*full)->data_offset(), layout.data_start);
}

TEST(GgufTruncation, SmallFileThroughTheMappedPath) {
  // The mmap path shares the parser; a handful of cuts make sure open() reports them the same way.
  const auto bytes = small_file_bytes();
  const auto layout = map_layout(bytes);
  test::TempDir dir;
  for (uint64_t cut : {uint64_t{0}, uint64_t{3}, uint64_t{23}, layout.kvs[5].type_at + 2, layout.header_end,
                       layout.tensors.back().abs_end - 1}) {
    const auto path = dir.file("cut" + std::to_string(cut) + ".gguf");
    test::write_file_bytes(path, truncated(bytes, cut));
    auto r = GgufFile::open(path.string());
    ASSERT_FALSE(r.ok()) << cut;
    EXPECT_EQ(r.error().kind, ErrorKind::BadFile);
    EXPECT_THAT(r.error().message, HasSubstr(path.string()));
  }
}

struct RealFile {
  const char* name;
  const char* path;
  bool inside;  // also cut inside fields; off for the vocabulary, whose every late cut re-reads 96000 values
  int random_cuts;
};

class RealFileTruncation : public ::testing::TestWithParam<RealFile> {};

TEST_P(RealFileTruncation, AtEveryStructuralBoundary) {
  const RealFile& p = GetParam();
  const auto bytes = test::read_file_bytes(test::fixture(p.path));
  const auto layout = map_layout(bytes);
  auto cuts = boundaries(layout, p.inside);
  // Plus cuts at random places inside the long arrays and the tensor data.
  std::mt19937_64 rng(7);
  for (int i = 0; i < p.random_cuts; ++i) cuts.insert(rng() % bytes.size());
  RecordProperty("cuts", static_cast<int>(cuts.size()));
  check_cuts(bytes, layout, cuts);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RealFileTruncation,
                         ::testing::Values(RealFile{"stories260K", "models/stories260K-f32.gguf", true, 40},
                                           RealFile{"llama_spm", "tokenizer/ggml-vocab-llama-spm.gguf", false, 10}),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace tessera::gguf::testing

// Seeded random mutation fuzzing: whatever the bytes, the reader returns a file or an Error, never
// crashes, hangs, or reads outside the image (run under AddressSanitizer to check the last part).
// When it accepts a mutated file, every tensor byte and metadata value is touched.
#include <random>

#include "gguf/gguf_split.h"
#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf::testing {
namespace {

struct Tally {
  int ok = 0;
  int bad_file = 0;
  int unsupported = 0;
};

// Parses one mutated image and checks the outcome's invariants.
void check_one(std::vector<uint8_t> image, Tally& tally, const std::string& what) {
  auto r = parse(std::move(image));
  if (r.ok()) {
    ++tally.ok;
    touch_everything(**r);
    return;
  }
  const Error& e = r.error();
  ASSERT_TRUE(e.kind == ErrorKind::BadFile || e.kind == ErrorKind::Unsupported)
      << what << ": " << error_kind_name(e.kind) << ": " << e.message;
  ASSERT_THAT(e.message, ::testing::HasSubstr(kImageName)) << what;
  (e.kind == ErrorKind::BadFile ? tally.bad_file : tally.unsupported)++;
}

// Values that hit edge cases of lengths, counts, types and offsets.
uint64_t interesting(std::mt19937_64& rng, uint64_t file_size) {
  const uint64_t pool[] = {0,
                           1,
                           2,
                           3,
                           4,
                           5,
                           9,
                           12,
                           13,
                           31,
                           32,
                           33,
                           40,
                           255,
                           256,
                           0x7F,
                           0x80,
                           0xFFFF,
                           0x7FFFFFFF,
                           0x80000000,
                           0xFFFFFFFF,
                           uint64_t{1} << 32,
                           uint64_t{1} << 62,
                           uint64_t{1} << 63,
                           ~uint64_t{0},
                           ~uint64_t{0} - 31,
                           file_size,
                           file_size - 1,
                           file_size + 1,
                           file_size / 2};
  if (rng() % 4 == 0) return rng();
  return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
}

// Applies 1-8 mutations: random bytes, bit flips, or an interesting value written over a field.
void mutate(std::vector<uint8_t>& b, const GgufLayout& layout, uint64_t limit, std::mt19937_64& rng) {
  const int n = 1 + static_cast<int>(rng() % 8);
  for (int k = 0; k < n; ++k) {
    const uint64_t pos = rng() % limit;
    switch (rng() % 4) {
      case 0: b[pos] = static_cast<uint8_t>(rng()); break;
      case 1: b[pos] ^= static_cast<uint8_t>(1u << (rng() % 8)); break;
      case 2: {
        const uint8_t bytes[] = {0x00, 0xFF, 0x7F, 0x80, 0x01, 0x09, 0x0D};
        b[pos] = bytes[rng() % sizeof(bytes)];
        break;
      }
      default: {
        const Field& f = layout.fields[rng() % layout.fields.size()];
        if (f.offset >= limit) break;
        const uint64_t v = interesting(rng, b.size());
        const uint64_t width = std::min<uint64_t>({f.size, 8, b.size() - f.offset});
        std::memcpy(b.data() + f.offset, &v, width);
      }
    }
  }
}

TEST(GgufFuzz, SmallFileRandomMutations) {
  const auto base = small_file_bytes();
  const auto layout = map_layout(base);
  std::mt19937_64 rng(0x7E55E7A);
  Tally tally;
  for (int i = 0; i < 20000; ++i) {
    auto b = base;
    mutate(b, layout, b.size(), rng);
    check_one(std::move(b), tally, "mutation " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
  RecordProperty("accepted", tally.ok);
  RecordProperty("bad_file", tally.bad_file);
  // The fuzzer reaches both outcomes: some mutations only change tensor bytes or values.
  EXPECT_GT(tally.ok, 500);
  EXPECT_GT(tally.bad_file, 5000);
  EXPECT_GT(tally.unsupported, 10);
}

TEST(GgufFuzz, SmallFileMutationsThenTruncation) {
  const auto base = small_file_bytes();
  const auto layout = map_layout(base);
  std::mt19937_64 rng(0xC0FFEE);
  Tally tally;
  for (int i = 0; i < 5000; ++i) {
    auto b = base;
    if (rng() % 2) mutate(b, layout, b.size(), rng);
    b.resize(rng() % (b.size() + 1));
    check_one(std::move(b), tally, "truncation " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(tally.bad_file, 4000);
}

TEST(GgufFuzz, HeaderOnlyMutationsOfRealFiles) {
  // Mutations restricted to the metadata and tensor table of real files (the data is opaque).
  for (const char* rel : {"models/stories260K-f32.gguf", "tokenizer/ggml-vocab-llama-spm.gguf"}) {
    SCOPED_TRACE(rel);
    const auto base = test::read_file_bytes(test::fixture(rel));
    const auto layout = map_layout(base);
    std::mt19937_64 rng(42);
    Tally tally;
    const int rounds = layout.tensors.empty() ? 15 : 200;  // vocabulary files parse slowest
    for (int i = 0; i < rounds; ++i) {
      auto b = base;
      mutate(b, layout, layout.header_end, rng);
      check_one(std::move(b), tally, std::string(rel) + " mutation " + std::to_string(i));
      if (HasFatalFailure()) return;
    }
    EXPECT_GT(tally.bad_file, rounds / 4);
  }
}

TEST(GgufFuzz, MappedPathAgreesWithBytesPath) {
  const auto base = small_file_bytes();
  const auto layout = map_layout(base);
  std::mt19937_64 rng(99);
  test::TempDir dir;
  const std::string path = dir.file("fuzz.gguf").string();
  for (int i = 0; i < 200; ++i) {
    auto b = base;
    mutate(b, layout, b.size(), rng);
    test::write_file_bytes(path, b);
    auto mapped = GgufFile::open(path);
    auto in_memory = parse(b);
    ASSERT_EQ(mapped.ok(), in_memory.ok()) << i;
    if (mapped.ok()) {
      touch_everything(**mapped);
      EXPECT_EQ((*mapped)->tensors().size(), (*in_memory)->tensors().size());
    } else {
      EXPECT_EQ(mapped.error().kind, in_memory.error().kind);
    }
  }
}

// A split set (3 parts: metadata only, then two tensors each) with the headers of its parts
// mutated: read from memory and, every few rounds, from files opened through a random part; both
// give the same verdict, and an accepted set is touched byte by byte.
TEST(GgufFuzz, SplitSetMutations) {
  auto split = split_into_parts(make_small_writer(), 2, /*first_without_tensors=*/true);
  ASSERT_TRUE(split.ok());
  std::vector<std::vector<uint8_t>> base;
  std::vector<GgufLayout> layouts;
  for (const auto& p : *split) {
    base.push_back(*p.to_bytes());
    layouts.push_back(map_layout(base.back()));
  }
  test::TempDir dir;
  const std::string prefix = (dir.path() / "set").string();
  std::mt19937_64 rng(0x5E7);
  Tally tally;
  for (int i = 0; i < 3000; ++i) {
    auto images = base;
    const size_t k = rng() % images.size();
    mutate(images[k], layouts[k], layouts[k].header_end, rng);
    if (rng() % 8 == 0) images[rng() % images.size()].resize(rng() % (base[k].size() + 1));
    std::vector<ImagePart> parts;
    for (size_t p = 0; p < images.size(); ++p) parts.push_back({images[p], "part" + std::to_string(p), 0});
    auto r = GgufFile::from_parts(std::move(parts));
    if (r.ok()) {
      ++tally.ok;
      touch_everything(**r);
    } else {
      ASSERT_TRUE(r.error().kind == ErrorKind::BadFile || r.error().kind == ErrorKind::Unsupported)
          << i << ": " << r.error().describe();
      ASSERT_THAT(r.error().message, ::testing::HasSubstr("part")) << i;
      ++tally.bad_file;
    }
    if (i % 100 == 0) {
      for (size_t p = 0; p < images.size(); ++p) test::write_file_bytes(split_part_path(prefix, p, 3), images[p]);
      auto mapped = GgufFile::open(split_part_path(prefix, rng() % 3, 3));
      ASSERT_EQ(mapped.ok(), r.ok()) << i << ": " << (mapped.ok() ? "" : mapped.error().message);
      if (mapped.ok()) touch_everything(**mapped);
    }
  }
  EXPECT_GT(tally.ok, 100);
  EXPECT_GT(tally.bad_file, 1000);
}

}  // namespace
}  // namespace tessera::gguf::testing

// Split models (llama.cpp's gguf-split format): the part names, sets written by the project's
// writer as llama-gguf-split would write them, every part opening the same set, and every way a set
// can be broken (a missing part, parts of different sets, a renamed part, tensors in two parts or
// not adding up) refused with a message naming the part.
// tools/gpu/gguf_split_check.sh runs the real-file cases on sets made by llama-gguf-split itself.
#include "gguf/gguf_split.h"

#include <filesystem>

#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

TEST(SplitNames, FollowLlamaCppsPattern) {
  EXPECT_EQ(split_part_path("/m/model", 0, 3), "/m/model-00001-of-00003.gguf");
  EXPECT_EQ(split_part_path("x", 11, 12), "x-00012-of-00012.gguf");
  EXPECT_EQ(split_part_path("x", 65534, 65535), "x-65535-of-65535.gguf");
  const auto n = parse_split_path("/models/Qwen3-235B-A22B-Q4_K_M-00002-of-00005.gguf");
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->prefix, "/models/Qwen3-235B-A22B-Q4_K_M");
  EXPECT_EQ(n->index, 1u);
  EXPECT_EQ(n->count, 5u);
  for (const char* other : {"model.gguf", "model-00001-of-00003.bin", "model-1-of-3.gguf", "model-00000-of-00003.gguf",
                            "model-00004-of-00003.gguf", "-00001-of-00002.gguf", "model00001-of-00002.gguf",
                            "model-000001-of-00002.gguf", "model-00001-of-00002.GGUF", "model-00001-0f-00002.gguf"}) {
    EXPECT_FALSE(parse_split_path(other).has_value()) << other;
  }
  EXPECT_FALSE(is_later_split_part("a/model-00001-of-00003.gguf"));
  EXPECT_TRUE(is_later_split_part("a/model-00003-of-00003.gguf"));
  EXPECT_FALSE(is_later_split_part("a/model.gguf"));
}

// The small corruption-suite model (4 tensors of 4 types) written whole and as parts.
class SplitSet : public ::testing::Test {
 protected:
  test::TempDir dir;
  std::vector<uint8_t> whole_bytes = small_file_bytes();

  std::vector<std::string> write_set(uint32_t max_tensors, bool first_without_tensors = false,
                                     const std::string& stem = "model") {
    auto paths = write_split_files(make_small_writer(), (dir.path() / stem).string(), max_tensors, first_without_tensors);
    EXPECT_TRUE(paths.ok()) << (paths.ok() ? "" : paths.error().message);
    return paths.ok() ? *paths : std::vector<std::string>{};
  }
  static std::unique_ptr<GgufFile> open_ok(const std::string& path) {
    auto f = GgufFile::open(path);
    EXPECT_TRUE(f.ok()) << path << ": " << (f.ok() ? "" : f.error().message);
    return f.ok() ? std::move(f).value() : nullptr;
  }
  static Error open_error(const std::string& path) {
    auto f = GgufFile::open(path);
    EXPECT_FALSE(f.ok()) << path << " opened";
    return f.ok() ? Error() : f.error();
  }
};

TEST_F(SplitSet, EveryPartOpensTheWholeModel) {
  auto whole = parse(whole_bytes);
  ASSERT_TRUE(whole.ok());
  for (const bool empty_first : {false, true}) {
    SCOPED_TRACE(empty_first ? "first part without tensors" : "tensors in every part");
    const auto paths = write_set(2, empty_first, empty_first ? "empty-first" : "model");
    ASSERT_EQ(paths.size(), empty_first ? 3u : 2u);
    for (const auto& path : paths) {
      SCOPED_TRACE(path);
      auto set = open_ok(path);
      ASSERT_NE(set, nullptr);
      EXPECT_TRUE(set->is_split());
      EXPECT_EQ(set->path(), paths[0]);  // the set is named by its first part
      ASSERT_EQ(set->parts().size(), paths.size());
      uint64_t total = 0, tensors = 0;
      for (size_t i = 0; i < paths.size(); ++i) {
        EXPECT_EQ(set->parts()[i].path, paths[i]);
        EXPECT_EQ(set->parts()[i].size, fs::file_size(paths[i]));
        total += set->parts()[i].size;
        tensors += set->parts()[i].tensor_count;
      }
      EXPECT_EQ(set->file_size(), total);
      EXPECT_EQ(tensors, 4u);
      // The model's metadata is the whole file's, plus the split keys.
      for (const auto& e : (*whole)->metadata()) {
        const Value* v = set->find(e.key);
        ASSERT_NE(v, nullptr) << e.key;
        EXPECT_EQ(v->to_display(), e.value.to_display()) << e.key;
      }
      EXPECT_EQ(*set->get_uint("split.count"), paths.size());
      EXPECT_EQ(*set->get_uint("split.tensors.count"), 4u);
      // The same tensors, in the same order, with the same bytes, each in its own part's mapping.
      ASSERT_EQ(set->tensors().size(), (*whole)->tensors().size());
      for (size_t i = 0; i < set->tensors().size(); ++i) {
        const TensorInfo& a = set->tensors()[i];
        const TensorInfo& b = (*whole)->tensors()[i];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.type, b.type);
        EXPECT_EQ(a.dims, b.dims);
        const auto da = set->tensor_data(a);
        const auto db = (*whole)->tensor_data(b);
        ASSERT_EQ(da.size(), db.size()) << a.name;
        EXPECT_TRUE(std::equal(da.begin(), da.end(), db.begin())) << a.name;
        EXPECT_EQ(set->find_tensor(a.name), &a);
      }
      EXPECT_EQ(set->tensors()[0].part, empty_first ? 1u : 0u);
      EXPECT_EQ(set->tensors()[3].part, empty_first ? 2u : 1u);
      EXPECT_GT(touch_everything(*set), 0u);
    }
  }
}

TEST_F(SplitSet, OnePartPerTensorAndTheCopiedRealModel) {
  const auto paths = write_set(1);
  ASSERT_EQ(paths.size(), 4u);
  auto set = open_ok(paths[2]);
  ASSERT_NE(set, nullptr);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(set->tensors()[i].part, i);

  // A real model, rewritten by the writer as 3 parts of up to 20 tensors: the same tensors.
  auto real = GgufFile::open(test::fixture("models/stories260K-f32.gguf").string());
  ASSERT_TRUE(real.ok());
  auto copy = GgufWriter::copy_of(**real);
  ASSERT_TRUE(copy.ok());
  auto real_paths = write_split_files(*copy, (dir.path() / "stories").string(), 20);
  ASSERT_TRUE(real_paths.ok());
  ASSERT_EQ(real_paths->size(), 3u);  // 48 tensors
  auto real_set = open_ok(real_paths->back());
  ASSERT_NE(real_set, nullptr);
  ASSERT_EQ(real_set->tensors().size(), (*real)->tensors().size());
  for (const auto& t : (*real)->tensors()) {
    const TensorInfo* s = real_set->find_tensor(t.name);
    ASSERT_NE(s, nullptr) << t.name;
    const auto a = real_set->tensor_data(*s), b = (*real)->tensor_data(t);
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << t.name;
  }
  EXPECT_EQ(real_set->metadata().size(), (*real)->metadata().size() + 3);
}

TEST_F(SplitSet, AMissingPartIsNamed) {
  const auto paths = write_set(1);
  fs::remove(paths[1]);
  fs::remove(paths[3]);
  for (const auto& opened : {paths[0], paths[2]}) {
    const Error e = open_error(opened);
    EXPECT_EQ(e.kind, ErrorKind::BadFile);
    EXPECT_THAT(e.message, HasSubstr(opened));
    EXPECT_THAT(e.message, HasSubstr("2 parts are missing"));
    EXPECT_THAT(e.message, HasSubstr("part 2 of 4 (" + paths[1] + ")"));
    EXPECT_THAT(e.message, HasSubstr("part 4 of 4 (" + paths[3] + ")"));
  }
}

TEST_F(SplitSet, APartOfAnotherSetIsRefused) {
  // A 2-part set and a 4-part set with the same prefix: part 2 of 2 replaced by a file of the other.
  const auto two = write_set(2, false, "a");
  const auto four = write_set(1, false, "b");
  fs::copy_file(four[1], two[1], fs::copy_options::overwrite_existing);  // says split.count 4
  Error e = open_error(two[0]);
  EXPECT_THAT(e.message, HasSubstr(two[1] + ": split.count is 4, but the set has 2 parts"));

  // Part 1 copied over part 3's name: two files claim to be part 1.
  const auto c = write_set(1, false, "c");
  fs::copy_file(c[0], c[2], fs::copy_options::overwrite_existing);
  e = open_error(c[1]);
  EXPECT_THAT(e.message, HasSubstr(c[2] + ": split.no says it is part 1 of 4, but it stands as part 3 of 4"));
}

TEST_F(SplitSet, TensorsMustAddUpWithoutOverlap) {
  // Part 2 of 3 swapped for a part holding different tensors: the count no longer adds up.
  const auto a = write_set(2, true, "a");  // parts: metadata | a,b | c,d
  GgufWriter other;
  other.set("split.no", Value::u16(1));
  other.set("split.count", Value::u16(3));
  other.set("split.tensors.count", Value::i32(4));
  ASSERT_TRUE(other.add_tensor_f32("tensor.a", {8, 3}, std::vector<float>(24, 1.0f)).ok());
  ASSERT_TRUE(other.write_file(a[1]).ok());
  Error e = open_error(a[0]);
  EXPECT_THAT(e.message, HasSubstr("the 3 parts of " + a[0] + " hold 3 tensors, but split.tensors.count says 4"));

  // The same tensor in two parts, the count still adding up.
  ASSERT_TRUE(other.add_tensor_f32("tensor.c", {4}, std::vector<float>(4, 2.0f)).ok());
  ASSERT_TRUE(other.write_file(a[1]).ok());
  e = open_error(a[2]);
  EXPECT_THAT(e.message, HasSubstr("tensor 'tensor.c' is in part 2 of 3 (" + a[1] + ") and in part 3 of 3 (" + a[2] + ")"));

  // A later part that disagrees about the total.
  other = GgufWriter();
  other.set("split.no", Value::u16(1));
  other.set("split.count", Value::u16(3));
  other.set("split.tensors.count", Value::i32(5));
  ASSERT_TRUE(other.write_file(a[1]).ok());
  e = open_error(a[0]);
  EXPECT_THAT(e.message, HasSubstr(a[1] + ": split.tensors.count is 5, but " + a[0] + " says 4"));
}

TEST_F(SplitSet, APartMustSayWhereItBelongs) {
  auto part_with = [](std::vector<std::pair<std::string, Value>> keys) {
    GgufWriter w;
    w.set_string("general.architecture", "llama");
    for (auto& [k, v] : keys) w.set(k, v);
    auto b = w.to_bytes();
    return b.ok() ? *b : std::vector<uint8_t>{};
  };
  // An image that is one part of a set cannot stand alone.
  EXPECT_GGUF_ERROR(part_with({{"split.no", Value::u16(0)}, {"split.count", Value::u16(2)},
                               {"split.tensors.count", Value::i32(0)}}),
                    ErrorKind::BadFile, "is part 1 of 2 of a split model; its other parts were not given");
  EXPECT_GGUF_ERROR(part_with({{"split.count", Value::u16(2)}}), ErrorKind::BadFile, "has no split.no");
  EXPECT_GGUF_ERROR(part_with({{"split.no", Value::u16(3)}, {"split.count", Value::u16(3)}}), ErrorKind::BadFile,
                    "split.no is 3, not below split.count 3");
  EXPECT_GGUF_ERROR(part_with({{"split.no", Value::u16(1)}}), ErrorKind::BadFile,
                    "split.no is 1 (part 2) but split.count is 0");
  EXPECT_GGUF_ERROR(part_with({{"split.no", Value::u32(0)}, {"split.count", Value::u32(70000)}}), ErrorKind::BadFile,
                    "split.count is 70000, above the 65535 parts");
  EXPECT_GGUF_ERROR(part_with({{"split.count", Value::string("3")}}), ErrorKind::BadFile,
                    "metadata 'split.count' is string");
  // A file that stands alone may say so.
  EXPECT_TRUE(parse(part_with({{"split.no", Value::u16(0)}, {"split.count", Value::u16(1)}})).ok());

  // The first part must say how many tensors the set has.
  GgufWriter first = make_small_writer();
  first.set("split.no", Value::u16(0));
  first.set("split.count", Value::u16(2));
  GgufWriter second;
  second.set("split.no", Value::u16(1));
  second.set("split.count", Value::u16(2));
  std::vector<ImagePart> images;
  images.push_back({*first.to_bytes(), "first.gguf", 0});
  images.push_back({*second.to_bytes(), "second.gguf", 0});
  auto r = GgufFile::from_parts(std::move(images));
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("first.gguf: missing metadata key 'split.tensors.count'"));
}

TEST_F(SplitSet, ARenamedPartCannotFindItsSiblings) {
  const auto paths = write_set(2);
  const std::string renamed = (dir.path() / "my-model.gguf").string();
  fs::rename(paths[0], renamed);
  const Error e = open_error(renamed);
  EXPECT_THAT(e.message, HasSubstr(renamed + " is part 1 of 2 of a split model"));
  EXPECT_THAT(e.message, HasSubstr("does not end in -00001-of-00002.gguf"));
  // A name that says another place in the set than the file itself.
  const std::string wrong = (dir.path() / "model-00002-of-00002.gguf").string();
  const std::string moved = (dir.path() / "x-00002-of-00002.gguf").string();
  fs::rename(wrong, moved);
  fs::rename(renamed, (dir.path() / "x-00001-of-00002.gguf"));
  fs::rename(moved, (dir.path() / "y-00001-of-00002.gguf"));  // part 2 named as part 1
  EXPECT_THAT(open_error((dir.path() / "y-00001-of-00002.gguf").string()).message,
              HasSubstr("is part 2 of 2 of a split model (split.no, split.count), but its name does not end in "
                        "-00002-of-00002.gguf"));
}

// The header of each part alone (as fetched with a Range request before a download): shapes and
// types without data, and a clear "need more bytes" when a part's header is cut.
TEST_F(SplitSet, HeadersWithoutTensorData) {
  auto parts = split_into_parts(make_small_writer(), 3);
  ASSERT_TRUE(parts.ok());
  std::vector<std::vector<uint8_t>> images;
  for (const auto& p : *parts) images.push_back(*p.to_bytes());
  auto headers = [&](size_t keep) {
    std::vector<ImagePart> out;
    for (size_t i = 0; i < images.size(); ++i) {
      const GgufLayout layout = map_layout(images[i]);
      const size_t n = std::min<size_t>(images[i].size(), layout.data_start + keep);
      out.push_back({truncated(images[i], n), "part" + std::to_string(i), images[i].size()});
    }
    return out;
  };
  bool incomplete = false;
  auto set = GgufFile::from_parts(headers(0), {}, &incomplete);
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_FALSE(incomplete);
  EXPECT_FALSE((*set)->has_tensor_data());
  ASSERT_EQ((*set)->tensors().size(), 4u);
  for (const auto& t : (*set)->tensors()) EXPECT_TRUE((*set)->tensor_data(t).empty());
  EXPECT_EQ((*set)->file_size(), images[0].size() + images[1].size());
  EXPECT_EQ(*(*set)->get_string("general.name"), "corrupt-me");

  // Cut inside the second part's tensor table: more bytes needed, not a bad file.
  auto cut = headers(0);
  const GgufLayout layout1 = map_layout(images[1]);
  cut[1].bytes.resize(layout1.tensors[0].offset_at + 3);
  incomplete = false;
  auto r = GgufFile::from_parts(std::move(cut), {}, &incomplete);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(incomplete);
  EXPECT_THAT(r.error().message, HasSubstr("part1"));

  // A header that is wrong within the bytes given is a verdict, whatever the size says.
  auto broken = headers(0);
  put_le<uint32_t>(broken[0].bytes, map_layout(images[0]).tensor("tensor.a").type_at, 9999);
  incomplete = false;
  r = GgufFile::from_parts(std::move(broken), {}, &incomplete);
  ASSERT_FALSE(r.ok());
  EXPECT_FALSE(incomplete);
  EXPECT_THAT(r.error().message, HasSubstr("type id 9999"));

  // A claimed size that the tensors do not fit in is still refused.
  auto small = headers(0);
  small[0].file_size = small[0].bytes.size() + 8;
  r = GgufFile::from_parts(std::move(small));
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("extends past the end of the file"));
}

}  // namespace
}  // namespace tessera::gguf::testing

// Writer -> reader round trips: every metadata value type, extreme values, every writable tensor
// type with 1-4 dimensions, several alignments, GGUF v2, through bytes and through a mapped file.
#include <cmath>
#include <limits>

#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf {
namespace {

using ::testing::HasSubstr;
using testing::random_bytes;

// How a written image reaches the reader.
enum class Path { Bytes, File };

Result<std::unique_ptr<GgufFile>> write_and_read(const GgufWriter& w, Path path, ReaderLimits limits = {}) {
  if (path == Path::Bytes) {
    auto bytes = w.to_bytes();
    if (!bytes.ok()) return bytes.take_error();
    return GgufFile::from_bytes(std::move(bytes).value(), "roundtrip.gguf", limits);
  }
  test::TempDir dir;
  const std::string file = dir.file("roundtrip.gguf").string();
  Status st = w.write_file(file);
  if (!st.ok()) return st.take_error();
  // The mapping outlives the directory entry (unlinked when `dir` dies): mmap keeps the inode.
  auto opened = GgufFile::open(file, limits);
  // write_file and to_bytes emit the same image.
  auto bytes = w.to_bytes();
  EXPECT_TRUE(bytes.ok());
  if (bytes.ok()) {
    EXPECT_EQ(test::read_file_bytes(file), *bytes);
  }
  return opened;
}

// Compares values exactly: floats bit for bit except that NaN matches NaN.
void expect_same_value(const Value& got, const Value& want, const std::string& where) {
  ASSERT_EQ(got.type(), want.type()) << where;
  switch (want.type()) {
    case ValueType::Float32: {
      float g = static_cast<float>(*got.as_float()), w = static_cast<float>(*want.as_float());
      if (std::isnan(w)) {
        EXPECT_TRUE(std::isnan(g)) << where;
      } else {
        EXPECT_EQ(g, w) << where;
        EXPECT_EQ(std::signbit(g), std::signbit(w)) << where;
      }
      break;
    }
    case ValueType::Float64: {
      double g = *got.as_float(), w = *want.as_float();
      if (std::isnan(w)) {
        EXPECT_TRUE(std::isnan(g)) << where;
      } else {
        EXPECT_EQ(g, w) << where;
        EXPECT_EQ(std::signbit(g), std::signbit(w)) << where;
      }
      break;
    }
    case ValueType::Bool: EXPECT_EQ(*got.as_bool(), *want.as_bool()) << where; break;
    case ValueType::String: EXPECT_EQ(got.as_string(), want.as_string()) << where; break;
    case ValueType::Array:
      ASSERT_EQ(got.array_type(), want.array_type()) << where;
      ASSERT_EQ(got.items().size(), want.items().size()) << where;
      for (size_t i = 0; i < want.items().size(); ++i)
        expect_same_value(got.items()[i], want.items()[i], where + "[" + std::to_string(i) + "]");
      break;
    default:
      if (is_signed_integer_type(want.type())) {
        EXPECT_EQ(*got.as_int(), *want.as_int()) << where;
      } else {
        EXPECT_EQ(*got.as_uint(), *want.as_uint()) << where;
      }
  }
}

// Every value type, with the extremes of each.
std::vector<std::pair<std::string, Value>> every_value() {
  const float fnan = std::numeric_limits<float>::quiet_NaN();
  const float finf = std::numeric_limits<float>::infinity();
  const double dnan = std::numeric_limits<double>::quiet_NaN();
  const double dinf = std::numeric_limits<double>::infinity();
  std::vector<std::pair<std::string, Value>> v = {
      {"u8.max", Value::u8(255)}, {"u8.zero", Value::u8(0)},
      {"i8.min", Value::i8(-128)}, {"i8.max", Value::i8(127)},
      {"u16.max", Value::u16(65535)}, {"i16.min", Value::i16(-32768)}, {"i16.max", Value::i16(32767)},
      {"u32.max", Value::u32(0xFFFFFFFFu)}, {"i32.min", Value::i32(std::numeric_limits<int32_t>::min())},
      {"i32.max", Value::i32(std::numeric_limits<int32_t>::max())},
      {"u64.max", Value::u64(std::numeric_limits<uint64_t>::max())},
      {"i64.min", Value::i64(std::numeric_limits<int64_t>::min())},
      {"i64.max", Value::i64(std::numeric_limits<int64_t>::max())}, {"i64.minus1", Value::i64(-1)},
      {"f32.value", Value::f32(3.14159274f)}, {"f32.nan", Value::f32(fnan)}, {"f32.inf", Value::f32(finf)},
      {"f32.neginf", Value::f32(-finf)}, {"f32.negzero", Value::f32(-0.0f)},
      {"f32.denorm", Value::f32(std::numeric_limits<float>::denorm_min())},
      {"f32.max", Value::f32(std::numeric_limits<float>::max())},
      {"f64.value", Value::f64(2.718281828459045)}, {"f64.nan", Value::f64(dnan)}, {"f64.inf", Value::f64(dinf)},
      {"f64.neginf", Value::f64(-dinf)}, {"f64.min", Value::f64(std::numeric_limits<double>::lowest())},
      {"f64.denorm", Value::f64(std::numeric_limits<double>::denorm_min())},
      {"bool.true", Value::boolean(true)}, {"bool.false", Value::boolean(false)},
      {"string.plain", Value::string("hello")}, {"string.empty", Value::string("")},
      {"string.utf8", Value::string("Grüße, 世界 \xF0\x9F\x98\x80 \xE2\x96\x81piece")},
      {"string.nul", Value::string(std::string("a\0b", 3))},
      {"string.long", Value::string(std::string(5000, 'x'))},
      {"array.u8", Value::array(ValueType::UInt8, {Value::u8(0), Value::u8(255)})},
      {"array.i8", Value::array(ValueType::Int8, {Value::i8(-128), Value::i8(127)})},
      {"array.u16", Value::array(ValueType::UInt16, {Value::u16(1), Value::u16(65535)})},
      {"array.i16", Value::array(ValueType::Int16, {Value::i16(-32768), Value::i16(5)})},
      {"array.u32", Value::u32_array({0, 1, 0xFFFFFFFFu})},
      {"array.i32", Value::i32_array({std::numeric_limits<int32_t>::min(), -1, 0, 7})},
      {"array.u64", Value::array(ValueType::UInt64, {Value::u64(std::numeric_limits<uint64_t>::max())})},
      {"array.i64", Value::array(ValueType::Int64, {Value::i64(std::numeric_limits<int64_t>::min()), Value::i64(3)})},
      {"array.f32", Value::f32_array({1.5f, -0.0f, fnan, finf})},
      {"array.f64", Value::array(ValueType::Float64, {Value::f64(1e300), Value::f64(-dinf), Value::f64(dnan)})},
      {"array.bool", Value::array(ValueType::Bool, {Value::boolean(true), Value::boolean(false)})},
      {"array.string", Value::string_array({"a", "", "ünï", std::string(300, 'z')})},
      {"array.empty.u32", Value::u32_array({})},
      {"array.empty.string", Value::string_array({})},
      {"array.nested", Value::array(ValueType::Array, {Value::i32_array({1, 2}), Value::string_array({"x"}),
                                                       Value::array(ValueType::Array, {Value::f32_array({}), Value::f32_array({2.5f})})})},
      {"array.empty.nested", Value::array(ValueType::Array, {})},
      {"array.of.empty", Value::array(ValueType::Array, {Value::u32_array({})})},
  };
  std::vector<float> many(1000);
  for (size_t i = 0; i < many.size(); ++i) many[i] = static_cast<float>(i) * 0.25f - 100.0f;
  v.emplace_back("array.f32.long", Value::f32_array(many));
  return v;
}

class GgufRoundTrip : public ::testing::TestWithParam<Path> {};

TEST_P(GgufRoundTrip, EveryMetadataValueType) {
  GgufWriter w;
  auto values = every_value();
  for (const auto& [k, v] : values) w.set("test." + k, v);
  auto f = write_and_read(w, GetParam());
  ASSERT_TRUE(f.ok()) << f.error().describe();
  ASSERT_EQ((*f)->metadata().size(), values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    const auto& e = (*f)->metadata()[i];
    EXPECT_EQ(e.key, "test." + values[i].first);  // insertion order is file order
    expect_same_value(e.value, values[i].second, e.key);
  }
  const GgufFile& file = **f;
  // Typed getters on the round-tripped values.
  EXPECT_EQ(*file.get_uint("test.u64.max"), std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(*file.get_int("test.i64.min"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(*file.get_uint("test.u8.max"), 255u);
  EXPECT_EQ(*file.get_int("test.i8.min"), -128);
  EXPECT_EQ(*file.get_uint("test.u32.max"), 0xFFFFFFFFu);
  EXPECT_EQ(*file.get_int("test.u32.max"), 0xFFFFFFFFll);
  EXPECT_TRUE(std::isnan(*file.get_float("test.f32.nan")));
  EXPECT_EQ(*file.get_float("test.f64.inf"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(*file.get_float("test.i64.minus1"), -1.0);
  EXPECT_EQ(*file.get_string("test.string.empty"), "");
  EXPECT_EQ(file.get_string("test.string.nul")->size(), 3u);
  EXPECT_EQ(*file.get_string_array("test.array.string"),
            (std::vector<std::string>{"a", "", "ünï", std::string(300, 'z')}));
  EXPECT_TRUE(file.get_string_array("test.array.empty.string")->empty());
  EXPECT_EQ(*file.get_int_array("test.array.i8"), (std::vector<int64_t>{-128, 127}));
  EXPECT_EQ(*file.get_int_array("test.array.u32"), (std::vector<int64_t>{0, 1, 0xFFFFFFFFll}));
  EXPECT_EQ(*file.get_float_array("test.array.i32"), (std::vector<float>{-2147483648.0f, -1, 0, 7}));
  EXPECT_EQ(file.get_float_array("test.array.f32.long")->at(999), 999 * 0.25f - 100.0f);
  // Range and type errors name the key.
  auto neg = file.get_uint("test.i64.minus1");
  ASSERT_FALSE(neg.ok());
  EXPECT_THAT(neg.error().message, HasSubstr("'test.i64.minus1'"));
  EXPECT_THAT(neg.error().message, HasSubstr("int64 -1"));
  auto big = file.get_int("test.u64.max");
  ASSERT_FALSE(big.ok());
  EXPECT_THAT(big.error().message, HasSubstr("'test.u64.max'"));
  auto u64arr = file.get_int_array("test.array.u64");  // 2^64-1 does not fit int64
  ASSERT_FALSE(u64arr.ok());
  EXPECT_THAT(u64arr.error().message, HasSubstr("'test.array.u64'"));
  EXPECT_FALSE(file.get_bool("test.u8.zero").ok());
  EXPECT_FALSE(file.get_int_array("test.array.f32").ok());
  EXPECT_FALSE(file.get_float_array("test.array.string").ok());
  EXPECT_FALSE(file.get_float_array("test.array.nested").ok());
  EXPECT_FALSE(file.get_string_array("test.array.nested").ok());
  EXPECT_FALSE(file.get_string("test.array.string").ok());
}

TEST_P(GgufRoundTrip, EveryWritableTensorTypeWithOneToFourDims) {
  GgufWriter w;
  w.set_string("general.architecture", "test");
  struct Want {
    std::string name;
    GgmlType type;
    std::vector<int64_t> dims;
    std::vector<uint8_t> data;
  };
  std::vector<Want> wants;
  int known_unsupported = 0;
  for (uint32_t id = 0; id <= kMaxGgmlTypeId; ++id) {
    const TypeInfo* info = find_type_info(id);
    ASSERT_NE(info, nullptr);
    if (info->support == TypeSupport::Removed) continue;
    known_unsupported += info->support == TypeSupport::Unsupported;
    const int64_t b = info->block_size;
    const std::vector<std::vector<int64_t>> shapes = {{2 * b}, {b, 3}, {3 * b, 2, 2}, {b, 1, 2, 3}};
    for (size_t s = 0; s < shapes.size(); ++s) {
      uint64_t elements = 1;
      for (int64_t d : shapes[s]) elements *= d;
      Want want{std::string(info->name) + ".d" + std::to_string(shapes[s].size()), static_cast<GgmlType>(id),
                shapes[s], random_bytes(elements / b * info->type_size, id * 10 + s)};
      ASSERT_TRUE(w.add_tensor(want.name, want.type, want.dims, want.data).ok()) << want.name;
      wants.push_back(std::move(want));
    }
  }
  EXPECT_GE(known_unsupported, 7);  // Q8_1, Q8_K, I8..I64, F64
  auto f = write_and_read(w, GetParam());
  ASSERT_TRUE(f.ok()) << f.error().describe();
  ASSERT_EQ((*f)->tensors().size(), wants.size());
  for (size_t i = 0; i < wants.size(); ++i) {
    const TensorInfo& t = (*f)->tensors()[i];
    EXPECT_EQ(t.name, wants[i].name);
    EXPECT_EQ(t.type, wants[i].type) << t.name;
    EXPECT_EQ(t.dims, wants[i].dims) << t.name;
    EXPECT_EQ(t.n_bytes, wants[i].data.size()) << t.name;
    EXPECT_EQ(t.offset % kDefaultAlignment, 0u) << t.name;
    auto span = (*f)->tensor_data(t);
    EXPECT_TRUE(std::equal(span.begin(), span.end(), wants[i].data.begin(), wants[i].data.end())) << t.name;
  }
  const TensorInfo* iq = (*f)->find_tensor("IQ2_XS.d2");
  ASSERT_NE(iq, nullptr);
  EXPECT_EQ(iq->type, GgmlType::IQ2_XS);
  EXPECT_EQ(iq->n_bytes, 3u * 74);
  EXPECT_EQ(iq->rows(), 3);
}

class GgufAlignment : public ::testing::TestWithParam<std::tuple<Path, uint32_t>> {};

TEST_P(GgufAlignment, TensorsLandOnTheAlignment) {
  auto [path, alignment] = GetParam();
  GgufWriter w;
  if (alignment != kDefaultAlignment) w.set_alignment(alignment);
  w.set_string("general.architecture", "test");
  std::vector<std::vector<uint8_t>> datas;
  const std::vector<std::pair<GgmlType, std::vector<int64_t>>> specs = {
      {GgmlType::F32, {7}}, {GgmlType::F16, {3, 5}}, {GgmlType::Q4_0, {32, 3}}, {GgmlType::Q6_K, {256, 1, 2}}};
  for (size_t i = 0; i < specs.size(); ++i) {
    auto r = row_size(specs[i].first, specs[i].second[0]);
    ASSERT_TRUE(r.ok());
    uint64_t rows = 1;
    for (size_t d = 1; d < specs[i].second.size(); ++d) rows *= specs[i].second[d];
    datas.push_back(random_bytes(*r * rows, 100 + i));
    ASSERT_TRUE(w.add_tensor("t" + std::to_string(i), specs[i].first, specs[i].second, datas.back()).ok());
  }
  auto f = write_and_read(w, path);
  ASSERT_TRUE(f.ok()) << f.error().describe();
  EXPECT_EQ((*f)->alignment(), alignment);
  EXPECT_EQ((*f)->data_offset() % alignment, 0u);
  if (alignment != kDefaultAlignment) EXPECT_EQ(*(*f)->get_uint("general.alignment"), alignment);
  else EXPECT_FALSE((*f)->has("general.alignment"));
  for (size_t i = 0; i < specs.size(); ++i) {
    const TensorInfo& t = (*f)->tensors()[i];
    EXPECT_EQ(t.offset % alignment, 0u) << t.name;
    auto span = (*f)->tensor_data(t);
    if (path == Path::File) {  // the mapping starts on a page, so data pointers inherit the alignment
      EXPECT_EQ(reinterpret_cast<uintptr_t>(span.data()) % alignment, 0u) << t.name;
    }
    EXPECT_TRUE(std::equal(span.begin(), span.end(), datas[i].begin(), datas[i].end())) << t.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Paths, GgufRoundTrip, ::testing::Values(Path::Bytes, Path::File));
INSTANTIATE_TEST_SUITE_P(Alignments, GgufAlignment,
                         ::testing::Combine(::testing::Values(Path::Bytes, Path::File),
                                            ::testing::Values(1u, 8u, 32u, 64u, 256u, 4096u)));

TEST(GgufRoundTripMisc, Version2FilesRead) {
  GgufWriter w = testing::make_small_writer();
  w.set_version_for_testing(2);
  auto bytes = w.to_bytes();
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(testing::get_le<uint32_t>(*bytes, 4), 2u);
  auto f = testing::parse(*bytes);
  ASSERT_TRUE(f.ok()) << f.error().describe();
  EXPECT_EQ((*f)->version(), 2u);
  EXPECT_EQ((*f)->tensors().size(), 4u);
  EXPECT_EQ(*(*f)->get_string("general.name"), "corrupt-me");

  w.set_version_for_testing(1);
  auto v1 = testing::parse(*w.to_bytes());
  ASSERT_FALSE(v1.ok());
  EXPECT_EQ(v1.error().kind, ErrorKind::Unsupported);
  EXPECT_THAT(v1.error().message, HasSubstr("version 1"));
}

TEST(GgufRoundTripMisc, EmptyFileAndZeroSizeTensors) {
  GgufWriter empty;
  auto bytes = empty.to_bytes();
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(bytes->size(), 32u);  // 24-byte header padded to 32
  auto f = testing::parse(*bytes);
  ASSERT_TRUE(f.ok()) << f.error().describe();
  EXPECT_TRUE((*f)->metadata().empty());
  EXPECT_TRUE((*f)->tensors().empty());
  EXPECT_EQ((*f)->architecture(), "");

  // A zero dimension is allowed (ggml allows it): the tensor has no elements and no bytes.
  GgufWriter w;
  ASSERT_TRUE(w.add_tensor("empty.rows", GgmlType::F32, {4, 0}, {}).ok());
  ASSERT_TRUE(w.add_tensor("empty.cols", GgmlType::Q4_K, {0, 7}, {}).ok());
  ASSERT_TRUE(w.add_tensor_f32("after", {2}, {1.0f, 2.0f}).ok());
  auto g = testing::parse(*w.to_bytes());
  ASSERT_TRUE(g.ok()) << g.error().describe();
  for (int i = 0; i < 2; ++i) {
    const TensorInfo& t = (*g)->tensors()[i];
    EXPECT_EQ(t.n_elements, 0u);
    EXPECT_EQ(t.n_bytes, 0u);
    EXPECT_TRUE((*g)->tensor_data(t).empty());
  }
  auto after = (*g)->tensor_data(*(*g)->find_tensor("after"));
  float v[2];
  std::memcpy(v, after.data(), 8);
  EXPECT_EQ(v[1], 2.0f);
}

TEST(GgufRoundTripMisc, GeneratedTensorsAndReplacedKeys) {
  GgufWriter w;
  w.set_u32("a.key", 1);
  w.set_string("b.key", "x");
  w.set_u32("a.key", 2);  // replaces, keeps the position
  ASSERT_TRUE(w.add_tensor_generated("gen", GgmlType::Q8_0, {64, 3},
                                     [](uint8_t* dst, uint64_t n) {
                                       for (uint64_t i = 0; i < n; ++i) dst[i] = static_cast<uint8_t>(i * 7 + 1);
                                       return Status();
                                     })
                  .ok());
  auto f = testing::parse(*w.to_bytes());
  ASSERT_TRUE(f.ok()) << f.error().describe();
  ASSERT_EQ((*f)->metadata().size(), 2u);
  EXPECT_EQ((*f)->metadata()[0].key, "a.key");
  EXPECT_EQ(*(*f)->get_uint("a.key"), 2u);
  auto span = (*f)->tensor_data((*f)->tensors()[0]);
  ASSERT_EQ(span.size(), 3u * 2 * 34);
  EXPECT_EQ(span[100], static_cast<uint8_t>(100 * 7 + 1));

  // A failing generator fails the write and leaves no file behind.
  GgufWriter bad;
  ASSERT_TRUE(bad.add_tensor_generated("gen", GgmlType::F32, {4}, [](uint8_t*, uint64_t) {
                   return Status(make_error(ErrorKind::Cancelled, "generator gave up"));
                 }).ok());
  auto r = bad.to_bytes();
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("generator gave up"));
  test::TempDir dir;
  Status st = bad.write_file(dir.file("x.gguf").string());
  ASSERT_FALSE(st.ok());
  EXPECT_FALSE(std::filesystem::exists(dir.file("x.gguf")));
}

TEST(GgufWriterErrors, RejectsBadTensors) {
  GgufWriter w;
  ASSERT_TRUE(w.add_tensor_f32("t", {2, 2}, {1, 2, 3, 4}).ok());
  struct Case {
    Status status;
    const char* part;
  };
  const Case cases[] = {
      {w.add_tensor_f32("t", {1}, {1}), "duplicate tensor name 't'"},
      {w.add_tensor("size", GgmlType::F32, {4}, std::vector<uint8_t>(15, 1)), "15 bytes given, 16 expected"},
      {w.add_tensor_f32("size2", {3, 3}, {1, 2, 3}), "'size2'"},
      {w.add_tensor("block", GgmlType::Q4_0, {48, 2}, std::vector<uint8_t>(36, 1)), "block size 32"},
      {w.add_tensor("kblock", GgmlType::Q4_K, {128}, std::vector<uint8_t>(72, 1)), "block size 256"},
      {w.add_tensor("dims5", GgmlType::F32, {1, 1, 1, 1, 1}, std::vector<uint8_t>(4, 1)), "5 dimensions"},
      {w.add_tensor("dims0", GgmlType::F32, {}, std::vector<uint8_t>(4, 1)), "0 dimensions"},
      {w.add_tensor("neg", GgmlType::F32, {-1}, {}), "'neg'"},
      {w.add_tensor("", GgmlType::F32, {1}, std::vector<uint8_t>(4, 1)), "name is empty"},
      {w.add_tensor("retired", static_cast<GgmlType>(4), {32}, std::vector<uint8_t>(18, 1)), "'retired'"},
      {w.add_tensor("unknown", static_cast<GgmlType>(40), {32}, std::vector<uint8_t>(18, 1)), "'unknown'"},
      {w.add_tensor_generated("nogen", GgmlType::F32, {1}, nullptr), "'nogen'"},
  };
  for (const auto& c : cases) {
    ASSERT_FALSE(c.status.ok()) << c.part;
    EXPECT_EQ(c.status.error().kind, ErrorKind::InvalidArgument) << c.part;
    EXPECT_THAT(c.status.error().message, HasSubstr(c.part));
  }
  // The rejected tensors left the writer unchanged.
  auto f = testing::parse(*w.to_bytes());
  ASSERT_TRUE(f.ok());
  EXPECT_EQ((*f)->tensors().size(), 1u);
}

TEST(GgufWriterErrors, RejectsBadAlignmentAndMixedArrays) {
  for (uint32_t a : {0u, 3u, 48u}) {
    GgufWriter w;
    w.set_alignment(a);
    auto r = w.to_bytes();
    ASSERT_FALSE(r.ok()) << a;
    EXPECT_EQ(r.error().kind, ErrorKind::InvalidArgument);
    EXPECT_THAT(r.error().message, HasSubstr("alignment " + std::to_string(a)));
  }
  GgufWriter w;
  w.set("mixed", Value::array(ValueType::UInt32, {Value::u32(1), Value::string("x")}));
  auto r = w.to_bytes();
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("'mixed'"));
  test::TempDir dir;
  EXPECT_FALSE(w.write_file(dir.file("mixed.gguf").string()).ok());
  EXPECT_FALSE(std::filesystem::exists(dir.file("mixed.gguf")));
  auto nodir = GgufWriter().write_file(dir.file("no/such/dir.gguf").string());
  ASSERT_FALSE(nodir.ok());
  EXPECT_EQ(nodir.error().kind, ErrorKind::Io);
}

TEST(GgufValue, AccessorsAndDisplay) {
  EXPECT_EQ(Value().type(), ValueType::UInt8);
  EXPECT_EQ(*Value::i8(-1).as_int(), -1);
  EXPECT_FALSE(Value::i8(-1).as_uint().has_value());
  EXPECT_FALSE(Value::u64(std::numeric_limits<uint64_t>::max()).as_int().has_value());
  EXPECT_FALSE(Value::string("1").as_int().has_value());
  EXPECT_FALSE(Value::f32(1).as_uint().has_value());
  EXPECT_FALSE(Value::u8(1).as_bool().has_value());
  EXPECT_EQ(*Value::u16(7).as_float(), 7.0);
  EXPECT_EQ(Value::u32(7).as_string(), "");
  EXPECT_EQ(Value::string("a\"b\n").to_display(), "\"a\\\"b\\n\"");
  EXPECT_EQ(Value::boolean(true).to_display(), "true");
  EXPECT_EQ(Value::i64(-3).to_display(), "-3");
  EXPECT_EQ(Value::u32_array({1, 2, 3}).to_display(2), "[1, 2, ... (3 uint32)]");
  EXPECT_EQ(Value::string(std::string(200, 'q')).to_display().size(), 122u);
  EXPECT_EQ(value_type_name(ValueType::Float64), "float64");
  EXPECT_EQ(value_type_name(static_cast<ValueType>(13)), "unknown");
  EXPECT_EQ(scalar_size(ValueType::Int16), 2u);
  EXPECT_EQ(scalar_size(ValueType::String), 0u);
  EXPECT_TRUE(is_signed_integer_type(ValueType::Int64));
  EXPECT_FALSE(is_integer_type(ValueType::Bool));
}

}  // namespace
}  // namespace tessera::gguf

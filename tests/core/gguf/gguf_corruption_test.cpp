// Overwritten fields: every header field, count, length, value type, dimension, tensor type,
// offset and alignment of a valid file, set to values a broken or hostile file could hold. Each
// must give an Error that names the field (checked on a distinctive part of the message).
// Field positions come from map_layout() over writer-made or real files, never hand-counted.
#include <limits>

#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf::testing {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t kU64Max = std::numeric_limits<uint64_t>::max();
constexpr uint64_t k2p63 = uint64_t{1} << 63;

class SmallFile : public ::testing::Test {
 protected:
  const std::vector<uint8_t> bytes = small_file_bytes();
  const GgufLayout layout = map_layout(bytes);

  const KvLayout& kv(std::string_view key) const { return layout.kv(key); }
  const TensorLayout& tensor(std::string_view name) const { return layout.tensor(name); }
  template <typename T>
  std::vector<uint8_t> with(uint64_t at, T v) const { return patched<T>(bytes, at, v); }
  std::unique_ptr<GgufFile> parse_ok(std::vector<uint8_t> b) const {
    auto r = parse(std::move(b));
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(r).value() : nullptr;
  }
};

TEST_F(SmallFile, ParsesAndAgreesWithTheLayout) {
  auto f = parse_ok(bytes);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->metadata().size(), layout.kvs.size());
  ASSERT_EQ(f->tensors().size(), 4u);
  EXPECT_EQ(f->data_offset(), layout.data_start);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(f->tensors()[i].name, layout.tensors[i].name);
    EXPECT_EQ(f->tensors()[i].offset, layout.tensors[i].offset);
    EXPECT_EQ(f->tensors()[i].n_bytes, layout.tensors[i].n_bytes);
  }
  EXPECT_EQ(layout.kvs.back().type, ValueType::Array);  // the off-by-one kv count case relies on it
  EXPECT_EQ(*f->get_string_array("test.strings"), (std::vector<std::string>{"a", "", "\xC3\xBCn\xC3\xAF"}));
  EXPECT_GT(touch_everything(*f), 0u);
}

// ---- header ---------------------------------------------------------------------------------

TEST_F(SmallFile, Magic) {
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kMagicAt, 0x58554747), ErrorKind::BadFile, "magic is \"GGUX\"",
                    "expected \"GGUF\"");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kMagicAt, 0x47475546), ErrorKind::BadFile, "magic is \"FUGG\"");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kMagicAt, 0), ErrorKind::BadFile, "magic");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kMagicAt, 0xFF01FF1F), ErrorKind::BadFile, "magic is \"????\"");
}

TEST_F(SmallFile, Version) {
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kVersionAt, 0), ErrorKind::BadFile, "GGUF version 0");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kVersionAt, 1), ErrorKind::Unsupported, "GGUF version 1");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kVersionAt, 4), ErrorKind::BadFile, "GGUF version 4");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kVersionAt, 0x03000000), ErrorKind::Unsupported, "big-endian");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kVersionAt, 0x02000000), ErrorKind::Unsupported, "big-endian");
  EXPECT_GGUF_ERROR(with<uint32_t>(GgufLayout::kVersionAt, 0xFFFFFFFF), ErrorKind::BadFile, "version 4294967295");
}

TEST_F(SmallFile, TensorCount) {
  for (uint64_t n : {k2p63, kU64Max, uint64_t{1} << 40, uint64_t{1000}}) {
    EXPECT_GGUF_ERROR(with<uint64_t>(GgufLayout::kTensorCountAt, n), ErrorKind::BadFile,
                      ("tensor count " + std::to_string(n) + " cannot fit").c_str());
  }
  // One more: the reader looks for a fifth record where the padding and data lie.
  EXPECT_GGUF_ERROR(with<uint64_t>(GgufLayout::kTensorCountAt, 5), ErrorKind::BadFile, "tensor 4");
  // One fewer, or none: indistinguishable from a file whose header ends earlier (ggml reads it
  // the same way); the data section then starts sooner and every remaining tensor still fits.
  auto fewer = parse_ok(with<uint64_t>(GgufLayout::kTensorCountAt, 3));
  ASSERT_NE(fewer, nullptr);
  EXPECT_EQ(fewer->tensors().size(), 3u);
  EXPECT_LT(fewer->data_offset(), layout.data_start);
  auto none = parse_ok(with<uint64_t>(GgufLayout::kTensorCountAt, 0));
  ASSERT_NE(none, nullptr);
  EXPECT_TRUE(none->tensors().empty());
}

TEST_F(SmallFile, MetadataCount) {
  for (uint64_t n : {k2p63, kU64Max, uint64_t{1} << 40, uint64_t{1000}}) {
    EXPECT_GGUF_ERROR(with<uint64_t>(GgufLayout::kKvCountAt, n), ErrorKind::BadFile,
                      ("metadata key count " + std::to_string(n) + " cannot fit").c_str());
  }
  const uint64_t n = layout.kvs.size();
  // One more: the first tensor record is read as a key/value ("tensor.a" with type n_dims = 2,
  // uint16), and the tensor table then starts inside the record, at a nonsense name length.
  EXPECT_GGUF_ERROR(with<uint64_t>(GgufLayout::kKvCountAt, n + 1), ErrorKind::BadFile, "name of tensor 0");
  // One fewer: the last key/value ("test.nested", type 9 = array) is read as a tensor record.
  EXPECT_GGUF_ERROR(with<uint64_t>(GgufLayout::kKvCountAt, n - 1), ErrorKind::BadFile,
                    "tensor 'test.nested' has 9 dimensions, expected 1 to 4");
  EXPECT_GGUF_ERROR(with<uint64_t>(GgufLayout::kKvCountAt, 0), ErrorKind::BadFile,
                    "tensor 'general.architecture' has 8 dimensions");
}

// ---- keys and values --------------------------------------------------------------------------

TEST_F(SmallFile, KeyLengths) {
  const KvLayout& k = kv("test.u32");  // metadata entry 3
  const uint64_t left = bytes.size() - k.key_at;
  for (uint64_t len : {k2p63, kU64Max, left + 1, left + 1000}) {
    EXPECT_GGUF_ERROR(with<uint64_t>(k.key_len_at, len), ErrorKind::BadFile,
                      ("key of metadata entry 3 has length " + std::to_string(len)).c_str(), "bytes left");
  }
  // One too long swallows the first byte of the value type, whose other three bytes and the
  // value's first byte make type 7 << 24.
  EXPECT_GGUF_ERROR(with<uint64_t>(k.key_len_at, k.key.size() + 1), ErrorKind::BadFile,
                    "value type 117440512 is not a GGUF value type");
  // One too short: '2' and the type's low bytes make type 0x0432.
  EXPECT_GGUF_ERROR(with<uint64_t>(k.key_len_at, k.key.size() - 1), ErrorKind::BadFile,
                    "metadata 'test.u3': value type 1074 is not a GGUF value type");
  EXPECT_GGUF_ERROR(with<uint64_t>(k.key_len_at, 0), ErrorKind::BadFile, "metadata entry 3 has an empty key");
  // A reader limit on strings, for files whose lengths fit but are absurd.
  ReaderLimits limits;
  limits.max_string_length = 5;
  Error e = parse_error(bytes, limits);
  EXPECT_THAT(e.message, HasSubstr("key of metadata entry 0 has length 20, above the limit of 5 bytes"));
}

TEST_F(SmallFile, ValueTypes) {
  for (uint32_t t : {13u, 255u, 0xFFFFFFFFu}) {
    EXPECT_GGUF_ERROR(with<uint32_t>(kv("test.u32").type_at, t), ErrorKind::BadFile,
                      ("metadata 'test.u32': value type " + std::to_string(t) + " is not a GGUF value type").c_str());
  }
  EXPECT_GGUF_ERROR(with<uint32_t>(kv("general.name").type_at, 200), ErrorKind::BadFile, "'general.name'",
                    "value type 200");
}

TEST_F(SmallFile, StringLengths) {
  const KvLayout& k = kv("general.name");  // "corrupt-me"; followed by entry 2's key
  const uint64_t left = bytes.size() - k.value_at - 8;
  for (uint64_t len : {k2p63, kU64Max, left + 1}) {
    EXPECT_GGUF_ERROR(with<uint64_t>(k.value_at, len), ErrorKind::BadFile,
                      ("string value of 'general.name' has length " + std::to_string(len)).c_str());
  }
  // Off by one either way: the next key's length is read from the wrong bytes.
  EXPECT_GGUF_ERROR(with<uint64_t>(k.value_at, 11), ErrorKind::BadFile, "key of metadata entry 2 has length");
  EXPECT_GGUF_ERROR(with<uint64_t>(k.value_at, 9), ErrorKind::BadFile, "key of metadata entry 2 has length");
  // A string item inside an array.
  const KvLayout& s = kv("test.strings");
  EXPECT_GGUF_ERROR(with<uint64_t>(s.array.item_at[0], k2p63), ErrorKind::BadFile,
                    "string value of 'test.strings' has length 9223372036854775808");
  EXPECT_GGUF_ERROR(with<uint64_t>(s.array.item_at[2], kU64Max), ErrorKind::BadFile, "'test.strings'");
}

TEST_F(SmallFile, ArrayElementTypesAndLengths) {
  const KvLayout& f = kv("test.floats");  // entry 9, 3 x float32, followed by entry 10 "test.ka"
  for (uint32_t t : {13u, 255u, 0xFFFFFFFFu}) {
    EXPECT_GGUF_ERROR(with<uint32_t>(f.array.elem_type_at, t), ErrorKind::BadFile,
                      ("metadata 'test.floats': array element type " + std::to_string(t)).c_str());
  }
  // Element type "array": the first float (1.5f = 0x3FC00000) is read as an element type.
  EXPECT_GGUF_ERROR(with<uint32_t>(f.array.elem_type_at, 9), ErrorKind::BadFile,
                    "array element type 1069547520");
  for (uint64_t n : {k2p63, kU64Max, uint64_t{1} << 62, bytes.size() / 4 + 1}) {
    EXPECT_GGUF_ERROR(with<uint64_t>(f.array.count_at, n), ErrorKind::BadFile,
                      ("'test.floats': array length " + std::to_string(n) + " of float32").c_str(), "bytes left");
  }
  EXPECT_GGUF_ERROR(with<uint64_t>(f.array.count_at, 4), ErrorKind::BadFile, "key of metadata entry 10 has length");
  EXPECT_GGUF_ERROR(with<uint64_t>(f.array.count_at, 2), ErrorKind::BadFile, "key of metadata entry 10 has length");
  // A string array one longer reads the next key as its fourth item, then the next key's length
  // from the value type and array header of test.floats.
  const KvLayout& s = kv("test.strings");
  EXPECT_GGUF_ERROR(with<uint64_t>(s.array.count_at, 4), ErrorKind::BadFile, "key of metadata entry 9 has length");
  EXPECT_GGUF_ERROR(with<uint64_t>(s.array.count_at, k2p63), ErrorKind::BadFile,
                    "'test.strings': array length 9223372036854775808 of string");
}

TEST_F(SmallFile, NestedArrays) {
  const KvLayout& n = kv("test.nested");  // [[1, 2], [3]]
  const uint64_t inner0 = n.array.item_at[0];  // inner array: elem type u32, count u64, items
  EXPECT_GGUF_ERROR(with<uint32_t>(inner0, 13), ErrorKind::BadFile, "metadata 'test.nested': array element type 13");
  EXPECT_GGUF_ERROR(with<uint64_t>(inner0 + 4, kU64Max), ErrorKind::BadFile,
                    "'test.nested': array length 18446744073709551615 of int32");
  // Inner element type "array" again: the first int32 (1) becomes an element type (int8).
  EXPECT_FALSE(parse(with<uint32_t>(inner0, 9)).ok());
  // A limit of one level rejects the file's two.
  ReaderLimits limits;
  limits.max_array_depth = 1;
  EXPECT_THAT(parse_error(bytes, limits).message, HasSubstr("'test.nested': arrays nested deeper than 1"));
}

TEST(GgufCorruption, ArrayNestingDepth) {
  auto nest = [](int levels) {
    Value v = Value::u32_array({42});
    for (int i = 1; i < levels; ++i) v = Value::array(ValueType::Array, {v});
    GgufWriter w;
    w.set("deep", v);
    return *w.to_bytes();
  };
  ASSERT_TRUE(parse(nest(4)).ok());  // the default limit is 4 levels of arrays
  EXPECT_GGUF_ERROR(nest(5), ErrorKind::BadFile, "metadata 'deep': arrays nested deeper than 4");
  EXPECT_GGUF_ERROR(nest(200), ErrorKind::BadFile, "nested deeper than 4");
  // Deep nesting of a hostile file cannot recurse further than the limit: 100k levels of
  // "array of one array" header bytes, with no payload.
  std::vector<uint8_t> deep = nest(1);
  const auto l = map_layout(deep);
  std::vector<uint8_t> hostile(deep.begin(), deep.begin() + static_cast<std::ptrdiff_t>(l.kvs[0].value_at));
  for (int i = 0; i < 100000; ++i) {
    for (int b = 0; b < 4; ++b) hostile.push_back(b == 0 ? 9 : 0);  // element type: array
    for (int b = 0; b < 8; ++b) hostile.push_back(b == 0 ? 1 : 0);  // count 1
  }
  EXPECT_GGUF_ERROR(hostile, ErrorKind::BadFile, "nested deeper than 4");
}

TEST_F(SmallFile, ArrayItemBudget) {
  ReaderLimits limits;
  limits.max_array_elements = 5;  // test.strings (3) fits, test.floats (3 more) does not
  Error e = parse_error(bytes, limits);
  EXPECT_EQ(e.kind, ErrorKind::BadFile);
  EXPECT_THAT(e.message, HasSubstr("'test.floats': array length 3"));
  EXPECT_THAT(e.message, HasSubstr("limit of 5 (3 read before it)"));
  limits.max_array_elements = 11;  // 3 + 3 + nested 2 + 2 + 1 = 11
  EXPECT_TRUE(parse(bytes, limits).ok());
}

TEST_F(SmallFile, BoolValue) {
  for (uint8_t v : {uint8_t{2}, uint8_t{255}}) {
    EXPECT_GGUF_ERROR(with<uint8_t>(kv("test.bool").value_at, v), ErrorKind::BadFile,
                      ("metadata 'test.bool': bool value " + std::to_string(v) + " (expected 0 or 1)").c_str());
  }
  auto f = parse_ok(with<uint8_t>(kv("test.bool").value_at, 0));
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(*f->get_bool("test.bool"));
}

TEST_F(SmallFile, DuplicateKeysAndTensorNames) {
  const KvLayout& kb = kv("test.kb");
  EXPECT_GGUF_ERROR(with<uint8_t>(kb.key_at + kb.key.size() - 1, 'a'), ErrorKind::BadFile,
                    "duplicate metadata key 'test.ka'");
  const TensorLayout& b = tensor("tensor.b");
  EXPECT_GGUF_ERROR(with<uint8_t>(b.name_at + b.name.size() - 1, 'a'), ErrorKind::BadFile,
                    "duplicate tensor name 'tensor.a'");
  EXPECT_GGUF_ERROR(with<uint64_t>(tensor("tensor.a").name_len_at, 0), ErrorKind::BadFile,
                    "tensor 0 has an empty name");
  EXPECT_GGUF_ERROR(with<uint64_t>(tensor("tensor.c").name_len_at, k2p63), ErrorKind::BadFile,
                    "name of tensor 2 has length 9223372036854775808");
}

// ---- tensor records ---------------------------------------------------------------------------

TEST_F(SmallFile, DimensionCount) {
  for (uint32_t n : {0u, 5u, 0xFFFFFFFFu}) {
    EXPECT_GGUF_ERROR(with<uint32_t>(tensor("tensor.a").n_dims_at, n), ErrorKind::BadFile,
                      ("tensor 'tensor.a' has " + std::to_string(n) + " dimensions, expected 1 to 4").c_str());
  }
}

TEST_F(SmallFile, Dimensions) {
  const TensorLayout& a = tensor("tensor.a");  // F32 [8, 3]
  const TensorLayout& b = tensor("tensor.b");  // Q8_0 [64, 2]
  EXPECT_GGUF_ERROR(with<uint64_t>(a.dim_at[1], k2p63), ErrorKind::BadFile,
                    "tensor 'tensor.a' dimension 1 is 9223372036854775808, above the largest signed 64-bit value");
  EXPECT_GGUF_ERROR(with<uint64_t>(a.dim_at[0], kU64Max), ErrorKind::BadFile, "dimension 0 is 18446744073709551615");
  auto overflow = with<uint64_t>(a.dim_at[0], uint64_t{1} << 32);
  put_le<uint64_t>(overflow, a.dim_at[1], uint64_t{1} << 32);
  EXPECT_GGUF_ERROR(overflow, ErrorKind::BadFile, "tensor 'tensor.a' has dimensions whose product overflows");
  // Elements fit in 63 bits but the bytes (8 per F64 element) do not fit in 64.
  auto bytes_overflow = with<uint32_t>(a.type_at, static_cast<uint32_t>(GgmlType::F64));
  put_le<uint64_t>(bytes_overflow, a.dim_at[0], uint64_t{1} << 31);
  put_le<uint64_t>(bytes_overflow, a.dim_at[1], uint64_t{1} << 31);
  EXPECT_GGUF_ERROR(bytes_overflow, ErrorKind::BadFile, "tensor 'tensor.a' byte size overflows");
  // Large but representable: the data does not fit.
  EXPECT_GGUF_ERROR(with<uint64_t>(a.dim_at[1], 1000), ErrorKind::BadFile,
                    "tensor 'tensor.a' (F32 [8, 1000], 32000 bytes at data offset 0) extends past the end");
  EXPECT_GGUF_ERROR(with<uint64_t>(b.dim_at[0], 63), ErrorKind::BadFile,
                    "tensor 'tensor.b' has rows of 63 elements, not a multiple of Q8_0's block size 32");
}

// Zero-size tensors are acceptable (ggml accepts them): no elements, no bytes, an empty span.
TEST_F(SmallFile, ZeroDimensionGivesAnEmptyTensor) {
  auto f = parse_ok(with<uint64_t>(tensor("tensor.a").dim_at[1], 0));
  ASSERT_NE(f, nullptr);
  const TensorInfo* t = f->find_tensor("tensor.a");
  EXPECT_EQ(t->n_elements, 0u);
  EXPECT_EQ(t->n_bytes, 0u);
  EXPECT_EQ(t->rows(), 0);
  EXPECT_TRUE(f->tensor_data(*t).empty());
  EXPECT_EQ(f->find_tensor("tensor.b")->n_bytes, 136u);
}

// A zero dimension must not let the others multiply past 64 bits: rows() multiplies them.
TEST(GgufCorruption, ZeroDimensionDoesNotHideAnOverflow) {
  GgufWriter w;
  ASSERT_TRUE(w.add_tensor("t", GgmlType::F32, {0, 1, 1}, {}).ok());
  auto bytes = *w.to_bytes();
  const auto l = map_layout(bytes);
  put_le<uint64_t>(bytes, l.tensors[0].dim_at[1], uint64_t{1} << 40);
  auto ok = parse(bytes);  // [0, 2^40, 1]: empty and representable
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ((*ok)->tensors()[0].rows(), int64_t{1} << 40);
  put_le<uint64_t>(bytes, l.tensors[0].dim_at[2], uint64_t{1} << 40);
  EXPECT_GGUF_ERROR(bytes, ErrorKind::BadFile, "tensor 't' has dimensions whose product overflows");
}

TEST_F(SmallFile, TensorTypes) {
  const TensorLayout& b = tensor("tensor.b");
  // Retired ids: a real format id that no current file should use -> Unsupported, named.
  EXPECT_GGUF_ERROR(with<uint32_t>(b.type_at, 4), ErrorKind::Unsupported, "tensor 'tensor.b' uses type Q4_2 (id 4)",
                    "retired");
  EXPECT_GGUF_ERROR(with<uint32_t>(b.type_at, 31), ErrorKind::Unsupported, "Q4_0_4_4 (id 31)");
  EXPECT_GGUF_ERROR(with<uint32_t>(b.type_at, 36), ErrorKind::Unsupported, "IQ4_NL_4_4 (id 36)");
  for (uint32_t id : {40u, 1000u, 0xFFFFFFFFu}) {
    EXPECT_GGUF_ERROR(with<uint32_t>(b.type_at, id), ErrorKind::BadFile,
                      ("tensor 'tensor.b' has type id " + std::to_string(id) + ", which is not a ggml tensor type")
                          .c_str());
  }
  // Every known type is readable, with its block size (the engine refuses the ones it does not
  // compute with later, naming the type).
  auto iq = parse_ok(with<uint32_t>(tensor("tensor.c").type_at, static_cast<uint32_t>(GgmlType::IQ2_XS)));
  ASSERT_NE(iq, nullptr);
  EXPECT_EQ(iq->find_tensor("tensor.c")->type, GgmlType::IQ2_XS);
  EXPECT_EQ(iq->find_tensor("tensor.c")->n_bytes, 74u);
  Status unsupported = require_supported(GgmlType::Q8_K, "tensor.c");
  ASSERT_FALSE(unsupported.ok());
  EXPECT_EQ(unsupported.error().kind, ErrorKind::Unsupported);
  EXPECT_THAT(unsupported.error().message, HasSubstr("Q8_K"));
  // A type with bigger elements makes the last tensor run past the end.
  EXPECT_GGUF_ERROR(with<uint32_t>(tensor("tensor.d").type_at, static_cast<uint32_t>(GgmlType::F64)),
                    ErrorKind::BadFile, "tensor 'tensor.d' (F64 [10], 80 bytes", "extends past the end");
}

TEST_F(SmallFile, Offsets) {
  const TensorLayout& b = tensor("tensor.b");
  EXPECT_GGUF_ERROR(with<uint64_t>(b.offset_at, b.offset + 1), ErrorKind::BadFile,
                    ("tensor 'tensor.b' data offset " + std::to_string(b.offset + 1) +
                     " is not a multiple of the alignment 32")
                        .c_str());
  const uint64_t data_size = bytes.size() - layout.data_start;
  const uint64_t past = (data_size + 31) / 32 * 32 + 32;
  EXPECT_GGUF_ERROR(with<uint64_t>(b.offset_at, past), ErrorKind::BadFile,
                    ("136 bytes at data offset " + std::to_string(past) + ") extends past the end").c_str());
  // Just inside: the offset fits but the bytes do not.
  const uint64_t tail = (data_size - 32) / 32 * 32;
  EXPECT_GGUF_ERROR(with<uint64_t>(b.offset_at, tail), ErrorKind::BadFile, "'tensor.b'", "extends past the end");
  // Offsets that overflow when the size is added.
  EXPECT_GGUF_ERROR(with<uint64_t>(b.offset_at, kU64Max - 31), ErrorKind::BadFile, "'tensor.b'", "extends past");
  EXPECT_GGUF_ERROR(with<uint64_t>(b.offset_at, k2p63), ErrorKind::BadFile, "'tensor.b'", "extends past");
  EXPECT_GGUF_ERROR(with<uint64_t>(b.offset_at, kU64Max), ErrorKind::BadFile, "not a multiple of the alignment");
}

// ---- general.alignment ------------------------------------------------------------------------

TEST(GgufCorruption, Alignment) {
  GgufWriter w = make_small_writer();
  w.set_alignment(64);
  const auto bytes = *w.to_bytes();
  const auto l = map_layout(bytes);
  ASSERT_TRUE(parse(bytes).ok());
  const KvLayout& a = l.kv("general.alignment");
  ASSERT_EQ(a.type, ValueType::UInt32);
  for (uint32_t v : {0u, 3u, 48u, 96u, 1u << 21, 0xFFFFFFFFu}) {
    EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, a.value_at, v), ErrorKind::BadFile,
                      ("general.alignment is " + std::to_string(v) + " (uint32), expected a power of two").c_str());
  }
  // 128: the third tensor's offset (320) is a multiple of 64 but not of 128.
  EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, a.value_at, 128), ErrorKind::BadFile,
                    "tensor 'tensor.c' data offset 320 is not a multiple of the alignment 128");
  // Wrong value types.
  auto typed = [](Value v) {
    GgufWriter w = make_small_writer();
    w.set("general.alignment", std::move(v));
    return *w.to_bytes();
  };
  EXPECT_GGUF_ERROR(typed(Value::string("64")), ErrorKind::BadFile, "general.alignment is \"64\" (string)");
  EXPECT_GGUF_ERROR(typed(Value::i32(-32)), ErrorKind::BadFile, "general.alignment is -32 (int32)");
  EXPECT_GGUF_ERROR(typed(Value::f32(32.0f)), ErrorKind::BadFile, "general.alignment is 32 (float32)");
  EXPECT_GGUF_ERROR(typed(Value::u32_array({32})), ErrorKind::BadFile, "general.alignment is [32] (array)");
}

// ---- the same kinds of damage on real files ---------------------------------------------------

TEST(GgufCorruption, Stories260K) {
  const auto bytes = test::read_file_bytes(test::fixture("models/stories260K-f32.gguf"));
  const auto l = map_layout(bytes);
  ASSERT_EQ(l.tensors.size(), 48u);
  EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, l.tensor("token_embd.weight").type_at, 40), ErrorKind::BadFile,
                    "tensor 'token_embd.weight' has type id 40");
  EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, l.tensor("blk.0.ffn_down.weight").n_dims_at, 5), ErrorKind::BadFile,
                    "tensor 'blk.0.ffn_down.weight' has 5 dimensions");
  EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, l.tensor("blk.0.ffn_down.weight").type_at, 2), ErrorKind::BadFile,
                    "'blk.0.ffn_down.weight' has rows of 172 elements, not a multiple of Q4_0's block size 32");
  const TensorLayout& last = l.tensors.back();
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, last.offset_at, last.offset + (1 << 20)), ErrorKind::BadFile,
                    ("tensor '" + last.name + "'").c_str(), "extends past the end");
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, GgufLayout::kTensorCountAt, 49), ErrorKind::BadFile, "tensor 48");
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, l.kv("tokenizer.ggml.tokens").array.count_at, uint64_t{1} << 40),
                    ErrorKind::BadFile, "'tokenizer.ggml.tokens': array length 1099511627776 of string");
  EXPECT_GGUF_ERROR(patched<uint8_t>(bytes, l.kv("tokenizer.ggml.add_bos_token").value_at, 7), ErrorKind::BadFile,
                    "'tokenizer.ggml.add_bos_token': bool value 7");
  EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, l.kv("llama.block_count").type_at, 13), ErrorKind::BadFile,
                    "'llama.block_count': value type 13");
  const TensorLayout& ffn = l.tensor("blk.3.ffn_up.weight");
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, ffn.offset_at, ffn.offset + 4), ErrorKind::BadFile,
                    "'blk.3.ffn_up.weight' data offset", "not a multiple of the alignment 32");
}

TEST(GgufCorruption, LlamaSpmVocabulary) {
  const auto bytes = test::read_file_bytes(test::fixture("tokenizer/ggml-vocab-llama-spm.gguf"));
  const auto l = map_layout(bytes);
  const KvLayout& tokens = l.kv("tokenizer.ggml.tokens");
  ASSERT_EQ(tokens.array.count, 32000u);
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, tokens.array.count_at, kU64Max), ErrorKind::BadFile,
                    "'tokenizer.ggml.tokens': array length 18446744073709551615 of string");
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, tokens.array.item_at[1], uint64_t{1} << 50), ErrorKind::BadFile,
                    "string value of 'tokenizer.ggml.tokens' has length 1125899906842624");
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, tokens.array.item_at[31999], bytes.size()), ErrorKind::BadFile,
                    "string value of 'tokenizer.ggml.tokens'");
  EXPECT_GGUF_ERROR(patched<uint32_t>(bytes, l.kv("tokenizer.ggml.scores").array.elem_type_at, 13),
                    ErrorKind::BadFile, "'tokenizer.ggml.scores': array element type 13");
  EXPECT_GGUF_ERROR(patched<uint64_t>(bytes, GgufLayout::kKvCountAt, l.kvs.size() + 1), ErrorKind::BadFile,
                    "metadata entry 22");
  ReaderLimits limits;
  limits.max_array_elements = 40000;  // the tokens fit, the scores that follow do not
  auto r = GgufFile::from_bytes(bytes, "spm", limits);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.error().message, HasSubstr("'tokenizer.ggml.scores': array length 32000"));
}

}  // namespace
}  // namespace tessera::gguf::testing

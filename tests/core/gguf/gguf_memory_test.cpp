// What metadata costs in memory once read: arrays are held compactly (gguf_value.h), so a value
// read from a file takes a small constant factor of the bytes it took in the file. An array of 2^24
// uint8 items once took about 1.4 GB (one 88-byte Value per item) for a 16 MiB file.
#include <limits>

#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf {
namespace {

// Reads back a file that holds `value` under key "big" and returns that value's memory.
size_t memory_of_read_back(const Value& value, uint64_t* file_bytes) {
  GgufWriter w;
  w.set("big", value);
  auto bytes = w.to_bytes();
  EXPECT_TRUE(bytes.ok());
  if (!bytes.ok()) return 0;
  *file_bytes = bytes->size();
  auto f = GgufFile::from_bytes(std::move(bytes).value(), "memory.gguf");
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error().describe());
  if (!f.ok()) return 0;
  const Value* v = (*f)->find("big");
  EXPECT_NE(v, nullptr);
  return v ? v->memory_bytes() : 0;
}

TEST(GgufMemory, LongUint8ArrayCostsItsBytes) {
  const size_t n = size_t{1} << 24;  // the reader's item limit
  std::vector<uint8_t> items(n);
  for (size_t i = 0; i < n; ++i) items[i] = static_cast<uint8_t>(i * 7);
  uint64_t file_bytes = 0;
  const size_t memory = memory_of_read_back(*Value::scalar_array_from_bytes(ValueType::UInt8, items), &file_bytes);
  EXPECT_GE(memory, n);
  EXPECT_LT(memory, 2 * n + 4096) << "file of " << file_bytes << " bytes";

  // And the items read back are the ones written, through every accessor.
  GgufWriter w;
  w.set("big", *Value::scalar_array_from_bytes(ValueType::UInt8, items));
  auto f = GgufFile::from_bytes(*w.to_bytes(), "memory.gguf");
  ASSERT_TRUE(f.ok());
  const Value* v = (*f)->find("big");
  ASSERT_EQ(v->array_type(), ValueType::UInt8);
  ASSERT_EQ(v->items().size(), n);
  EXPECT_EQ(*v->items()[12345].as_uint(), static_cast<uint8_t>(12345 * 7));
  EXPECT_EQ(*v->items().back().as_uint(), static_cast<uint8_t>((n - 1) * 7));
  auto ints = (*f)->get_int_array("big");
  ASSERT_TRUE(ints.ok());
  EXPECT_EQ((*ints)[n / 2], static_cast<uint8_t>(n / 2 * 7));
  EXPECT_EQ(v->scalar_bytes().size(), n);
}

TEST(GgufMemory, EveryScalarTypeCostsItsBytes) {
  for (ValueType t : {ValueType::Int8, ValueType::UInt16, ValueType::Int16, ValueType::UInt32, ValueType::Int32,
                      ValueType::Float32, ValueType::Bool, ValueType::UInt64, ValueType::Int64, ValueType::Float64}) {
    const size_t n = 1 << 16;
    std::vector<uint8_t> bytes(n * scalar_size(t), 0);
    uint64_t file_bytes = 0;
    const size_t memory = memory_of_read_back(*Value::scalar_array_from_bytes(t, bytes), &file_bytes);
    EXPECT_LT(memory, bytes.size() + 4096) << value_type_name(t);
  }
}

TEST(GgufMemory, StringArrayCostsAtMostTwiceItsBytes) {
  // Empty strings are the worst case: 8 bytes of length on disk each, 8 bytes of offset in memory.
  for (size_t length : {0, 1, 40}) {
    std::vector<std::string> items(1 << 18, std::string(length, 'x'));
    uint64_t file_bytes = 0;
    const size_t memory = memory_of_read_back(Value::string_array(items), &file_bytes);
    EXPECT_LT(memory, 2 * file_bytes + 4096) << "strings of " << length << " bytes";
  }
}

TEST(GgufMemory, NestedArraysCostAValueEach) {
  std::vector<Value> items(1 << 16, Value::u32_array({}));
  uint64_t file_bytes = 0;
  const size_t memory = memory_of_read_back(Value::array(ValueType::Array, items), &file_bytes);
  EXPECT_LT(memory, items.size() * (sizeof(Value) + 8) + 4096);
}

TEST(GgufMemory, ArraysBuiltInCodeAreCompactAndReadBack) {
  Value u64 = Value::array(ValueType::UInt64, {Value::u64(std::numeric_limits<uint64_t>::max()), Value::u64(3)});
  EXPECT_EQ(u64.scalar_bytes().size(), 16u);
  EXPECT_EQ(*u64.items()[0].as_uint(), std::numeric_limits<uint64_t>::max());
  EXPECT_FALSE(u64.int_item(0).has_value());  // does not fit int64
  EXPECT_EQ(*u64.int_item(1), 3);
  Value i16 = Value::array(ValueType::Int16, {Value::i16(-32768), Value::i16(5)});
  EXPECT_EQ(*i16.int_item(0), -32768);
  EXPECT_EQ(*i16.float_item(1), 5.0);
  Value strings = Value::string_array({"a", "", "bc"});
  EXPECT_EQ(*strings.string_item(2), "bc");
  EXPECT_EQ(*strings.string_item(1), "");
  EXPECT_FALSE(strings.string_item(3).has_value());
  EXPECT_FALSE(strings.int_item(0).has_value());
  std::vector<std::string> seen;
  for (const auto& item : strings.items()) seen.push_back(item.as_string());
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "", "bc"}));
  // Bytes that are not whole items, or bools other than 0/1, make no array.
  EXPECT_FALSE(Value::scalar_array_from_bytes(ValueType::UInt32, {1, 2, 3}).has_value());
  EXPECT_FALSE(Value::scalar_array_from_bytes(ValueType::Bool, {0, 2}).has_value());
  EXPECT_FALSE(Value::scalar_array_from_bytes(ValueType::String, {}).has_value());
  EXPECT_FALSE(Value::string_array_from_parts("abc", {2, 1, 3}).has_value());
  EXPECT_FALSE(Value::string_array_from_parts("abc", {2}).has_value());
  // Mixed items stay as they were given (the writer rejects them).
  Value mixed = Value::array(ValueType::UInt32, {Value::u32(1), Value::string("x")});
  ASSERT_EQ(mixed.items().size(), 2u);
  EXPECT_EQ(mixed.items()[1].as_string(), "x");
  EXPECT_TRUE(mixed.scalar_bytes().empty());
}

}  // namespace
}  // namespace tessera::gguf

// Metadata values of a GGUF file: the 13 value types of the format, scalars and (nested) arrays.
//
// Arrays are stored compactly, so that a value costs about what it takes on disk:
//  - arrays of scalars as one contiguous buffer of their little-endian on-disk bytes
//    (memory = count x scalar size);
//  - arrays of strings as one buffer of the concatenated bytes plus one end offset per string
//    (memory = bytes + 8 per string; a string takes at least 8 bytes on disk);
//  - arrays of arrays, and arrays built in code from items of mixed types (which the writer
//    rejects), as one Value per item.
// Values are immutable once built; copies share an array's storage.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::gguf {

// On-disk ids (gguf_type).
enum class ValueType : uint32_t {
  UInt8 = 0, Int8 = 1, UInt16 = 2, Int16 = 3, UInt32 = 4, Int32 = 5, Float32 = 6, Bool = 7,
  String = 8, Array = 9, UInt64 = 10, Int64 = 11, Float64 = 12,
};
constexpr uint32_t kMaxValueType = 12;

std::string_view value_type_name(ValueType type);
// Bytes of one scalar on disk; 0 for String and Array (variable size).
uint32_t scalar_size(ValueType type);
bool is_integer_type(ValueType type);
bool is_signed_integer_type(ValueType type);

class Value;

// Read-only view of an array's items, indexable and iterable like the vector it replaces. Items are
// produced on access (by value): hold the Value the view came from while using the view.
class ArrayItems {
 public:
  class iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Value;

    iterator() = default;
    iterator(const Value* owner, size_t index) : owner_(owner), index_(index) {}
    Value operator*() const;
    iterator& operator++() { ++index_; return *this; }
    iterator operator++(int) { iterator old = *this; ++index_; return old; }
    bool operator==(const iterator& o) const { return owner_ == o.owner_ && index_ == o.index_; }
    bool operator!=(const iterator& o) const { return !(*this == o); }

   private:
    const Value* owner_ = nullptr;
    size_t index_ = 0;
  };

  explicit ArrayItems(const Value* owner) : owner_(owner) {}
  size_t size() const;
  bool empty() const { return size() == 0; }
  Value operator[](size_t i) const;  // i < size()
  Value front() const;
  Value back() const;
  iterator begin() const { return {owner_, 0}; }
  iterator end() const { return {owner_, size()}; }

 private:
  const Value* owner_;
};

class Value {
 public:
  Value() = default;  // UInt8 0

  static Value u8(uint8_t v) { return integer(ValueType::UInt8, v); }
  static Value i8(int8_t v) { return integer(ValueType::Int8, static_cast<uint64_t>(static_cast<int64_t>(v))); }
  static Value u16(uint16_t v) { return integer(ValueType::UInt16, v); }
  static Value i16(int16_t v) { return integer(ValueType::Int16, static_cast<uint64_t>(static_cast<int64_t>(v))); }
  static Value u32(uint32_t v) { return integer(ValueType::UInt32, v); }
  static Value i32(int32_t v) { return integer(ValueType::Int32, static_cast<uint64_t>(static_cast<int64_t>(v))); }
  static Value u64(uint64_t v) { return integer(ValueType::UInt64, v); }
  static Value i64(int64_t v) { return integer(ValueType::Int64, static_cast<uint64_t>(v)); }
  static Value f32(float v);
  static Value f64(double v);
  static Value boolean(bool v);
  static Value string(std::string v);
  // Items should all have type `element_type`; the writer rejects an array where one does not.
  static Value array(ValueType element_type, std::vector<Value> items);
  static Value string_array(const std::vector<std::string>& items);
  static Value f32_array(const std::vector<float>& items);
  static Value i32_array(const std::vector<int32_t>& items);
  static Value u32_array(const std::vector<uint32_t>& items);
  // An array of `element_type` scalars (not String/Array) from their little-endian bytes, as the
  // file holds them: bytes.size() must be a multiple of scalar_size(element_type) and Bool bytes
  // 0 or 1 (the reader checks both); nullopt otherwise.
  static std::optional<Value> scalar_array_from_bytes(ValueType element_type, std::vector<uint8_t> bytes);
  // An array of strings from their concatenated bytes and the end offset of each string in them
  // (non-decreasing, the last one == bytes.size()); nullopt otherwise.
  static std::optional<Value> string_array_from_parts(std::string bytes, std::vector<uint64_t> ends);

  ValueType type() const { return type_; }
  bool is_integer() const { return is_integer_type(type_); }
  bool is_float() const { return type_ == ValueType::Float32 || type_ == ValueType::Float64; }
  bool is_string() const { return type_ == ValueType::String; }
  bool is_array() const { return type_ == ValueType::Array; }

  // Integer value when it is an integer type and fits the target; nullopt otherwise.
  std::optional<int64_t> as_int() const;
  std::optional<uint64_t> as_uint() const;
  // Float32/Float64 (and integers, converted).
  std::optional<double> as_float() const;
  std::optional<bool> as_bool() const;
  // Empty string for non-strings; check is_string() first.
  const std::string& as_string() const { return string_; }

  // Arrays. For non-arrays: array_type() is UInt8, the size 0.
  ValueType array_type() const { return element_type_; }
  ArrayItems items() const { return ArrayItems(this); }
  size_t array_size() const;
  // Item i (< array_size()) as its own Value.
  Value item(size_t i) const;
  // Item i without building a Value, for the typed getters; nullopt when it is not of that kind
  // (as_int()/as_float() of the item would be nullopt) or i is out of range.
  std::optional<int64_t> int_item(size_t i) const;
  std::optional<double> float_item(size_t i) const;
  std::optional<std::string_view> string_item(size_t i) const;
  // The little-endian bytes of an array of scalars stored compactly; empty otherwise.
  std::span<const uint8_t> scalar_bytes() const;

  // Bytes this value occupies in memory, its own object and all it owns (capacity-based), so that
  // a caller can check what a file costs.
  size_t memory_bytes() const;

  // Short human-readable rendering; arrays longer than `max_items` are summarised.
  std::string to_display(size_t max_items = 8) const;

 private:
  struct ArrayStorage;

  static Value integer(ValueType t, uint64_t bits) {
    Value v;
    v.type_ = t;
    v.bits_ = bits;
    return v;
  }
  double float_value() const;

  ValueType type_ = ValueType::UInt8;
  ValueType element_type_ = ValueType::UInt8;
  uint64_t bits_ = 0;  // integers (sign-extended for signed types), bool, the double of a float
  std::string string_;
  std::shared_ptr<const ArrayStorage> array_;  // arrays; null for an empty one
};

}  // namespace tessera::gguf

// Metadata values of a GGUF file: the 13 value types of the format, scalars and (nested) arrays.
#pragma once

#include <cstdint>
#include <optional>
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
  // All items must have type `element_type` (checked by the writer).
  static Value array(ValueType element_type, std::vector<Value> items);
  static Value string_array(const std::vector<std::string>& items);
  static Value f32_array(const std::vector<float>& items);
  static Value i32_array(const std::vector<int32_t>& items);
  static Value u32_array(const std::vector<uint32_t>& items);

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

  ValueType array_type() const { return element_type_; }
  const std::vector<Value>& items() const { return items_; }

  // Short human-readable rendering; arrays longer than `max_items` are summarised.
  std::string to_display(size_t max_items = 8) const;

 private:
  static Value integer(ValueType t, uint64_t bits) {
    Value v;
    v.type_ = t;
    v.bits_ = bits;
    return v;
  }

  ValueType type_ = ValueType::UInt8;
  uint64_t bits_ = 0;  // integers (sign-extended for signed types), bool
  double float_ = 0.0;
  std::string string_;
  ValueType element_type_ = ValueType::UInt8;
  std::vector<Value> items_;
};

}  // namespace tessera::gguf

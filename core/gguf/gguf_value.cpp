#include "gguf/gguf_value.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

namespace tessera::gguf {

std::string_view value_type_name(ValueType type) {
  switch (type) {
    case ValueType::UInt8: return "uint8";
    case ValueType::Int8: return "int8";
    case ValueType::UInt16: return "uint16";
    case ValueType::Int16: return "int16";
    case ValueType::UInt32: return "uint32";
    case ValueType::Int32: return "int32";
    case ValueType::Float32: return "float32";
    case ValueType::Bool: return "bool";
    case ValueType::String: return "string";
    case ValueType::Array: return "array";
    case ValueType::UInt64: return "uint64";
    case ValueType::Int64: return "int64";
    case ValueType::Float64: return "float64";
  }
  return "unknown";
}

uint32_t scalar_size(ValueType type) {
  switch (type) {
    case ValueType::UInt8: case ValueType::Int8: case ValueType::Bool: return 1;
    case ValueType::UInt16: case ValueType::Int16: return 2;
    case ValueType::UInt32: case ValueType::Int32: case ValueType::Float32: return 4;
    case ValueType::UInt64: case ValueType::Int64: case ValueType::Float64: return 8;
    case ValueType::String: case ValueType::Array: return 0;
  }
  return 0;
}

bool is_integer_type(ValueType t) {
  switch (t) {
    case ValueType::UInt8: case ValueType::Int8: case ValueType::UInt16: case ValueType::Int16:
    case ValueType::UInt32: case ValueType::Int32: case ValueType::UInt64: case ValueType::Int64:
      return true;
    default:
      return false;
  }
}

bool is_signed_integer_type(ValueType t) {
  return t == ValueType::Int8 || t == ValueType::Int16 || t == ValueType::Int32 || t == ValueType::Int64;
}

Value Value::f32(float v) {
  Value out;
  out.type_ = ValueType::Float32;
  out.float_ = v;
  return out;
}

Value Value::f64(double v) {
  Value out;
  out.type_ = ValueType::Float64;
  out.float_ = v;
  return out;
}

Value Value::boolean(bool v) {
  Value out;
  out.type_ = ValueType::Bool;
  out.bits_ = v ? 1 : 0;
  return out;
}

Value Value::string(std::string v) {
  Value out;
  out.type_ = ValueType::String;
  out.string_ = std::move(v);
  return out;
}

Value Value::array(ValueType element_type, std::vector<Value> items) {
  Value out;
  out.type_ = ValueType::Array;
  out.element_type_ = element_type;
  out.items_ = std::move(items);
  return out;
}

Value Value::string_array(const std::vector<std::string>& items) {
  std::vector<Value> values;
  values.reserve(items.size());
  for (const auto& s : items) values.push_back(Value::string(s));
  return array(ValueType::String, std::move(values));
}

Value Value::f32_array(const std::vector<float>& items) {
  std::vector<Value> values;
  values.reserve(items.size());
  for (float f : items) values.push_back(Value::f32(f));
  return array(ValueType::Float32, std::move(values));
}

Value Value::i32_array(const std::vector<int32_t>& items) {
  std::vector<Value> values;
  values.reserve(items.size());
  for (int32_t v : items) values.push_back(Value::i32(v));
  return array(ValueType::Int32, std::move(values));
}

Value Value::u32_array(const std::vector<uint32_t>& items) {
  std::vector<Value> values;
  values.reserve(items.size());
  for (uint32_t v : items) values.push_back(Value::u32(v));
  return array(ValueType::UInt32, std::move(values));
}

std::optional<int64_t> Value::as_int() const {
  if (!is_integer()) return std::nullopt;
  if (is_signed_integer_type(type_)) return static_cast<int64_t>(bits_);
  if (bits_ > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
  return static_cast<int64_t>(bits_);
}

std::optional<uint64_t> Value::as_uint() const {
  if (!is_integer()) return std::nullopt;
  if (is_signed_integer_type(type_) && static_cast<int64_t>(bits_) < 0) return std::nullopt;
  return bits_;
}

std::optional<double> Value::as_float() const {
  if (is_float()) return float_;
  if (is_signed_integer_type(type_)) return static_cast<double>(static_cast<int64_t>(bits_));
  if (is_integer()) return static_cast<double>(bits_);
  return std::nullopt;
}

std::optional<bool> Value::as_bool() const {
  if (type_ != ValueType::Bool) return std::nullopt;
  return bits_ != 0;
}

std::string Value::to_display(size_t max_items) const {
  std::ostringstream out;
  switch (type_) {
    case ValueType::String: {
      std::string s = string_;
      if (s.size() > 120) s = s.substr(0, 117) + "...";
      std::string escaped;
      for (char c : s) {
        if (c == '\n') escaped += "\\n";
        else if (c == '\t') escaped += "\\t";
        else if (c == '"') escaped += "\\\"";
        else escaped += c;
      }
      out << '"' << escaped << '"';
      break;
    }
    case ValueType::Array: {
      out << '[';
      size_t shown = std::min(items_.size(), max_items);
      for (size_t i = 0; i < shown; ++i) {
        if (i) out << ", ";
        out << items_[i].to_display(max_items);
      }
      if (items_.size() > shown) out << ", ... (" << items_.size() << " " << value_type_name(element_type_) << ")";
      out << ']';
      break;
    }
    case ValueType::Bool: out << (bits_ ? "true" : "false"); break;
    case ValueType::Float32: case ValueType::Float64: out << float_; break;
    default:
      if (is_signed_integer_type(type_)) out << static_cast<int64_t>(bits_);
      else out << bits_;
  }
  return out.str();
}

}  // namespace tessera::gguf

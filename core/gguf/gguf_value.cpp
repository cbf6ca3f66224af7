#include "gguf/gguf_value.h"

#include <bit>
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

namespace {

// Heap bytes a string owns: none while it fits its inline (small-string) buffer.
size_t heap_bytes(const std::string& s) {
  const auto data = reinterpret_cast<uintptr_t>(s.data());
  const auto self = reinterpret_cast<uintptr_t>(&s);
  if (data >= self && data < self + sizeof(std::string)) return 0;
  return s.capacity() + 1;
}

}  // namespace

// How an array holds its items (see the header): exactly one of the three forms is used.
struct Value::ArrayStorage {
  size_t count = 0;
  std::vector<uint8_t> scalars;        // arrays of scalars: count x scalar_size, little-endian
  std::string string_bytes;            // arrays of strings: the strings back to back
  std::vector<uint64_t> string_ends;   // ... and where each one ends in string_bytes
  std::vector<Value> values;           // arrays of arrays, or items of mixed types

  size_t memory_bytes() const {
    size_t n = sizeof(*this) + scalars.capacity() + string_ends.capacity() * sizeof(uint64_t) +
               values.capacity() * sizeof(Value);
    n += heap_bytes(string_bytes);
    for (const Value& v : values) n += v.memory_bytes() - sizeof(Value);
    return n;
  }
};

namespace {

template <typename T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

template <typename T>
void store(std::vector<uint8_t>& out, T v) {
  const auto* b = reinterpret_cast<const uint8_t*>(&v);
  out.insert(out.end(), b, b + sizeof(T));
}

}  // namespace

Value Value::f32(float v) {
  Value out;
  out.type_ = ValueType::Float32;
  out.bits_ = std::bit_cast<uint64_t>(static_cast<double>(v));
  return out;
}

Value Value::f64(double v) {
  Value out;
  out.type_ = ValueType::Float64;
  out.bits_ = std::bit_cast<uint64_t>(v);
  return out;
}

double Value::float_value() const { return std::bit_cast<double>(bits_); }

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
  if (items.empty()) return out;
  auto storage = std::make_shared<ArrayStorage>();
  storage->count = items.size();
  bool uniform = true;
  for (const Value& v : items) uniform = uniform && v.type_ == element_type;
  const uint32_t size = scalar_size(element_type);
  if (uniform && size != 0) {
    storage->scalars.reserve(items.size() * size);
    for (const Value& v : items) {
      switch (element_type) {
        case ValueType::Float32: store(storage->scalars, static_cast<float>(v.float_value())); break;
        case ValueType::Float64: store(storage->scalars, v.float_value()); break;
        default: {  // integers and bools: the low `size` bytes of the (sign-extended) bits
          const uint64_t bits = v.bits_;
          const auto* b = reinterpret_cast<const uint8_t*>(&bits);
          storage->scalars.insert(storage->scalars.end(), b, b + size);
        }
      }
    }
  } else if (uniform && element_type == ValueType::String) {
    storage->string_ends.reserve(items.size());
    for (const Value& v : items) {
      storage->string_bytes += v.string_;
      storage->string_ends.push_back(storage->string_bytes.size());
    }
  } else {
    storage->values = std::move(items);
  }
  out.array_ = std::move(storage);
  return out;
}

std::optional<Value> Value::scalar_array_from_bytes(ValueType element_type, std::vector<uint8_t> bytes) {
  const uint32_t size = scalar_size(element_type);
  if (size == 0 || bytes.size() % size != 0) return std::nullopt;
  if (element_type == ValueType::Bool) {
    for (uint8_t b : bytes)
      if (b > 1) return std::nullopt;
  }
  Value out;
  out.type_ = ValueType::Array;
  out.element_type_ = element_type;
  if (bytes.empty()) return out;
  auto storage = std::make_shared<ArrayStorage>();
  storage->count = bytes.size() / size;
  storage->scalars = std::move(bytes);
  out.array_ = std::move(storage);
  return out;
}

std::optional<Value> Value::string_array_from_parts(std::string bytes, std::vector<uint64_t> ends) {
  uint64_t previous = 0;
  for (uint64_t e : ends) {
    if (e < previous) return std::nullopt;
    previous = e;
  }
  if (previous != bytes.size()) return std::nullopt;
  Value out;
  out.type_ = ValueType::Array;
  out.element_type_ = ValueType::String;
  if (ends.empty()) return out;
  auto storage = std::make_shared<ArrayStorage>();
  storage->count = ends.size();
  storage->string_bytes = std::move(bytes);
  storage->string_ends = std::move(ends);
  out.array_ = std::move(storage);
  return out;
}

Value Value::string_array(const std::vector<std::string>& items) {
  std::string bytes;
  std::vector<uint64_t> ends;
  ends.reserve(items.size());
  for (const auto& s : items) {
    bytes += s;
    ends.push_back(bytes.size());
  }
  return *string_array_from_parts(std::move(bytes), std::move(ends));
}

namespace {

template <typename T>
std::vector<uint8_t> bytes_of(const std::vector<T>& items) {
  std::vector<uint8_t> bytes(items.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), items.data(), bytes.size());
  return bytes;
}

}  // namespace

Value Value::f32_array(const std::vector<float>& items) {
  return *scalar_array_from_bytes(ValueType::Float32, bytes_of(items));
}

Value Value::i32_array(const std::vector<int32_t>& items) {
  return *scalar_array_from_bytes(ValueType::Int32, bytes_of(items));
}

Value Value::u32_array(const std::vector<uint32_t>& items) {
  return *scalar_array_from_bytes(ValueType::UInt32, bytes_of(items));
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
  if (is_float()) return float_value();
  if (is_signed_integer_type(type_)) return static_cast<double>(static_cast<int64_t>(bits_));
  if (is_integer()) return static_cast<double>(bits_);
  return std::nullopt;
}

std::optional<bool> Value::as_bool() const {
  if (type_ != ValueType::Bool) return std::nullopt;
  return bits_ != 0;
}

size_t Value::array_size() const { return array_ ? array_->count : 0; }

Value Value::item(size_t i) const {
  if (!array_ || i >= array_->count) return Value();
  const ArrayStorage& a = *array_;
  if (!a.values.empty()) return a.values[i];
  if (!a.string_ends.empty()) return Value::string(std::string(*string_item(i)));
  const uint8_t* p = a.scalars.data() + i * scalar_size(element_type_);
  switch (element_type_) {
    case ValueType::UInt8: return Value::u8(load<uint8_t>(p));
    case ValueType::Int8: return Value::i8(load<int8_t>(p));
    case ValueType::UInt16: return Value::u16(load<uint16_t>(p));
    case ValueType::Int16: return Value::i16(load<int16_t>(p));
    case ValueType::UInt32: return Value::u32(load<uint32_t>(p));
    case ValueType::Int32: return Value::i32(load<int32_t>(p));
    case ValueType::UInt64: return Value::u64(load<uint64_t>(p));
    case ValueType::Int64: return Value::i64(load<int64_t>(p));
    case ValueType::Float32: return Value::f32(load<float>(p));
    case ValueType::Float64: return Value::f64(load<double>(p));
    case ValueType::Bool: return Value::boolean(p[0] != 0);
    case ValueType::String: case ValueType::Array: break;
  }
  return Value();
}

std::optional<int64_t> Value::int_item(size_t i) const {
  if (!array_ || i >= array_->count) return std::nullopt;
  if (array_->scalars.empty()) return item(i).as_int();
  const uint8_t* p = array_->scalars.data() + i * scalar_size(element_type_);
  switch (element_type_) {
    case ValueType::UInt8: return load<uint8_t>(p);
    case ValueType::Int8: return load<int8_t>(p);
    case ValueType::UInt16: return load<uint16_t>(p);
    case ValueType::Int16: return load<int16_t>(p);
    case ValueType::UInt32: return load<uint32_t>(p);
    case ValueType::Int32: return load<int32_t>(p);
    case ValueType::Int64: return load<int64_t>(p);
    case ValueType::UInt64: {
      const uint64_t v = load<uint64_t>(p);
      if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
      return static_cast<int64_t>(v);
    }
    default: return std::nullopt;
  }
}

std::optional<double> Value::float_item(size_t i) const {
  if (!array_ || i >= array_->count) return std::nullopt;
  if (array_->scalars.empty()) return item(i).as_float();
  const uint8_t* p = array_->scalars.data() + i * scalar_size(element_type_);
  switch (element_type_) {
    case ValueType::Float32: return load<float>(p);
    case ValueType::Float64: return load<double>(p);
    case ValueType::UInt8: return load<uint8_t>(p);
    case ValueType::Int8: return load<int8_t>(p);
    case ValueType::UInt16: return load<uint16_t>(p);
    case ValueType::Int16: return load<int16_t>(p);
    case ValueType::UInt32: return load<uint32_t>(p);
    case ValueType::Int32: return load<int32_t>(p);
    case ValueType::UInt64: return static_cast<double>(load<uint64_t>(p));
    case ValueType::Int64: return static_cast<double>(load<int64_t>(p));
    default: return std::nullopt;
  }
}

std::optional<std::string_view> Value::string_item(size_t i) const {
  if (!array_ || i >= array_->count) return std::nullopt;
  const ArrayStorage& a = *array_;
  if (!a.string_ends.empty()) {
    const uint64_t begin = i == 0 ? 0 : a.string_ends[i - 1];
    return std::string_view(a.string_bytes).substr(begin, a.string_ends[i] - begin);
  }
  if (!a.values.empty() && a.values[i].is_string()) return std::string_view(a.values[i].string_);
  return std::nullopt;
}

std::span<const uint8_t> Value::scalar_bytes() const {
  if (!array_) return {};
  return array_->scalars;
}

size_t Value::memory_bytes() const {
  size_t n = sizeof(Value);
  n += heap_bytes(string_);
  // A shared storage is counted in full by each value holding it (the reader never shares one).
  if (array_) n += array_->memory_bytes() + 2 * sizeof(void*);  // with make_shared's control block
  return n;
}

size_t ArrayItems::size() const { return owner_->array_size(); }
Value ArrayItems::operator[](size_t i) const { return owner_->item(i); }
Value ArrayItems::front() const { return owner_->item(0); }
Value ArrayItems::back() const { return owner_->item(size() - 1); }
Value ArrayItems::iterator::operator*() const { return owner_->item(index_); }

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
      const size_t n = array_size();
      const size_t shown = std::min(n, max_items);
      for (size_t i = 0; i < shown; ++i) {
        if (i) out << ", ";
        out << item(i).to_display(max_items);
      }
      if (n > shown) out << ", ... (" << n << " " << value_type_name(element_type_) << ")";
      out << ']';
      break;
    }
    case ValueType::Bool: out << (bits_ ? "true" : "false"); break;
    case ValueType::Float32: case ValueType::Float64: out << float_value(); break;
    default:
      if (is_signed_integer_type(type_)) out << static_cast<int64_t>(bits_);
      else out << bits_;
  }
  return out.str();
}

}  // namespace tessera::gguf

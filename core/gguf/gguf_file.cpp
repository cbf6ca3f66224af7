#include "gguf/gguf_file.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <sstream>
#include <unordered_set>

#include "common/input_file.h"

namespace tessera::gguf {
namespace {

constexpr uint32_t kMagic = 0x46554747;  // "GGUF" read as little-endian u32

// Sequential reader over the mapped bytes. Every read checks the remaining length first, so a
// truncated or lying file can never make the parser step outside [base, base + available).
// `size` is the file's size, which bounds what counts and lengths may claim; only the first
// `available` bytes are present (all of them, except for a header fetched on its own). A read past
// them sets `*ran_out`: the file may be fine, the caller has too little of it.
class Cursor {
 public:
  Cursor(const uint8_t* base, uint64_t size, uint64_t available, const std::string& file, bool* ran_out)
      : base_(base), size_(size), available_(std::min(size, available)), file_(file), ran_out_(ran_out) {}

  uint64_t pos() const { return pos_; }
  uint64_t remaining() const { return size_ - pos_; }
  uint64_t available_remaining() const { return available_ - pos_; }

  Error truncated(std::string_view field, uint64_t need) const {
    std::ostringstream m;
    m << file_ << ": truncated file: " << field << " at offset " << pos_ << " needs " << need
      << " bytes but only " << remaining() << " remain (file size " << size_ << ")";
    return make_error(ErrorKind::BadFile, m.str());
  }

  // Whether `n` more bytes can be read; an error when the file or the bytes at hand end first.
  Status need(std::string_view field, uint64_t n) const {
    if (remaining() < n) return truncated(field, n);
    if (available_ - pos_ < n) {
      *ran_out_ = true;
      std::ostringstream m;
      m << file_ << ": " << field << " at offset " << pos_ << " lies past the first " << available_
        << " bytes read of the file's " << size_;
      return make_error(ErrorKind::BadFile, m.str());
    }
    return {};
  }

  template <typename T>
  Result<T> read(std::string_view field) {
    TESSERA_TRY(need(field, sizeof(T)));
    T v;
    std::memcpy(&v, base_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }

  // Copies the next `n` bytes into `out`.
  Status read_bytes(std::string_view field, uint64_t n, std::vector<uint8_t>* out) {
    TESSERA_TRY(need(field, n));
    out->assign(base_ + pos_, base_ + pos_ + n);
    pos_ += n;
    return {};
  }

  // A length-prefixed string, viewed in place (valid while the image is).
  Result<std::string_view> read_string_view(std::string_view field, uint64_t max_length) {
    TESSERA_ASSIGN_OR_RETURN(uint64_t length, read<uint64_t>(field));
    if (length > remaining()) {
      std::ostringstream m;
      m << file_ << ": " << field << " has length " << length << " at offset " << (pos_ - 8)
        << ", more than the " << remaining() << " bytes left in the file";
      return make_error(ErrorKind::BadFile, m.str());
    }
    if (length > max_length) {
      std::ostringstream m;
      m << file_ << ": " << field << " has length " << length << ", above the limit of " << max_length << " bytes";
      return make_error(ErrorKind::BadFile, m.str());
    }
    TESSERA_TRY(need(field, length));
    std::string_view s(reinterpret_cast<const char*>(base_ + pos_), length);
    pos_ += length;
    return s;
  }

  Result<std::string> read_string(std::string_view field, uint64_t max_length) {
    TESSERA_ASSIGN_OR_RETURN(std::string_view s, read_string_view(field, max_length));
    return std::string(s);
  }

 private:
  const uint8_t* base_;
  uint64_t size_;
  uint64_t available_;
  uint64_t pos_ = 0;
  const std::string& file_;
  bool* ran_out_;
};

Error bad(const std::string& file, const std::string& what) {
  return make_error(ErrorKind::BadFile, file + ": " + what);
}

// Smallest number of bytes one element of this type can occupy on disk (strings: the length).
uint64_t min_element_bytes(ValueType t) {
  if (t == ValueType::String) return 8;
  if (t == ValueType::Array) return 12;  // element type + count
  return scalar_size(t);
}

// `array_items` counts the items of every array read so far, against limits.max_array_elements.
Result<Value> read_value(Cursor& cur, ValueType type, const std::string& key, const std::string& file,
                         const ReaderLimits& limits, uint64_t depth, uint64_t* array_items);

Result<Value> read_array(Cursor& cur, const std::string& key, const std::string& file, const ReaderLimits& limits,
                         uint64_t depth, uint64_t* array_items) {
  if (depth >= limits.max_array_depth) {
    return bad(file, "metadata '" + key + "': arrays nested deeper than " + std::to_string(limits.max_array_depth));
  }
  TESSERA_ASSIGN_OR_RETURN(uint32_t raw_type, cur.read<uint32_t>("array element type of '" + key + "'"));
  if (raw_type > kMaxValueType) {
    return bad(file, "metadata '" + key + "': array element type " + std::to_string(raw_type) +
                         " is not a GGUF value type (expected 0.." + std::to_string(kMaxValueType) + ")");
  }
  auto elem = static_cast<ValueType>(raw_type);
  TESSERA_ASSIGN_OR_RETURN(uint64_t count, cur.read<uint64_t>("array length of '" + key + "'"));
  uint64_t min_bytes = min_element_bytes(elem);
  if (min_bytes != 0 && count > cur.remaining() / min_bytes) {
    std::ostringstream m;
    m << "metadata '" << key << "': array length " << count << " of " << value_type_name(elem)
      << " at offset " << (cur.pos() - 8) << " needs at least " << min_bytes << " bytes per item, more than the "
      << cur.remaining() << " bytes left in the file";
    return bad(file, m.str());
  }
  if (count > limits.max_array_elements - *array_items) {
    std::ostringstream m;
    m << "metadata '" << key << "': array length " << count << " brings the metadata's array items above the "
      << "reader's limit of " << limits.max_array_elements << " (" << *array_items << " read before it)";
    return bad(file, m.str());
  }
  *array_items += count;
  // Scalars and strings are stored compactly (gguf_value.h): what is allocated is bounded by the
  // bytes the items take in the file, which the check above bounded by the bytes left.
  if (const uint32_t size = scalar_size(elem); size != 0) {
    const uint64_t n_bytes = count * size;  // <= remaining, so no overflow
    std::vector<uint8_t> bytes;
    TESSERA_TRY(cur.read_bytes("array of '" + key + "'", n_bytes, &bytes));
    if (elem == ValueType::Bool) {
      for (uint64_t i = 0; i < count; ++i) {
        if (bytes[i] > 1) {
          return bad(file, "metadata '" + key + "': bool value " + std::to_string(bytes[i]) +
                               " (expected 0 or 1) at array index " + std::to_string(i));
        }
      }
    }
    return *Value::scalar_array_from_bytes(elem, std::move(bytes));
  }
  if (elem == ValueType::String) {
    std::string bytes;
    std::vector<uint64_t> ends;
    ends.reserve(std::min(count, cur.available_remaining() / 8));  // each item takes 8 bytes or more
    const std::string field = "string value of '" + key + "'";
    for (uint64_t i = 0; i < count; ++i) {
      TESSERA_ASSIGN_OR_RETURN(std::string_view s, cur.read_string_view(field, limits.max_string_length));
      bytes.append(s);
      ends.push_back(bytes.size());
    }
    return *Value::string_array_from_parts(std::move(bytes), std::move(ends));
  }
  std::vector<Value> items;
  // Nested arrays cost one Value each. The count is bounded by the bytes left, not by what a real
  // file holds: reserve modestly and let a genuine long array grow, so a lying count fails at its
  // first bad item, not in reserve().
  items.reserve(std::min<uint64_t>(count, 1u << 16));
  for (uint64_t i = 0; i < count; ++i) {
    TESSERA_ASSIGN_OR_RETURN(Value v, read_value(cur, elem, key, file, limits, depth + 1, array_items));
    items.push_back(std::move(v));
  }
  return Value::array(elem, std::move(items));
}

Result<Value> read_value(Cursor& cur, ValueType type, const std::string& key, const std::string& file,
                         const ReaderLimits& limits, uint64_t depth, uint64_t* array_items) {
  const std::string field = "value of '" + key + "'";
  switch (type) {
    case ValueType::UInt8: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<uint8_t>(field)); return Value::u8(v); }
    case ValueType::Int8: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<int8_t>(field)); return Value::i8(v); }
    case ValueType::UInt16: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<uint16_t>(field)); return Value::u16(v); }
    case ValueType::Int16: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<int16_t>(field)); return Value::i16(v); }
    case ValueType::UInt32: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<uint32_t>(field)); return Value::u32(v); }
    case ValueType::Int32: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<int32_t>(field)); return Value::i32(v); }
    case ValueType::UInt64: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<uint64_t>(field)); return Value::u64(v); }
    case ValueType::Int64: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<int64_t>(field)); return Value::i64(v); }
    case ValueType::Float32: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<float>(field)); return Value::f32(v); }
    case ValueType::Float64: { TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<double>(field)); return Value::f64(v); }
    case ValueType::Bool: {
      TESSERA_ASSIGN_OR_RETURN(auto v, cur.read<uint8_t>(field));
      if (v > 1) return bad(file, "metadata '" + key + "': bool value " + std::to_string(v) + " (expected 0 or 1)");
      return Value::boolean(v != 0);
    }
    case ValueType::String: {
      TESSERA_ASSIGN_OR_RETURN(auto s, cur.read_string("string " + field, limits.max_string_length));
      return Value::string(std::move(s));
    }
    case ValueType::Array:
      return read_array(cur, key, file, limits, depth, array_items);
  }
  return bad(file, "metadata '" + key + "': unknown value type");
}

bool mul_overflows(uint64_t a, uint64_t b, uint64_t* out) { return __builtin_mul_overflow(a, b, out); }

}  // namespace

int64_t TensorInfo::rows() const {
  int64_t r = 1;
  for (size_t i = 1; i < dims.size(); ++i) r *= dims[i];
  return r;
}

std::string TensorInfo::shape_string() const {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

GgufFile::~GgufFile() {
  if (mapping_ != nullptr) ::munmap(mapping_, size_);
}

Result<std::unique_ptr<GgufFile>> GgufFile::open(const std::string& path, ReaderLimits limits) {
  TESSERA_ASSIGN_OR_RETURN(auto file, open_file(path, limits));
  return finish(std::move(file), limits, /*siblings_on_disk=*/true);
}

Result<std::unique_ptr<GgufFile>> GgufFile::open_file(const std::string& path, const ReaderLimits& limits) {
  // Regular files only: a FIFO would block, a device never end (common/input_file.h).
  TESSERA_ASSIGN_OR_RETURN(InputFile input, open_regular_file(path));
  const int fd = input.fd();
  auto file = std::unique_ptr<GgufFile>(new GgufFile());
  file->name_ = path;
  file->size_ = input.size();
  if (file->size_ > 0) {
    void* addr = ::mmap(nullptr, file->size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (addr == MAP_FAILED) {
      int err = errno;
      return make_error(ErrorKind::Io, "cannot memory-map '" + path + "' (" + std::to_string(file->size_) +
                                           " bytes): " + std::strerror(err));
    }
    file->mapping_ = addr;
    file->base_ = static_cast<const uint8_t*>(addr);
  }
  TESSERA_TRY(file->parse(limits, file->size_));
  return file;
}

Result<std::unique_ptr<GgufFile>> GgufFile::from_bytes(std::vector<uint8_t> bytes, std::string name,
                                                       ReaderLimits limits) {
  std::vector<ImagePart> parts;
  parts.push_back({std::move(bytes), std::move(name), 0});
  return from_parts(std::move(parts), limits);
}

Result<std::unique_ptr<GgufFile>> GgufFile::parse_image(ImagePart image, const ReaderLimits& limits,
                                                        bool* header_incomplete) {
  auto file = std::unique_ptr<GgufFile>(new GgufFile());
  file->name_ = std::move(image.name);
  file->owned_ = std::move(image.bytes);
  file->base_ = file->owned_.data();
  const uint64_t available = file->owned_.size();
  file->size_ = std::max(image.file_size, available);
  file->has_tensor_data_ = available == file->size_;
  Status parsed = file->parse(limits, available);
  if (header_incomplete != nullptr && file->header_incomplete_) *header_incomplete = true;
  if (!parsed.ok()) return parsed.take_error();
  return file;
}

Result<std::unique_ptr<GgufFile>> GgufFile::from_parts(std::vector<ImagePart> images, ReaderLimits limits,
                                                       bool* header_incomplete) {
  if (images.empty()) return make_error(ErrorKind::InvalidArgument, "no GGUF image given");
  if (images.size() == 1) {
    TESSERA_ASSIGN_OR_RETURN(auto file, parse_image(std::move(images.front()), limits, header_incomplete));
    return finish(std::move(file), limits, /*siblings_on_disk=*/false);
  }
  std::vector<std::unique_ptr<GgufFile>> parts;
  parts.reserve(images.size());
  for (ImagePart& image : images) {
    TESSERA_ASSIGN_OR_RETURN(auto part, parse_image(std::move(image), limits, header_incomplete));
    parts.push_back(std::move(part));
  }
  return join_parts(std::move(parts));
}

Status GgufFile::parse(const ReaderLimits& limits, uint64_t available) {
  Cursor cur(base_, size_, available, name_, &header_incomplete_);
  if (size_ < 4) {
    return bad(name_, "not a GGUF file: " + std::to_string(size_) + " bytes, too short for the 4-byte magic");
  }
  TESSERA_ASSIGN_OR_RETURN(uint32_t magic, cur.read<uint32_t>("magic"));
  if (magic != kMagic) {
    char shown[5] = {0};
    std::memcpy(shown, &magic, 4);
    for (char& c : shown)
      if (c != 0 && (c < 32 || c > 126)) c = '?';
    return bad(name_, std::string("not a GGUF file: magic is \"") + shown + "\", expected \"GGUF\"");
  }
  TESSERA_ASSIGN_OR_RETURN(version_, cur.read<uint32_t>("version"));
  if (version_ == 1) {
    return make_error(ErrorKind::Unsupported, name_ + ": GGUF version 1 is not supported (expected version 2 or 3; "
                                                      "convert the file again with a current converter)");
  }
  if (version_ != 2 && version_ != 3) {
    if ((version_ & 0xFFFF) == 0 && version_ != 0) {
      return make_error(ErrorKind::Unsupported, name_ + ": big-endian GGUF files are not supported (version field " +
                                                    std::to_string(version_) + ")");
    }
    return bad(name_, "GGUF version " + std::to_string(version_) + " is not supported (expected 2 or 3)");
  }
  TESSERA_ASSIGN_OR_RETURN(uint64_t n_tensors, cur.read<uint64_t>("tensor count"));
  TESSERA_ASSIGN_OR_RETURN(uint64_t n_kv, cur.read<uint64_t>("metadata key count"));
  // Each tensor record takes at least 24 bytes (name length, dims count, type, offset) plus one
  // dimension; each key/value at least 13 bytes. Reject counts the file cannot possibly hold.
  if (n_tensors > cur.remaining() / 32) {
    return bad(name_, "tensor count " + std::to_string(n_tensors) + " cannot fit in the " +
                          std::to_string(cur.remaining()) + " bytes after the header");
  }
  if (n_kv > cur.remaining() / 13) {
    return bad(name_, "metadata key count " + std::to_string(n_kv) + " cannot fit in the " +
                          std::to_string(cur.remaining()) + " bytes after the header");
  }

  std::unordered_set<std::string> keys;
  uint64_t array_items = 0;
  metadata_.reserve(std::min<uint64_t>(n_kv, 1024));
  for (uint64_t i = 0; i < n_kv; ++i) {
    const std::string idx = "metadata entry " + std::to_string(i);
    TESSERA_ASSIGN_OR_RETURN(std::string key, cur.read_string("key of " + idx, limits.max_string_length));
    if (key.empty()) return bad(name_, idx + " has an empty key");
    if (!keys.insert(key).second) return bad(name_, "duplicate metadata key '" + key + "'");
    TESSERA_ASSIGN_OR_RETURN(uint32_t raw_type, cur.read<uint32_t>("value type of '" + key + "'"));
    if (raw_type > kMaxValueType) {
      return bad(name_, "metadata '" + key + "': value type " + std::to_string(raw_type) +
                            " is not a GGUF value type (expected 0.." + std::to_string(kMaxValueType) + ")");
    }
    TESSERA_ASSIGN_OR_RETURN(Value value,
                             read_value(cur, static_cast<ValueType>(raw_type), key, name_, limits, 0, &array_items));
    metadata_.push_back({std::move(key), std::move(value)});
  }

  if (const Value* a = find("general.alignment")) {
    auto v = a->as_uint();
    if (!v || *v == 0 || (*v & (*v - 1)) != 0 || *v > (1u << 20)) {
      return bad(name_, "general.alignment is " + a->to_display() + " (" + std::string(value_type_name(a->type())) +
                            "), expected a power of two between 1 and 1048576");
    }
    alignment_ = *v;
  }

  std::unordered_set<std::string> names;
  tensors_.reserve(std::min<uint64_t>(n_tensors, 1u << 16));
  for (uint64_t i = 0; i < n_tensors; ++i) {
    const std::string idx = "tensor " + std::to_string(i);
    TensorInfo t;
    TESSERA_ASSIGN_OR_RETURN(t.name, cur.read_string("name of " + idx, limits.max_string_length));
    if (t.name.empty()) return bad(name_, idx + " has an empty name");
    if (!names.insert(t.name).second) return bad(name_, "duplicate tensor name '" + t.name + "'");
    const std::string where = "tensor '" + t.name + "'";
    TESSERA_ASSIGN_OR_RETURN(uint32_t n_dims, cur.read<uint32_t>("dimension count of " + where));
    if (n_dims < 1 || n_dims > static_cast<uint32_t>(kMaxDims)) {
      return bad(name_, where + " has " + std::to_string(n_dims) + " dimensions, expected 1 to " +
                            std::to_string(kMaxDims));
    }
    // Product of the non-zero dimensions: a zero dimension makes the tensor empty (allowed, as in
    // ggml) but must not let the others grow without bound, since rows() and strides multiply them.
    uint64_t extent = 1;
    bool empty = false;
    for (uint32_t d = 0; d < n_dims; ++d) {
      TESSERA_ASSIGN_OR_RETURN(uint64_t ne, cur.read<uint64_t>("dimension " + std::to_string(d) + " of " + where));
      if (ne > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        return bad(name_, where + " dimension " + std::to_string(d) + " is " + std::to_string(ne) +
                              ", above the largest signed 64-bit value");
      }
      if (ne == 0) {
        empty = true;
      } else if (mul_overflows(extent, ne, &extent) ||
                 extent > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        return bad(name_, where + " has dimensions whose product overflows 64 bits");
      }
      t.dims.push_back(static_cast<int64_t>(ne));
    }
    const uint64_t elements = empty ? 0 : extent;
    TESSERA_ASSIGN_OR_RETURN(uint32_t raw_type, cur.read<uint32_t>("type of " + where));
    const TypeInfo* info = find_type_info(raw_type);
    if (info == nullptr) {
      return bad(name_, where + " has type id " + std::to_string(raw_type) + ", which is not a ggml tensor type "
                                                                              "(expected 0.." +
                            std::to_string(kMaxGgmlTypeId) + ")");
    }
    if (info->support == TypeSupport::Removed) {
      return make_error(ErrorKind::Unsupported, name_ + ": " + where + " uses type " + std::string(info->name) +
                                                    " (id " + std::to_string(raw_type) +
                                                    "), which the GGUF format has retired; convert the model again");
    }
    t.type = static_cast<GgmlType>(raw_type);
    if (t.dims[0] % info->block_size != 0) {
      return bad(name_, where + " has rows of " + std::to_string(t.dims[0]) + " elements, not a multiple of " +
                            std::string(info->name) + "'s block size " + std::to_string(info->block_size));
    }
    t.n_elements = elements;
    // elements / block_size * type_size cannot overflow: type_size <= 292 < 2^9 and
    // elements / block_size < 2^63, but check anyway to keep the reasoning local.
    if (mul_overflows(elements / info->block_size, info->type_size, &t.n_bytes)) {
      return bad(name_, where + " byte size overflows 64 bits");
    }
    TESSERA_ASSIGN_OR_RETURN(t.offset, cur.read<uint64_t>("data offset of " + where));
    if (t.offset % alignment_ != 0) {
      return bad(name_, where + " data offset " + std::to_string(t.offset) + " is not a multiple of the alignment " +
                            std::to_string(alignment_));
    }
    tensors_.push_back(std::move(t));
  }

  uint64_t header_end = cur.pos();
  uint64_t padded = (header_end + alignment_ - 1) / alignment_ * alignment_;
  data_offset_ = padded;
  if (tensors_.empty()) return {};
  if (data_offset_ > size_) {
    return bad(name_, "tensor data section would start at offset " + std::to_string(data_offset_) +
                          ", past the end of the file (size " + std::to_string(size_) + ")");
  }
  const uint64_t data_size = size_ - data_offset_;
  for (const auto& t : tensors_) {
    if (t.offset > data_size || t.n_bytes > data_size - t.offset) {
      return bad(name_, "tensor '" + t.name + "' (" + std::string(type_name(t.type)) + " " + t.shape_string() +
                            ", " + std::to_string(t.n_bytes) + " bytes at data offset " + std::to_string(t.offset) +
                            ") extends past the end of the file: the data section holds " +
                            std::to_string(data_size) + " bytes");
    }
  }
  return {};
}

const Value* GgufFile::find(std::string_view key) const {
  for (const auto& e : metadata_)
    if (e.key == key) return &e.value;
  return nullptr;
}

namespace {

Error missing(const std::string& file, std::string_view key) {
  return make_error(ErrorKind::BadFile, file + ": missing metadata key '" + std::string(key) + "'");
}

Error wrong_type(const std::string& file, std::string_view key, const Value& v, std::string_view expected) {
  return make_error(ErrorKind::BadFile, file + ": metadata '" + std::string(key) + "' is " +
                                            std::string(value_type_name(v.type())) + " " + v.to_display(4) +
                                            ", expected " + std::string(expected));
}

}  // namespace

Result<uint64_t> GgufFile::get_uint(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  auto u = v->as_uint();
  if (!u) return wrong_type(name_, key, *v, "a non-negative integer");
  return *u;
}

Result<int64_t> GgufFile::get_int(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  auto i = v->as_int();
  if (!i) return wrong_type(name_, key, *v, "an integer");
  return *i;
}

Result<double> GgufFile::get_float(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  auto f = v->as_float();
  if (!f) return wrong_type(name_, key, *v, "a number");
  return *f;
}

Result<bool> GgufFile::get_bool(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  auto b = v->as_bool();
  if (!b) return wrong_type(name_, key, *v, "a bool");
  return *b;
}

Result<std::string> GgufFile::get_string(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  if (!v->is_string()) return wrong_type(name_, key, *v, "a string");
  return v->as_string();
}

Result<std::vector<std::string>> GgufFile::get_string_array(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  if (!v->is_array() || v->array_type() != ValueType::String) return wrong_type(name_, key, *v, "an array of strings");
  std::vector<std::string> out;
  out.reserve(v->array_size());
  for (size_t i = 0; i < v->array_size(); ++i) {
    auto item = v->string_item(i);
    if (!item) return wrong_type(name_, key, *v, "an array of strings");
    out.emplace_back(*item);
  }
  return out;
}

Result<std::vector<float>> GgufFile::get_float_array(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  if (!v->is_array()) return wrong_type(name_, key, *v, "an array of numbers");
  std::vector<float> out;
  out.reserve(v->array_size());
  for (size_t i = 0; i < v->array_size(); ++i) {
    auto f = v->float_item(i);
    if (!f) return wrong_type(name_, key, *v, "an array of numbers");
    out.push_back(static_cast<float>(*f));
  }
  return out;
}

Result<std::vector<int64_t>> GgufFile::get_int_array(std::string_view key) const {
  const Value* v = find(key);
  if (!v) return missing(name_, key);
  if (!v->is_array()) return wrong_type(name_, key, *v, "an array of integers");
  std::vector<int64_t> out;
  out.reserve(v->array_size());
  for (size_t i = 0; i < v->array_size(); ++i) {
    auto item = v->int_item(i);
    if (!item) return wrong_type(name_, key, *v, "an array of integers");
    out.push_back(*item);
  }
  return out;
}

Result<uint64_t> GgufFile::get_uint_or(std::string_view key, uint64_t fallback) const {
  return has(key) ? get_uint(key) : Result<uint64_t>(fallback);
}
Result<double> GgufFile::get_float_or(std::string_view key, double fallback) const {
  return has(key) ? get_float(key) : Result<double>(fallback);
}
Result<bool> GgufFile::get_bool_or(std::string_view key, bool fallback) const {
  return has(key) ? get_bool(key) : Result<bool>(fallback);
}
Result<std::string> GgufFile::get_string_or(std::string_view key, std::string fallback) const {
  return has(key) ? get_string(key) : Result<std::string>(std::move(fallback));
}

const TensorInfo* GgufFile::find_tensor(std::string_view name) const {
  for (const auto& t : tensors_)
    if (t.name == name) return &t;
  return nullptr;
}

std::span<const uint8_t> GgufFile::tensor_data(const TensorInfo& tensor) const {
  if (!has_tensor_data_) return {};
  const GgufFile& holder = part_files_.empty() ? *this : *part_files_.at(tensor.part);
  return {holder.base_ + holder.data_offset_ + tensor.offset, static_cast<size_t>(tensor.n_bytes)};
}

std::string GgufFile::architecture() const {
  const Value* v = find("general.architecture");
  return (v && v->is_string()) ? v->as_string() : std::string();
}

}  // namespace tessera::gguf

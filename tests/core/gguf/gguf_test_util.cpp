#include "gguf_test_util.h"

#include <algorithm>
#include <random>
#include <stdexcept>

#include "quant/ggml_type.h"

namespace tessera::gguf::testing {
namespace {

// Sequential walk over a trusted image that records Fields as it goes.
class Walker {
 public:
  Walker(const std::vector<uint8_t>& bytes, GgufLayout& layout, size_t items_per_array)
      : b_(bytes), layout_(layout), items_per_array_(items_per_array) {}

  uint64_t pos() const { return pos_; }

  template <typename T>
  T read(const std::string& field, bool record = true) {
    if (pos_ + sizeof(T) > b_.size()) throw std::runtime_error("map_layout: image ends inside " + field);
    if (record) layout_.fields.push_back({field, pos_, sizeof(T)});
    T v = get_le<T>(b_, pos_);
    pos_ += sizeof(T);
    return v;
  }

  std::string read_string(const std::string& field, bool record = true) {
    uint64_t len = read<uint64_t>(field + ".len", record);
    if (len > b_.size() - pos_) throw std::runtime_error("map_layout: string runs past the end in " + field);
    if (record && len > 0) layout_.fields.push_back({field + ".bytes", pos_, len});
    std::string s(reinterpret_cast<const char*>(b_.data() + pos_), len);
    pos_ += len;
    return s;
  }

  // Reads one value of `type`; records fields when `record`. Fills `array` for an outermost array.
  void value(ValueType type, const std::string& field, bool record, ArrayLayout* array, uint64_t* uint_out) {
    switch (type) {
      case ValueType::String: read_string(field, record); return;
      case ValueType::Array: {
        ArrayLayout local;
        ArrayLayout& a = array ? *array : local;
        a.elem_type_at = pos_;
        uint32_t et = read<uint32_t>(field + ".elem_type", record);
        if (et > kMaxValueType) throw std::runtime_error("map_layout: bad array element type in " + field);
        a.elem_type = static_cast<ValueType>(et);
        a.count_at = pos_;
        a.count = read<uint64_t>(field + ".count", record);
        for (uint64_t i = 0; i < a.count; ++i) {
          bool rec = record && (i < items_per_array_ || i + items_per_array_ >= a.count);
          if (array) a.item_at.push_back(pos_);
          // Names only for recorded items: building 50000 unused names costs more than the walk.
          value(a.elem_type, rec ? field + ".item[" + std::to_string(i) + "]" : field, rec, nullptr, nullptr);
        }
        return;
      }
      default: {
        uint32_t size = scalar_size(type);
        if (size == 0) throw std::runtime_error("map_layout: bad value type in " + field);
        if (pos_ + size > b_.size()) throw std::runtime_error("map_layout: image ends inside " + field);
        if (record) layout_.fields.push_back({field, pos_, size});
        if (uint_out && is_integer_type(type)) {
          uint64_t v = 0;
          std::memcpy(&v, b_.data() + pos_, size);
          *uint_out = v;
        }
        pos_ += size;
      }
    }
  }

 private:
  const std::vector<uint8_t>& b_;
  GgufLayout& layout_;
  size_t items_per_array_;
  uint64_t pos_ = 0;
};

}  // namespace

const KvLayout& GgufLayout::kv(std::string_view key) const {
  for (const auto& k : kvs)
    if (k.key == key) return k;
  throw std::out_of_range("no key " + std::string(key) + " in the layout");
}

const TensorLayout& GgufLayout::tensor(std::string_view name) const {
  for (const auto& t : tensors)
    if (t.name == name) return t;
  throw std::out_of_range("no tensor " + std::string(name) + " in the layout");
}

GgufLayout map_layout(const std::vector<uint8_t>& bytes, size_t items_per_array) {
  GgufLayout layout;
  layout.file_size = bytes.size();
  Walker w(bytes, layout, items_per_array);
  if (w.read<uint32_t>("header.magic") != 0x46554747u) throw std::runtime_error("map_layout: not GGUF");
  layout.version = w.read<uint32_t>("header.version");
  const uint64_t n_tensors = w.read<uint64_t>("header.tensor_count");
  const uint64_t n_kv = w.read<uint64_t>("header.kv_count");

  for (uint64_t i = 0; i < n_kv; ++i) {
    const std::string f = "kv[" + std::to_string(i) + "]";
    KvLayout kv;
    kv.key_len_at = w.pos();
    kv.key = w.read_string(f + ".key");
    kv.key_at = kv.key_len_at + 8;
    kv.type_at = w.pos();
    uint32_t type = w.read<uint32_t>(f + ".type");
    if (type > kMaxValueType) throw std::runtime_error("map_layout: bad value type of " + kv.key);
    kv.type = static_cast<ValueType>(type);
    kv.value_at = w.pos();
    uint64_t as_uint = 0;
    w.value(kv.type, f + ".value", true, kv.type == ValueType::Array ? &kv.array : nullptr, &as_uint);
    kv.value_end = w.pos();
    if (kv.key == "general.alignment") layout.alignment = as_uint;
    layout.kvs.push_back(std::move(kv));
  }

  for (uint64_t i = 0; i < n_tensors; ++i) {
    const std::string f = "tensor[" + std::to_string(i) + "]";
    TensorLayout t;
    t.name_len_at = w.pos();
    t.name = w.read_string(f + ".name");
    t.name_at = t.name_len_at + 8;
    t.n_dims_at = w.pos();
    uint32_t n_dims = w.read<uint32_t>(f + ".n_dims");
    if (n_dims > 4) throw std::runtime_error("map_layout: bad n_dims of " + t.name);
    uint64_t elements = 1;
    for (uint32_t d = 0; d < n_dims; ++d) {
      t.dim_at.push_back(w.pos());
      t.dims.push_back(w.read<uint64_t>(f + ".dims[" + std::to_string(d) + "]"));
      elements *= t.dims.back();
    }
    t.type_at = w.pos();
    t.type = w.read<uint32_t>(f + ".type");
    const TypeInfo* info = find_type_info(t.type);
    if (info == nullptr) throw std::runtime_error("map_layout: bad tensor type of " + t.name);
    t.n_bytes = elements / info->block_size * info->type_size;
    t.offset_at = w.pos();
    t.offset = w.read<uint64_t>(f + ".offset");
    layout.tensors.push_back(std::move(t));
  }

  layout.header_end = w.pos();
  const uint64_t a = layout.alignment;
  if (a == 0) throw std::runtime_error("map_layout: alignment 0");
  layout.data_start = (layout.header_end + a - 1) / a * a;
  if (layout.data_start > layout.header_end) {
    layout.fields.push_back({"padding", layout.header_end, layout.data_start - layout.header_end});
  }
  layout.required_end = layout.header_end;
  for (size_t i = 0; i < layout.tensors.size(); ++i) {
    auto& t = layout.tensors[i];
    t.abs_begin = layout.data_start + t.offset;
    t.abs_end = t.abs_begin + t.n_bytes;
    if (t.abs_end > bytes.size()) throw std::runtime_error("map_layout: tensor " + t.name + " past the end");
    layout.fields.push_back({"tensor[" + std::to_string(i) + "].data", t.abs_begin, t.n_bytes});
    layout.required_end = std::max(layout.required_end, t.abs_end);
  }
  return layout;
}

std::vector<uint8_t> random_bytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> out(n);
  for (auto& b : out) b = static_cast<uint8_t>(rng());
  if (n > 0) out[0] |= 1;  // never all zeros
  return out;
}

GgufWriter make_small_writer() {
  GgufWriter w;
  w.set_string("general.architecture", "llama");
  w.set_string("general.name", "corrupt-me");
  w.set("test.u8", Value::u8(200));
  w.set_u32("test.u32", 7);
  w.set("test.i64", Value::i64(-5));
  w.set_f32("test.f32", 0.5f);
  w.set_bool("test.bool", true);
  w.set("test.f64", Value::f64(2.25));
  w.set("test.strings", Value::string_array({"a", "", "\xC3\xBCn\xC3\xAF"}));
  w.set("test.floats", Value::f32_array({1.5f, -2.0f, 3.25f}));
  w.set("test.ka", Value::u16(1));
  w.set("test.kb", Value::u16(2));
  w.set("test.nested", Value::array(ValueType::Array, {Value::i32_array({1, 2}), Value::i32_array({3})}));
  auto check = [](Status s) {
    if (!s.ok()) throw std::runtime_error("make_small_writer: " + s.error().message);
  };
  check(w.add_tensor("tensor.a", GgmlType::F32, {8, 3}, random_bytes(8 * 3 * 4, 11)));
  check(w.add_tensor("tensor.b", GgmlType::Q8_0, {64, 2}, random_bytes(4 * 34, 12)));
  check(w.add_tensor("tensor.c", GgmlType::Q4_K, {256}, random_bytes(144, 13)));
  check(w.add_tensor("tensor.d", GgmlType::F16, {10}, random_bytes(20, 14)));
  return w;
}

std::vector<uint8_t> small_file_bytes() {
  static const std::vector<uint8_t> cached = [] {
    auto bytes = make_small_writer().to_bytes();
    if (!bytes.ok()) throw std::runtime_error("small_file_bytes: " + bytes.error().message);
    return std::move(bytes).value();
  }();
  return cached;
}

Error parse_error(std::vector<uint8_t> bytes, ReaderLimits limits) {
  auto r = parse(std::move(bytes), limits);
  if (r.ok()) {
    ADD_FAILURE() << "the image parsed, an error was expected";
    return Error(ErrorKind::InvalidArgument, "");
  }
  return r.error();
}

uint64_t touch_everything(const GgufFile& file) {
  uint64_t sum = 0;
  for (const auto& t : file.tensors()) {
    EXPECT_LE(file.data_offset(), file.file_size());
    EXPECT_LE(t.offset, file.file_size() - file.data_offset()) << t.name;
    EXPECT_LE(t.n_bytes, file.file_size() - file.data_offset() - t.offset) << t.name;
    auto span = file.tensor_data(t);
    EXPECT_EQ(span.size(), t.n_bytes);
    for (uint8_t b : span) sum += b;
    sum += static_cast<uint64_t>(t.rows()) + t.shape_string().size() + type_name(t.type).size();
  }
  for (const auto& e : file.metadata()) {
    sum += e.value.to_display().size();
    sum += file.get_uint(e.key).ok() + file.get_int(e.key).ok() + file.get_float(e.key).ok() +
           file.get_bool(e.key).ok() + file.get_string(e.key).ok() + file.get_string_array(e.key).ok() +
           file.get_float_array(e.key).ok() + file.get_int_array(e.key).ok();
  }
  sum += file.architecture().size();
  return sum;
}

}  // namespace tessera::gguf::testing

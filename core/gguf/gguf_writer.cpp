#include "gguf/gguf_writer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

#include "gguf/gguf_file.h"

namespace tessera::gguf {
namespace {

constexpr uint32_t kMagic = 0x46554747;

// Appends to a byte vector (to_bytes) or streams to a FILE (write_file) through one code path.
struct VectorSink {
  std::vector<uint8_t>& out;
  Status write(const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    out.insert(out.end(), b, b + n);
    return {};
  }
  uint64_t pos() const { return out.size(); }
};

struct FileSink {
  std::FILE* f;
  const std::string& path;
  uint64_t written = 0;
  Status write(const void* p, size_t n) {
    if (n != 0 && std::fwrite(p, 1, n, f) != n) {
      return make_error(ErrorKind::Io, "cannot write '" + path + "' after " + std::to_string(written) +
                                           " bytes: " + std::strerror(errno));
    }
    written += n;
    return {};
  }
  uint64_t pos() const { return written; }
};

template <typename Sink, typename T>
Status put(Sink& sink, T v) {
  return sink.write(&v, sizeof(T));
}

template <typename Sink>
Status put_string(Sink& sink, const std::string& s) {
  TESSERA_TRY(put<Sink, uint64_t>(sink, s.size()));
  return sink.write(s.data(), s.size());
}

template <typename Sink>
Status put_value(Sink& sink, const Value& v, const std::string& key) {
  switch (v.type()) {
    case ValueType::UInt8: return put<Sink, uint8_t>(sink, static_cast<uint8_t>(*v.as_uint()));
    case ValueType::Int8: return put<Sink, int8_t>(sink, static_cast<int8_t>(*v.as_int()));
    case ValueType::UInt16: return put<Sink, uint16_t>(sink, static_cast<uint16_t>(*v.as_uint()));
    case ValueType::Int16: return put<Sink, int16_t>(sink, static_cast<int16_t>(*v.as_int()));
    case ValueType::UInt32: return put<Sink, uint32_t>(sink, static_cast<uint32_t>(*v.as_uint()));
    case ValueType::Int32: return put<Sink, int32_t>(sink, static_cast<int32_t>(*v.as_int()));
    case ValueType::UInt64: return put<Sink, uint64_t>(sink, *v.as_uint());
    case ValueType::Int64: return put<Sink, int64_t>(sink, *v.as_int());
    case ValueType::Float32: return put<Sink, float>(sink, static_cast<float>(*v.as_float()));
    case ValueType::Float64: return put<Sink, double>(sink, *v.as_float());
    case ValueType::Bool: return put<Sink, uint8_t>(sink, *v.as_bool() ? 1 : 0);
    case ValueType::String: return put_string(sink, v.as_string());
    case ValueType::Array: {
      TESSERA_TRY(put<Sink, uint32_t>(sink, static_cast<uint32_t>(v.array_type())));
      TESSERA_TRY(put<Sink, uint64_t>(sink, v.array_size()));
      // Arrays of scalars hold their on-disk bytes already.
      if (std::span<const uint8_t> bytes = v.scalar_bytes(); !bytes.empty()) return sink.write(bytes.data(), bytes.size());
      for (const auto& item : v.items()) {
        if (item.type() != v.array_type()) {
          return make_error(ErrorKind::InvalidArgument,
                            "metadata '" + key + "': array item of type " + std::string(value_type_name(item.type())) +
                                " in an array of " + std::string(value_type_name(v.array_type())));
        }
        TESSERA_TRY(put_value(sink, item, key));
      }
      return {};
    }
  }
  return make_error(ErrorKind::InvalidArgument, "metadata '" + key + "': unknown value type");
}

template <typename Sink>
Status pad_to(Sink& sink, uint64_t alignment) {
  static const uint8_t zeros[64] = {};
  uint64_t pad = (alignment - sink.pos() % alignment) % alignment;
  while (pad > 0) {
    uint64_t n = std::min<uint64_t>(pad, sizeof(zeros));
    TESSERA_TRY(sink.write(zeros, n));
    pad -= n;
  }
  return {};
}

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

}  // namespace

GgufWriter::GgufWriter() = default;

void GgufWriter::set_alignment(uint32_t alignment) {
  alignment_ = alignment;
  set("general.alignment", Value::u32(alignment));
}

void GgufWriter::set(std::string key, Value value) {
  for (auto& kv : metadata_) {
    if (kv.first == key) {
      kv.second = std::move(value);
      return;
    }
  }
  metadata_.emplace_back(std::move(key), std::move(value));
}

Status GgufWriter::check_tensor(const std::string& name, GgmlType type, const std::vector<int64_t>& dims,
                                uint64_t* n_bytes) const {
  if (name.empty()) return make_error(ErrorKind::InvalidArgument, "tensor name is empty");
  for (const auto& t : tensors_)
    if (t.name == name) return make_error(ErrorKind::InvalidArgument, "duplicate tensor name '" + name + "'");
  const TypeInfo* info = find_type_info(static_cast<uint32_t>(type));
  if (info == nullptr || info->support == TypeSupport::Removed) {
    return make_error(ErrorKind::InvalidArgument, "tensor '" + name + "': not a writable ggml type");
  }
  if (dims.empty() || dims.size() > 4) {
    return make_error(ErrorKind::InvalidArgument, "tensor '" + name + "': " + std::to_string(dims.size()) +
                                                      " dimensions, expected 1 to 4");
  }
  uint64_t elements = 1;
  for (int64_t d : dims) {
    if (d < 0 || __builtin_mul_overflow(elements, static_cast<uint64_t>(d), &elements)) {
      return make_error(ErrorKind::InvalidArgument, "tensor '" + name + "': invalid dimensions");
    }
  }
  if (dims[0] % info->block_size != 0) {
    return make_error(ErrorKind::InvalidArgument, "tensor '" + name + "': row of " + std::to_string(dims[0]) +
                                                      " elements is not a multiple of " + std::string(info->name) +
                                                      "'s block size " + std::to_string(info->block_size));
  }
  *n_bytes = elements / info->block_size * info->type_size;
  return {};
}

Status GgufWriter::add_tensor(std::string name, GgmlType type, std::vector<int64_t> dims, std::vector<uint8_t> data) {
  uint64_t n_bytes = 0;
  TESSERA_TRY(check_tensor(name, type, dims, &n_bytes));
  if (data.size() != n_bytes) {
    return make_error(ErrorKind::InvalidArgument, "tensor '" + name + "': " + std::to_string(data.size()) +
                                                      " bytes given, " + std::to_string(n_bytes) + " expected");
  }
  tensors_.push_back({std::move(name), type, std::move(dims), n_bytes, std::move(data), nullptr});
  return {};
}

Status GgufWriter::add_tensor_f32(std::string name, std::vector<int64_t> dims, const std::vector<float>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return add_tensor(std::move(name), GgmlType::F32, std::move(dims), std::move(bytes));
}

Status GgufWriter::add_tensor_generated(std::string name, GgmlType type, std::vector<int64_t> dims,
                                        Generator generator) {
  uint64_t n_bytes = 0;
  TESSERA_TRY(check_tensor(name, type, dims, &n_bytes));
  if (!generator) return make_error(ErrorKind::InvalidArgument, "tensor '" + name + "': no generator");
  tensors_.push_back({std::move(name), type, std::move(dims), n_bytes, {}, std::move(generator)});
  return {};
}

Result<GgufWriter> GgufWriter::copy_of(const GgufFile& file) {
  GgufWriter w;
  if (file.has("general.alignment")) w.set_alignment(static_cast<uint32_t>(file.alignment()));
  for (const auto& e : file.metadata()) w.set(e.key, e.value);
  if (!file.tensors().empty() && !file.has_tensor_data())
    return make_error(ErrorKind::InvalidArgument, file.path() + " was read without its tensor data");
  for (const TensorInfo& t : file.tensors()) {
    const std::span<const uint8_t> data = file.tensor_data(t);
    TESSERA_TRY(w.add_tensor_generated(t.name, t.type, t.dims, [data](uint8_t* dst, uint64_t n) -> Status {
      if (n != data.size()) return make_error(ErrorKind::InvalidArgument, "tensor size changed while copying");
      std::memcpy(dst, data.data(), n);
      return {};
    }));
  }
  return w;
}

template <typename Sink>
Status GgufWriter::write_to(Sink& sink) const {
  // Padding divides by the alignment, and a reader accepts only powers of two.
  if (alignment_ == 0 || (alignment_ & (alignment_ - 1)) != 0) {
    return make_error(ErrorKind::InvalidArgument,
                      "GGUF alignment " + std::to_string(alignment_) + " is not a power of two");
  }
  TESSERA_TRY(put<Sink, uint32_t>(sink, kMagic));
  TESSERA_TRY(put<Sink, uint32_t>(sink, version_));
  TESSERA_TRY(put<Sink, uint64_t>(sink, tensors_.size()));
  TESSERA_TRY(put<Sink, uint64_t>(sink, metadata_.size()));
  for (const auto& [key, value] : metadata_) {
    TESSERA_TRY(put_string(sink, key));
    TESSERA_TRY(put<Sink, uint32_t>(sink, static_cast<uint32_t>(value.type())));
    TESSERA_TRY(put_value(sink, value, key));
  }
  uint64_t offset = 0;
  for (const auto& t : tensors_) {
    TESSERA_TRY(put_string(sink, t.name));
    TESSERA_TRY(put<Sink, uint32_t>(sink, static_cast<uint32_t>(t.dims.size())));
    for (int64_t d : t.dims) TESSERA_TRY((put<Sink, uint64_t>(sink, static_cast<uint64_t>(d))));
    TESSERA_TRY(put<Sink, uint32_t>(sink, static_cast<uint32_t>(t.type)));
    TESSERA_TRY(put<Sink, uint64_t>(sink, offset));
    offset = align_up(offset + t.n_bytes, alignment_);
  }
  TESSERA_TRY(pad_to(sink, alignment_));
  std::vector<uint8_t> scratch;
  for (const auto& t : tensors_) {
    if (t.generator) {
      // Generate in bounded chunks? The generator contract is "fill exactly n_bytes", so a tensor
      // is materialised once; synth keeps tensors to one matrix at a time.
      scratch.assign(t.n_bytes, 0);
      TESSERA_TRY(t.generator(scratch.data(), t.n_bytes));
      TESSERA_TRY(sink.write(scratch.data(), scratch.size()));
    } else {
      TESSERA_TRY(sink.write(t.data.data(), t.data.size()));
    }
    TESSERA_TRY(pad_to(sink, alignment_));
  }
  return {};
}

Result<std::vector<uint8_t>> GgufWriter::to_bytes() const {
  std::vector<uint8_t> out;
  VectorSink sink{out};
  TESSERA_TRY(write_to(sink));
  return out;
}

Status GgufWriter::write_file(const std::string& path) const {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return make_error(ErrorKind::Io, "cannot create '" + path + "': " + std::strerror(errno));
  FileSink sink{f, path};
  Status st = write_to(sink);
  if (std::fclose(f) != 0 && st.ok()) {
    st = make_error(ErrorKind::Io, "cannot finish writing '" + path + "': " + std::strerror(errno));
  }
  if (!st.ok()) std::remove(path.c_str());
  return st;
}

}  // namespace tessera::gguf

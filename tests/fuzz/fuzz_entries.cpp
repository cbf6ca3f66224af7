#include "fuzz_entries.h"

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_split.h"
#include "gguf/gguf_value.h"
#include "gguf/gguf_writer.h"

#if TESSERA_FUZZ_HAS_TEMPLATE_ENTRY
#include "template/template_fuzz_entry.h"
#endif
#if TESSERA_FUZZ_HAS_TOKENIZER_ENTRY
#include "tokenizer/tokenizer_fuzz_entry.h"
#endif

// The entry headers are written by the template and tokenizer areas; which of these namespaces
// holds each function is theirs to choose, so the calls below look in all of them.
namespace tessera::templ {}
namespace tessera::jinja {}
namespace tessera::chat {}
namespace tessera::tokenizer {}

namespace tessera::fuzz {
namespace {

// Touches every item of a value, recursively; returns a checksum so nothing is optimised away.
uint64_t walk_value(const gguf::Value& v) {
  uint64_t sum = static_cast<uint64_t>(v.type());
  sum += v.as_int().value_or(0) + v.as_uint().value_or(0) + static_cast<uint64_t>(v.as_float().has_value()) +
         v.as_bool().value_or(false) + v.as_string().size();
  if (!v.is_array()) {
    FUZZ_CHECK(v.array_size() == 0);
    return sum;
  }
  const size_t n = v.items().size();
  FUZZ_CHECK(n == v.array_size());
  size_t seen = 0;
  for (const gguf::Value& item : v.items()) {
    FUZZ_CHECK(item.type() == v.array_type());
    sum += walk_value(item);
    // The typed views agree with the item built from the same storage.
    FUZZ_CHECK(v.int_item(seen) == item.as_int());
    FUZZ_CHECK(v.float_item(seen).has_value() == item.as_float().has_value());
    if (item.is_string()) FUZZ_CHECK(v.string_item(seen) == std::string_view(item.as_string()));
    ++seen;
  }
  FUZZ_CHECK(seen == n);
  FUZZ_CHECK(!v.string_item(n).has_value() && !v.int_item(n).has_value());
  if (n > 0) sum += v.items().back().to_display(2).size();
  return sum;
}

// Writes the metadata of `file` back with the writer and reads it again: the same keys, types and
// renderings (the writer and the reader agree on every value the reader accepts). A split set's
// place keys (split.no, split.count) are left out: one image cannot be a part of a set.
void check_metadata_round_trip(const gguf::GgufFile& file) {
  gguf::GgufWriter w;
  std::vector<const gguf::MetadataEntry*> kept;
  for (const auto& e : file.metadata()) {
    if (file.is_split() && (e.key == gguf::kSplitNoKey || e.key == gguf::kSplitCountKey)) continue;
    if (e.key == "general.alignment") {
      w.set_alignment(static_cast<uint32_t>(*e.value.as_uint()));  // the reader checked it
    }
    w.set(e.key, e.value);
    kept.push_back(&e);
  }
  auto bytes = w.to_bytes();
  FUZZ_CHECK(bytes.ok());
  auto again = gguf::GgufFile::from_bytes(std::move(bytes).value(), "rewritten");
  FUZZ_CHECK(again.ok());
  const auto& b = (*again)->metadata();
  FUZZ_CHECK(kept.size() == b.size());
  for (size_t i = 0; i < b.size(); ++i) {
    FUZZ_CHECK(kept[i]->key == b[i].key);
    FUZZ_CHECK(kept[i]->value.type() == b[i].value.type());
    FUZZ_CHECK(kept[i]->value.to_display(16) == b[i].value.to_display(16));
  }
}

// The parts of a set input (fuzz_entries.h); nullopt when `data` is a plain image.
std::optional<std::vector<gguf::ImagePart>> set_parts(const uint8_t* data, size_t size) {
  constexpr size_t kMagic = sizeof(kGgufSetMagic) - 1;
  if (size < kMagic + 1 || std::memcmp(data, kGgufSetMagic, kMagic) != 0) return std::nullopt;
  const size_t n = data[kMagic] % 8 + 1;
  size_t pos = kMagic + 1;
  std::vector<uint32_t> lengths;
  for (size_t i = 0; i + 1 < n && pos + 4 <= size; ++i, pos += 4) {
    uint32_t len;
    std::memcpy(&len, data + pos, 4);
    lengths.push_back(len);
  }
  std::vector<gguf::ImagePart> parts;
  for (size_t i = 0; i < n && pos <= size; ++i) {
    const size_t len = i < lengths.size() ? std::min<size_t>(lengths[i], size - pos) : size - pos;
    parts.push_back({std::vector<uint8_t>(data + pos, data + pos + len), "part" + std::to_string(i) + ".gguf", 0});
    pos += len;
  }
  return parts;
}

}  // namespace

void gguf_one_input(const uint8_t* data, size_t size) {
  auto parts = set_parts(data, size);
  auto r = parts ? gguf::GgufFile::from_parts(std::move(*parts))
                 : gguf::GgufFile::from_bytes(std::vector<uint8_t>(data, data + size), "fuzz.gguf");
  if (!r.ok()) {
    const Error& e = r.error();
    FUZZ_CHECK(e.kind == ErrorKind::BadFile || e.kind == ErrorKind::Unsupported);
    FUZZ_CHECK(!e.message.empty());
    return;
  }
  const gguf::GgufFile& file = **r;
  uint64_t sum = file.version() + file.alignment() + file.architecture().size();
  size_t memory = 0;
  for (const auto& e : file.metadata()) {
    FUZZ_CHECK(file.find(e.key) == &e.value);
    sum += walk_value(e.value) + e.value.to_display().size();
    sum += file.get_uint(e.key).ok() + file.get_int(e.key).ok() + file.get_float(e.key).ok() +
           file.get_bool(e.key).ok() + file.get_string(e.key).ok() + file.get_string_array(e.key).ok() +
           file.get_float_array(e.key).ok() + file.get_int_array(e.key).ok();
    memory += e.value.memory_bytes() + e.key.capacity();
  }
  // Compact arrays (gguf_value.h): the worst case is nested arrays at about 12 Values' worth of
  // memory per 12 bytes of file; 64x leaves room without letting a per-item blowup through.
  FUZZ_CHECK(memory <= 64 * size + (64u << 10));
  for (const auto& t : file.tensors()) {
    FUZZ_CHECK(file.find_tensor(t.name) == &t);
    FUZZ_CHECK(!t.dims.empty() && t.dims.size() <= static_cast<size_t>(gguf::kMaxDims));
    FUZZ_CHECK(t.part < file.parts().size());
    const gguf::FilePart& part = file.parts()[t.part];
    FUZZ_CHECK(part.data_offset <= part.size);
    FUZZ_CHECK(t.offset <= part.size - part.data_offset);
    FUZZ_CHECK(t.n_bytes <= part.size - part.data_offset - t.offset);
    auto span = file.tensor_data(t);
    FUZZ_CHECK(span.size() == t.n_bytes);
    if (!span.empty()) sum += span.front() + span.back();
    sum += static_cast<uint64_t>(t.rows()) + t.shape_string().size() + type_name(t.type).size() + t.n_elements;
  }
  uint64_t part_sizes = 0, part_tensors = 0;
  for (const gguf::FilePart& part : file.parts()) {
    part_sizes += part.size;
    part_tensors += part.tensor_count;
  }
  FUZZ_CHECK(!file.parts().empty() && part_sizes == file.file_size() && part_tensors == file.tensors().size());
  FUZZ_CHECK(file.parts().front().data_offset == file.data_offset());
  check_metadata_round_trip(file);
  volatile uint64_t sink = sum;
  (void)sink;
}

#if TESSERA_FUZZ_HAS_TEMPLATE_ENTRY
bool has_template_entry() { return true; }
void template_one_input(std::string_view input) {
  using namespace tessera;
  using namespace tessera::templ;
  using namespace tessera::jinja;
  using namespace tessera::chat;
  (void)render_untrusted_template(input);
}
#else
bool has_template_entry() { return false; }
void template_one_input(std::string_view) {}
#endif

#if TESSERA_FUZZ_NO_HTTP_ENTRY
bool has_http_entry() { return false; }
void http_one_input(const uint8_t*, size_t) {}
bool has_request_entry() { return false; }
void request_one_input(const uint8_t*, size_t) {}
bool has_reply_entry() { return false; }
void reply_one_input(const uint8_t*, size_t) {}
#endif

#if TESSERA_FUZZ_HAS_TOKENIZER_ENTRY
bool has_tokenizer_entry() { return true; }
void tokenizer_one_input(std::string_view input) {
  using namespace tessera;
  using namespace tessera::tokenizer;
  (void)tokenize_untrusted(input);
}
#else
bool has_tokenizer_entry() { return false; }
void tokenizer_one_input(std::string_view) {}
#endif

}  // namespace tessera::fuzz

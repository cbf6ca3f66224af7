#include "fuzz_entries.h"

#include <string>
#include <vector>

#include "gguf/gguf_file.h"
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

// Fails the run in a way libFuzzer (and a test) records, with the input that caused it.
#define FUZZ_CHECK(cond)        \
  do {                          \
    if (!(cond)) __builtin_trap(); \
  } while (0)

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
// renderings (the writer and the reader agree on every value the reader accepts).
void check_metadata_round_trip(const gguf::GgufFile& file) {
  gguf::GgufWriter w;
  for (const auto& e : file.metadata()) {
    if (e.key == "general.alignment") {
      w.set_alignment(static_cast<uint32_t>(*e.value.as_uint()));  // the reader checked it
    }
    w.set(e.key, e.value);
  }
  auto bytes = w.to_bytes();
  FUZZ_CHECK(bytes.ok());
  auto again = gguf::GgufFile::from_bytes(std::move(bytes).value(), "rewritten");
  FUZZ_CHECK(again.ok());
  const auto& a = file.metadata();
  const auto& b = (*again)->metadata();
  FUZZ_CHECK(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    FUZZ_CHECK(a[i].key == b[i].key);
    FUZZ_CHECK(a[i].value.type() == b[i].value.type());
    FUZZ_CHECK(a[i].value.to_display(16) == b[i].value.to_display(16));
  }
}

}  // namespace

void gguf_one_input(const uint8_t* data, size_t size) {
  auto r = gguf::GgufFile::from_bytes(std::vector<uint8_t>(data, data + size), "fuzz.gguf");
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
    FUZZ_CHECK(file.data_offset() <= file.file_size());
    FUZZ_CHECK(t.offset <= file.file_size() - file.data_offset());
    FUZZ_CHECK(t.n_bytes <= file.file_size() - file.data_offset() - t.offset);
    auto span = file.tensor_data(t);
    FUZZ_CHECK(span.size() == t.n_bytes);
    if (!span.empty()) sum += span.front() + span.back();
    sum += static_cast<uint64_t>(t.rows()) + t.shape_string().size() + type_name(t.type).size() + t.n_elements;
  }
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

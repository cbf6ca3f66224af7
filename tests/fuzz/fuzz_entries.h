// What each fuzz target does with one input, shared by the libFuzzer targets (tests/fuzz/*_fuzz.cpp,
// built with TESSERA_FUZZ=ON by tools/fuzz.sh) and by the regression suite, which feeds every file
// under tests/fuzz/regressions/<target>/ through the same function in the normal and ASan builds.
//
// An entry returns normally whatever the input; a crash, a sanitizer report or a broken invariant
// (checked with __builtin_trap, so that libFuzzer records the input) is a bug.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tessera::fuzz {

// Parses the bytes as a GGUF image from memory and walks every metadata value (all typed getters,
// every array item, the display form) and every tensor (info and data extent). Checks that what
// the metadata holds in memory stays within a constant factor of the input size, and that writing
// the metadata back with GgufWriter gives an image the reader accepts with the same values.
// An input that starts with kGgufSetMagic is a split set instead (gguf_split.h), read as the parts
// of one model (GgufFile::from_parts):
//   "GGUFSET" | u8 n (parts: n % 8 + 1) | (parts - 1) x u32 length | the parts' images in order
//   (the last part takes the rest; a length past the end cuts the set short).
void gguf_one_input(const uint8_t* data, size_t size);
inline constexpr char kGgufSetMagic[] = "GGUFSET";  // 7 bytes, no terminator in the input

// Whether this build has the entry points that core/template and core/tokenizer provide
// (template_fuzz_entry.h, tokenizer_fuzz_entry.h); the targets and regressions skip without them.
bool has_template_entry();
bool has_tokenizer_entry();

// Whether this build has the server's HTTP front (tessera_http_protocol; TESSERA_BUILD_SERVER).
bool has_http_entry();
// The bytes (after the first, which sets the size of each read) as one client connection's input
// to the server: requests read within small limits, the access policy applied, responses framed.
// Checks the limits hold (buffered bytes, body sizes, the shared body budget given back) and that
// refusals carry one of the statuses the front documents.
void http_one_input(const uint8_t* data, size_t size);

// A client's JSON schema and a reply under it (structured output, core/grammar):
//   u8 flags (bit 0: JsonSchemaOptions::zero_fractions) | schema JSON | NUL | the reply's bytes
// The schema is compiled; the reply is fed a byte at a time to the JsonMatcher (refused bytes
// skipped), and every value the matcher calls complete must be JSON that nlohmann's parser accepts.
bool has_schema_entry();
void schema_one_input(const uint8_t* data, size_t size);

// Whether this build has the server's request reader (tessera_openai_request; TESSERA_BUILD_SERVER).
bool has_request_entry();
// An OpenAI request body as a client sends it: u8 (bit 0: /v1/completions, else
// /v1/chat/completions) | the body. Either a request whose values are all in range (schemas
// compiled and completable) or a 400 with a bounded message.
void request_one_input(const uint8_t* data, size_t size);

// Whether this build has the server's reply encoder (tessera_openai; TESSERA_BUILD_SERVER).
bool has_reply_entry();
// A model's output through the server's reply encoder: u8 flags (bit 0: completions, bit 1:
// streamed, bit 2: tools (and, with think tags, a prompt that opened the thinking), bit 3: usage,
// bits 4-5: output format none / think tags / harmony / Gemma 4's thought channel, bits 6-7: the
// finish reason stop / length / error / cancelled) | u8 piece size (1 + n % 64) | the text. Every
// event sent is JSON (or [DONE], last); a whole body is one JSON document.
void reply_one_input(const uint8_t* data, size_t size);

// Renders the input as an untrusted chat template (tessera's render_untrusted_template).
void template_one_input(std::string_view input);
// Tokenizes the input as untrusted text (tessera's tokenize_untrusted).
void tokenizer_one_input(std::string_view input);

}  // namespace tessera::fuzz

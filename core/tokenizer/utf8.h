// UTF-8 helpers shared by the tokenizers and the streaming decoder. Everything works on raw bytes:
// text handed to the tokenizer may be invalid UTF-8, and byte-fallback tokens decode to single
// bytes, so nothing here assumes validity unless it says so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tessera::tokenizer::utf8 {

// Length of the sequence a lead byte announces: 1 for ASCII and for bytes that cannot start a
// sequence (continuation bytes 0x80-0xBF, 0xF8-0xFF), 2/3/4 for 110xxxxx/1110xxxx/11110xxx.
// This is the "how far does this character reach" rule SentencePiece-style splitting uses.
inline size_t sequence_length(uint8_t lead) {
  if (lead < 0xC0) return 1;
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  if (lead < 0xF8) return 4;
  return 1;
}

// Length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF), or 0 when `s` does not start with one (empty, stray or
// truncated sequence).
size_t valid_prefix_length(std::string_view s);

// True when the whole string is well-formed UTF-8.
bool is_valid(std::string_view s);

// Appends the UTF-8 encoding of `cp` (which must be <= 0x10FFFF) to `out`.
void append_codepoint(std::string& out, uint32_t cp);

// Decodes the code point at `s[pos]`, advancing `pos`. Invalid bytes decode as themselves
// (0x80-0xFF) and advance by one, so a loop over any byte string terminates.
uint32_t decode_at(std::string_view s, size_t& pos);

// Number of bytes at the end of `s` that form the beginning of a well-formed sequence still
// missing its continuation bytes (0 when `s` ends on a boundary or in bytes that can never
// complete). The streaming decoder holds these back until the rest arrives.
size_t incomplete_tail_length(std::string_view s);

}  // namespace tessera::tokenizer::utf8

// GPT-2's reversible byte <-> printable-character mapping used by byte-level BPE vocabularies:
// bytes that are printable Latin-1 ('!'..'~', U+00A1..U+00AC, U+00AE..U+00FF) map to themselves,
// the other 68 bytes map in increasing order to U+0100, U+0101, ... (so ' ' is 'Ġ' U+0120 and
// '\n' is 'Ċ' U+010A). Token texts in such vocabularies are written in these characters.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tessera::tokenizer {

// The code point byte `b` is written as.
uint32_t byte_to_codepoint(uint8_t b);
// The UTF-8 of that code point (1 or 2 bytes).
std::string_view byte_to_utf8(uint8_t b);
// The byte a code point stands for, or -1 when it is not one of the 256 mapped characters.
int codepoint_to_byte(uint32_t cp);

// Appends the byte-level encoding of raw bytes `text` to `out`.
void bytes_to_unicode_text(std::string_view text, std::string& out);
// Decodes a vocabulary token text back to raw bytes. Characters outside the mapping are copied
// through as their UTF-8 (tokens added by hand sometimes contain them).
void unicode_text_to_bytes(std::string_view token_text, std::string& out);

}  // namespace tessera::tokenizer

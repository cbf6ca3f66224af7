#include "tokenizer/byte_unicode.h"

#include <array>

#include "tokenizer/utf8.h"

namespace tessera::tokenizer {

namespace {

constexpr bool printable(int b) { return (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF); }

struct Tables {
  std::array<uint32_t, 256> cp{};
  std::array<std::array<char, 2>, 256> utf8{};
  std::array<uint8_t, 256> utf8_len{};
  std::array<int16_t, 324> to_byte{};  // every mapped code point is < 0x100 + 68

  constexpr Tables() {
    int next = 0;
    for (int b = 0; b < 256; ++b) cp[static_cast<size_t>(b)] = printable(b) ? static_cast<uint32_t>(b) : 0x100u + static_cast<uint32_t>(next++);
    for (auto& v : to_byte) v = -1;
    for (int b = 0; b < 256; ++b) {
      const uint32_t c = cp[static_cast<size_t>(b)];
      to_byte[c] = static_cast<int16_t>(b);
      if (c < 0x80) {
        utf8[static_cast<size_t>(b)] = {static_cast<char>(c), 0};
        utf8_len[static_cast<size_t>(b)] = 1;
      } else {
        utf8[static_cast<size_t>(b)] = {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
        utf8_len[static_cast<size_t>(b)] = 2;
      }
    }
  }
};

constexpr Tables kTables{};

}  // namespace

uint32_t byte_to_codepoint(uint8_t b) { return kTables.cp[b]; }

std::string_view byte_to_utf8(uint8_t b) { return {kTables.utf8[b].data(), kTables.utf8_len[b]}; }

int codepoint_to_byte(uint32_t cp) { return cp < kTables.to_byte.size() ? kTables.to_byte[cp] : -1; }

void bytes_to_unicode_text(std::string_view text, std::string& out) {
  for (char c : text) out.append(byte_to_utf8(static_cast<uint8_t>(c)));
}

void unicode_text_to_bytes(std::string_view token_text, std::string& out) {
  size_t pos = 0;
  while (pos < token_text.size()) {
    const size_t start = pos;
    const uint32_t cp = utf8::decode_at(token_text, pos);
    const int b = codepoint_to_byte(cp);
    if (b >= 0 && utf8::valid_prefix_length(token_text.substr(start)) == pos - start) {
      out.push_back(static_cast<char>(b));
    } else {
      out.append(token_text.substr(start, pos - start));
    }
  }
}

}  // namespace tessera::tokenizer

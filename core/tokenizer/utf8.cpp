#include "tokenizer/utf8.h"

namespace tessera::tokenizer::utf8 {

namespace {

bool is_cont(uint8_t b) { return (b & 0xC0) == 0x80; }

// Allowed range of the second byte for a lead byte (Unicode Table 3-7); the remaining
// continuation bytes are always 0x80..0xBF.
void second_byte_range(uint8_t lead, uint8_t& lo, uint8_t& hi) {
  lo = 0x80;
  hi = 0xBF;
  if (lead == 0xE0) lo = 0xA0;        // no overlong 3-byte forms
  else if (lead == 0xED) hi = 0x9F;   // no surrogates
  else if (lead == 0xF0) lo = 0x90;   // no overlong 4-byte forms
  else if (lead == 0xF4) hi = 0x8F;   // nothing above U+10FFFF
}

// Expected total length for a lead byte that may start a well-formed sequence, else 0.
size_t expected_length(uint8_t lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

}  // namespace

size_t valid_prefix_length(std::string_view s) {
  if (s.empty()) return 0;
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const size_t need = expected_length(p[0]);
  if (need == 0 || need > s.size()) return 0;
  if (need == 1) return 1;
  uint8_t lo, hi;
  second_byte_range(p[0], lo, hi);
  if (p[1] < lo || p[1] > hi) return 0;
  for (size_t i = 2; i < need; ++i)
    if (!is_cont(p[i])) return 0;
  return need;
}

bool is_valid(std::string_view s) {
  size_t i = 0;
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  while (i < s.size()) {
    if (p[i] < 0x80) {  // fast path for ASCII runs
      ++i;
      continue;
    }
    const size_t n = valid_prefix_length(s.substr(i));
    if (n == 0) return false;
    i += n;
  }
  return true;
}

void append_codepoint(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

uint32_t decode_at(std::string_view s, size_t& pos) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data()) + pos;
  const size_t n = valid_prefix_length(s.substr(pos));
  if (n == 0) {
    ++pos;
    return p[0];
  }
  pos += n;
  switch (n) {
    case 1: return p[0];
    case 2: return ((p[0] & 0x1Fu) << 6) | (p[1] & 0x3Fu);
    case 3: return ((p[0] & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
    default:
      return ((p[0] & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
  }
}

size_t incomplete_tail_length(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const size_t n = s.size();
  // A pending sequence is at most 3 bytes (a 4-byte sequence missing its last byte).
  for (size_t back = 1; back <= 3 && back <= n; ++back) {
    const uint8_t b = p[n - back];
    if (is_cont(b)) continue;  // keep looking for the lead byte
    const size_t need = expected_length(b);
    if (need <= back) return 0;  // ASCII, invalid lead, or a sequence already complete
    // Check that the bytes present so far are a valid beginning (so that a byte run that can
    // never complete is not held back forever).
    uint8_t lo, hi;
    second_byte_range(b, lo, hi);
    if (back >= 2 && (p[n - back + 1] < lo || p[n - back + 1] > hi)) return 0;
    return back;
  }
  return 0;
}

}  // namespace tessera::tokenizer::utf8

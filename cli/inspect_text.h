// Text from a file on a terminal: `tessera-cli inspect` prints metadata keys and strings, tensor
// names and error messages that come from a downloaded file, so they must not reach the terminal
// raw (ESC, BEL, CSI and friends would let the file drive the terminal: escape injection).
//
// terminal_safe() keeps printable ASCII and valid UTF-8 as they are and writes everything else as
// an escape: \a \b \t \n \v \f \r for those controls, \xNN for other C0 controls, DEL and every
// byte of invalid UTF-8 (overlong forms, surrogates, code points past U+10FFFF, truncated
// sequences), \uXXXX for the C1 controls U+0080..U+009F (an 8-bit CSI is U+009B) and the
// bidirectional overrides U+202A..U+202E, U+2066..U+2069 (they reorder what follows on screen).
// A backslash in the text stays a single backslash (Value::to_display already writes \n and \"
// that way), so the output is safe, though not reversible.
//
// Header-only so that the CLI tests check it in-process too.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace tessera::cli {

namespace inspect_text_detail {

// Length of the valid UTF-8 sequence at s[i] and its code point, or 0 when it is not valid.
inline size_t valid_sequence(std::string_view s, size_t i, uint32_t& cp) {
  const auto b0 = static_cast<uint8_t>(s[i]);
  size_t len;
  uint32_t min;
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  } else if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (s.size() - i < len) return 0;
  for (size_t k = 1; k < len; ++k) {
    const auto b = static_cast<uint8_t>(s[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

inline bool is_hidden_code_point(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace inspect_text_detail

inline std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  char buf[12];
  for (size_t i = 0; i < text.size();) {
    const auto b = static_cast<uint8_t>(text[i]);
    if (b >= 0x20 && b < 0x7F) {
      out.push_back(static_cast<char>(b));
      ++i;
      continue;
    }
    if (b < 0x80) {
      switch (b) {
        case '\a': out += "\\a"; break;
        case '\b': out += "\\b"; break;
        case '\t': out += "\\t"; break;
        case '\n': out += "\\n"; break;
        case '\v': out += "\\v"; break;
        case '\f': out += "\\f"; break;
        case '\r': out += "\\r"; break;
        default:
          std::snprintf(buf, sizeof buf, "\\x%02x", b);
          out += buf;
      }
      ++i;
      continue;
    }
    uint32_t cp = 0;
    const size_t len = inspect_text_detail::valid_sequence(text, i, cp);
    if (len == 0) {
      std::snprintf(buf, sizeof buf, "\\x%02x", b);
      out += buf;
      ++i;
    } else if (inspect_text_detail::is_hidden_code_point(cp)) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      out += buf;
      i += len;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

}  // namespace tessera::cli

// Text from a file or a model on a terminal. A GGUF file's metadata, tensor names, file names in
// error messages and the text a model generates (a hostile vocabulary, or byte tokens like <0x1B>)
// must not reach a terminal raw: ESC, BEL, CSI and friends would let them drive the terminal
// (retitle it, recolour it, move the cursor: escape injection).
//
// terminal_safe() keeps printable ASCII and valid UTF-8 as they are and writes everything else as
// an escape: \a \b \t \n \v \f \r for those controls, \xNN for other C0 controls, DEL and every
// byte of invalid UTF-8 (overlong forms, surrogates, code points past U+10FFFF, truncated
// sequences), \uXXXX for the C1 controls U+0080..U+009F (an 8-bit CSI is U+009B) and the
// bidirectional overrides U+202A..U+202E, U+2066..U+2069 (they reorder what follows on screen).
// A backslash in the text stays a single backslash (Value::to_display already writes \n and \"
// that way), so the output is safe, though not reversible. `inspect` escapes its line-oriented
// listing always; generated text and messages keep their newlines and tabs, and are escaped only
// on a terminal (a pipe or a file gets the bytes exactly: scripts, --json).
//
// Header-only so that the CLI tests check it in-process too.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "tokenizer/utf8.h"

namespace tessera::cli {

namespace terminal_text_detail {

inline bool is_hidden_code_point(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace terminal_text_detail

// Newlines and tabs: escaped (one line per item, as `inspect` lists) or kept (running text).
enum class LineBreaks { Escape, Keep };

inline std::string terminal_safe(std::string_view text, LineBreaks breaks = LineBreaks::Escape) {
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
      if (breaks == LineBreaks::Keep && (b == '\n' || b == '\t')) {
        out.push_back(static_cast<char>(b));
        ++i;
        continue;
      }
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
    // Well-formed UTF-8 by the tokenizer's one definition (RFC 3629: no overlongs, surrogates or
    // code points past U+10FFFF).
    const size_t len = tokenizer::utf8::valid_prefix_length(text.substr(i));
    size_t at = i;
    const uint32_t cp = len == 0 ? 0 : tokenizer::utf8::decode_at(text, at);
    if (len == 0) {
      std::snprintf(buf, sizeof buf, "\\x%02x", b);
      out += buf;
      ++i;
    } else if (terminal_text_detail::is_hidden_code_point(cp)) {
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

inline bool is_terminal(FILE* stream) { return ::isatty(::fileno(stream)) != 0; }

// What `stream` gets for `text`: on a terminal, terminal_safe with newlines and tabs kept; a pipe
// or a file gets the bytes unchanged.
inline std::string for_stream(FILE* stream, std::string_view text) {
  return is_terminal(stream) ? terminal_safe(text, LineBreaks::Keep) : std::string(text);
}

// "tessera-cli COMMAND: MESSAGE" and a newline on stderr; the message (it may quote file names,
// template text or model text) made safe on a terminal.
inline void print_error(std::string_view command, std::string_view message) {
  std::fprintf(stderr, "tessera-cli %.*s: %s\n", static_cast<int>(command.size()), command.data(),
               for_stream(stderr, message).c_str());
}

}  // namespace tessera::cli

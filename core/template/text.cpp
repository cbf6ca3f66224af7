#include "template/text.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace tessera::jinja::text {

namespace {

constexpr char32_t kEscapeBase = 0xDC00;  // invalid byte b decodes to U+DC00 + b (b >= 0x80)

bool is_escaped_byte(char32_t c) { return c >= 0xDC80 && c <= 0xDCFF; }

}  // namespace

std::u32string decode(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
      out.push_back(b0);
      ++i;
      continue;
    }
    int len = 0;
    char32_t cp = 0;
    char32_t min = 0;
    if ((b0 & 0xE0) == 0xC0) { len = 2; cp = b0 & 0x1F; min = 0x80; }
    else if ((b0 & 0xF0) == 0xE0) { len = 3; cp = b0 & 0x0F; min = 0x800; }
    else if ((b0 & 0xF8) == 0xF0) { len = 4; cp = b0 & 0x07; min = 0x10000; }
    bool valid = len > 0 && i + static_cast<size_t>(len) <= n;
    for (int k = 1; valid && k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      if ((b & 0xC0) != 0x80) valid = false;
      else cp = (cp << 6) | (b & 0x3F);
    }
    if (valid && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) valid = false;
    if (!valid) {
      out.push_back(kEscapeBase + b0);
      ++i;
      continue;
    }
    out.push_back(cp);
    i += static_cast<size_t>(len);
  }
  return out;
}

void append_utf8(std::string& out, char32_t c) {
  if (is_escaped_byte(c)) {
    out.push_back(static_cast<char>(c - kEscapeBase));
  } else if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

std::string encode(std::u32string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : s) append_utf8(out, c);
  return out;
}

size_t length(std::string_view s) {
  bool ascii = true;
  for (char ch : s)
    if (static_cast<unsigned char>(ch) >= 0x80) { ascii = false; break; }
  return ascii ? s.size() : decode(s).size();
}

bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

char32_t to_upper(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 32 : c;
  if (c == 0xB5) return 0x39C;
  if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 32;
  if (c == 0xFF) return 0x178;
  if (c >= 0x100 && c <= 0x17F) {
    if (c == 0x131) return 'I';
    if (c == 0x17F) return 'S';
    if ((c <= 0x12F || (c >= 0x132 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) && (c & 1)) return c - 1;
    if (((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) && !(c & 1)) return c - 1;
    return c;
  }
  if (c >= 0x3B1 && c <= 0x3CB) return c == 0x3C2 ? 0x3A3 : c - 32;
  if (c == 0x3AC) return 0x386;
  if (c >= 0x3AD && c <= 0x3AF) return c - 37;
  if (c == 0x3CC) return 0x38C;
  if (c == 0x3CD || c == 0x3CE) return c - 63;
  if (c >= 0x430 && c <= 0x44F) return c - 32;
  if (c >= 0x450 && c <= 0x45F) return c - 80;
  if (((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF)) && (c & 1)) return c - 1;
  if (c >= 0x561 && c <= 0x586) return c - 48;
  if (c >= 0xFF41 && c <= 0xFF5A) return c - 32;
  return c;
}

char32_t to_lower(char32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
  if (c == 0x178) return 0xFF;
  if (c >= 0x100 && c <= 0x17F) {
    if (c == 0x130) return 'i';
    if ((c <= 0x12F || (c >= 0x132 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) && !(c & 1)) return c + 1;
    if (((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) && (c & 1)) return c + 1;
    return c;
  }
  if ((c >= 0x391 && c <= 0x3A1) || (c >= 0x3A3 && c <= 0x3AB)) return c + 32;
  if (c == 0x386) return 0x3AC;
  if (c >= 0x388 && c <= 0x38A) return c + 37;
  if (c == 0x38C) return 0x3CC;
  if (c == 0x38E || c == 0x38F) return c + 63;
  if (c >= 0x410 && c <= 0x42F) return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  if (((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF)) && !(c & 1)) return c + 1;
  if (c >= 0x531 && c <= 0x556) return c + 48;
  if (c >= 0xFF21 && c <= 0xFF3A) return c + 32;
  return c;
}

bool is_upper(char32_t c) { return to_lower(c) != c; }
bool is_lower(char32_t c) { return to_upper(c) != c || c == 0xDF || c == 0x138 || c == 0x149; }
bool is_cased(char32_t c) { return is_upper(c) || is_lower(c); }
bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

bool is_alpha(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  if (is_cased(c)) return true;
  if (is_space(c) || is_escaped_byte(c)) return false;
  if (c <= 0xBF) return c == 0xAA || c == 0xBA;
  if (c == 0xD7 || c == 0xF7) return false;
  if (c >= 0x2000 && c <= 0x2BFF) return false;   // punctuation, symbols, arrows, math, shapes
  if (c >= 0x3000 && c <= 0x303F) return false;   // CJK punctuation
  if (c >= 0xE000 && c <= 0xF8FF) return false;   // private use
  if (c >= 0xFE30 && c <= 0xFE4F) return false;   // CJK compatibility forms
  if ((c >= 0xFF00 && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65)) return false;
  if (c >= 0x1F000 && c <= 0x1FAFF) return false; // emoji and pictographs
  return true;
}

bool is_word(char32_t c) { return is_alpha(c) || is_digit(c) || c == '_'; }

std::string upper(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : decode(s)) {
    if (c == 0xDF) out += "SS";
    else append_utf8(out, to_upper(c));
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t c : decode(s)) append_utf8(out, to_lower(c));
  return out;
}

std::string capitalize(std::string_view s) {
  std::u32string cps = decode(s);
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < cps.size(); ++i) append_utf8(out, i == 0 ? to_upper(cps[i]) : to_lower(cps[i]));
  return out;
}

std::string title(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool previous_cased = false;
  for (char32_t c : decode(s)) {
    if (is_cased(c)) {
      append_utf8(out, previous_cased ? to_lower(c) : to_upper(c));
      previous_cased = true;
    } else {
      append_utf8(out, c);
      previous_cased = false;
    }
  }
  return out;
}

std::string strip(std::string_view s, bool left, bool right, const std::optional<std::string>& chars) {
  std::u32string cps = decode(s);
  std::u32string set;
  if (chars) set = decode(*chars);
  auto strippable = [&](char32_t c) { return chars ? set.find(c) != std::u32string::npos : is_space(c); };
  size_t b = 0, e = cps.size();
  if (left)
    while (b < e && strippable(cps[b])) ++b;
  if (right)
    while (e > b && strippable(cps[e - 1])) --e;
  return encode(std::u32string_view(cps).substr(b, e - b));
}

std::vector<std::string> split(std::string_view s, const std::optional<std::string>& sep, int64_t maxsplit) {
  std::vector<std::string> out;
  if (maxsplit < 0) maxsplit = INT64_MAX;
  if (!sep) {
    std::u32string cps = decode(s);
    const size_t n = cps.size();
    size_t i = 0;
    while (maxsplit-- > 0) {
      while (i < n && is_space(cps[i])) ++i;
      if (i == n) break;
      size_t j = i++;
      while (i < n && !is_space(cps[i])) ++i;
      out.push_back(encode(std::u32string_view(cps).substr(j, i - j)));
    }
    if (i < n) {
      while (i < n && is_space(cps[i])) ++i;
      if (i != n) out.push_back(encode(std::u32string_view(cps).substr(i)));
    }
    return out;
  }
  if (sep->empty()) return {std::string(s)};
  size_t pos = 0;
  while (maxsplit-- > 0) {
    size_t hit = s.find(*sep, pos);
    if (hit == std::string_view::npos) break;
    out.emplace_back(s.substr(pos, hit - pos));
    pos = hit + sep->size();
  }
  out.emplace_back(s.substr(pos));
  return out;
}

std::vector<std::string> rsplit(std::string_view s, const std::optional<std::string>& sep, int64_t maxsplit) {
  std::vector<std::string> out;
  if (maxsplit < 0) maxsplit = INT64_MAX;
  if (!sep) {
    std::u32string cps = decode(s);
    size_t i = cps.size();
    while (maxsplit-- > 0) {
      while (i > 0 && is_space(cps[i - 1])) --i;
      if (i == 0) break;
      size_t j = i--;
      while (i > 0 && !is_space(cps[i - 1])) --i;
      out.push_back(encode(std::u32string_view(cps).substr(i, j - i)));
    }
    if (i > 0) {
      while (i > 0 && is_space(cps[i - 1])) --i;
      if (i != 0) out.push_back(encode(std::u32string_view(cps).substr(0, i)));
    }
    return {out.rbegin(), out.rend()};
  }
  if (sep->empty()) return {std::string(s)};
  size_t end = s.size();
  while (maxsplit-- > 0 && end >= sep->size()) {
    size_t hit = s.rfind(*sep, end - sep->size());
    if (hit == std::string_view::npos) break;
    out.emplace_back(s.substr(hit + sep->size(), end - hit - sep->size()));
    end = hit;
  }
  out.emplace_back(s.substr(0, end));
  return {out.rbegin(), out.rend()};
}

std::vector<std::string> splitlines(std::string_view s, bool keepends) {
  std::vector<std::string> out;
  std::u32string cps = decode(s);
  const size_t n = cps.size();
  size_t start = 0, i = 0;
  while (i < n) {
    char32_t c = cps[i];
    bool brk = c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || (c >= 0x1C && c <= 0x1E) || c == 0x85 ||
               c == 0x2028 || c == 0x2029;
    if (!brk) {
      ++i;
      continue;
    }
    size_t eol = i + 1;
    if (c == '\r' && eol < n && cps[eol] == '\n') ++eol;
    out.push_back(encode(std::u32string_view(cps).substr(start, (keepends ? eol : i) - start)));
    start = i = eol;
  }
  if (start < n) out.push_back(encode(std::u32string_view(cps).substr(start)));
  return out;
}

std::string replace(std::string_view s, std::string_view old_text, std::string_view new_text, int64_t count) {
  if (count < 0) count = INT64_MAX;
  std::string out;
  if (old_text.empty()) {
    std::u32string cps = decode(s);
    for (char32_t c : cps) {
      if (count > 0) { out += new_text; --count; }
      append_utf8(out, c);
    }
    if (count > 0) out += new_text;
    return out;
  }
  size_t pos = 0;
  while (count > 0) {
    size_t hit = s.find(old_text, pos);
    if (hit == std::string_view::npos) break;
    out.append(s.substr(pos, hit - pos));
    out.append(new_text);
    pos = hit + old_text.size();
    --count;
  }
  out.append(s.substr(pos));
  return out;
}

int64_t find(std::string_view s, std::string_view needle) {
  size_t hit = s.find(needle);
  if (hit == std::string_view::npos) return -1;
  return static_cast<int64_t>(length(s.substr(0, hit)));
}

int64_t count(std::string_view s, std::string_view needle) {
  if (needle.empty()) return static_cast<int64_t>(length(s)) + 1;
  int64_t n = 0;
  for (size_t pos = s.find(needle); pos != std::string_view::npos; pos = s.find(needle, pos + needle.size())) ++n;
  return n;
}

size_t html_escaped_size(std::string_view s) {
  size_t n = s.size();
  for (char c : s) n += c == '&' ? 4 : (c == '<' || c == '>') ? 3 : (c == '"' || c == '\'') ? 4 : 0;
  return n;
}

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(html_escaped_size(s));
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&#34;"; break;
      case '\'': out += "&#39;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string repr(std::string_view s) {
  const bool has_single = s.find('\'') != std::string_view::npos;
  const bool has_double = s.find('"') != std::string_view::npos;
  const char quote = (has_single && !has_double) ? '"' : '\'';
  std::string out(1, quote);
  char buf[16];
  for (char32_t c : decode(s)) {
    if (c == static_cast<char32_t>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0xA0) || c == 0xAD) {
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else if (is_escaped_byte(c)) {
      std::snprintf(buf, sizeof buf, "\\udc%02x", static_cast<unsigned>(c - kEscapeBase));
      out += buf;
    } else if ((c > 0x20 && is_space(c)) || (c >= 0x200B && c <= 0x200F) || (c >= 0x2060 && c <= 0x2064) ||
               c == 0xFEFF || (c >= 0xE000 && c <= 0xF8FF)) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      append_utf8(out, c);
    }
  }
  out.push_back(quote);
  return out;
}

std::string format_float(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  // sci is "[-]d[.ddd]e(+|-)XX"
  std::string sign;
  size_t p = 0;
  if (sci[0] == '-') { sign = "-"; p = 1; }
  size_t e_pos = sci.find('e');
  std::string mant = sci.substr(p, e_pos - p);
  int exp = std::atoi(sci.c_str() + e_pos + 1);
  std::string digits;
  for (char c : mant)
    if (c != '.') digits.push_back(c);
  if (exp >= -4 && exp < 16) {
    std::string out = sign;
    if (exp >= 0) {
      const size_t int_len = static_cast<size_t>(exp) + 1;
      if (digits.size() <= int_len) {
        out += digits + std::string(int_len - digits.size(), '0') + ".0";
      } else {
        out += digits.substr(0, int_len) + "." + digits.substr(int_len);
      }
    } else {
      out += "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
    }
    return out;
  }
  std::string out = sign + digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  char ebuf[16];
  std::snprintf(ebuf, sizeof ebuf, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  return out + ebuf;
}

namespace {

// Removes Python's single '_' digit separators; nullopt when misplaced.
std::optional<std::string> without_underscores(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '_') {
      auto is_digitish = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
      if (i == 0 || i + 1 == s.size() || !is_digitish(s[i - 1]) || !is_digitish(s[i + 1])) return std::nullopt;
      continue;
    }
    out.push_back(s[i]);
  }
  return out;
}

}  // namespace

std::optional<int64_t> parse_int(std::string_view s, int base) {
  std::string t = strip(s, true, true);
  if (t.empty()) return std::nullopt;
  bool negative = false;
  size_t p = 0;
  if (t[0] == '+' || t[0] == '-') {
    negative = t[0] == '-';
    p = 1;
  }
  std::string_view digits = std::string_view(t).substr(p);
  // Python accepts the base's prefix: int("0x1A", 16).
  if (digits.size() > 2 && digits[0] == '0') {
    const char x = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[1])));
    if ((base == 16 && x == 'x') || (base == 8 && x == 'o') || (base == 2 && x == 'b')) digits.remove_prefix(2);
  }
  auto body = without_underscores(digits);
  if (!body || body->empty()) return std::nullopt;
  uint64_t value = 0;
  auto res = std::from_chars(body->data(), body->data() + body->size(), value, base);
  if (res.ec != std::errc() || res.ptr != body->data() + body->size()) return std::nullopt;
  if (negative) {
    if (value > static_cast<uint64_t>(INT64_MAX) + 1) return std::nullopt;
    return static_cast<int64_t>(0 - value);
  }
  if (value > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  return static_cast<int64_t>(value);
}

std::optional<double> parse_float(std::string_view s) {
  std::string t = strip(s, true, true);
  if (t.empty()) return std::nullopt;
  bool negative = false;
  size_t p = 0;
  if (t[0] == '+' || t[0] == '-') {
    negative = t[0] == '-';
    p = 1;
  }
  std::string rest = lower(std::string_view(t).substr(p));
  double v = 0;
  if (rest == "inf" || rest == "infinity") {
    v = INFINITY;
  } else if (rest == "nan") {
    v = NAN;
  } else {
    auto body = without_underscores(rest);
    if (!body || body->empty()) return std::nullopt;
    // from_chars accepts "1e5", ".5", "5." and rejects signs and hex here (general format).
    for (char c : *body)
      if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == '+' || c == '-'))
        return std::nullopt;
    auto res = std::from_chars(body->data(), body->data() + body->size(), v, std::chars_format::general);
    if (res.ec != std::errc() || res.ptr != body->data() + body->size()) return std::nullopt;
  }
  return negative ? -v : v;
}

}  // namespace tessera::jinja::text

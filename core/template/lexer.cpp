#include "template/lexer.h"

#include <cstring>

#include "template/template_error.h"
#include "template/text.h"

namespace tessera::jinja {

const char* token_type_name(TokenType type) {
  switch (type) {
    case TokenType::Data: return "template data";
    case TokenType::VariableBegin: return "'{{'";
    case TokenType::VariableEnd: return "'}}'";
    case TokenType::BlockBegin: return "'{%'";
    case TokenType::BlockEnd: return "'%}'";
    case TokenType::Name: return "name";
    case TokenType::String: return "string";
    case TokenType::Integer: return "integer";
    case TokenType::Float: return "float";
    case TokenType::Operator: return "operator";
    case TokenType::Eof: return "end of template";
  }
  return "token";
}

namespace {

bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_dec(char c) { return c >= '0' && c <= '9'; }

// Operators, longest first so that "**" wins over "*".
constexpr const char* kOperators[] = {"//", "**", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">",
                                      "=", "(", ")", "[", "]", "{", "}", ",", ".", ":", "|", ";"};

std::string normalize_newlines(std::string_view source, bool keep_trailing_newline) {
  std::string out;
  out.reserve(source.size());
  for (size_t i = 0; i < source.size(); ++i) {
    if (source[i] == '\r') {
      out.push_back('\n');
      if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
    } else {
      out.push_back(source[i]);
    }
  }
  if (!keep_trailing_newline && !out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

// Python's "unicode_escape" decoding of a string literal's body.
std::string decode_escapes(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 == body.size()) {
      out.push_back(c);
      continue;
    }
    char e = body[++i];
    auto hex = [&](size_t digits) -> bool {
      if (i + digits >= body.size()) return false;
      uint32_t cp = 0;
      for (size_t k = 1; k <= digits; ++k) {
        char h = body[i + k];
        if (!std::isxdigit(static_cast<unsigned char>(h))) return false;
        cp = cp * 16 + static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
      }
      if (cp > 0x10FFFF) return false;
      text::append_utf8(out, cp);
      i += digits;
      return true;
    };
    switch (e) {
      case '\n': break;  // line continuation
      case '\\': out.push_back('\\'); break;
      case '\'': out.push_back('\''); break;
      case '"': out.push_back('"'); break;
      case 'a': out.push_back('\a'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case 't': out.push_back('\t'); break;
      case 'v': out.push_back('\v'); break;
      case 'x':
        if (!hex(2)) { out.push_back('\\'); out.push_back('x'); }
        break;
      case 'u':
        if (!hex(4)) { out.push_back('\\'); out.push_back('u'); }
        break;
      case 'U':
        if (!hex(8)) { out.push_back('\\'); out.push_back('U'); }
        break;
      default:
        if (e >= '0' && e <= '7') {
          uint32_t cp = static_cast<uint32_t>(e - '0');
          for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
            cp = cp * 8 + static_cast<uint32_t>(body[++i] - '0');
          text::append_utf8(out, cp);
        } else {
          out.push_back('\\');
          out.push_back(e);
        }
    }
  }
  return out;
}

class Lexer {
 public:
  Lexer(std::string source, const LexerOptions& options) : src_(std::move(source)), o_(options) {}

  Result<std::vector<Token>> run() {
    const size_t n = src_.size();
    while (pos_ < n) {
      size_t tag = find_tag(pos_);
      if (tag == std::string::npos) {
        emit_data(src_.substr(pos_), n);
        break;
      }
      const char kind = src_[tag + 1];
      size_t after = tag + 2;
      char sign = 0;
      if (after < n && (src_[after] == '-' || src_[after] == '+')) sign = src_[after++];
      size_t raw_body = 0;
      const bool raw = kind == '%' && match_raw_begin(after, &raw_body);

      std::string text = src_.substr(pos_, tag - pos_);
      if (sign == '-') {
        text = text::strip(text, false, true);
      } else if (sign != '+' && o_.lstrip_blocks && kind != '{') {
        text = lstrip_line(std::move(text));
      }
      emit_data(std::move(text), tag);

      if (raw) {
        TESSERA_TRY(lex_raw(raw_body));
      } else if (kind == '#') {
        TESSERA_TRY(lex_comment(after));
      } else {
        TESSERA_TRY(lex_tag(kind == '%', after));
      }
    }
    Token eof;
    eof.type = TokenType::Eof;
    eof.line = line_;
    tokens_.push_back(eof);
    return std::move(tokens_);
  }

 private:
  size_t find_tag(size_t from) const {
    for (size_t p = src_.find('{', from); p != std::string::npos; p = src_.find('{', p + 1)) {
      if (p + 1 < src_.size() && (src_[p + 1] == '{' || src_[p + 1] == '%' || src_[p + 1] == '#')) return p;
    }
    return std::string::npos;
  }

  // lstrip_blocks: drop the spaces/tabs between the start of the line and the tag.
  std::string lstrip_line(std::string text) const {
    size_t l_pos = text.rfind('\n');
    l_pos = l_pos == std::string::npos ? 0 : l_pos + 1;
    if (l_pos == 0 && !line_starting_) return text;
    if (l_pos == text.size()) return text;
    for (char32_t c : text::decode(std::string_view(text).substr(l_pos)))
      if (!text::is_space(c)) return text;
    text.resize(l_pos);
    return text;
  }

  // Moves pos_ to `to`, counting the newlines passed.
  void advance(size_t to) {
    for (size_t i = pos_; i < to && i < src_.size(); ++i)
      if (src_[i] == '\n') ++line_;
    pos_ = to;
  }

  // Emits literal text (already whitespace-processed) and advances the cursor to `to`.
  void emit_data(std::string text, size_t to) {
    if (!text.empty()) {
      Token t;
      t.type = TokenType::Data;
      t.text = std::move(text);
      t.line = line_;
      tokens_.push_back(std::move(t));
    }
    advance(to);
  }

  size_t skip_ws(size_t p) const {
    while (p < src_.size() && is_ascii_space(src_[p])) ++p;
    return p;
  }

  // After "{%" (and its sign): `\s*raw\s*(-%}\s*|%})`. Sets *body to where the raw text starts.
  bool match_raw_begin(size_t p, size_t* body) const {
    p = skip_ws(p);
    if (src_.compare(p, 3, "raw") != 0 || (p + 3 < src_.size() && is_name_char(src_[p + 3]))) return false;
    p = skip_ws(p + 3);
    if (src_.compare(p, 3, "-%}") == 0) {
      *body = skip_ws(p + 3);
      return true;
    }
    if (src_.compare(p, 2, "%}") == 0) {
      *body = p + 2;
      return true;
    }
    return false;
  }

  // Sets line_starting_ from the last character the tag end consumed.
  void end_tag_at(size_t end) {
    line_starting_ = end > 0 && src_[end - 1] == '\n';
    advance(end);
  }

  Status lex_raw(size_t body) {
    const int start_line = line_;
    advance(body);
    for (size_t p = src_.find("{%", body); p != std::string::npos; p = src_.find("{%", p + 1)) {
      size_t q = p + 2;
      char sign = 0;
      if (q < src_.size() && (src_[q] == '-' || src_[q] == '+')) sign = src_[q++];
      q = skip_ws(q);
      if (src_.compare(q, 6, "endraw") != 0) continue;
      q = skip_ws(q + 6);
      size_t end;
      if (src_.compare(q, 3, "+%}") == 0) end = q + 3;
      else if (src_.compare(q, 3, "-%}") == 0) end = skip_ws(q + 3);
      else if (src_.compare(q, 2, "%}") == 0) {
        end = q + 2;
        if (o_.trim_blocks && end < src_.size() && src_[end] == '\n') ++end;
      } else {
        continue;
      }
      std::string text = src_.substr(body, p - body);
      if (sign == '-') text = text::strip(text, false, true);
      else if (sign != '+' && o_.lstrip_blocks) {
        line_starting_ = body > 0 && src_[body - 1] == '\n';
        text = lstrip_line(std::move(text));
      }
      emit_data(std::move(text), p);
      end_tag_at(end);
      return {};
    }
    return error_at(start_line, "missing {% endraw %} for the {% raw %} block");
  }

  Status lex_comment(size_t p) {
    const int start_line = line_;
    size_t close = src_.find("#}", p);
    if (close == std::string::npos) return error_at(start_line, "missing end of comment tag '#}'");
    size_t end = close + 2;
    char sign = close > p ? src_[close - 1] : 0;
    if (sign == '-') end = skip_ws(end);
    else if (sign != '+' && o_.trim_blocks && end < src_.size() && src_[end] == '\n') ++end;
    end_tag_at(end);
    return {};
  }

  Status lex_tag(bool block, size_t p) {
    Token begin;
    begin.type = block ? TokenType::BlockBegin : TokenType::VariableBegin;
    begin.line = line_;
    tokens_.push_back(begin);
    const int tag_line = line_;
    advance(p);
    std::string balance;  // open brackets
    const size_t n = src_.size();
    while (true) {
      advance(skip_ws(pos_));
      if (pos_ >= n)
        return error_at(tag_line, std::string("unexpected end of template: the ") + (block ? "'{%'" : "'{{'") +
                                      " tag opened here is never closed with " + (block ? "'%}'" : "'}}'"));
      if (balance.empty()) {
        size_t end = 0;
        if (block) {
          if (src_.compare(pos_, 3, "-%}") == 0) end = skip_ws(pos_ + 3);
          else if (src_.compare(pos_, 3, "+%}") == 0) end = pos_ + 3;
          else if (src_.compare(pos_, 2, "%}") == 0) {
            end = pos_ + 2;
            if (o_.trim_blocks && end < n && src_[end] == '\n') ++end;
          }
        } else {
          if (src_.compare(pos_, 3, "-}}") == 0) end = skip_ws(pos_ + 3);
          else if (src_.compare(pos_, 2, "}}") == 0) end = pos_ + 2;
        }
        if (end) {
          Token t;
          t.type = block ? TokenType::BlockEnd : TokenType::VariableEnd;
          t.line = line_;
          tokens_.push_back(t);
          end_tag_at(end);
          return {};
        }
      }
      TESSERA_TRY(lex_token(balance));
    }
  }

  Status lex_token(std::string& balance) {
    const size_t n = src_.size();
    const char c = src_[pos_];
    Token t;
    t.line = line_;
    if (is_dec(c)) return lex_number();
    if (is_name_start(c)) {
      size_t e = pos_;
      while (e < n && is_name_char(src_[e])) ++e;
      t.type = TokenType::Name;
      t.text = src_.substr(pos_, e - pos_);
      tokens_.push_back(std::move(t));
      advance(e);
      return {};
    }
    if (c == '\'' || c == '"') {
      size_t e = pos_ + 1;
      while (e < n && src_[e] != c) e += src_[e] == '\\' ? 2 : 1;
      if (e >= n) return error_at(line_, "unterminated string literal starting with " + std::string(1, c));
      t.type = TokenType::String;
      t.text = decode_escapes(std::string_view(src_).substr(pos_ + 1, e - pos_ - 1));
      tokens_.push_back(std::move(t));
      advance(e + 1);
      return {};
    }
    for (const char* op : kOperators) {
      const size_t len = std::strlen(op);
      if (src_.compare(pos_, len, op) != 0) continue;
      if (len == 1 && std::strchr("([{", op[0])) {
        balance.push_back(op[0]);
      } else if (len == 1 && std::strchr(")]}", op[0])) {
        const char expected = op[0] == ')' ? '(' : (op[0] == ']' ? '[' : '{');
        if (balance.empty()) return error_at(line_, std::string("unexpected '") + op[0] + "'");
        if (balance.back() != expected) {
          const char want = balance.back() == '(' ? ')' : (balance.back() == '[' ? ']' : '}');
          return error_at(line_, std::string("unexpected '") + op[0] + "', expected '" + want + "'");
        }
        balance.pop_back();
      }
      t.type = TokenType::Operator;
      t.text = op;
      tokens_.push_back(std::move(t));
      advance(pos_ + len);
      return {};
    }
    std::string shown;
    text::append_utf8(shown, text::decode(std::string_view(src_).substr(pos_, 4)).front());
    return error_at(line_, "unexpected character '" + shown + "' inside a tag");
  }

  // Digits with single '_' separators, as jinja2's integer_re/float_re.
  size_t scan_digits(size_t p) const {
    size_t e = p;
    while (e < src_.size() && (is_dec(src_[e]) || (src_[e] == '_' && e > p && e + 1 < src_.size() && is_dec(src_[e + 1]))))
      ++e;
    return e;
  }

  Status lex_number() {
    const size_t n = src_.size();
    Token t;
    t.line = line_;
    // 0x / 0o / 0b integers
    if (src_[pos_] == '0' && pos_ + 1 < n && std::strchr("xXoObB", src_[pos_ + 1])) {
      const int base = std::tolower(src_[pos_ + 1]) == 'x' ? 16 : (std::tolower(src_[pos_ + 1]) == 'o' ? 8 : 2);
      size_t e = pos_ + 2;
      while (e < n && (std::isxdigit(static_cast<unsigned char>(src_[e])) || src_[e] == '_')) ++e;
      auto v = text::parse_int(std::string_view(src_).substr(pos_ + 2, e - pos_ - 2), base);
      if (!v) return error_at(line_, "invalid integer literal '" + src_.substr(pos_, e - pos_) + "'");
      t.type = TokenType::Integer;
      t.int_value = *v;
      tokens_.push_back(t);
      advance(e);
      return {};
    }
    size_t e = scan_digits(pos_);
    bool is_float = false;
    const bool after_dot = pos_ > 0 && src_[pos_ - 1] == '.';
    if (!after_dot) {
      if (e + 1 < n && src_[e] == '.' && is_dec(src_[e + 1])) {
        is_float = true;
        e = scan_digits(e + 1);
      }
      if (e < n && (src_[e] == 'e' || src_[e] == 'E')) {
        size_t x = e + 1;
        if (x < n && (src_[x] == '+' || src_[x] == '-')) ++x;
        if (x < n && is_dec(src_[x])) {
          is_float = true;
          e = scan_digits(x);
        }
      }
    }
    std::string literal = src_.substr(pos_, e - pos_);
    if (is_float) {
      auto v = text::parse_float(literal);
      if (!v) return error_at(line_, "invalid number literal '" + literal + "'");
      t.type = TokenType::Float;
      t.float_value = *v;
    } else {
      auto v = text::parse_int(literal);
      if (!v) return error_at(line_, "integer literal '" + literal + "' does not fit in 64 bits");
      t.type = TokenType::Integer;
      t.int_value = *v;
    }
    tokens_.push_back(t);
    advance(e);
    return {};
  }

  std::string src_;
  LexerOptions o_;
  size_t pos_ = 0;
  int line_ = 1;
  bool line_starting_ = true;
  std::vector<Token> tokens_;
};

}  // namespace

Result<std::vector<Token>> tokenize(std::string_view source, const LexerOptions& options) {
  Lexer lexer(normalize_newlines(source, options.keep_trailing_newline), options);
  return lexer.run();
}

}  // namespace tessera::jinja

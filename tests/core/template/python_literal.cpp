#include "python_literal.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

#include "template/text.h"

namespace tessera::test {

namespace {

using json = nlohmann::ordered_json;

class LiteralParser {
 public:
  explicit LiteralParser(const std::string& s) : s_(s) {}

  Result<json> run() {
    auto v = value();
    if (!v.ok()) return v;
    skip_ws();
    if (p_ != s_.size()) return fail("trailing characters");
    return v;
  }

 private:
  Error fail(const std::string& what) const {
    return Error(ErrorKind::BadFile, "python literal: " + what + " at offset " + std::to_string(p_));
  }
  void skip_ws() {
    while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
  }
  bool eat(char c) {
    skip_ws();
    if (p_ < s_.size() && s_[p_] == c) {
      ++p_;
      return true;
    }
    return false;
  }

  Result<json> sequence(char close, json out) {
    while (!eat(close)) {
      auto item = value();
      if (!item.ok()) return item;
      out.push_back(std::move(*item));
      if (!eat(',') && !(skip_ws(), p_ < s_.size() && s_[p_] == close)) return fail("expected ',' or closing bracket");
    }
    return out;
  }

  Result<json> value() {
    skip_ws();
    if (p_ >= s_.size()) return fail("unexpected end");
    const char c = s_[p_];
    if (c == '[') {
      ++p_;
      return sequence(']', json::array());
    }
    if (c == '(') {
      ++p_;
      return sequence(')', json::array());
    }
    if (c == '{') {
      ++p_;
      json obj = json::object();
      while (!eat('}')) {
        auto key = value();
        if (!key.ok()) return key;
        if (!key->is_string()) return fail("only string keys are supported");
        if (!eat(':')) return fail("expected ':'");
        auto v = value();
        if (!v.ok()) return v;
        obj[key->get<std::string>()] = std::move(*v);
        if (!eat(',') && !(skip_ws(), p_ < s_.size() && s_[p_] == '}')) return fail("expected ',' or '}'");
      }
      return obj;
    }
    if (c == '\'' || c == '"') return string();
    for (const auto& [word, v] : {std::pair<const char*, json>{"True", true}, {"False", false}, {"None", nullptr}}) {
      const std::string w = word;
      if (s_.compare(p_, w.size(), w) == 0) {
        p_ += w.size();
        return v;
      }
    }
    return number();
  }

  Result<json> number() {
    size_t e = p_;
    if (e < s_.size() && (s_[e] == '-' || s_[e] == '+')) ++e;
    bool floating = false;
    while (e < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[e])) || std::strchr(".eE+-", s_[e]))) {
      if (std::strchr(".eE", s_[e])) floating = true;
      ++e;
    }
    if (e == p_) return fail("unexpected character");
    std::string text = s_.substr(p_, e - p_);
    p_ = e;
    if (floating) return json(std::strtod(text.c_str(), nullptr));
    return json(std::strtoll(text.c_str(), nullptr, 10));
  }

  Result<json> string() {
    const char quote = s_[p_++];
    std::string out;
    while (p_ < s_.size() && s_[p_] != quote) {
      char c = s_[p_++];
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (p_ >= s_.size()) return fail("unterminated escape");
      char e = s_[p_++];
      auto hex = [&](int n) -> Result<char32_t> {
        if (p_ + static_cast<size_t>(n) > s_.size()) return fail("short escape");
        char32_t v = static_cast<char32_t>(std::strtoul(s_.substr(p_, static_cast<size_t>(n)).c_str(), nullptr, 16));
        p_ += static_cast<size_t>(n);
        return v;
      };
      switch (e) {
        case 'n': out.push_back('\n'); break;
        case 't': out.push_back('\t'); break;
        case 'r': out.push_back('\r'); break;
        case '0': out.push_back('\0'); break;
        case '\\': out.push_back('\\'); break;
        case '\'': out.push_back('\''); break;
        case '"': out.push_back('"'); break;
        case 'x':
        case 'u':
        case 'U': {
          auto cp = hex(e == 'x' ? 2 : (e == 'u' ? 4 : 8));
          if (!cp.ok()) return cp.take_error();
          jinja::text::append_utf8(out, *cp);
          break;
        }
        default:
          out.push_back('\\');
          out.push_back(e);
      }
    }
    if (p_ >= s_.size()) return fail("unterminated string");
    ++p_;
    return json(out);
  }

  const std::string& s_;
  size_t p_ = 0;
};

}  // namespace

Result<nlohmann::ordered_json> python_literal_to_json(const std::string& text) { return LiteralParser(text).run(); }

}  // namespace tessera::test

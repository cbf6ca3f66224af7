// Template lexer: source text -> tokens, with jinja2's whitespace rules applied.
//
// Mirrors jinja2.lexer with trim_blocks and lstrip_blocks (Hugging Face's settings):
//  - Newlines (\r\n, \r) become \n; one trailing newline of the source is dropped
//    (keep_trailing_newline=False).
//  - `{%-`, `{{-`, `{#-` remove all whitespace before the tag; `-%}`, `-}}`, `-#}` all whitespace
//    after it.
//  - lstrip_blocks: spaces/tabs between the start of a line and a `{%` or `{#` tag are removed
//    (not before `{{`, and not with `{%+`).
//  - trim_blocks: the first newline after `%}` or `#}` is removed (not after `}}`, not after `+%}`).
//  - `{% raw %}...{% endraw %}` becomes data.
// Inside tags, the end delimiter is recognised only outside brackets, so `{{ {'a': {'b': 1}} }}`
// lexes as one expression. Each token records the 1-based line it starts on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"

namespace tessera::jinja {

enum class TokenType {
  Data,           // literal template text
  VariableBegin,  // {{
  VariableEnd,    // }}
  BlockBegin,     // {%
  BlockEnd,       // %}
  Name,           // identifiers and keywords (and, or, not, in, is, if, else, true, none, ...)
  String,         // text: the decoded value (escapes processed)
  Integer,        // int_value
  Float,          // float_value
  Operator,       // text: one of + - * / // % ** ~ == != < <= > >= = ( ) [ ] { } , . : |
  Eof,
};

struct Token {
  TokenType type = TokenType::Eof;
  std::string text;
  int line = 1;
  int64_t int_value = 0;
  double float_value = 0.0;
};

struct LexerOptions {
  bool trim_blocks = true;
  bool lstrip_blocks = true;
  bool keep_trailing_newline = false;
};

const char* token_type_name(TokenType type);
// Errors are "line N: ..." messages (unterminated tag, string or comment, unexpected character).
Result<std::vector<Token>> tokenize(std::string_view source, const LexerOptions& options = {});

}  // namespace tessera::jinja

// Template parser: tokens -> syntax tree, following jinja2's grammar and operator precedence.
//
// Statements: if/elif/else, for (tuple targets, `if` filter, else, loop.*), set (name, tuple,
// ns.attr, block form with filters), macro, call, filter, with, break, continue, generation
// (Hugging Face's assistant-mask tag, rendered as its body). Any other tag is an error naming it.
// Filters and tests are checked against the built-in tables at parse time, as jinja2 does at
// compile time, so a template with an unknown filter fails to parse even in a branch never taken.
#pragma once

#include <vector>

#include "common/error.h"
#include "template/ast.h"
#include "template/lexer.h"

namespace tessera::jinja {

// Errors are "line N: ..." messages.
Result<Program> parse(std::vector<Token> tokens);

}  // namespace tessera::jinja

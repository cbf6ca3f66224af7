// Template parser: tokens -> syntax tree, following jinja2's grammar and operator precedence.
//
// Statements: if/elif/else, for (tuple targets, `if` filter, else, loop.*), set (name, tuple,
// ns.attr, block form with filters), macro, call, filter, with, break, continue, generation
// (Hugging Face's assistant-mask tag, rendered as its body). Any other tag is an error naming it.
// Filters and tests are checked against the built-in tables at parse time, as jinja2 3.x does at
// compile time: an unknown one is a parse error, except inside an if statement (its conditions and
// bodies, not loops or macros nested in them) or an inline if, where jinja2 defers the error to
// the moment it is evaluated (a branch never taken renders).
//
// Every expression tree is at most RenderLimits::max_syntax_depth tall and blocks nest at most
// that deep; deeper input is a parse error naming the line and the limit.
#pragma once

#include <vector>

#include "common/error.h"
#include "template/ast.h"
#include "template/lexer.h"
#include "template/render_limits.h"

namespace tessera::jinja {

// Errors are "line N: ..." messages.
Result<Program> parse(std::vector<Token> tokens, const RenderLimits& limits = {});

}  // namespace tessera::jinja

#include "template/parser.h"

#include <algorithm>
#include <initializer_list>

#include "template/builtins.h"
#include "template/template_error.h"

namespace tessera::jinja {

namespace {

std::string describe(const Token& t) {
  switch (t.type) {
    case TokenType::Name:
    case TokenType::Operator: return "'" + t.text + "'";
    case TokenType::String: return "string literal";
    case TokenType::Integer:
    case TokenType::Float: return "number";
    default: return token_type_name(t.type);
  }
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, const RenderLimits& limits)
      : t_(std::move(tokens)), max_depth_(limits.max_syntax_depth) {}

  Result<Program> run() {
    Program program;
    TESSERA_ASSIGN_OR_RETURN(program.body, subparse({}));
    return program;
  }

 private:
  // ---- token helpers ----
  const Token& cur() const { return t_[i_]; }
  const Token& peek(size_t k = 1) const { return t_[std::min(i_ + k, t_.size() - 1)]; }
  void next() {
    if (i_ + 1 < t_.size()) ++i_;
  }
  bool is_op(const Token& t, const char* op) const { return t.type == TokenType::Operator && t.text == op; }
  bool is_op(const char* op) const { return is_op(cur(), op); }
  bool is_name(const Token& t, const char* name) const { return t.type == TokenType::Name && t.text == name; }
  bool is_name(const char* name) const { return is_name(cur(), name); }
  bool skip_op(const char* op) {
    if (!is_op(op)) return false;
    next();
    return true;
  }
  bool skip_name(const char* name) {
    if (!is_name(name)) return false;
    next();
    return true;
  }
  Error fail(const std::string& message) const { return error_at(cur().line, message); }
  Error unexpected(const std::string& expected) const {
    return fail("expected " + expected + ", got " + describe(cur()));
  }
  Status expect_op(const char* op) {
    if (!skip_op(op)) return unexpected(std::string("'") + op + "'");
    return {};
  }
  Result<std::string> expect_identifier() {
    if (cur().type != TokenType::Name) return unexpected("a name");
    std::string n = cur().text;
    next();
    return n;
  }
  Status expect_block_end() {
    if (cur().type != TokenType::BlockEnd) return unexpected("end of statement '%}'");
    next();
    return {};
  }

  struct DepthGuard {
    explicit DepthGuard(int& d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
    int& depth;
  };

  // Sets a restore point for the flag `soft_` (see below) and sets it to `value`.
  struct SoftGuard {
    SoftGuard(bool& f, bool value) : flag(f), saved(f) { flag = value; }
    ~SoftGuard() { flag = saved; }
    bool& flag;
    bool saved;
  };

  std::string depth_limit() const {
    return "the limit of " + std::to_string(max_depth_) + " (RenderLimits::max_syntax_depth)";
  }
  Error too_deep(int line, const char* what) const {
    return error_at(line, std::string(what) + " nested too deeply: more than " + depth_limit());
  }

  // Records the node's height (1 + its tallest operand's) and refuses trees taller than the
  // limit: a left-associative chain such as 1+1+1+... or a.b.b.b... is parsed by a loop, not by
  // recursion, but evaluating and destroying it recurses once per operator.
  Result<ExprPtr> sized(ExprPtr e) {
    int h = 0;
    auto sub = [&](const Expr* c) {
      if (c) h = std::max(h, c->height);
    };
    auto args = [&](const CallArgsExpr& a) {
      for (const auto& x : a.positional) sub(x.get());
      for (const auto& [k, x] : a.named) sub(x.get());
    };
    switch (e->kind) {
      case ExprKind::Literal:
      case ExprKind::Name: break;
      case ExprKind::List:
        for (const auto& x : static_cast<ListExpr&>(*e).items) sub(x.get());
        break;
      case ExprKind::Dict:
        for (const auto& [k, v] : static_cast<DictExpr&>(*e).items) {
          sub(k.get());
          sub(v.get());
        }
        break;
      case ExprKind::GetAttr: sub(static_cast<GetAttrExpr&>(*e).object.get()); break;
      case ExprKind::GetItem: {
        auto& x = static_cast<GetItemExpr&>(*e);
        sub(x.object.get());
        sub(x.index.get());
        break;
      }
      case ExprKind::Slice: {
        auto& x = static_cast<SliceExpr&>(*e);
        sub(x.object.get());
        sub(x.start.get());
        sub(x.stop.get());
        sub(x.step.get());
        break;
      }
      case ExprKind::Call: {
        auto& x = static_cast<CallExpr&>(*e);
        sub(x.callee.get());
        args(x.args);
        break;
      }
      case ExprKind::Filter: {
        auto& x = static_cast<FilterExpr&>(*e);
        sub(x.operand.get());
        args(x.args);
        break;
      }
      case ExprKind::Test: {
        auto& x = static_cast<TestExpr&>(*e);
        sub(x.operand.get());
        args(x.args);
        break;
      }
      case ExprKind::Unary: sub(static_cast<UnaryExpr&>(*e).operand.get()); break;
      case ExprKind::Binary: {
        auto& x = static_cast<BinaryExpr&>(*e);
        sub(x.left.get());
        sub(x.right.get());
        break;
      }
      case ExprKind::Compare: {
        auto& x = static_cast<CompareExpr&>(*e);
        sub(x.first.get());
        for (const auto& [op, y] : x.rest) sub(y.get());
        break;
      }
      case ExprKind::Cond: {
        auto& x = static_cast<CondExpr&>(*e);
        sub(x.cond.get());
        sub(x.then_expr.get());
        sub(x.else_expr.get());
        break;
      }
    }
    e->height = h + 1;
    if (e->height > max_depth_) return too_deep(e->line, "expression");
    return e;
  }

  // ---- statements ----

  // Parses nodes until a `{% name %}` tag whose name is in `end_tags` (left at that name token) or
  // the end of input (an error when end tags were expected).
  Result<NodeList> subparse(std::initializer_list<const char*> end_tags) {
    DepthGuard guard(depth_);
    if (depth_ > max_depth_) return too_deep(cur().line, "blocks");
    NodeList body;
    while (true) {
      const Token& tok = cur();
      switch (tok.type) {
        case TokenType::Data:
          body.push_back(std::make_unique<TextNode>(tok.line, tok.text));
          next();
          break;
        case TokenType::VariableBegin: {
          const int line = tok.line;
          next();
          TESSERA_ASSIGN_OR_RETURN(ExprPtr e, parse_tuple(true, false));
          if (cur().type != TokenType::VariableEnd) return unexpected("end of print statement '}}'");
          next();
          TESSERA_TRY(fail_deferred(0));
          body.push_back(std::make_unique<OutputNode>(line, std::move(e)));
          break;
        }
        case TokenType::BlockBegin: {
          next();
          if (cur().type == TokenType::Name) {
            for (const char* end : end_tags)
              if (cur().text == end) return body;
          }
          TESSERA_ASSIGN_OR_RETURN(NodePtr node, parse_statement(end_tags));
          TESSERA_TRY(fail_deferred(0));
          body.push_back(std::move(node));
          break;
        }
        case TokenType::Eof:
          if (end_tags.size() != 0) {
            std::string list;
            for (const char* e : end_tags) list += (list.empty() ? "" : " or ") + std::string("'") + e + "'";
            return fail("unexpected end of template: expected " + list + " to close the '" + open_blocks_.back().first +
                        "' block opened on line " + std::to_string(open_blocks_.back().second));
          }
          return body;
        default: return fail("unexpected " + describe(tok));
      }
    }
  }

  static bool is_end_tag(const std::string& name) {
    static constexpr const char* kEnds[] = {"elif", "else", "endif", "endfor", "endset", "endmacro", "endcall",
                                            "endfilter", "endwith", "endgeneration", "endraw"};
    return std::any_of(std::begin(kEnds), std::end(kEnds), [&](const char* e) { return name == e; });
  }

  Result<NodePtr> parse_statement(std::initializer_list<const char*> end_tags) {
    if (cur().type != TokenType::Name) return unexpected("a statement name after '{%'");
    const std::string name = cur().text;
    const int line = cur().line;
    if (name == "if") return parse_if();
    if (name == "for") return parse_for();
    if (name == "set") return parse_set();
    if (name == "macro") return parse_macro();
    if (name == "call") return parse_call_block();
    if (name == "filter") return parse_filter_block();
    if (name == "with") return parse_with();
    if (name == "generation") return parse_generation();
    if (name == "break" || name == "continue") {
      if (loop_depth_ == 0) return fail("'" + name + "' outside of a for loop");
      next();
      TESSERA_TRY(expect_block_end());
      if (name == "break") return NodePtr(std::make_unique<BreakNode>(line));
      return NodePtr(std::make_unique<ContinueNode>(line));
    }
    if (is_end_tag(name)) {
      std::string msg = "unexpected '" + name + "'";
      if (!open_blocks_.empty())
        msg += " inside the '" + open_blocks_.back().first + "' block opened on line " +
               std::to_string(open_blocks_.back().second);
      (void)end_tags;
      return fail(msg);
    }
    return fail("unknown tag '" + name +
                "' (supported: if, for, set, macro, call, filter, with, raw, break, continue, generation)");
  }

  // Parses a body up to one of `end_tags` with the block recorded for error messages.
  Result<NodeList> block_body(const char* block, int line, std::initializer_list<const char*> end_tags) {
    // Only if-bodies keep a soft frame; every other body is jinja2's frame.inner().
    SoftGuard frame(soft_, soft_ && std::string_view(block) == "if");
    open_blocks_.emplace_back(block, line);
    auto body = subparse(end_tags);
    open_blocks_.pop_back();
    return body;
  }

  Result<NodePtr> parse_if() {
    SoftGuard soft(soft_, true);
    auto node = std::make_unique<IfNode>(cur().line);
    next();  // if
    while (true) {
      TESSERA_ASSIGN_OR_RETURN(ExprPtr cond, parse_tuple(false, false));
      TESSERA_TRY(expect_block_end());
      TESSERA_ASSIGN_OR_RETURN(NodeList body, block_body("if", node->line, {"elif", "else", "endif"}));
      node->branches.emplace_back(std::move(cond), std::move(body));
      if (skip_name("elif")) continue;
      if (skip_name("else")) {
        TESSERA_TRY(expect_block_end());
        TESSERA_ASSIGN_OR_RETURN(node->else_body, block_body("if", node->line, {"endif"}));
      }
      next();  // endif
      TESSERA_TRY(expect_block_end());
      return NodePtr(std::move(node));
    }
  }

  // Names, a tuple of names (with or without parentheses), or with_namespace: name.attr.
  Result<AssignTarget> parse_assign_target(bool with_namespace) {
    AssignTarget target;
    if (with_namespace && cur().type == TokenType::Name && is_op(peek(), ".")) {
      target.names.push_back(cur().text);
      next();
      next();
      TESSERA_ASSIGN_OR_RETURN(target.attribute, expect_identifier());
      return target;
    }
    const bool parens = skip_op("(");
    while (true) {
      TESSERA_ASSIGN_OR_RETURN(std::string n, expect_identifier());
      if (n == "true" || n == "false" || n == "none" || n == "True" || n == "False" || n == "None")
        return fail("cannot assign to '" + n + "'");
      target.names.push_back(std::move(n));
      if (!is_op(",")) break;
      target.unpack = true;
      next();
      if (parens && is_op(")")) break;
      if (cur().type != TokenType::Name) break;
    }
    if (parens) {
      target.unpack = true;
      TESSERA_TRY(expect_op(")"));
    }
    return target;
  }

  Result<NodePtr> parse_for() {
    auto node = std::make_unique<ForNode>(cur().line);
    next();  // for
    TESSERA_ASSIGN_OR_RETURN(node->target, parse_assign_target(false));
    if (!skip_name("in")) return unexpected("'in'");
    TESSERA_ASSIGN_OR_RETURN(node->iterable, parse_tuple(false, false, "recursive"));
    if (skip_name("if")) {
      TESSERA_ASSIGN_OR_RETURN(node->filter, parse_expression(true));
    }
    if (is_name("recursive")) return fail("recursive for loops are not supported");
    TESSERA_TRY(expect_block_end());
    ++loop_depth_;
    auto body = block_body("for", node->line, {"endfor", "else"});
    --loop_depth_;
    if (!body.ok()) return body.take_error();
    node->body = std::move(*body);
    if (skip_name("else")) {
      TESSERA_TRY(expect_block_end());
      TESSERA_ASSIGN_OR_RETURN(node->else_body, block_body("for", node->line, {"endfor"}));
    }
    next();  // endfor
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  Result<NodePtr> parse_set() {
    const int line = cur().line;
    next();  // set
    TESSERA_ASSIGN_OR_RETURN(AssignTarget target, parse_assign_target(true));
    if (skip_op("=")) {
      auto node = std::make_unique<SetNode>(line);
      node->target = std::move(target);
      TESSERA_ASSIGN_OR_RETURN(node->value, parse_tuple(true, false));
      TESSERA_TRY(expect_block_end());
      return NodePtr(std::move(node));
    }
    auto node = std::make_unique<SetBlockNode>(line);
    node->target = std::move(target);
    if (skip_op("|")) {
      TESSERA_ASSIGN_OR_RETURN(node->filters, parse_filter_chain());
    }
    TESSERA_TRY(expect_block_end());
    TESSERA_ASSIGN_OR_RETURN(node->body, block_body("set", line, {"endset"}));
    next();  // endset
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  Result<std::vector<MacroParam>> parse_params() {
    std::vector<MacroParam> params;
    TESSERA_TRY(expect_op("("));
    while (!is_op(")")) {
      if (!params.empty()) TESSERA_TRY(expect_op(","));
      if (is_op(")")) break;
      MacroParam p;
      TESSERA_ASSIGN_OR_RETURN(p.name, expect_identifier());
      if (skip_op("=")) {
        TESSERA_ASSIGN_OR_RETURN(p.default_value, parse_expression(true));
      } else if (!params.empty() && params.back().default_value) {
        return fail("parameter '" + p.name + "' without a default follows a parameter with a default");
      }
      params.push_back(std::move(p));
    }
    next();  // )
    return params;
  }

  Result<NodePtr> parse_macro() {
    auto node = std::make_unique<MacroNode>(cur().line);
    next();  // macro
    TESSERA_ASSIGN_OR_RETURN(node->name, expect_identifier());
    TESSERA_ASSIGN_OR_RETURN(node->params, parse_params());
    TESSERA_TRY(expect_block_end());
    const int saved_loop_depth = loop_depth_;
    loop_depth_ = 0;
    auto body = block_body("macro", node->line, {"endmacro"});
    loop_depth_ = saved_loop_depth;
    if (!body.ok()) return body.take_error();
    node->body = std::move(*body);
    next();  // endmacro
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  Result<NodePtr> parse_call_block() {
    auto node = std::make_unique<CallBlockNode>(cur().line);
    next();  // call
    if (is_op("(")) {
      TESSERA_ASSIGN_OR_RETURN(node->params, parse_params());
    }
    TESSERA_ASSIGN_OR_RETURN(node->call, parse_expression(true));
    if (node->call->kind != ExprKind::Call) return error_at(node->line, "expected a macro call after {% call %}");
    TESSERA_TRY(expect_block_end());
    const int saved_loop_depth = loop_depth_;
    loop_depth_ = 0;
    auto body = block_body("call", node->line, {"endcall"});
    loop_depth_ = saved_loop_depth;
    if (!body.ok()) return body.take_error();
    node->body = std::move(*body);
    next();  // endcall
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  Result<NodePtr> parse_filter_block() {
    auto node = std::make_unique<FilterBlockNode>(cur().line);
    next();  // filter
    TESSERA_ASSIGN_OR_RETURN(node->filters, parse_filter_chain());
    TESSERA_TRY(expect_block_end());
    TESSERA_ASSIGN_OR_RETURN(node->body, block_body("filter", node->line, {"endfilter"}));
    next();  // endfilter
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  Result<NodePtr> parse_with() {
    auto node = std::make_unique<WithNode>(cur().line);
    next();  // with
    while (cur().type != TokenType::BlockEnd) {
      if (!node->assignments.empty()) TESSERA_TRY(expect_op(","));
      TESSERA_ASSIGN_OR_RETURN(AssignTarget target, parse_assign_target(false));
      TESSERA_TRY(expect_op("="));
      TESSERA_ASSIGN_OR_RETURN(ExprPtr value, parse_expression(true));
      node->assignments.emplace_back(std::move(target), std::move(value));
    }
    next();  // %}
    TESSERA_ASSIGN_OR_RETURN(node->body, block_body("with", node->line, {"endwith"}));
    next();  // endwith
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  Result<NodePtr> parse_generation() {
    auto node = std::make_unique<ScopeNode>(cur().line);
    next();  // generation
    TESSERA_TRY(expect_block_end());
    TESSERA_ASSIGN_OR_RETURN(node->body, block_body("generation", node->line, {"endgeneration"}));
    next();  // endgeneration
    TESSERA_TRY(expect_block_end());
    return NodePtr(std::move(node));
  }

  // ---- expressions ----

  bool is_tuple_end(const char* extra_end) const {
    const Token& t = cur();
    if (t.type == TokenType::VariableEnd || t.type == TokenType::BlockEnd || t.type == TokenType::Eof) return true;
    if (is_op(t, ")")) return true;
    return extra_end && is_name(t, extra_end);
  }

  // Comma-separated expressions: one expression, or a tuple when a comma appears.
  Result<ExprPtr> parse_tuple(bool with_condexpr, bool explicit_parentheses, const char* extra_end = nullptr) {
    const int line = cur().line;
    std::vector<ExprPtr> items;
    bool is_tuple = false;
    while (true) {
      if (!items.empty()) TESSERA_TRY(expect_op(","));
      if (is_tuple_end(extra_end)) break;
      TESSERA_ASSIGN_OR_RETURN(ExprPtr e, parse_expression(with_condexpr));
      items.push_back(std::move(e));
      if (is_op(",")) is_tuple = true;
      else break;
    }
    if (!is_tuple) {
      if (!items.empty()) return std::move(items[0]);
      if (!explicit_parentheses) return fail("expected an expression, got " + describe(cur()));
    }
    auto tuple = std::make_unique<ListExpr>(line);
    tuple->tuple = true;
    tuple->items = std::move(items);
    return sized(std::move(tuple));
  }

  Result<ExprPtr> parse_expression(bool with_condexpr) {
    DepthGuard guard(depth_);
    if (depth_ > max_depth_) return too_deep(cur().line, "expression");
    if (!with_condexpr) return parse_or();
    // jinja2 compiles both arms of an inline if in a "soft" frame: an unknown filter or test there
    // fails when evaluated, not when compiled. The arm before `if` is parsed before we know, so
    // its unknown names were collected in deferred_ and are forgiven here.
    const size_t deferred_before = deferred_.size();
    TESSERA_ASSIGN_OR_RETURN(ExprPtr expr, parse_or());
    if (!is_name("if")) return expr;
    deferred_.resize(deferred_before);
    SoftGuard soft(soft_, true);
    while (is_name("if")) {
      auto cond = std::make_unique<CondExpr>(cur().line);
      next();
      TESSERA_ASSIGN_OR_RETURN(cond->cond, parse_or());
      if (skip_name("else")) {
        TESSERA_ASSIGN_OR_RETURN(cond->else_expr, parse_expression(true));
      }
      cond->then_expr = std::move(expr);
      TESSERA_ASSIGN_OR_RETURN(expr, sized(std::move(cond)));
    }
    return expr;
  }

  Result<ExprPtr> parse_or() {
    TESSERA_ASSIGN_OR_RETURN(ExprPtr left, parse_and());
    while (is_name("or")) {
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr right, parse_and());
      TESSERA_ASSIGN_OR_RETURN(left, sized(std::make_unique<BinaryExpr>(line, BinaryOp::Or, std::move(left), std::move(right))));
    }
    return left;
  }

  Result<ExprPtr> parse_and() {
    TESSERA_ASSIGN_OR_RETURN(ExprPtr left, parse_not());
    while (is_name("and")) {
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr right, parse_not());
      TESSERA_ASSIGN_OR_RETURN(left, sized(std::make_unique<BinaryExpr>(line, BinaryOp::And, std::move(left), std::move(right))));
    }
    return left;
  }

  Result<ExprPtr> parse_not() {
    if (is_name("not")) {
      const int line = cur().line;
      next();
      DepthGuard guard(depth_);
      if (depth_ > max_depth_) return too_deep(line, "expression");
      TESSERA_ASSIGN_OR_RETURN(ExprPtr operand, parse_not());
      return sized(std::make_unique<UnaryExpr>(line, UnaryOp::Not, std::move(operand)));
    }
    return parse_compare();
  }

  Result<ExprPtr> parse_compare() {
    const int line = cur().line;
    TESSERA_ASSIGN_OR_RETURN(ExprPtr first, parse_math1());
    std::unique_ptr<CompareExpr> cmp;
    while (true) {
      CompareOp op;
      if (is_op("==")) op = CompareOp::Eq;
      else if (is_op("!=")) op = CompareOp::Ne;
      else if (is_op("<")) op = CompareOp::Lt;
      else if (is_op("<=")) op = CompareOp::Le;
      else if (is_op(">")) op = CompareOp::Gt;
      else if (is_op(">=")) op = CompareOp::Ge;
      else if (is_name("in")) op = CompareOp::In;
      else if (is_name("not") && is_name(peek(), "in")) {
        op = CompareOp::NotIn;
        next();
      } else {
        break;
      }
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr operand, parse_math1());
      if (!cmp) {
        cmp = std::make_unique<CompareExpr>(line);
        cmp->first = std::move(first);
      }
      cmp->rest.emplace_back(op, std::move(operand));
    }
    if (!cmp) return first;
    return sized(std::move(cmp));
  }

  Result<ExprPtr> parse_math1() {
    TESSERA_ASSIGN_OR_RETURN(ExprPtr left, parse_concat());
    while (is_op("+") || is_op("-")) {
      const BinaryOp op = is_op("+") ? BinaryOp::Add : BinaryOp::Sub;
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr right, parse_concat());
      TESSERA_ASSIGN_OR_RETURN(left, sized(std::make_unique<BinaryExpr>(line, op, std::move(left), std::move(right))));
    }
    return left;
  }

  Result<ExprPtr> parse_concat() {
    TESSERA_ASSIGN_OR_RETURN(ExprPtr left, parse_math2());
    while (is_op("~")) {
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr right, parse_math2());
      TESSERA_ASSIGN_OR_RETURN(left, sized(std::make_unique<BinaryExpr>(line, BinaryOp::Concat, std::move(left), std::move(right))));
    }
    return left;
  }

  Result<ExprPtr> parse_math2() {
    TESSERA_ASSIGN_OR_RETURN(ExprPtr left, parse_pow());
    while (is_op("*") || is_op("/") || is_op("//") || is_op("%")) {
      BinaryOp op = BinaryOp::Mul;
      if (is_op("/")) op = BinaryOp::Div;
      else if (is_op("//")) op = BinaryOp::FloorDiv;
      else if (is_op("%")) op = BinaryOp::Mod;
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr right, parse_pow());
      TESSERA_ASSIGN_OR_RETURN(left, sized(std::make_unique<BinaryExpr>(line, op, std::move(left), std::move(right))));
    }
    return left;
  }

  // jinja2's ** is left-associative: 2 ** 3 ** 2 == 64.
  Result<ExprPtr> parse_pow() {
    TESSERA_ASSIGN_OR_RETURN(ExprPtr left, parse_unary(true));
    while (is_op("**")) {
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr right, parse_unary(true));
      TESSERA_ASSIGN_OR_RETURN(left, sized(std::make_unique<BinaryExpr>(line, BinaryOp::Pow, std::move(left), std::move(right))));
    }
    return left;
  }

  Result<ExprPtr> parse_unary(bool with_filter) {
    DepthGuard guard(depth_);
    if (depth_ > max_depth_) return too_deep(cur().line, "expression");
    ExprPtr node;
    if (is_op("-") || is_op("+")) {
      const UnaryOp op = is_op("-") ? UnaryOp::Neg : UnaryOp::Pos;
      const int line = cur().line;
      next();
      TESSERA_ASSIGN_OR_RETURN(ExprPtr operand, parse_unary(false));
      TESSERA_ASSIGN_OR_RETURN(node, sized(std::make_unique<UnaryExpr>(line, op, std::move(operand))));
    } else {
      TESSERA_ASSIGN_OR_RETURN(node, parse_primary());
    }
    TESSERA_ASSIGN_OR_RETURN(node, parse_postfix(std::move(node)));
    if (with_filter) {
      TESSERA_ASSIGN_OR_RETURN(node, parse_filter_expr(std::move(node)));
    }
    return node;
  }

  Result<ExprPtr> parse_primary() {
    const Token& tok = cur();
    const int line = tok.line;
    switch (tok.type) {
      case TokenType::Name: {
        ExprPtr node;
        if (tok.text == "true" || tok.text == "True") node = std::make_unique<LiteralExpr>(line, Value::boolean(true));
        else if (tok.text == "false" || tok.text == "False") node = std::make_unique<LiteralExpr>(line, Value::boolean(false));
        else if (tok.text == "none" || tok.text == "None") node = std::make_unique<LiteralExpr>(line, Value::none());
        else node = std::make_unique<NameExpr>(line, tok.text);
        next();
        return node;
      }
      case TokenType::String: {
        std::string s;
        while (cur().type == TokenType::String) {  // adjacent literals concatenate
          s += cur().text;
          next();
        }
        return ExprPtr(std::make_unique<LiteralExpr>(line, Value::string(std::move(s))));
      }
      case TokenType::Integer: {
        auto node = std::make_unique<LiteralExpr>(line, Value::integer(tok.int_value));
        next();
        return ExprPtr(std::move(node));
      }
      case TokenType::Float: {
        auto node = std::make_unique<LiteralExpr>(line, Value::number(tok.float_value));
        next();
        return ExprPtr(std::move(node));
      }
      case TokenType::Operator:
        if (tok.text == "(") {
          next();
          TESSERA_ASSIGN_OR_RETURN(ExprPtr inner, parse_tuple(true, true));
          TESSERA_TRY(expect_op(")"));
          return inner;
        }
        if (tok.text == "[") return parse_list();
        if (tok.text == "{") return parse_dict();
        break;
      default: break;
    }
    return fail("unexpected " + describe(tok) + " in expression");
  }

  Result<ExprPtr> parse_list() {
    auto node = std::make_unique<ListExpr>(cur().line);
    next();  // [
    while (!is_op("]")) {
      if (!node->items.empty()) TESSERA_TRY(expect_op(","));
      if (is_op("]")) break;
      TESSERA_ASSIGN_OR_RETURN(ExprPtr item, parse_expression(true));
      node->items.push_back(std::move(item));
    }
    next();  // ]
    return sized(std::move(node));
  }

  Result<ExprPtr> parse_dict() {
    auto node = std::make_unique<DictExpr>(cur().line);
    next();  // {
    while (!is_op("}")) {
      if (!node->items.empty()) TESSERA_TRY(expect_op(","));
      if (is_op("}")) break;
      TESSERA_ASSIGN_OR_RETURN(ExprPtr key, parse_expression(true));
      TESSERA_TRY(expect_op(":"));
      TESSERA_ASSIGN_OR_RETURN(ExprPtr value, parse_expression(true));
      node->items.emplace_back(std::move(key), std::move(value));
    }
    next();  // }
    return sized(std::move(node));
  }

  Result<ExprPtr> parse_postfix(ExprPtr node) {
    while (true) {
      if (is_op(".") || is_op("[")) {
        TESSERA_ASSIGN_OR_RETURN(node, parse_subscript(std::move(node)));
      } else if (is_op("(")) {
        TESSERA_ASSIGN_OR_RETURN(node, parse_call(std::move(node)));
      } else {
        return node;
      }
    }
  }

  Result<ExprPtr> parse_filter_expr(ExprPtr node) {
    while (true) {
      if (is_op("|")) {
        next();
        TESSERA_ASSIGN_OR_RETURN(std::vector<ExprPtr> chain, parse_filter_chain());
        for (auto& f : chain) {
          static_cast<FilterExpr&>(*f).operand = std::move(node);
          TESSERA_ASSIGN_OR_RETURN(node, sized(std::move(f)));
        }
      } else if (is_name("is")) {
        TESSERA_ASSIGN_OR_RETURN(node, parse_test(std::move(node)));
      } else if (is_op("(")) {
        TESSERA_ASSIGN_OR_RETURN(node, parse_call(std::move(node)));
      } else {
        return node;
      }
    }
  }

  Result<ExprPtr> parse_subscript(ExprPtr node) {
    const int line = cur().line;
    if (skip_op(".")) {
      if (cur().type == TokenType::Name) {
        std::string name = cur().text;
        next();
        return sized(std::make_unique<GetAttrExpr>(line, std::move(node), std::move(name)));
      }
      if (cur().type == TokenType::Integer) {
        auto index = std::make_unique<LiteralExpr>(cur().line, Value::integer(cur().int_value));
        next();
        return sized(std::make_unique<GetItemExpr>(line, std::move(node), std::move(index)));
      }
      return unexpected("an attribute name or number after '.'");
    }
    next();  // [
    ExprPtr first;
    if (!is_op(":")) {
      TESSERA_ASSIGN_OR_RETURN(first, parse_expression(true));
      if (!is_op(":")) {
        if (is_op(",")) return fail("tuple subscripts like x[a, b] are not supported");
        TESSERA_TRY(expect_op("]"));
        return sized(std::make_unique<GetItemExpr>(line, std::move(node), std::move(first)));
      }
    }
    auto slice = std::make_unique<SliceExpr>(line);
    slice->object = std::move(node);
    slice->start = std::move(first);
    next();  // first ':'
    if (!is_op(":") && !is_op("]")) {
      TESSERA_ASSIGN_OR_RETURN(slice->stop, parse_expression(true));
    }
    if (skip_op(":")) {
      if (!is_op("]")) {
        TESSERA_ASSIGN_OR_RETURN(slice->step, parse_expression(true));
      }
    }
    TESSERA_TRY(expect_op("]"));
    return sized(std::move(slice));
  }

  Result<CallArgsExpr> parse_call_args() {
    CallArgsExpr args;
    TESSERA_TRY(expect_op("("));
    bool require_comma = false;
    while (!is_op(")")) {
      if (require_comma) {
        TESSERA_TRY(expect_op(","));
        if (is_op(")")) break;
      }
      if (is_op("*") || is_op("**")) return fail("*args and **kwargs in calls are not supported");
      if (cur().type == TokenType::Name && is_op(peek(), "=")) {
        std::string key = cur().text;
        next();
        next();
        TESSERA_ASSIGN_OR_RETURN(ExprPtr value, parse_expression(true));
        args.named.emplace_back(std::move(key), std::move(value));
      } else {
        if (!args.named.empty()) return fail("positional argument follows keyword argument");
        TESSERA_ASSIGN_OR_RETURN(ExprPtr value, parse_expression(true));
        args.positional.push_back(std::move(value));
      }
      require_comma = true;
    }
    next();  // )
    return args;
  }

  Result<ExprPtr> parse_call(ExprPtr callee) {
    auto node = std::make_unique<CallExpr>(cur().line);
    node->callee = std::move(callee);
    TESSERA_ASSIGN_OR_RETURN(node->args, parse_call_args());
    return sized(std::move(node));
  }

  Result<std::string> parse_dotted_name() {
    TESSERA_ASSIGN_OR_RETURN(std::string name, expect_identifier());
    while (is_op(".")) {
      next();
      TESSERA_ASSIGN_OR_RETURN(std::string part, expect_identifier());
      name += "." + part;
    }
    return name;
  }

  // `name(args) | name2 | ...` (the first '|' already consumed); operands left null.
  Result<std::vector<ExprPtr>> parse_filter_chain() {
    std::vector<ExprPtr> chain;
    do {
      auto f = std::make_unique<FilterExpr>(cur().line);
      TESSERA_ASSIGN_OR_RETURN(f->name, parse_dotted_name());
      if (!is_known_filter(f->name)) TESSERA_TRY(unknown(f->line, "no filter named '" + f->name + "'"));
      if (is_op("(")) {
        TESSERA_ASSIGN_OR_RETURN(f->args, parse_call_args());
      }
      chain.push_back(std::move(f));
    } while (skip_op("|"));
    return chain;
  }

  Result<ExprPtr> parse_test(ExprPtr operand) {
    auto node = std::make_unique<TestExpr>(cur().line);
    next();  // is
    node->negated = skip_name("not");
    TESSERA_ASSIGN_OR_RETURN(node->name, parse_dotted_name());
    if (!is_known_test(node->name)) TESSERA_TRY(unknown(node->line, "no test named '" + node->name + "'"));
    node->operand = std::move(operand);
    if (is_op("(")) {
      TESSERA_ASSIGN_OR_RETURN(node->args, parse_call_args());
    } else {
      const Token& t = cur();
      const bool arg_start = t.type == TokenType::Name || t.type == TokenType::String ||
                             t.type == TokenType::Integer || t.type == TokenType::Float || is_op(t, "(") ||
                             is_op(t, "[") || is_op(t, "{");
      if (arg_start && !is_name(t, "else") && !is_name(t, "or") && !is_name(t, "and")) {
        if (is_name(t, "is")) return fail("cannot chain multiple tests with 'is'");
        TESSERA_ASSIGN_OR_RETURN(ExprPtr arg, parse_primary());
        TESSERA_ASSIGN_OR_RETURN(arg, parse_postfix(std::move(arg)));
        node->args.positional.push_back(std::move(arg));
      }
    }
    return sized(std::move(node));
  }

  // An unknown filter or test: jinja2 fails at compile time, except in a "soft" frame (the
  // condition and bodies of an if, the parts of an inline if), where it fails only if evaluated.
  // Outside a soft frame the error may still be forgiven by an inline if that follows the
  // expression (`x|nofilter if cond`), so it waits in deferred_ until the expression ends.
  Status unknown(int line, std::string message) {
    if (soft_) return {};
    deferred_.push_back(error_at(line, std::move(message)));
    return {};
  }
  Status fail_deferred(size_t from) {
    if (deferred_.size() <= from) return {};
    Error e = deferred_[from];
    deferred_.resize(from);
    return e;
  }

  std::vector<Token> t_;
  size_t i_ = 0;
  int max_depth_;
  bool soft_ = false;
  std::vector<Error> deferred_;
  int depth_ = 0;
  int loop_depth_ = 0;
  std::vector<std::pair<std::string, int>> open_blocks_;  // for "never closed" messages
};

}  // namespace

Result<Program> parse(std::vector<Token> tokens, const RenderLimits& limits) {
  if (tokens.empty() || tokens.back().type != TokenType::Eof) {
    Token eof;
    eof.type = TokenType::Eof;
    eof.line = tokens.empty() ? 1 : tokens.back().line;
    tokens.push_back(eof);
  }
  Parser parser(std::move(tokens), limits);
  return parser.run();
}

}  // namespace tessera::jinja

// Template evaluator: walks the syntax tree and renders text, with jinja2's runtime semantics.
//
// Scoping follows jinja2: a for-loop iteration, macro call, {% with %}, {% set %} block body,
// {% filter %} body and {% generation %} body each get a child scope, so `{% set %}` inside them
// does not leak out (namespace() objects are the way to carry state out of a loop); `if` bodies
// share the enclosing scope. Macros see the scope they were defined in (at call time).
//
// One RenderLimits budget (template/render_limits.h) bounds a render: steps, output, string and
// container sizes, call, evaluation and value nesting. Going over is an error naming the line and
// the limit. One Interpreter renders one template once; it is not shared between threads.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/error.h"
#include "template/ast.h"
#include "template/render_limits.h"
#include "template/value.h"

namespace tessera::jinja {

class Scope {
 public:
  explicit Scope(std::shared_ptr<Scope> parent = nullptr) : parent_(std::move(parent)) {}
  // Looks the name up here, then in the enclosing scopes; nullptr when not found.
  const Value* find(std::string_view name) const;
  // Defines or replaces `name` in this scope.
  void set(std::string_view name, Value value);

 private:
  std::shared_ptr<Scope> parent_;
  std::vector<std::pair<std::string, Value>> vars_;
};
using ScopePtr = std::shared_ptr<Scope>;

class Interpreter {
 public:
  Interpreter() = default;
  explicit Interpreter(const RenderLimits& limits) : limits_(limits) {}
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Renders `program` with `scope` as the template's top-level scope (globals and variables in
  // it or its parents). Errors are "line N: message".
  Result<std::string> render(const Program& program, const ScopePtr& scope);

  // Calls a function value (macro, global, bound method). Used by filters such as map().
  Result<Value> call(const Value& fn, CallArgs& args);

  const RenderLimits& limits() const { return limits_; }
  // Spends `units` of the step budget; an error once RenderLimits::max_steps is used up.
  Status charge(int64_t units);
  // Errors when a string of `bytes` or a container of `items` would exceed its limit; `what`
  // names the operation ("list concatenation"). Call BEFORE building the value.
  Status check_string_size(uint64_t bytes, std::string_view what) const;
  Status check_container_size(uint64_t items, std::string_view what) const;
  // str(v) within the limits (string size, value nesting).
  Result<std::string> str(const Value& v) const;

 private:
  enum class Flow { Normal, Break, Continue };

  Result<Flow> exec(const NodeList& nodes, const ScopePtr& scope, std::string& out);
  Result<Flow> exec_node(const Node& node, const ScopePtr& scope, std::string& out);
  Result<Flow> exec_for(const ForNode& node, const ScopePtr& scope, std::string& out);
  Status exec_macro(const MacroNode& node, const ScopePtr& scope);
  Result<std::string> exec_call_block(const CallBlockNode& node, const ScopePtr& scope);
  Status assign(const AssignTarget& target, Value value, const ScopePtr& scope, int line);
  Result<std::string> render_body(const NodeList& body, const ScopePtr& scope);
  Result<Value> apply_filters(const std::vector<ExprPtr>& filters, Value input, const ScopePtr& scope);
  Result<Value> call_macro(const std::string& name, const std::vector<MacroParam>& params, const NodeList& body,
                           const std::weak_ptr<Scope>& defining_scope, CallArgs& args);

  Result<Value> eval(const Expr& expr, const ScopePtr& scope);
  Result<CallArgs> eval_args(const CallArgsExpr& args, const ScopePtr& scope);
  Result<Value> eval_binary(const BinaryExpr& expr, const ScopePtr& scope);
  Result<Value> eval_compare(const CompareExpr& expr, const ScopePtr& scope);
  Result<Value> eval_slice(const SliceExpr& expr, const ScopePtr& scope);

  Result<Value> eval_inner(const Expr& expr, const ScopePtr& scope);
  Result<Flow> exec_node_inner(const Node& node, const ScopePtr& scope, std::string& out);
  Status enter(int line);  // one more level of evaluation nesting (RenderLimits::max_eval_depth)

  RenderLimits limits_;
  uintptr_t stack_base_ = 0;  // frame address of render(), for RenderLimits::max_stack_bytes
  int64_t steps_ = 0;
  int eval_depth_ = 0;
  int call_depth_ = 0;
  size_t output_bytes_ = 0;
  // Scopes that define macros stay alive for the whole render; macros hold weak references to
  // them, so a scope and the macro stored in it never form an ownership cycle.
  std::vector<ScopePtr> kept_scopes_;
};

}  // namespace tessera::jinja

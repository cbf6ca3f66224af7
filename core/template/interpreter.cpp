#include "template/interpreter.h"

#include <algorithm>

#include "template/builtins.h"
#include "template/operators.h"
#include "template/template_error.h"

namespace tessera::jinja {

namespace {

// A loop iteration (a scope and a 13-entry loop object) and a call set up scopes and bind
// variables: measured at 10-25 expressions' work.
constexpr int64_t kStepsPerIteration = 25;
constexpr int64_t kStepsPerCall = 10;

}  // namespace

Status Interpreter::charge(int64_t units) {
  steps_ += units;
  if (steps_ > limits_.max_steps)
    return value_error("the template ran too long: more than " + limit_text("max_steps", uint64_t(limits_.max_steps), " steps") +
                       "; is a loop or macro running away?");
  return {};
}

Status Interpreter::check_string_size(uint64_t bytes, std::string_view what) const {
  if (bytes > limits_.max_string_bytes)
    return value_error(std::string(what) + " would make a string of " + std::to_string(bytes) + " bytes, more than " +
                       limit_text("max_string_bytes", limits_.max_string_bytes, " bytes"));
  return {};
}

Status Interpreter::check_container_size(uint64_t items, std::string_view what) const {
  if (items > limits_.max_container_items)
    return value_error(std::string(what) + " would make a container of " + std::to_string(items) +
                       " items, more than " + limit_text("max_container_items", limits_.max_container_items, " items"));
  return {};
}

Result<std::string> Interpreter::str(const Value& v) const { return to_text(v, limits_); }

namespace {

uintptr_t frame_address() { return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)); }

}  // namespace

Status Interpreter::enter(int line) {
  if (stack_base_ != 0) {
    const uintptr_t here = frame_address();
    const uintptr_t used = here < stack_base_ ? stack_base_ - here : here - stack_base_;
    if (used > limits_.max_stack_bytes)
      return error_at(line, "evaluation nested too deeply: it would use more than " +
                                limit_text("max_stack_bytes", limits_.max_stack_bytes, " bytes") + " of stack");
  }
  if (eval_depth_ >= limits_.max_eval_depth)
    return error_at(line, "evaluation nested too deeply: more than " +
                              limit_text("max_eval_depth", uint64_t(limits_.max_eval_depth), " levels") +
                              " of statements, expressions and calls");
  ++eval_depth_;
  return {};
}

const Value* Scope::find(std::string_view name) const {
  for (const Scope* s = this; s; s = s->parent_.get())
    for (const auto& [k, v] : s->vars_)
      if (k == name) return &v;
  return nullptr;
}

void Scope::set(std::string_view name, Value value) {
  for (auto& [k, v] : vars_) {
    if (k == name) {
      v = std::move(value);
      return;
    }
  }
  vars_.emplace_back(std::string(name), std::move(value));
}

Result<std::string> Interpreter::render(const Program& program, const ScopePtr& scope) {
  stack_base_ = frame_address();
  std::string out;
  auto flow = exec(program.body, scope, out);
  kept_scopes_.clear();
  if (!flow.ok()) return flow.take_error();
  return out;
}

Result<Value> Interpreter::call(const Value& fn, CallArgs& args) {
  if (fn.is_undefined()) return undefined_error(fn);
  if (!fn.is_function()) return value_error("'" + type_name(fn) + "' object is not callable");
  if (call_depth_ >= limits_.max_call_depth)
    return value_error("maximum call depth exceeded: more than " +
                       limit_text("max_call_depth", uint64_t(limits_.max_call_depth)) +
                       " nested macro or function calls; is a macro recursing without end?");
  TESSERA_TRY(charge(kStepsPerCall));
  ++call_depth_;
  auto result = fn.function_data().fn(*this, args);
  --call_depth_;
  return result;
}

// ---- statements ----

Result<Interpreter::Flow> Interpreter::exec(const NodeList& nodes, const ScopePtr& scope, std::string& out) {
  for (const auto& node : nodes) {
    TESSERA_ASSIGN_OR_RETURN(Flow flow, exec_node(*node, scope, out));
    if (flow != Flow::Normal) return flow;
  }
  return Flow::Normal;
}

Result<Interpreter::Flow> Interpreter::exec_node(const Node& node, const ScopePtr& scope, std::string& out) {
  TESSERA_TRY(enter(node.line));
  auto result = [&]() -> Result<Flow> {
    auto paid = charge(1);
    if (!paid.ok()) return with_line(node.line, paid.take_error());
    return exec_node_inner(node, scope, out);
  }();
  --eval_depth_;
  return result;
}

Result<Interpreter::Flow> Interpreter::exec_node_inner(const Node& node, const ScopePtr& scope, std::string& out) {
  auto emit = [&](const std::string& text) -> Status {
    output_bytes_ += text.size();
    if (output_bytes_ > limits_.max_output_bytes)
      return error_at(node.line, "the template produced more than " + std::to_string(limits_.max_output_bytes >> 20) +
                                     " MiB of text: " +
                                     limit_text("max_output_bytes", limits_.max_output_bytes, " bytes"));
    out += text;
    return {};
  };
  auto text_of = [&](const Value& v) -> Result<std::string> {
    auto s = str(v);
    if (!s.ok()) return with_line(node.line, s.take_error());
    return s;
  };
  switch (node.kind) {
    case NodeKind::Text:
      TESSERA_TRY(emit(static_cast<const TextNode&>(node).text));
      return Flow::Normal;
    case NodeKind::Output: {
      TESSERA_ASSIGN_OR_RETURN(Value v, eval(*static_cast<const OutputNode&>(node).expr, scope));
      TESSERA_ASSIGN_OR_RETURN(std::string text, text_of(v));
      TESSERA_TRY(emit(text));
      return Flow::Normal;
    }
    case NodeKind::If: {
      const auto& n = static_cast<const IfNode&>(node);
      for (const auto& [cond, body] : n.branches) {
        TESSERA_ASSIGN_OR_RETURN(Value c, eval(*cond, scope));
        if (truthy(c)) return exec(body, scope, out);
      }
      return exec(n.else_body, scope, out);
    }
    case NodeKind::For: return exec_for(static_cast<const ForNode&>(node), scope, out);
    case NodeKind::Set: {
      const auto& n = static_cast<const SetNode&>(node);
      TESSERA_ASSIGN_OR_RETURN(Value v, eval(*n.value, scope));
      TESSERA_TRY(assign(n.target, std::move(v), scope, n.line));
      return Flow::Normal;
    }
    case NodeKind::SetBlock: {
      const auto& n = static_cast<const SetBlockNode&>(node);
      TESSERA_ASSIGN_OR_RETURN(std::string body, render_body(n.body, std::make_shared<Scope>(scope)));
      TESSERA_ASSIGN_OR_RETURN(Value v, apply_filters(n.filters, Value::string(std::move(body)), scope));
      TESSERA_TRY(assign(n.target, std::move(v), scope, n.line));
      return Flow::Normal;
    }
    case NodeKind::Macro:
      TESSERA_TRY(exec_macro(static_cast<const MacroNode&>(node), scope));
      return Flow::Normal;
    case NodeKind::CallBlock: {
      TESSERA_ASSIGN_OR_RETURN(std::string text, exec_call_block(static_cast<const CallBlockNode&>(node), scope));
      TESSERA_TRY(emit(text));
      return Flow::Normal;
    }
    case NodeKind::FilterBlock: {
      const auto& n = static_cast<const FilterBlockNode&>(node);
      TESSERA_ASSIGN_OR_RETURN(std::string body, render_body(n.body, std::make_shared<Scope>(scope)));
      TESSERA_ASSIGN_OR_RETURN(Value v, apply_filters(n.filters, Value::string(std::move(body)), scope));
      TESSERA_ASSIGN_OR_RETURN(std::string text, text_of(v));
      TESSERA_TRY(emit(text));
      return Flow::Normal;
    }
    case NodeKind::With: {
      const auto& n = static_cast<const WithNode&>(node);
      auto inner = std::make_shared<Scope>(scope);
      for (const auto& [target, expr] : n.assignments) {
        TESSERA_ASSIGN_OR_RETURN(Value v, eval(*expr, inner));
        TESSERA_TRY(assign(target, std::move(v), inner, n.line));
      }
      TESSERA_ASSIGN_OR_RETURN(Flow flow, exec(n.body, inner, out));
      return flow;
    }
    case NodeKind::Scope: {
      TESSERA_ASSIGN_OR_RETURN(std::string body,
                               render_body(static_cast<const ScopeNode&>(node).body, std::make_shared<Scope>(scope)));
      TESSERA_TRY(emit(body));
      return Flow::Normal;
    }
    case NodeKind::Break: return Flow::Break;
    case NodeKind::Continue: return Flow::Continue;
  }
  return Flow::Normal;
}

Result<std::string> Interpreter::render_body(const NodeList& body, const ScopePtr& scope) {
  std::string out;
  TESSERA_ASSIGN_OR_RETURN(Flow flow, exec(body, scope, out));
  (void)flow;  // break/continue cannot escape a body (the parser rejects them outside loops)
  return out;
}

Status Interpreter::assign(const AssignTarget& target, Value value, const ScopePtr& scope, int line) {
  if (!target.attribute.empty()) {
    const Value* ns = scope->find(target.names[0]);
    if (!ns || !ns->is_namespace())
      return error_at(line, "cannot assign attribute '" + target.attribute + "' on '" + target.names[0] +
                                "': it is not a namespace() object");
    size_t visited = 0;
    auto acyclic = check_no_cycle(*ns, value, "assigning " + target.names[0] + "." + target.attribute, &visited);
    if (!acyclic.ok()) return with_line(line, acyclic.take_error());
    auto paid = charge(static_cast<int64_t>(visited));
    if (!paid.ok()) return with_line(line, paid.take_error());
    if (!ns->dict_data().find(target.attribute)) {
      auto fits = check_container_size(uint64_t(ns->dict_data().entries.size()) + 1, "namespace attribute assignment");
      if (!fits.ok()) return with_line(line, fits.take_error());
    }
    ns->dict_data().set(target.attribute, std::move(value));
    return {};
  }
  if (!target.unpack) {
    scope->set(target.names[0], std::move(value));
    return {};
  }
  auto items = iterate(value, limits_.max_container_items);
  if (!items.ok()) return with_line(line, items.take_error());
  const size_t want = target.names.size();
  if (items->size() != want) {
    if (items->size() > want)
      return error_at(line, "too many values to unpack (expected " + std::to_string(want) + ")");
    return error_at(line, "not enough values to unpack (expected " + std::to_string(want) + ", got " +
                              std::to_string(items->size()) + ")");
  }
  for (size_t i = 0; i < want; ++i) scope->set(target.names[i], std::move((*items)[i]));
  return {};
}

Result<Interpreter::Flow> Interpreter::exec_for(const ForNode& node, const ScopePtr& scope, std::string& out) {
  TESSERA_ASSIGN_OR_RETURN(Value iterable, eval(*node.iterable, scope));
  auto listed = iterate(iterable, limits_.max_container_items);
  if (!listed.ok()) return with_line(node.line, listed.take_error());
  std::vector<Value> items = std::move(*listed);
  if (node.filter) {
    std::vector<Value> kept;
    for (auto& item : items) {
      auto probe = std::make_shared<Scope>(scope);
      TESSERA_TRY(assign(node.target, item, probe, node.line));
      TESSERA_ASSIGN_OR_RETURN(Value keep, eval(*node.filter, probe));
      if (truthy(keep)) kept.push_back(std::move(item));
    }
    items = std::move(kept);
  }
  if (items.empty()) {
    TESSERA_ASSIGN_OR_RETURN(Flow flow, exec(node.else_body, std::make_shared<Scope>(scope), out));
    (void)flow;
    return Flow::Normal;
  }
  const auto n = static_cast<int64_t>(items.size());
  struct ChangedState {
    bool seen = false;
    std::vector<Value> last;
  };
  auto changed_state = std::make_shared<ChangedState>();
  for (int64_t i = 0; i < n; ++i) {
    auto paid = charge(kStepsPerIteration);  // an empty body still costs its iterations
    if (!paid.ok()) return with_line(node.line, paid.take_error());
    auto inner = std::make_shared<Scope>(scope);
    TESSERA_TRY(assign(node.target, items[static_cast<size_t>(i)], inner, node.line));
    Value loop = Value::dict(DictKind::Loop);
    DictData& d = loop.dict_data();
    d.entries.reserve(13);
    auto put = [&](const char* key, Value v) { d.entries.emplace_back(Value::string(key), std::move(v)); };  // keys are distinct
    put("index", Value::integer(i + 1));
    put("index0", Value::integer(i));
    put("revindex", Value::integer(n - i));
    put("revindex0", Value::integer(n - i - 1));
    put("first", Value::boolean(i == 0));
    put("last", Value::boolean(i == n - 1));
    put("length", Value::integer(n));
    put("depth", Value::integer(1));
    put("depth0", Value::integer(0));
    if (i > 0) put("previtem", items[static_cast<size_t>(i - 1)]);
    if (i + 1 < n) put("nextitem", items[static_cast<size_t>(i + 1)]);
    d.set("cycle", Value::function("loop.cycle", [i](Interpreter&, CallArgs& args) -> Result<Value> {
            if (args.positional.empty()) return value_error("loop.cycle() needs at least one value");
            return args.positional[static_cast<size_t>(i) % args.positional.size()];
          }));
    d.set("changed", Value::function("loop.changed", [changed_state](Interpreter&, CallArgs& args) -> Result<Value> {
            const std::vector<Value>& now = args.positional;
            bool same = changed_state->seen && now.size() == changed_state->last.size();
            for (size_t k = 0; same && k < now.size(); ++k) same = equals(now[k], changed_state->last[k]);
            changed_state->last = now;
            changed_state->seen = true;
            return Value::boolean(!same);
          }));
    inner->set("loop", std::move(loop));
    auto flow = exec(node.body, inner, out);
    if (!flow.ok() || *flow == Flow::Break) {
      changed_state->last.clear();
      if (!flow.ok()) return flow.take_error();
      break;
    }
  }
  // loop.changed(loop) would otherwise keep the loop object alive through its own function.
  changed_state->last.clear();
  return Flow::Normal;
}

Result<Value> Interpreter::call_macro(const std::string& name, const std::vector<MacroParam>& params,
                                      const NodeList& body, const std::weak_ptr<Scope>& defining_scope,
                                      CallArgs& args) {
  ScopePtr parent = defining_scope.lock();
  if (!parent) return value_error("macro '" + name + "' called after the scope that defined it ended");
  auto scope = std::make_shared<Scope>(parent);
  std::vector<std::pair<std::string, Value>> named = std::move(args.named);
  Value caller;
  bool has_caller = false;
  for (size_t k = 0; k < params.size(); ++k) {
    const MacroParam& p = params[k];
    auto it = std::find_if(named.begin(), named.end(), [&](const auto& kv) { return kv.first == p.name; });
    Value v;
    if (k < args.positional.size()) {
      if (it != named.end()) return value_error("macro '" + name + "' got multiple values for argument '" + p.name + "'");
      v = args.positional[k];
    } else if (it != named.end()) {
      v = std::move(it->second);
      named.erase(it);
    } else if (p.default_value) {
      TESSERA_ASSIGN_OR_RETURN(v, eval(*p.default_value, scope));
    } else {
      v = Value::undefined("parameter " + p.name + " was not provided");
    }
    scope->set(p.name, std::move(v));
  }
  std::vector<Value> varargs;
  for (size_t k = params.size(); k < args.positional.size(); ++k) varargs.push_back(args.positional[k]);
  Value kwargs = Value::dict();
  for (auto& [k, v] : named) {
    if (k == "caller") {
      caller = std::move(v);
      has_caller = true;
    } else {
      kwargs.dict_data().set(k, std::move(v));
    }
  }
  scope->set("varargs", Value::tuple(std::move(varargs)));
  scope->set("kwargs", std::move(kwargs));
  if (has_caller) scope->set("caller", std::move(caller));
  TESSERA_ASSIGN_OR_RETURN(std::string text, render_body(body, scope));
  return Value::string(std::move(text));
}

Status Interpreter::exec_macro(const MacroNode& node, const ScopePtr& scope) {
  kept_scopes_.push_back(scope);
  std::weak_ptr<Scope> weak = scope;
  const MacroNode* m = &node;
  scope->set(node.name, Value::function(node.name, [this, m, weak](Interpreter&, CallArgs& args) {
               return call_macro(m->name, m->params, m->body, weak, args);
             }));
  return {};
}

Result<std::string> Interpreter::exec_call_block(const CallBlockNode& node, const ScopePtr& scope) {
  const auto& call = static_cast<const CallExpr&>(*node.call);
  kept_scopes_.push_back(scope);
  std::weak_ptr<Scope> weak = scope;
  const CallBlockNode* n = &node;
  Value caller = Value::function("caller", [this, n, weak](Interpreter&, CallArgs& args) {
    return call_macro("caller", n->params, n->body, weak, args);
  });
  TESSERA_ASSIGN_OR_RETURN(Value fn, eval(*call.callee, scope));
  TESSERA_ASSIGN_OR_RETURN(CallArgs args, eval_args(call.args, scope));
  args.named.emplace_back("caller", std::move(caller));
  auto result = this->call(fn, args);
  if (!result.ok()) return with_line(node.line, result.take_error());
  auto text = str(*result);
  if (!text.ok()) return with_line(node.line, text.take_error());
  return text;
}

Result<Value> Interpreter::apply_filters(const std::vector<ExprPtr>& filters, Value input, const ScopePtr& scope) {
  for (const auto& f : filters) {
    const auto& fe = static_cast<const FilterExpr&>(*f);
    TESSERA_ASSIGN_OR_RETURN(CallArgs args, eval_args(fe.args, scope));
    auto r = apply_filter(*this, fe.name, input, args);
    if (!r.ok()) return with_line(fe.line, r.take_error());
    input = std::move(*r);
  }
  return input;
}

// ---- expressions ----

Result<CallArgs> Interpreter::eval_args(const CallArgsExpr& args, const ScopePtr& scope) {
  CallArgs out;
  for (const auto& e : args.positional) {
    TESSERA_ASSIGN_OR_RETURN(Value v, eval(*e, scope));
    out.positional.push_back(std::move(v));
  }
  for (const auto& [name, e] : args.named) {
    TESSERA_ASSIGN_OR_RETURN(Value v, eval(*e, scope));
    out.named.emplace_back(name, std::move(v));
  }
  return out;
}

Result<Value> Interpreter::eval(const Expr& expr, const ScopePtr& scope) {
  TESSERA_TRY(enter(expr.line));
  auto result = [&]() -> Result<Value> {
    TESSERA_TRY(charge(1));
    TESSERA_ASSIGN_OR_RETURN(Value v, eval_inner(expr, scope));
    // Producing (copying) a value costs in proportion to its size.
    if (v.is_string()) TESSERA_TRY(charge(static_cast<int64_t>(v.get_string().size() >> 6)));
    else if (v.is_list()) TESSERA_TRY(charge(static_cast<int64_t>(v.items().size() >> 2)));
    else if (v.is_dict()) TESSERA_TRY(charge(static_cast<int64_t>(v.dict_data().entries.size() >> 2)));
    return v;
  }();
  --eval_depth_;
  if (!result.ok()) return with_line(expr.line, result.take_error());
  return result;
}

Result<Value> Interpreter::eval_inner(const Expr& expr, const ScopePtr& scope) {
  auto at = [&](Result<Value> r) -> Result<Value> {
    if (!r.ok()) return with_line(expr.line, r.take_error());
    return r;
  };
  switch (expr.kind) {
    case ExprKind::Literal: return static_cast<const LiteralExpr&>(expr).value;
    case ExprKind::Name: {
      const auto& name = static_cast<const NameExpr&>(expr).name;
      const Value* v = scope->find(name);
      return v ? *v : undefined_name(name);
    }
    case ExprKind::List: {
      const auto& e = static_cast<const ListExpr&>(expr);
      std::vector<Value> items;
      items.reserve(e.items.size());
      for (const auto& item : e.items) {
        TESSERA_ASSIGN_OR_RETURN(Value v, eval(*item, scope));
        items.push_back(std::move(v));
      }
      return e.tuple ? Value::tuple(std::move(items)) : Value::list(std::move(items));
    }
    case ExprKind::Dict: {
      const auto& e = static_cast<const DictExpr&>(expr);
      Value d = Value::dict();
      for (const auto& [k, v] : e.items) {
        TESSERA_ASSIGN_OR_RETURN(Value key, eval(*k, scope));
        if ((key.is_list() && !key.is_tuple()) || key.is_dict() || key.is_undefined())
          return error_at(k->line, "unhashable type: '" + type_name(key) + "' used as a dict key");
        TESSERA_ASSIGN_OR_RETURN(Value value, eval(*v, scope));
        d.dict_data().set(std::move(key), std::move(value));
      }
      return d;
    }
    case ExprKind::GetAttr: {
      const auto& e = static_cast<const GetAttrExpr&>(expr);
      TESSERA_ASSIGN_OR_RETURN(Value obj, eval(*e.object, scope));
      return at(get_attr(obj, e.name));
    }
    case ExprKind::GetItem: {
      const auto& e = static_cast<const GetItemExpr&>(expr);
      TESSERA_ASSIGN_OR_RETURN(Value obj, eval(*e.object, scope));
      TESSERA_ASSIGN_OR_RETURN(Value key, eval(*e.index, scope));
      return at(get_item(obj, key));
    }
    case ExprKind::Slice: return eval_slice(static_cast<const SliceExpr&>(expr), scope);
    case ExprKind::Call: {
      const auto& e = static_cast<const CallExpr&>(expr);
      TESSERA_ASSIGN_OR_RETURN(Value fn, eval(*e.callee, scope));
      TESSERA_ASSIGN_OR_RETURN(CallArgs args, eval_args(e.args, scope));
      return at(call(fn, args));
    }
    case ExprKind::Filter: {
      const auto& e = static_cast<const FilterExpr&>(expr);
      Value input;
      if (e.operand) {
        TESSERA_ASSIGN_OR_RETURN(input, eval(*e.operand, scope));
      }
      TESSERA_ASSIGN_OR_RETURN(CallArgs args, eval_args(e.args, scope));
      return at(apply_filter(*this, e.name, input, args));
    }
    case ExprKind::Test: {
      const auto& e = static_cast<const TestExpr&>(expr);
      TESSERA_ASSIGN_OR_RETURN(Value input, eval(*e.operand, scope));
      TESSERA_ASSIGN_OR_RETURN(CallArgs args, eval_args(e.args, scope));
      auto r = apply_test(*this, e.name, input, args);
      if (!r.ok()) return with_line(e.line, r.take_error());
      return Value::boolean(*r != e.negated);
    }
    case ExprKind::Unary: {
      const auto& e = static_cast<const UnaryExpr&>(expr);
      TESSERA_ASSIGN_OR_RETURN(Value v, eval(*e.operand, scope));
      if (e.op == UnaryOp::Not) return Value::boolean(!truthy(v));
      return at(unary_op(e.op, v));
    }
    case ExprKind::Binary: return eval_binary(static_cast<const BinaryExpr&>(expr), scope);
    case ExprKind::Compare: return eval_compare(static_cast<const CompareExpr&>(expr), scope);
    case ExprKind::Cond: {
      const auto& e = static_cast<const CondExpr&>(expr);
      TESSERA_ASSIGN_OR_RETURN(Value c, eval(*e.cond, scope));
      if (truthy(c)) return eval(*e.then_expr, scope);
      if (e.else_expr) return eval(*e.else_expr, scope);
      return Value::undefined("the inline if-expression on line " + std::to_string(e.line) +
                              " evaluated to false and no else section was defined.");
    }
  }
  return Value();
}

Result<Value> Interpreter::eval_binary(const BinaryExpr& expr, const ScopePtr& scope) {
  TESSERA_ASSIGN_OR_RETURN(Value left, eval(*expr.left, scope));
  if (expr.op == BinaryOp::And) {
    if (!truthy(left)) return left;
    return eval(*expr.right, scope);
  }
  if (expr.op == BinaryOp::Or) {
    if (truthy(left)) return left;
    return eval(*expr.right, scope);
  }
  TESSERA_ASSIGN_OR_RETURN(Value right, eval(*expr.right, scope));
  if (expr.op == BinaryOp::Concat) {
    auto a = str(left);
    if (!a.ok()) return with_line(expr.line, a.take_error());
    auto b = str(right);
    if (!b.ok()) return with_line(expr.line, b.take_error());
    auto fits = check_string_size(uint64_t(a->size()) + b->size(), "string concatenation (~)");
    if (!fits.ok()) return with_line(expr.line, fits.take_error());
    *a += *b;
    return Value::string(std::move(*a));
  }
  auto r = binary_op(expr.op, left, right, limits_);
  if (!r.ok()) return with_line(expr.line, r.take_error());
  return r;
}

Result<Value> Interpreter::eval_compare(const CompareExpr& expr, const ScopePtr& scope) {
  TESSERA_ASSIGN_OR_RETURN(Value left, eval(*expr.first, scope));
  for (const auto& [op, operand] : expr.rest) {
    TESSERA_ASSIGN_OR_RETURN(Value right, eval(*operand, scope));
    auto r = compare_op(op, left, right);
    if (!r.ok()) return with_line(expr.line, r.take_error());
    if (!*r) return Value::boolean(false);
    left = std::move(right);
  }
  return Value::boolean(true);
}

Result<Value> Interpreter::eval_slice(const SliceExpr& expr, const ScopePtr& scope) {
  TESSERA_ASSIGN_OR_RETURN(Value obj, eval(*expr.object, scope));
  std::optional<int64_t> bounds[3];
  const Expr* parts[3] = {expr.start.get(), expr.stop.get(), expr.step.get()};
  for (int k = 0; k < 3; ++k) {
    if (!parts[k]) continue;
    TESSERA_ASSIGN_OR_RETURN(Value v, eval(*parts[k], scope));
    if (v.is_none()) continue;
    if (!v.is_int() && !v.is_bool())
      return error_at(expr.line, "slice indices must be integers or None, not " + type_name(v));
    bounds[k] = v.get_int();
  }
  auto r = slice_value(obj, bounds[0], bounds[1], bounds[2]);
  if (!r.ok()) return with_line(expr.line, r.take_error());
  return r;
}

}  // namespace tessera::jinja

// Syntax tree of a parsed template: expressions (Expr) and statements (Node).
// Every node records the 1-based template line it starts on, for error messages.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "template/value.h"

namespace tessera::jinja {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct CallArgsExpr {
  std::vector<ExprPtr> positional;
  std::vector<std::pair<std::string, ExprPtr>> named;
};

enum class ExprKind {
  Literal,  // constant
  Name,     // variable
  List,     // [a, b] or a tuple (a, b)
  Dict,     // {k: v}
  GetAttr,  // obj.name
  GetItem,  // obj[index]
  Slice,    // obj[start:stop:step]
  Call,     // f(args)
  Filter,   // value | name(args)
  Test,     // value is [not] name(args)
  Unary,    // -x, +x, not x
  Binary,   // arithmetic, ~, and, or
  Compare,  // a == b < c, in, not in
  Cond,     // a if cond else b
};

struct Expr {
  ExprKind kind;
  int line;
  int height = 1;  // 1 + the tallest operand's height; the parser bounds it (RenderLimits::max_syntax_depth)
  Expr(ExprKind k, int l) : kind(k), line(l) {}
  virtual ~Expr() = default;
};

struct LiteralExpr : Expr {
  Value value;
  LiteralExpr(int l, Value v) : Expr(ExprKind::Literal, l), value(std::move(v)) {}
};

struct NameExpr : Expr {
  std::string name;
  NameExpr(int l, std::string n) : Expr(ExprKind::Name, l), name(std::move(n)) {}
};

struct ListExpr : Expr {
  std::vector<ExprPtr> items;
  bool tuple = false;
  explicit ListExpr(int l) : Expr(ExprKind::List, l) {}
};

struct DictExpr : Expr {
  std::vector<std::pair<ExprPtr, ExprPtr>> items;
  explicit DictExpr(int l) : Expr(ExprKind::Dict, l) {}
};

struct GetAttrExpr : Expr {
  ExprPtr object;
  std::string name;
  GetAttrExpr(int l, ExprPtr o, std::string n) : Expr(ExprKind::GetAttr, l), object(std::move(o)), name(std::move(n)) {}
};

struct GetItemExpr : Expr {
  ExprPtr object;
  ExprPtr index;
  GetItemExpr(int l, ExprPtr o, ExprPtr i) : Expr(ExprKind::GetItem, l), object(std::move(o)), index(std::move(i)) {}
};

struct SliceExpr : Expr {
  ExprPtr object;
  ExprPtr start, stop, step;  // each may be null
  explicit SliceExpr(int l) : Expr(ExprKind::Slice, l) {}
};

struct CallExpr : Expr {
  ExprPtr callee;
  CallArgsExpr args;
  explicit CallExpr(int l) : Expr(ExprKind::Call, l) {}
};

struct FilterExpr : Expr {
  ExprPtr operand;  // null inside {% filter %} blocks and {% set x | f %}: applied to the body
  std::string name;
  CallArgsExpr args;
  explicit FilterExpr(int l) : Expr(ExprKind::Filter, l) {}
};

struct TestExpr : Expr {
  ExprPtr operand;
  std::string name;
  CallArgsExpr args;
  bool negated = false;
  explicit TestExpr(int l) : Expr(ExprKind::Test, l) {}
};

enum class UnaryOp { Neg, Pos, Not };
struct UnaryExpr : Expr {
  UnaryOp op;
  ExprPtr operand;
  UnaryExpr(int l, UnaryOp o, ExprPtr e) : Expr(ExprKind::Unary, l), op(o), operand(std::move(e)) {}
};

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, Concat, And, Or };
struct BinaryExpr : Expr {
  BinaryOp op;
  ExprPtr left, right;
  BinaryExpr(int l, BinaryOp o, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::Binary, l), op(o), left(std::move(a)), right(std::move(b)) {}
};

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn };
struct CompareExpr : Expr {
  ExprPtr first;
  std::vector<std::pair<CompareOp, ExprPtr>> rest;  // a < b < c: (Lt, b), (Lt, c)
  explicit CompareExpr(int l) : Expr(ExprKind::Compare, l) {}
};

struct CondExpr : Expr {
  ExprPtr cond, then_expr, else_expr;  // else_expr may be null: Undefined
  explicit CondExpr(int l) : Expr(ExprKind::Cond, l) {}
};

// ---- statements ----

struct Node;
using NodePtr = std::unique_ptr<Node>;
using NodeList = std::vector<NodePtr>;

enum class NodeKind { Text, Output, If, For, Set, SetBlock, Macro, CallBlock, FilterBlock, With, Scope, Break, Continue };

struct Node {
  NodeKind kind;
  int line;
  Node(NodeKind k, int l) : kind(k), line(l) {}
  virtual ~Node() = default;
};

struct TextNode : Node {
  std::string text;
  TextNode(int l, std::string t) : Node(NodeKind::Text, l), text(std::move(t)) {}
};

struct OutputNode : Node {  // {{ expr }}
  ExprPtr expr;
  OutputNode(int l, ExprPtr e) : Node(NodeKind::Output, l), expr(std::move(e)) {}
};

struct IfNode : Node {
  std::vector<std::pair<ExprPtr, NodeList>> branches;  // if, elif...
  NodeList else_body;
  explicit IfNode(int l) : Node(NodeKind::If, l) {}
};

// An assignment target: a name, names to unpack (a, b), or a namespace attribute (ns.attr).
struct AssignTarget {
  std::vector<std::string> names;  // one name, or several to unpack
  bool unpack = false;             // written as a tuple
  std::string attribute;           // non-empty: names[0].attribute
};

struct ForNode : Node {
  AssignTarget target;
  ExprPtr iterable;
  ExprPtr filter;  // `for x in y if cond`; may be null
  NodeList body, else_body;
  bool recursive = false;
  explicit ForNode(int l) : Node(NodeKind::For, l) {}
};

struct SetNode : Node {  // {% set target = value %}
  AssignTarget target;
  ExprPtr value;
  explicit SetNode(int l) : Node(NodeKind::Set, l) {}
};

struct SetBlockNode : Node {  // {% set target | filters %}body{% endset %}
  AssignTarget target;
  std::vector<ExprPtr> filters;  // FilterExpr chain with null operands
  NodeList body;
  explicit SetBlockNode(int l) : Node(NodeKind::SetBlock, l) {}
};

struct MacroParam {
  std::string name;
  ExprPtr default_value;  // may be null
};

struct MacroNode : Node {
  std::string name;
  std::vector<MacroParam> params;
  NodeList body;
  explicit MacroNode(int l) : Node(NodeKind::Macro, l) {}
};

struct CallBlockNode : Node {  // {% call(params) macro(args) %}body{% endcall %}
  ExprPtr call;                // a CallExpr
  std::vector<MacroParam> params;
  NodeList body;
  explicit CallBlockNode(int l) : Node(NodeKind::CallBlock, l) {}
};

struct FilterBlockNode : Node {  // {% filter f1 | f2 %}body{% endfilter %}
  std::vector<ExprPtr> filters;
  NodeList body;
  explicit FilterBlockNode(int l) : Node(NodeKind::FilterBlock, l) {}
};

struct WithNode : Node {  // {% with a = 1, b = 2 %}body{% endwith %}
  std::vector<std::pair<AssignTarget, ExprPtr>> assignments;
  NodeList body;
  explicit WithNode(int l) : Node(NodeKind::With, l) {}
};

struct ScopeNode : Node {  // a body rendered in its own scope ({% generation %})
  NodeList body;
  explicit ScopeNode(int l) : Node(NodeKind::Scope, l) {}
};

struct BreakNode : Node {
  explicit BreakNode(int l) : Node(NodeKind::Break, l) {}
};

struct ContinueNode : Node {
  explicit ContinueNode(int l) : Node(NodeKind::Continue, l) {}
};

struct Program {
  NodeList body;
};

}  // namespace tessera::jinja

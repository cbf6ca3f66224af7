#include "grammar/json_schema.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace tessera::grammar {

using Json = nlohmann::ordered_json;

namespace {

const std::set<std::string>& annotations() {
  static const std::set<std::string> kNames = {"title", "description", "default", "examples", "$schema", "$id",
                                               "$comment", "deprecated", "readOnly", "writeOnly", "strict", "name"};
  return kNames;
}

const char* kSupported =
    "type, properties, required, additionalProperties, items, enum, const, anyOf, $defs, definitions, $ref";

std::string at(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// The JSON text of a string between its quotes.
std::string escaped(const std::string& s) {
  std::string d = Json(s).dump();
  return d.substr(1, d.size() - 2);
}

// "~1" -> "/", "~0" -> "~" in a JSON pointer token; percent-escapes as in URI fragments.
std::string pointer_token(std::string t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '%' && i + 2 < t.size() && std::isxdigit(static_cast<unsigned char>(t[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(t[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(t.substr(i + 1, 2), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(t[i]);
    }
  }
  std::string r;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '~' && i + 1 < out.size() && (out[i + 1] == '0' || out[i + 1] == '1')) {
      r.push_back(out[i + 1] == '0' ? '~' : '/');
      ++i;
    } else {
      r.push_back(out[i]);
    }
  }
  return r;
}

}  // namespace

class SchemaCompiler {
 public:
  SchemaCompiler(const Json& root, const JsonSchemaOptions& options) : root_(root), options_(options) {}

  Result<std::shared_ptr<const JsonSchema>> run() {
    auto s = std::make_shared<JsonSchema>();
    s->options_ = options_;
    out_ = s.get();
    SchemaNode any;
    out_->nodes_.push_back(any);  // node 0: any value
    out_->any_ = 0;
    auto r = node_for(root_, "", "#");
    if (!r.ok()) return r.take_error();
    out_->root_ = *r;
    s->compute_min_bytes();
    // A generation under it could never end (only whitespace would be allowed): say so now.
    if (s->nodes_[static_cast<size_t>(out_->root_)].min_bytes >= kNever)
      return invalid("", "no JSON value matches it (it is false, or it requires what it also forbids)");
    return std::shared_ptr<const JsonSchema>(std::move(s));
  }

 private:
  Error unsupported(const std::string& path, const std::string& what) {
    return make_error(ErrorKind::Unsupported, (path.empty() ? std::string("the schema") : path) + ": " + what);
  }
  Error invalid(const std::string& path, const std::string& what) {
    return make_error(ErrorKind::InvalidArgument, (path.empty() ? std::string("the schema") : path) + ": " + what);
  }

  int32_t add(SchemaNode n) {
    out_->nodes_.push_back(std::move(n));
    return static_cast<int32_t>(out_->nodes_.size() - 1);
  }

  // A node for a schema found at `pointer` (so $ref to it reuses the node, recursion included).
  Result<int32_t> node_for(const Json& schema, const std::string& path, const std::string& pointer) {
    if (auto it = by_pointer_.find(pointer); it != by_pointer_.end()) return it->second;
    if (schema.is_boolean()) {
      if (schema.get<bool>()) return out_->any_;
      SchemaNode none;
      none.types = 0;
      none.has_literals = true;  // no literal: nothing matches
      return add(none);
    }
    if (!schema.is_object()) return invalid(path, "a schema must be an object or a boolean, got " + schema.dump());
    const int32_t index = add(SchemaNode{});
    by_pointer_[pointer] = index;
    auto filled = fill(schema, path, pointer, index);
    if (!filled.ok()) return filled.take_error();
    return index;
  }

  Result<int32_t> resolve_ref(const Json& ref, const std::string& path) {
    if (!ref.is_string()) return invalid(path, "$ref must be a string");
    const std::string r = ref.get<std::string>();
    if (r.empty() || r[0] != '#')
      return unsupported(path, "$ref '" + r + "' is not a reference inside this schema (\"#/$defs/NAME\")");
    const Json* target = &root_;
    std::string pointer = "#";
    std::string target_path;
    size_t pos = 1;
    while (pos < r.size()) {
      if (r[pos] != '/') return unsupported(path, "$ref '" + r + "' is not a JSON pointer (\"#/$defs/NAME\")");
      const size_t next = r.find('/', pos + 1);
      const std::string raw = r.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1);
      const std::string token = pointer_token(raw);
      if (target->is_object() && target->contains(token)) {
        target = &(*target)[token];
      } else if (target->is_array() && !token.empty() &&
                 token.find_first_not_of("0123456789") == std::string::npos && std::stoul(token) < target->size()) {
        target = &(*target)[std::stoul(token)];
      } else {
        return invalid(path, "$ref '" + r + "' points at nothing in the schema");
      }
      pointer += "/" + raw;
      target_path = at(target_path, token);
      pos = next == std::string::npos ? r.size() : next;
    }
    if (++ref_depth_ > 64) return unsupported(path, "$ref chains deeper than 64");
    auto n = node_for(*target, target_path, pointer);
    --ref_depth_;
    return n;
  }

  Status fill(const Json& s, const std::string& path, const std::string& pointer, int32_t index) {
    // A nested $id starts a new base for $ref, which this resolver (references into the one
    // document) would get wrong.
    if (pointer != "#" && s.contains("$id"))
      return unsupported(at(path, "$id"), "'$id' inside a schema (a new base for $ref) is not supported in structured output");
    if (auto ref = s.find("$ref"); ref != s.end()) {
      for (const auto& [k, v] : s.items())
        if (k != "$ref" && k != "$defs" && k != "definitions" && !annotations().count(k))
          return unsupported(at(path, k), "the keyword '" + k + "' next to $ref is not supported in structured output");
      auto target = resolve_ref(*ref, at(path, "$ref"));
      if (!target.ok()) return target.take_error();
      // This node is the target: anyOf with one branch.
      out_->nodes_[static_cast<size_t>(index)].any_of = {*target};
      return {};
    }
    for (const auto& [k, v] : s.items()) {
      static const std::set<std::string> kKnown = {"type",  "properties", "required", "additionalProperties", "items",
                                                   "enum",  "const",      "anyOf",    "$defs", "definitions"};
      if (!kKnown.count(k) && !annotations().count(k))
        return unsupported(at(path, k), std::string("the keyword '") + k +
                                            "' is not supported in structured output (supported: " + kSupported + ")");
    }
    if (auto any_of = s.find("anyOf"); any_of != s.end()) {
      for (const char* k : {"type", "properties", "required", "additionalProperties", "items", "enum", "const"})
        if (s.contains(k))
          return unsupported(at(path, k), std::string("'") + k + "' next to anyOf is not supported in structured output "
                                                                 "(put it inside each anyOf branch)");
      if (!any_of->is_array() || any_of->empty()) return invalid(at(path, "anyOf"), "must be a non-empty array of schemas");
      std::vector<int32_t> branches;
      for (size_t i = 0; i < any_of->size(); ++i) {
        auto b = node_for((*any_of)[i], at(path, "anyOf[" + std::to_string(i) + "]"),
                          pointer + "/anyOf/" + std::to_string(i));
        if (!b.ok()) return b.take_error();
        branches.push_back(*b);
      }
      out_->nodes_[static_cast<size_t>(index)].any_of = std::move(branches);
      return {};
    }
    SchemaNode n;
    if (auto type = s.find("type"); type != s.end()) {
      n.types = 0;
      std::vector<Json> names;
      if (type->is_array()) names.assign(type->begin(), type->end());
      else names.push_back(*type);
      for (const Json& t : names) {
        const std::string name = t.is_string() ? t.get<std::string>() : t.dump();
        if (name == "null") n.types |= kNull;
        else if (name == "boolean") n.types |= kBoolean;
        else if (name == "integer") n.types |= kInteger;
        else if (name == "number") n.types |= kNumber | kInteger;
        else if (name == "string") n.types |= kString;
        else if (name == "array") n.types |= kArray;
        else if (name == "object") n.types |= kObject;
        else return invalid(at(path, "type"), "'" + name + "' is not a JSON Schema type");
      }
    }
    // Objects.
    std::map<std::string, size_t> by_name;
    if (auto props = s.find("properties"); props != s.end()) {
      if (!props->is_object()) return invalid(at(path, "properties"), "must be an object of schemas");
      if (props->size() > kMaxProperties)
        return unsupported(at(path, "properties"), std::to_string(props->size()) + " properties; structured output takes at most " +
                                                       std::to_string(kMaxProperties) + " per object");
      for (const auto& [name, sub] : props->items()) {
        auto node = node_for(sub, at(at(path, "properties"), name), pointer + "/properties/" + name);
        if (!node.ok()) return node.take_error();
        by_name[name] = n.properties.size();
        n.properties.push_back({escaped(name), *node, false});
      }
    }
    n.additional = out_->any_;
    if (auto add_p = s.find("additionalProperties"); add_p != s.end()) {
      if (add_p->is_boolean() && !add_p->get<bool>()) {
        n.additional = -1;
      } else {
        auto node = node_for(*add_p, at(path, "additionalProperties"), pointer + "/additionalProperties");
        if (!node.ok()) return node.take_error();
        n.additional = *node;
      }
    }
    if (auto req = s.find("required"); req != s.end()) {
      if (!req->is_array()) return invalid(at(path, "required"), "must be an array of property names");
      for (const Json& r : *req) {
        if (!r.is_string()) return invalid(at(path, "required"), r.dump() + " is not a property name");
        const std::string name = r.get<std::string>();
        auto it = by_name.find(name);
        if (it == by_name.end()) {
          // Required but not described: it must be there as an additional property.
          if (n.properties.size() >= kMaxProperties)
            return unsupported(at(path, "required"), "more than " + std::to_string(kMaxProperties) + " properties");
          int32_t node = n.additional;
          if (node < 0) {
            SchemaNode none;
            none.types = 0;
            none.has_literals = true;
            node = add(none);
          }
          by_name[name] = n.properties.size();
          n.properties.push_back({escaped(name), node, true});
        } else {
          n.properties[it->second].required = true;
        }
      }
    }
    // Arrays.
    if (auto items = s.find("items"); items != s.end()) {
      if (items->is_array())
        return unsupported(at(path, "items"), "items as an array (a tuple) is not supported in structured output");
      auto node = node_for(*items, at(path, "items"), pointer + "/items");
      if (!node.ok()) return node.take_error();
      n.items = *node;
    }
    // enum / const: this node becomes the values (each still checked against `type`).
    std::vector<Json> values;
    bool has_values = false;
    if (auto e = s.find("enum"); e != s.end()) {
      if (!e->is_array()) return invalid(at(path, "enum"), "must be an array of values");
      values.assign(e->begin(), e->end());
      has_values = true;
    }
    if (auto c = s.find("const"); c != s.end()) {
      std::vector<Json> kept;
      if (!has_values) kept.push_back(*c);
      for (const Json& v : values)
        if (v == *c) kept.push_back(v);
      values = std::move(kept);
      has_values = true;
    }
    if (!has_values) {
      out_->nodes_[static_cast<size_t>(index)] = std::move(n);
      return {};
    }
    std::vector<Json> typed;
    for (const Json& v : values)
      if (type_matches(n.types, v)) typed.push_back(v);
    if (typed.size() > kMaxEnumValues)
      return unsupported(at(path, "enum"), std::to_string(typed.size()) + " values; structured output takes at most " +
                                               std::to_string(kMaxEnumValues));
    // Scalars as literals; objects and arrays as structure (their keys in any order).
    SchemaNode lit;
    lit.types = 0;
    lit.has_literals = true;
    std::vector<int32_t> branches;
    for (const Json& v : typed) {
      if (v.is_object() || v.is_array()) {
        auto b = const_node(v, path);
        if (!b.ok()) return b.take_error();
        branches.push_back(*b);
      } else {
        add_literal(lit.literals, v);
      }
    }
    if (branches.empty()) {
      out_->nodes_[static_cast<size_t>(index)] = std::move(lit);
    } else {
      if (!lit.literals.empty()) branches.push_back(add(std::move(lit)));
      SchemaNode u;
      u.any_of = std::move(branches);
      out_->nodes_[static_cast<size_t>(index)] = std::move(u);
    }
    return {};
  }

  static bool type_matches(uint8_t types, const Json& v) {
    if (v.is_null()) return types & kNull;
    if (v.is_boolean()) return types & kBoolean;
    if (v.is_number_integer()) return types & (kInteger | kNumber);
    if (v.is_number_float()) {
      const double d = v.get<double>();
      return (types & kNumber) || ((types & kInteger) && std::isfinite(d) && d == std::floor(d));
    }
    if (v.is_string()) return types & kString;
    if (v.is_array()) return types & kArray;
    return types & kObject;
  }

  // A scalar's spellings: numbers equal to an integer as "1" (and "1.0" with zero_fractions).
  void add_literal(std::vector<std::string>& out, const Json& v) const {
    auto put = [&](std::string s) {
      for (const auto& o : out)
        if (o == s) return;
      out.push_back(std::move(s));
    };
    if (v.is_number()) {
      const double d = v.get<double>();
      if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e15) {
        const long long i = static_cast<long long>(d);
        put(std::to_string(i));
        if (options_.zero_fractions) {
          put(std::to_string(i) + ".0");
          if (i == 0) put("-0");
        }
        return;
      }
    }
    put(v.dump());
  }

  // A node that matches exactly the value `v` (an object or an array).
  Result<int32_t> const_node(const Json& v, const std::string& path) {
    if (++const_depth_ > 32) return unsupported(path, "enum/const values nested deeper than 32");
    SchemaNode n;
    n.types = v.is_object() ? kObject : kArray;
    if (v.is_object()) {
      if (v.size() > kMaxProperties) return unsupported(path, "an enum/const object with more than 64 keys");
      n.additional = -1;
      for (const auto& [k, item] : v.items()) {
        auto b = value_node(item, path);
        if (!b.ok()) return b.take_error();
        n.properties.push_back({escaped(k), *b, true});
      }
    } else {
      n.is_tuple = true;
      for (const Json& item : v) {
        auto b = value_node(item, path);
        if (!b.ok()) return b.take_error();
        n.tuple.push_back(*b);
      }
    }
    --const_depth_;
    return add(std::move(n));
  }

  Result<int32_t> value_node(const Json& v, const std::string& path) {
    if (v.is_object() || v.is_array()) return const_node(v, path);
    SchemaNode lit;
    lit.types = 0;
    lit.has_literals = true;
    add_literal(lit.literals, v);
    return add(std::move(lit));
  }

  const Json& root_;
  JsonSchemaOptions options_;
  JsonSchema* out_ = nullptr;
  std::map<std::string, int32_t> by_pointer_;
  int ref_depth_ = 0;
  int const_depth_ = 0;
};

void JsonSchema::compute_min_bytes() {
  for (auto& n : nodes_) n.min_bytes = kNever;
  auto add = [](uint64_t a, uint64_t b) { return static_cast<uint32_t>(std::min<uint64_t>(a + b, kNever)); };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& n : nodes_) {
      uint32_t best = kNever;
      if (!n.any_of.empty()) {
        for (int32_t b : n.any_of) best = std::min(best, nodes_[static_cast<size_t>(b)].min_bytes);
      } else if (n.has_literals) {
        for (const auto& l : n.literals) best = std::min(best, static_cast<uint32_t>(l.size()));
      } else {
        if (n.types & (kInteger | kNumber)) best = std::min(best, 1u);
        if (n.types & kString) best = std::min(best, 2u);
        if (n.types & (kNull | kBoolean)) best = std::min(best, 4u);
        if (n.types & kArray) {
          uint32_t a = 2;
          if (n.is_tuple)
            for (size_t i = 0; i < n.tuple.size(); ++i)
              a = add(add(a, nodes_[static_cast<size_t>(n.tuple[i])].min_bytes), i > 0 ? 1 : 0);
          best = std::min(best, a);
        }
        if (n.types & kObject) {
          uint32_t o = 2;
          bool first = true;
          for (const auto& p : n.properties)
            if (p.required) {
              o = add(add(o, p.key.size() + 3 + (first ? 0 : 1)), nodes_[static_cast<size_t>(p.node)].min_bytes);
              first = false;
            }
          best = std::min(best, o);
        }
      }
      if (best < n.min_bytes) {
        n.min_bytes = best;
        changed = true;
      }
    }
  }
  for (auto& n : nodes_) {
    n.usable_properties = 0;
    for (size_t i = 0; i < n.properties.size() && i < 64; ++i)
      if (nodes_[static_cast<size_t>(n.properties[i].node)].min_bytes < kNever) n.usable_properties |= uint64_t{1} << i;
    if (n.additional >= 0 && nodes_[static_cast<size_t>(n.additional)].min_bytes >= kNever) n.additional = -1;
  }
}

Result<std::shared_ptr<const JsonSchema>> JsonSchema::compile(const Json& schema, const JsonSchemaOptions& options) {
  return SchemaCompiler(schema, options).run();
}

std::shared_ptr<const JsonSchema> JsonSchema::named_call(
    const std::vector<std::pair<std::string, std::shared_ptr<const JsonSchema>>>& tools) {
  auto s = std::make_shared<JsonSchema>();
  s->nodes_.push_back(SchemaNode{});  // node 0: any value
  const auto object = any_object();
  SchemaNode root;
  for (const auto& [name, schema] : tools) {
    const JsonSchema& args = schema ? *schema : *object;
    // The tool's nodes, renumbered after those already there.
    const auto offset = static_cast<int32_t>(s->nodes_.size());
    auto shift = [offset](int32_t i) { return i < 0 ? i : i + offset; };
    for (SchemaNode n : args.nodes_) {
      for (auto& p : n.properties) p.node = shift(p.node);
      n.additional = shift(n.additional);
      n.items = shift(n.items);
      for (auto& t : n.tuple) t = shift(t);
      for (auto& a : n.any_of) a = shift(a);
      s->nodes_.push_back(std::move(n));
    }
    SchemaNode name_node;
    name_node.types = 0;
    name_node.has_literals = true;
    name_node.literals.push_back(Json(name).dump());
    s->nodes_.push_back(std::move(name_node));
    SchemaNode call;
    call.types = kObject;
    call.additional = -1;
    call.properties.push_back({"name", static_cast<int32_t>(s->nodes_.size() - 1), true});
    call.properties.push_back({"arguments", shift(args.root_), true});
    s->nodes_.push_back(std::move(call));
    root.any_of.push_back(static_cast<int32_t>(s->nodes_.size() - 1));
  }
  s->nodes_.push_back(std::move(root));
  s->root_ = static_cast<int32_t>(s->nodes_.size() - 1);
  s->compute_min_bytes();
  return s;
}

std::shared_ptr<const JsonSchema> JsonSchema::any_object() {
  auto r = compile(Json{{"type", "object"}});
  return r.ok() ? *r : nullptr;
}

}  // namespace tessera::grammar

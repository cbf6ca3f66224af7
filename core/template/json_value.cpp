#include "template/json_value.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "template/text.h"

namespace tessera::jinja {

namespace {

Result<Value> convert(const nlohmann::ordered_json& json, int depth, int max_depth) {
  using T = nlohmann::ordered_json::value_t;
  if (json.is_structured() && depth >= max_depth)
    return value_error("a template variable nests lists and dicts more than " +
                       limit_text("max_value_depth", uint64_t(max_depth), " levels") + " deep");
  switch (json.type()) {
    case T::null: return Value::none();
    case T::boolean: return Value::boolean(json.get<bool>());
    case T::number_integer: return Value::integer(json.get<int64_t>());
    case T::number_unsigned: {
      auto u = json.get<uint64_t>();
      if (u > static_cast<uint64_t>(INT64_MAX)) return Value::number(static_cast<double>(u));
      return Value::integer(static_cast<int64_t>(u));
    }
    case T::number_float: return Value::number(json.get<double>());
    case T::string: return Value::string(json.get<std::string>());
    case T::array: {
      std::vector<Value> items;
      items.reserve(json.size());
      for (const auto& item : json) {
        TESSERA_ASSIGN_OR_RETURN(Value v, convert(item, depth + 1, max_depth));
        items.push_back(std::move(v));
      }
      return Value::list(std::move(items));
    }
    case T::object: {
      Value d = Value::dict();
      auto& entries = d.dict_data().entries;
      entries.reserve(json.size());
      for (const auto& [k, v] : json.items()) {
        TESSERA_ASSIGN_OR_RETURN(Value converted, convert(v, depth + 1, max_depth));
        entries.emplace_back(Value::string(k), std::move(converted));
      }
      return d;
    }
    case T::binary:
    case T::discarded: return Value::none();
  }
  return Value::none();
}

}  // namespace

Result<Value> from_json(const nlohmann::ordered_json& json, int max_depth) { return convert(json, 0, max_depth); }

namespace {

void append_json_string(std::string& out, const std::string& s, bool ensure_ascii) {
  out.push_back('"');
  char buf[16];
  auto escape_u = [&](unsigned cp) {
    std::snprintf(buf, sizeof buf, "\\u%04x", cp);
    out += buf;
  };
  for (char32_t c : text::decode(s)) {
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      default: break;
    }
    if (c < 0x20) {
      escape_u(static_cast<unsigned>(c));
    } else if (ensure_ascii && c >= 0x80) {
      if (c >= 0x10000) {
        const unsigned v = static_cast<unsigned>(c) - 0x10000;
        escape_u(0xD800 + (v >> 10));
        escape_u(0xDC00 + (v & 0x3FF));
      } else {
        escape_u(static_cast<unsigned>(c));
      }
    } else {
      text::append_utf8(out, c);
    }
  }
  out.push_back('"');
}

std::string json_float(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d < 0 ? "-Infinity" : "Infinity";
  return text::format_float(d);
}

class Dumper {
 public:
  explicit Dumper(const JsonDumpOptions& o) : o_(o) {}

  Status dump(const Value& v, int level, std::string& out) {
    if (level > o_.max_depth)
      return value_error("tojson: value nested more than " +
                         limit_text("max_value_depth", uint64_t(o_.max_depth), " levels") + " deep");
    if (out.size() > o_.max_bytes)
      return value_error("tojson: result longer than " + limit_text("max_string_bytes", o_.max_bytes, " bytes"));
    switch (v.type()) {
      case Value::Type::None: out += "null"; return {};
      case Value::Type::Bool: out += v.get_bool() ? "true" : "false"; return {};
      case Value::Type::Int: out += std::to_string(v.get_int()); return {};
      case Value::Type::Float: out += json_float(v.get_float()); return {};
      case Value::Type::String: append_json_string(out, v.get_string(), o_.ensure_ascii); return {};
      case Value::Type::List: return dump_list(v.items(), level, out);
      case Value::Type::Dict:
        if (v.dict_data().kind == DictKind::Plain) return dump_dict(v.dict_data(), level, out);
        break;
      default: break;
    }
    return value_error("Object of type " + type_name(v) + " is not JSON serializable");
  }

 private:
  void newline(int level, std::string& out) {
    out.push_back('\n');
    // An indent that would pass the size limit stops here; dump() then reports the limit.
    for (int i = 0; i < level && out.size() <= o_.max_bytes; ++i) out += *o_.indent;
  }

  Status dump_list(const std::vector<Value>& items, int level, std::string& out) {
    if (items.empty()) {
      out += "[]";
      return {};
    }
    out.push_back('[');
    if (o_.indent) newline(level + 1, out);
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) {
        out += o_.item_separator;
        if (o_.indent) newline(level + 1, out);
      }
      TESSERA_TRY(dump(items[i], level + 1, out));
    }
    if (o_.indent) newline(level, out);
    out.push_back(']');
    return {};
  }

  Result<std::string> key_string(const Value& k) {
    switch (k.type()) {
      case Value::Type::String: return k.get_string();
      case Value::Type::Int: return std::to_string(k.get_int());
      case Value::Type::Float: return json_float(k.get_float());
      case Value::Type::Bool: return std::string(k.get_bool() ? "true" : "false");
      case Value::Type::None: return std::string("null");
      default: break;
    }
    return value_error("keys must be str, int, float, bool or None, not " + type_name(k));
  }

  Status dump_dict(const DictData& d, int level, std::string& out) {
    if (d.entries.empty()) {
      out += "{}";
      return {};
    }
    std::vector<const std::pair<Value, Value>*> order;
    for (const auto& e : d.entries) order.push_back(&e);
    if (o_.sort_keys) {
      Status failure;
      std::stable_sort(order.begin(), order.end(), [&](auto* a, auto* b) {
        if (!failure.ok()) return false;
        auto c = compare(a->first, b->first);
        if (!c.ok()) {
          failure = c.take_error();
          return false;
        }
        return *c < 0;
      });
      TESSERA_TRY(failure);
    }
    out.push_back('{');
    if (o_.indent) newline(level + 1, out);
    for (size_t i = 0; i < order.size(); ++i) {
      if (i) {
        out += o_.item_separator;
        if (o_.indent) newline(level + 1, out);
      }
      TESSERA_ASSIGN_OR_RETURN(std::string key, key_string(order[i]->first));
      append_json_string(out, key, o_.ensure_ascii);
      out += o_.key_separator;
      TESSERA_TRY(dump(order[i]->second, level + 1, out));
    }
    if (o_.indent) newline(level, out);
    out.push_back('}');
    return {};
  }

  const JsonDumpOptions& o_;
};

}  // namespace

Result<std::string> to_json(const Value& value, const JsonDumpOptions& options) {
  std::string out;
  Dumper dumper(options);
  TESSERA_TRY(dumper.dump(value, 0, out));
  if (out.size() > options.max_bytes)
    return value_error("tojson: result longer than " + limit_text("max_string_bytes", options.max_bytes, " bytes"));
  return out;
}

}  // namespace tessera::jinja

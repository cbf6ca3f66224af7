// JSON Schema -> the grammar that structured output generates under (response_format json_schema,
// strict tool parameters, `tessera-cli run --json-schema`).
//
// The subset is the one OpenAI documents for strict mode: type (a name or a list of names:
// object, array, string, number, integer, boolean, null), properties, required,
// additionalProperties (false, true or a schema), items (one schema), enum, const, anyOf,
// $defs / definitions with local $ref ("#", "#/$defs/NAME", "#/definitions/NAME", JSON pointers
// into the schema), and any nesting of these. Annotations (title, description, default,
// examples, $schema, $id, $comment, deprecated, readOnly, writeOnly) change nothing. Every other
// keyword (minLength, pattern, format, minimum, oneOf, allOf, not, if, prefixItems, ...) is
// refused with an error that names it and where it is ("properties.age.minimum"), never ignored.
//
// What the grammar accepts, per JSON Schema (draft 7 semantics, the Debian
// json-schema-test-suite checks it): properties in any order, each at most once, all `required`
// ones present; other properties only where additionalProperties allows them; enum and const
// values equal as JSON values (objects in any key order). Integers are written without a fraction
// (what clients that parse "integer" into an int expect); JsonSchemaOptions::zero_fractions also
// accepts 1.0 where an integer (or an enum's 1) is asked for, as JSON Schema itself does. Whitespace between tokens is JSON's, at most kMaxWhitespace bytes in a row
// (so a generation cannot run away in blank lines). What is written is JSON that strict parsers
// read: strings of well-formed UTF-8 with surrogate escapes only in pairs, numbers with at most 20
// integer digits and 2 exponent digits (finite doubles). A schema that no value matches (false, a
// required property it forbids) is refused here, since a generation under it could never end.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/error.h"

namespace tessera::grammar {

inline constexpr int kMaxWhitespace = 24;
// Limits that keep a matcher's state small: properties of one object and values of one enum.
inline constexpr size_t kMaxProperties = 64;
inline constexpr size_t kMaxEnumValues = 64;

enum TypeBit : uint8_t {
  kNull = 1,
  kBoolean = 2,
  kInteger = 4,
  kNumber = 8,  // any number (integers included)
  kString = 16,
  kArray = 32,
  kObject = 64,
  kAnyType = 127,
};

struct SchemaNode {
  uint8_t types = kAnyType;
  // enum / const: the values as compact JSON; when set, only these match (types is 0).
  bool has_literals = false;
  std::vector<std::string> literals;
  // Object.
  struct Property {
    std::string key;  // as written between the quotes in JSON (escaped)
    int32_t node = 0;
    bool required = false;
  };
  std::vector<Property> properties;
  int32_t additional = 0;  // node of additional properties' schema (node 0: any value); -1: none allowed
  // Array: every item matches `items` (-1: any value), or, for a const/enum array, exactly the
  // items of `tuple`, one each.
  int32_t items = -1;
  bool is_tuple = false;
  std::vector<int32_t> tuple;
  // anyOf: this node is any one of these (types etc. unused).
  std::vector<int32_t> any_of;
  // The fewest bytes of a value this node accepts (kNever: none), for closing a value in time.
  uint32_t min_bytes = 0;
  // Object: bit i set when `properties[i]` can have a value (its schema is not false or otherwise
  // unsatisfiable); a property without it may not appear at all.
  uint64_t usable_properties = 0;
};

inline constexpr uint32_t kNever = 1u << 30;

struct JsonSchemaOptions {
  bool zero_fractions = false;  // integers may also be written 1.0 (JSON Schema's equality)
};

class JsonSchema {
 public:
  // Compiles `schema` (an object, or true for any value). Errors are Unsupported or
  // InvalidArgument, naming the keyword and its path.
  static Result<std::shared_ptr<const JsonSchema>> compile(const nlohmann::ordered_json& schema,
                                                           const JsonSchemaOptions& options = {});
  bool zero_fractions() const { return options_.zero_fractions; }
  // Any JSON object (response_format json_object).
  static std::shared_ptr<const JsonSchema> any_object();
  // A tool call as Qwen/Hermes templates ask for it: {"name": NAME, "arguments": ARGS} for one of
  // `tools` (name, schema of its arguments; nullptr: any object), keys in any order.
  static std::shared_ptr<const JsonSchema> named_call(
      const std::vector<std::pair<std::string, std::shared_ptr<const JsonSchema>>>& tools);

  const std::vector<SchemaNode>& nodes() const { return nodes_; }
  int32_t root() const { return root_; }
  int32_t any_node() const { return any_; }

 private:
  friend class SchemaCompiler;
  // Fills every node's min_bytes (a fixed point: nodes refer to each other, recursively too), then
  // what follows from it: usable_properties, and no additional properties where their schema
  // accepts no value.
  void compute_min_bytes();
  std::vector<SchemaNode> nodes_;
  int32_t root_ = 0;
  int32_t any_ = 0;  // a node that matches any JSON value
  JsonSchemaOptions options_;
};

}  // namespace tessera::grammar

// JSON from outside the program (a client's request, a file a person names, a model's reply) is
// hostile input. Its nesting is what costs stack: every copy, comparison, dump or conversion of a
// value recurses once per level, so a ~200 KB document nested 100,000 deep overflows any stack.
// parse_json refuses such a document while parsing, before anything deeper than the limit is
// built, so every value that passed it is safe to walk recursively; json_excerpt quotes a value
// in a message without ever writing (or walking) more than a bounded part of it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/error.h"

namespace tessera {

// The deepest nesting of arrays and objects accepted (`[[1]]` is 2 deep). Requests, chat messages
// and tool arguments use under 10.
inline constexpr int kMaxJsonDepth = 64;
// Bytes of a value that an error message quotes.
inline constexpr size_t kJsonExcerptBytes = 200;

// Parses `text` as one JSON document (J: nlohmann::json or nlohmann::ordered_json). The error's
// message continues the caller's description of the text, e.g. "the request body " + message:
//   InvalidArgument: "is not valid JSON (syntax error at byte 17)"
//   Unsupported:     "nests arrays and objects more than 64 levels deep (the limit for JSON input)"
template <typename J = nlohmann::ordered_json>
Result<J> parse_json(std::string_view text, int max_depth = kMaxJsonDepth);

// `value` as compact JSON text, cut after about `max_bytes` bytes (at a UTF-8 character boundary,
// "..." appended when cut). Arrays and objects nested deeper than kMaxJsonDepth are written as
// "[...]" / "{...}", so any value is safe to quote, however it was built.
template <typename J>
std::string json_excerpt(const J& value, size_t max_bytes = kJsonExcerptBytes);

extern template Result<nlohmann::json> parse_json<nlohmann::json>(std::string_view, int);
extern template Result<nlohmann::ordered_json> parse_json<nlohmann::ordered_json>(std::string_view, int);
extern template std::string json_excerpt<nlohmann::json>(const nlohmann::json&, size_t);
extern template std::string json_excerpt<nlohmann::ordered_json>(const nlohmann::ordered_json&, size_t);

}  // namespace tessera

// A byte-level recogniser of the JSON texts a compiled JsonSchema accepts, fed one byte at a time
// (a generated token's bytes), that says at every point whether the text so far can still be
// completed and whether it is complete.
//
// State: a set of stacks of frames (one per way the text so far can be read; anyOf branches and
// enum values that share a beginning make more than one), each frame a few bytes, so copying a
// state is a small memcpy-like copy and states can be compared and hashed (the token constraint
// caches its masks by state).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "grammar/json_schema.h"

namespace tessera::grammar {

struct Frame {
  uint8_t kind = 0;
  uint8_t phase = 0;
  uint16_t ws = 0;      // whitespace bytes in a row so far
  int32_t node = 0;     // schema node
  uint32_t offset = 0;  // literal/key: bytes read; number: digits in the current part; object: pending value node
  uint32_t count = 0;   // array: items so far
  uint64_t bits = 0;    // object: properties seen; key/literal: candidates still alive; number: integer only

  bool operator==(const Frame&) const = default;
};

class JsonMatcher {
 public:
  explicit JsonMatcher(std::shared_ptr<const JsonSchema> schema);

  // Adds one byte; false (and the state unchanged) when no JSON text the schema accepts continues so.
  bool feed(uint8_t byte);
  // Adds bytes; false when one is refused (the state is then what it was before the call).
  bool feed(std::string_view bytes);
  // The text so far is a complete value the schema accepts (an end of generation may come).
  bool accepting() const;
  // The value is complete and closed: nothing but whitespace may follow (a generation can stop).
  bool closed() const;

  // The fewest bytes that complete the value from here (0: complete now; kNever: it cannot be).
  uint32_t bytes_to_close() const;

  // The state, for caching: equal states accept exactly the same continuations.
  size_t hash() const;
  bool same_state(const JsonMatcher& other) const { return stacks_ == other.stacks_ && ends_ == other.ends_; }

  // Sets this matcher to `from` advanced by `byte`; false when refused. Reuses this matcher's
  // storage (no allocation once warm), which is what a walk over a token trie wants.
  bool step_from(const JsonMatcher& from, uint8_t byte);

 private:
  using Stack = std::vector<Frame>;
  void step_stack(const Frame* begin, const Frame* end, uint8_t c);
  void advance(Stack& s, uint8_t c);
  void push_value(Stack& s, int32_t node, int depth, int c);
  void complete_value(Stack& s, int c);
  void emit(const Stack& s);
  bool stack_accepting(const Frame* begin, const Frame* end) const;
  uint32_t stack_cost(const Frame* begin, const Frame* end) const;
  uint32_t object_rest(const SchemaNode& n, uint64_t seen, bool after_value) const;

  std::shared_ptr<const JsonSchema> schema_;
  const SchemaNode* nodes_ = nullptr;
  // All stacks laid end to end; ends_[i] is where stack i ends.
  std::vector<Frame> stacks_;
  std::vector<uint32_t> ends_;
  // Scratch for step_from.
  std::vector<Stack> work_;
  size_t work_used_ = 0;
};

}  // namespace tessera::grammar

#include "grammar/json_matcher.h"

#include <algorithm>
#include <bit>
#include <deque>

namespace tessera::grammar {
namespace {

enum FrameKind : uint8_t { kRootFrame, kValueFrame, kObjectFrame, kKeyFrame, kArrayFrame, kStringFrame, kNumberFrame, kLiteralFrame };

// Object phases.
enum : uint8_t { kObjOpen, kObjBeforeKey, kObjAfterKey, kObjAfterValue };
// Array phases.
enum : uint8_t { kArrOpen, kArrAfterValue };
// Number phases.
enum : uint8_t { kNumMinus, kNumZero, kNumInt, kNumDot, kNumFrac, kNumE, kNumESign, kNumExp };
// At most 20 digits before the point and exponents of 2 digits: every number written stays a finite
// double (below 1e120), which strict parsers (serde_json, Go's, nlohmann's) require; 1e400 is JSON
// by the grammar, but those parsers refuse it and JavaScript reads it as Infinity.
constexpr uint32_t kMaxIntDigits = 20, kMaxFracDigits = 20, kMaxExpDigits = 2;

constexpr std::string_view kWords[] = {"true", "false", "null"};

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_hex(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool number_can_end(const Frame& f) {
  return f.phase == kNumZero || f.phase == kNumInt || f.phase == kNumFrac || f.phase == kNumExp;
}

// The phases of a string or key, between its quotes: where the text stands within an escape or a
// UTF-8 character. JSON text is UTF-8 (RFC 8259), so a string holds only well-formed UTF-8 (no
// overlong forms, no encoded surrogates, nothing past U+10FFFF) and \u escapes of surrogates only
// in high-low pairs: what strict parsers (nlohmann's, serde_json) accept and a client can read.
enum : uint8_t {
  kStrPlain,                                                // between characters
  kStrEscape,                                               // after '\'
  kStrHex0, kStrHex1, kStrHex2, kStrHex3,                   // after "\u" and 0..3 hex digits
  kStrUtf8Last,                                             // one continuation byte to come
  kStrUtf8Two, kStrUtf8TwoA0, kStrUtf8Two9F,                // two to come; the next 80-BF, A0-BF, 80-9F
  kStrUtf8Three, kStrUtf8Three90, kStrUtf8Three8F,          // three to come; the next 80-BF, 90-BF, 80-8F
  kStrHexD,                                                 // "\uD": a surrogate or U+D000-D7FF
  kStrHigh2, kStrHigh3, kStrHigh,                           // a high surrogate, 2, 3, 4 hex digits in
  kStrLowEscape, kStrLowU, kStrLowD,                        // its low half: '\', "\u", "\uD" written
  kStrLow2, kStrLow3,                                       // the low half's 2, 3 hex digits in
};

// Returns the next phase, or -1 when the byte cannot come here; *closes when it ends the string.
int string_byte(int phase, int c, bool* closes) {
  *closes = false;
  auto in = [c](int lo, int hi) { return c >= lo && c <= hi; };
  switch (phase) {
    case kStrPlain:
      if (c == '"') {
        *closes = true;
        return kStrPlain;
      }
      if (c == '\\') return kStrEscape;
      if (c < 0x20) return -1;
      if (c < 0x80) return kStrPlain;
      if (in(0xC2, 0xDF)) return kStrUtf8Last;
      if (c == 0xE0) return kStrUtf8TwoA0;
      if (c == 0xED) return kStrUtf8Two9F;
      if (in(0xE1, 0xEF)) return kStrUtf8Two;
      if (c == 0xF0) return kStrUtf8Three90;
      if (in(0xF1, 0xF3)) return kStrUtf8Three;
      if (c == 0xF4) return kStrUtf8Three8F;
      return -1;  // a continuation byte without a lead, C0/C1 (overlong) or F5-FF
    case kStrEscape:
      if (c == 'u') return kStrHex0;
      return (c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't') ? kStrPlain : -1;
    case kStrHex0:
      if (c == 'd' || c == 'D') return kStrHexD;
      return is_hex(c) ? kStrHex1 : -1;
    case kStrHex1:
    case kStrHex2: return is_hex(c) ? phase + 1 : -1;
    case kStrHex3: return is_hex(c) ? kStrPlain : -1;
    case kStrHexD:
      if (is_digit(c) && c <= '7') return kStrHex2;           // U+D000-D7FF
      if (in('8', '9') || in('a', 'b') || in('A', 'B')) return kStrHigh2;
      return -1;                                              // a low surrogate with no high one before it
    case kStrUtf8Last: return in(0x80, 0xBF) ? kStrPlain : -1;
    case kStrUtf8Two: return in(0x80, 0xBF) ? kStrUtf8Last : -1;
    case kStrUtf8TwoA0: return in(0xA0, 0xBF) ? kStrUtf8Last : -1;
    case kStrUtf8Two9F: return in(0x80, 0x9F) ? kStrUtf8Last : -1;
    case kStrUtf8Three: return in(0x80, 0xBF) ? kStrUtf8Two : -1;
    case kStrUtf8Three90: return in(0x90, 0xBF) ? kStrUtf8Two : -1;
    case kStrUtf8Three8F: return in(0x80, 0x8F) ? kStrUtf8Two : -1;
    case kStrHigh2: return is_hex(c) ? kStrHigh3 : -1;
    case kStrHigh3: return is_hex(c) ? kStrHigh : -1;
    case kStrHigh: return c == '\\' ? kStrLowEscape : -1;
    case kStrLowEscape: return c == 'u' ? kStrLowU : -1;
    case kStrLowU: return (c == 'd' || c == 'D') ? kStrLowD : -1;
    case kStrLowD: return (in('c', 'f') || in('C', 'F')) ? kStrLow2 : -1;
    case kStrLow2: return is_hex(c) ? kStrLow3 : -1;
    case kStrLow3: return is_hex(c) ? kStrPlain : -1;
    default: return -1;
  }
}

// The fewest bytes from `phase` back to kStrPlain (the closing quote not counted).
uint32_t string_rest(int phase) {
  switch (phase) {
    case kStrPlain: return 0;
    case kStrEscape: return 1;
    case kStrHex0: return 4;
    case kStrHex1: return 3;
    case kStrHex2: return 2;
    case kStrHex3: return 1;
    case kStrUtf8Last: return 1;
    case kStrUtf8Two:
    case kStrUtf8TwoA0:
    case kStrUtf8Two9F: return 2;
    case kStrUtf8Three:
    case kStrUtf8Three90:
    case kStrUtf8Three8F: return 3;
    case kStrHexD: return 3;
    case kStrHigh2: return 2 + 6;
    case kStrHigh3: return 1 + 6;
    case kStrHigh: return 6;
    case kStrLowEscape: return 5;
    case kStrLowU: return 4;
    case kStrLowD: return 3;
    case kStrLow2: return 2;
    case kStrLow3: return 1;
    default: return 0;
  }
}

}  // namespace

// Scratch stacks with stable addresses (a deque), reused between steps.
struct StackPool {
  std::deque<std::vector<Frame>> stacks;
  size_t used = 0;
  std::vector<Frame>& take() {
    if (used == stacks.size()) stacks.emplace_back();
    auto& s = stacks[used++];
    s.clear();
    return s;
  }
};

namespace {
thread_local StackPool* t_pool = nullptr;
}

JsonMatcher::JsonMatcher(std::shared_ptr<const JsonSchema> schema) : schema_(std::move(schema)) {
  nodes_ = schema_->nodes().data();
  StackPool pool;
  t_pool = &pool;
  Stack s;
  s.push_back(Frame{kRootFrame, 0, 0, 0, 0, 0, 0});
  push_value(s, schema_->root(), 0, -1);
  t_pool = nullptr;
}

void JsonMatcher::emit(const Stack& s) {
  // Keep each distinct stack once.
  uint32_t begin = 0;
  for (uint32_t end : ends_) {
    if (end - begin == s.size() && std::equal(s.begin(), s.end(), stacks_.begin() + begin)) return;
    begin = end;
  }
  stacks_.insert(stacks_.end(), s.begin(), s.end());
  ends_.push_back(static_cast<uint32_t>(stacks_.size()));
}

void JsonMatcher::push_value(Stack& s, int32_t node, int depth, int c) {
  const SchemaNode& n = nodes_[node];
  if (n.min_bytes >= kNever) return;  // no value of it can be completed: not even whitespace may start one
  if (!n.any_of.empty()) {
    if (depth > 32) return;  // a $ref loop that consumes nothing
    for (int32_t branch : n.any_of) {
      Stack& copy = t_pool->take();
      copy = s;
      push_value(copy, branch, depth + 1, c);
    }
    return;
  }
  s.push_back(Frame{kValueFrame, 0, 0, node, 0, 0, 0});
  if (c >= 0) advance(s, c);
  else emit(s);
}

// The value on top of `s` is complete: pop it, tell its parent, and give the parent `c` (when >= 0).
void JsonMatcher::complete_value(Stack& s, int c) {
  s.pop_back();
  Frame& p = s.back();
  p.ws = 0;
  switch (p.kind) {
    case kRootFrame: p.phase = 1; break;
    case kObjectFrame: p.phase = kObjAfterValue; break;
    case kArrayFrame:
      p.phase = kArrAfterValue;
      ++p.count;
      break;
    default: return;
  }
  if (c >= 0) advance(s, c);
  else emit(s);
}

void JsonMatcher::advance(Stack& s, uint8_t c) {
  Frame& f = s.back();
  const SchemaNode& n = nodes_[f.node];
  auto space = [&]() {
    if (f.ws >= kMaxWhitespace) return;
    ++f.ws;
    emit(s);
  };
  switch (f.kind) {
    case kRootFrame:
      if (f.phase == 1 && is_space(c)) space();
      return;
    case kValueFrame: {
      if (is_space(c)) return space();
      if (n.has_literals) {
        uint64_t alive = 0;
        for (size_t i = 0; i < n.literals.size(); ++i)
          if (!n.literals[i].empty() && static_cast<uint8_t>(n.literals[i][0]) == c) alive |= uint64_t{1} << i;
        if (alive == 0) return;
        f = Frame{kLiteralFrame, 0, 0, f.node, 1, 0, alive};
        return emit(s);
      }
      if (c == '"' && (n.types & kString)) {
        f = Frame{kStringFrame, 0, 0, f.node, 0, 0, 0};
        return emit(s);
      }
      if ((c == '-' || is_digit(c)) && (n.types & (kInteger | kNumber))) {
        // bits: 1 integer written with zeros after a point allowed, 2 no point at all.
        const uint64_t integer_only = (n.types & kNumber) ? 0 : (schema_->zero_fractions() ? 1 : 2);
        f = Frame{kNumberFrame, c == '-' ? kNumMinus : (c == '0' ? kNumZero : kNumInt), 0, f.node, c == '-' ? 0u : 1u, 0,
                  integer_only};
        return emit(s);
      }
      // An object only where one can be completed (a required property may be one that no value
      // or no key can satisfy; the node may still take other types).
      if (c == '{' && (n.types & kObject) && object_rest(n, 0, false) < kNever) {
        f = Frame{kObjectFrame, kObjOpen, 0, f.node, 0, 0, 0};
        return emit(s);
      }
      if (c == '[' && (n.types & kArray)) {
        f = Frame{kArrayFrame, kArrOpen, 0, f.node, 0, 0, 0};
        return emit(s);
      }
      uint64_t words = 0;
      if (n.types & kBoolean) words |= 3;
      if (n.types & kNull) words |= 4;
      uint64_t alive = 0;
      for (size_t i = 0; i < 3; ++i)
        if ((words >> i & 1) && static_cast<uint8_t>(kWords[i][0]) == c) alive |= uint64_t{1} << i;
      if (alive == 0) return;
      f = Frame{kLiteralFrame, 1, 0, f.node, 1, 0, alive};
      return emit(s);
    }
    case kLiteralFrame: {
      uint64_t next = 0, done = 0;
      for (uint64_t bits = f.bits; bits != 0; bits &= bits - 1) {
        const int i = std::countr_zero(bits);
        const std::string_view lit = f.phase == 1 ? kWords[i] : std::string_view(n.literals[static_cast<size_t>(i)]);
        if (lit.size() == f.offset) done |= uint64_t{1} << i;
        else if (static_cast<uint8_t>(lit[f.offset]) == c) next |= uint64_t{1} << i;
      }
      if (done != 0) {
        Stack& ended = t_pool->take();
        ended = s;
        complete_value(ended, c);
      }
      if (next != 0) {
        f.bits = next;
        ++f.offset;
        emit(s);
      }
      return;
    }
    case kStringFrame: {
      bool closes = false;
      const int phase = string_byte(f.phase, c, &closes);
      if (phase < 0) return;
      if (closes) return complete_value(s, -1);
      f.phase = static_cast<uint8_t>(phase);
      return emit(s);
    }
    case kNumberFrame: {
      const bool integer_only = f.bits != 0;
      int next = -1;
      uint32_t count = f.offset;
      switch (f.phase) {
        case kNumMinus:
          if (c == '0') next = kNumZero, count = 1;
          else if (is_digit(c)) next = kNumInt, count = 1;
          break;
        case kNumZero:
        case kNumInt:
          if (f.phase == kNumInt && is_digit(c) && count < kMaxIntDigits) next = kNumInt, ++count;
          else if (c == '.' && f.bits != 2) next = kNumDot, count = 0;
          else if ((c == 'e' || c == 'E') && !integer_only) next = kNumE, count = 0;
          break;
        case kNumDot:
        case kNumFrac:
          if (is_digit(c) && count < kMaxFracDigits && (!integer_only || c == '0')) next = kNumFrac, ++count;
          else if (f.phase == kNumFrac && (c == 'e' || c == 'E') && !integer_only) next = kNumE, count = 0;
          break;
        case kNumE:
          if (c == '+' || c == '-') next = kNumESign;
          else if (is_digit(c)) next = kNumExp, count = 1;
          break;
        case kNumESign:
          if (is_digit(c)) next = kNumExp, count = 1;
          break;
        case kNumExp:
          if (is_digit(c) && count < kMaxExpDigits) next = kNumExp, ++count;
          break;
      }
      if (next >= 0) {
        f.phase = static_cast<uint8_t>(next);
        f.offset = count;
        return emit(s);
      }
      if (number_can_end(f)) complete_value(s, c);
      return;
    }
    case kObjectFrame: {
      if (is_space(c)) return space();
      switch (f.phase) {
        case kObjOpen:
        case kObjBeforeKey:
          if (c == '"') {
            uint64_t alive = n.properties.size() >= 64 ? ~uint64_t{0} : (uint64_t{1} << n.properties.size()) - 1;
            // Without additional properties a key can only be one not seen yet (else the text
            // would reach a dead end); with them, seen names stay alive to be refused at the quote.
            // Forbidden properties (their schema accepts no value) stay alive only where free keys
            // are allowed, to be refused when one is written out in full.
            if (n.additional < 0) alive &= ~f.bits & n.usable_properties;
            if (alive == 0 && n.additional < 0) return;
            f.ws = 0;
            s.push_back(Frame{kKeyFrame, 0, 0, f.node, 0, 0, alive});
            return emit(s);
          }
          if (c == '}' && f.phase == kObjOpen) break;
          return;
        case kObjAfterKey:
          if (c != ':') return;
          {
            const int32_t value_node = static_cast<int32_t>(f.offset);
            f.ws = 0;
            f.phase = kObjAfterValue;  // when the value completes
            push_value(s, value_node, 0, -1);
          }
          return;
        case kObjAfterValue:
          if (c == ',') {
            // Only when another property can follow.
            const uint64_t all = n.properties.size() >= 64 ? ~uint64_t{0} : (uint64_t{1} << n.properties.size()) - 1;
            if (n.additional < 0 && (all & ~f.bits & n.usable_properties) == 0) return;
            f.phase = kObjBeforeKey;
            f.ws = 0;
            return emit(s);
          }
          if (c == '}') break;
          return;
        default: return;
      }
      // '}': every required property must have been seen.
      for (size_t i = 0; i < n.properties.size(); ++i)
        if (n.properties[i].required && !(f.bits >> i & 1)) return;
      return complete_value(s, -1);
    }
    case kKeyFrame: {
      bool closes = false;
      const int phase = string_byte(f.phase, c, &closes);
      if (phase < 0) return;
      if (closes) {
        int32_t value_node = -1;
        Frame& obj = s[s.size() - 2];
        for (uint64_t bits = f.bits; bits != 0; bits &= bits - 1) {
          const int i = std::countr_zero(bits);
          if (n.properties[static_cast<size_t>(i)].key.size() == f.offset) {
            if (obj.bits >> i & 1) return;             // the same property twice
            if (!(n.usable_properties >> i & 1)) return;  // a forbidden one
            obj.bits |= uint64_t{1} << i;
            value_node = n.properties[static_cast<size_t>(i)].node;
            break;
          }
        }
        if (value_node < 0) value_node = n.additional;
        if (value_node < 0) return;
        s.pop_back();
        Frame& o = s.back();
        o.phase = kObjAfterKey;
        o.offset = static_cast<uint32_t>(value_node);
        o.ws = 0;
        return emit(s);
      }
      uint64_t next = 0;
      for (uint64_t bits = f.bits; bits != 0; bits &= bits - 1) {
        const int i = std::countr_zero(bits);
        const std::string& key = n.properties[static_cast<size_t>(i)].key;
        if (key.size() > f.offset && static_cast<uint8_t>(key[f.offset]) == c) next |= uint64_t{1} << i;
      }
      if (next == 0 && n.additional < 0) return;
      f.bits = next;
      f.phase = static_cast<uint8_t>(phase);
      // Once no known name matches, the offset no longer matters (a free key): keep states equal.
      f.offset = next == 0 ? 0 : f.offset + 1;
      return emit(s);
    }
    case kArrayFrame: {
      if (is_space(c)) return space();
      auto item_node = [&](uint32_t index) -> int32_t {
        if (n.is_tuple) return index < n.tuple.size() ? n.tuple[index] : -1;
        return n.items < 0 ? schema_->any_node() : n.items;
      };
      if (c == ']' && (f.phase == kArrOpen || f.phase == kArrAfterValue)) {
        if (n.is_tuple && f.count != n.tuple.size()) return;
        return complete_value(s, -1);
      }
      if (f.phase == kArrOpen) {
        const int32_t item = item_node(f.count);
        if (item < 0) return;
        f.ws = 0;
        f.phase = kArrAfterValue;
        return push_value(s, item, 0, c);
      }
      if (f.phase == kArrAfterValue && c == ',') {
        const int32_t item = item_node(f.count);
        if (item < 0) return;
        f.ws = 0;
        return push_value(s, item, 0, -1);
      }
      return;
    }
    default: return;
  }
}

bool JsonMatcher::step_from(const JsonMatcher& from, uint8_t byte) {
  StackPool* outer = t_pool;
  thread_local StackPool pool;
  pool.used = 0;
  t_pool = &pool;
  schema_ = from.schema_;
  nodes_ = from.nodes_;
  stacks_.clear();
  ends_.clear();
  uint32_t begin = 0;
  for (uint32_t end : from.ends_) {
    Stack& s = pool.take();
    s.assign(from.stacks_.begin() + begin, from.stacks_.begin() + end);
    advance(s, byte);
    begin = end;
  }
  t_pool = outer;
  return !ends_.empty();
}

bool JsonMatcher::feed(uint8_t byte) {
  JsonMatcher next(*this);
  if (!next.step_from(*this, byte)) return false;
  stacks_.swap(next.stacks_);
  ends_.swap(next.ends_);
  return true;
}

bool JsonMatcher::feed(std::string_view bytes) {
  JsonMatcher a(*this), b(*this);
  JsonMatcher* cur = &a;
  JsonMatcher* next = &b;
  for (char ch : bytes) {
    if (!next->step_from(*cur, static_cast<uint8_t>(ch))) return false;
    std::swap(cur, next);
  }
  stacks_ = cur->stacks_;
  ends_ = cur->ends_;
  return true;
}

bool JsonMatcher::stack_accepting(const Frame* begin, const Frame* end) const {
  const size_t n = static_cast<size_t>(end - begin);
  const Frame& top = end[-1];
  if (top.kind == kRootFrame) return top.phase == 1;
  if (n != 2) return false;  // a value that ends at the end of input sits right on the root
  if (top.kind == kNumberFrame) return number_can_end(top);
  if (top.kind == kLiteralFrame) {
    const SchemaNode& node = nodes_[top.node];
    for (uint64_t bits = top.bits; bits != 0; bits &= bits - 1) {
      const int i = std::countr_zero(bits);
      const size_t len = top.phase == 1 ? kWords[i].size() : node.literals[static_cast<size_t>(i)].size();
      if (len == top.offset) return true;
    }
  }
  return false;
}

bool JsonMatcher::accepting() const {
  uint32_t begin = 0;
  for (uint32_t end : ends_) {
    if (stack_accepting(stacks_.data() + begin, stacks_.data() + end)) return true;
    begin = end;
  }
  return false;
}

bool JsonMatcher::closed() const {
  for (uint32_t end : ends_) {
    const Frame& top = stacks_[end - 1];
    if (!(top.kind == kRootFrame && top.phase == 1)) return false;
  }
  return !ends_.empty();
}

namespace {
uint32_t plus(uint64_t a, uint64_t b) { return static_cast<uint32_t>(std::min<uint64_t>(a + b, kNever)); }
}  // namespace

// Bytes that close an object from between its members: every required property not seen yet, each
// with its comma (a first one needs none when nothing came before), then '}'.
uint32_t JsonMatcher::object_rest(const SchemaNode& n, uint64_t seen, bool after_value) const {
  uint32_t cost = 1;
  bool first = !after_value;
  for (size_t i = 0; i < n.properties.size(); ++i) {
    const auto& p = n.properties[i];
    if (!p.required || (seen >> i & 1)) continue;
    cost = plus(cost, plus(p.key.size() + 3 + (first ? 0 : 1), nodes_[p.node].min_bytes));
    first = false;
  }
  return cost;
}

uint32_t JsonMatcher::stack_cost(const Frame* begin, const Frame* end) const {
  uint32_t cost = 0;
  const Frame* f = end - 1;
  const SchemaNode& n = nodes_[f->node];
  switch (f->kind) {
    case kRootFrame: return 0;
    case kValueFrame: cost = n.min_bytes; break;
    case kStringFrame: cost = string_rest(f->phase) + 1; break;
    case kNumberFrame: cost = number_can_end(*f) ? 0 : 1; break;
    case kLiteralFrame: {
      cost = kNever;
      for (uint64_t bits = f->bits; bits != 0; bits &= bits - 1) {
        const int i = std::countr_zero(bits);
        const size_t len = f->phase == 1 ? kWords[i].size() : n.literals[static_cast<size_t>(i)].size();
        cost = std::min(cost, static_cast<uint32_t>(len - f->offset));
      }
      break;
    }
    case kKeyFrame: {
      // Finish this key (a known name or a free one), ':', its value, then the rest of the object,
      // whose frame sits right below.
      const Frame& obj = f[-1];
      cost = kNever;
      for (uint64_t bits = f->bits; bits != 0; bits &= bits - 1) {
        const int i = std::countr_zero(bits);
        if (obj.bits >> i & 1) continue;
        const auto& p = n.properties[static_cast<size_t>(i)];
        cost = std::min(cost, plus(plus(p.key.size() - f->offset + 2, nodes_[p.node].min_bytes),
                                   object_rest(n, obj.bits | (uint64_t{1} << i), true)));
      }
      if (n.additional >= 0) {
        uint32_t key_end = string_rest(f->phase) + 1;
        // Written out to exactly a forbidden property's name, a free key needs one more character.
        for (uint64_t bits = f->bits; bits != 0 && f->phase == kStrPlain; bits &= bits - 1) {
          const int i = std::countr_zero(bits);
          if (!(n.usable_properties >> i & 1) && n.properties[static_cast<size_t>(i)].key.size() == f->offset) {
            ++key_end;
            break;
          }
        }
        cost = std::min(cost, plus(plus(key_end + 1, nodes_[n.additional].min_bytes), object_rest(n, obj.bits, true)));
      }
      --f;  // the object is counted
      break;
    }
    case kObjectFrame:
      if (f->phase == kObjAfterKey) {
        cost = plus(1 + nodes_[f->offset].min_bytes, object_rest(n, f->bits, true));
      } else if (f->phase == kObjBeforeKey) {
        // A key must come: the cheapest required one, or any property (or a free key) when all are there.
        const uint32_t rest = object_rest(n, f->bits, false);
        if (rest > 1) {
          cost = rest;
        } else {
          cost = kNever;
          for (size_t i = 0; i < n.properties.size(); ++i)
            if (!(f->bits >> i & 1))
              cost = std::min(cost, plus(n.properties[i].key.size() + 3, nodes_[n.properties[i].node].min_bytes) + 1);
          if (n.additional >= 0) cost = std::min(cost, plus(3, nodes_[n.additional].min_bytes) + 1);
        }
      } else {
        cost = object_rest(n, f->bits, f->phase == kObjAfterValue);
      }
      break;
    case kArrayFrame:
      if (n.is_tuple) {
        cost = 1;
        for (size_t i = f->count; i < n.tuple.size(); ++i)
          cost = plus(cost, plus(nodes_[n.tuple[i]].min_bytes, (i > 0 || f->phase == kArrAfterValue) ? 1 : 0));
      } else {
        cost = 1;
      }
      break;
    default: return kNever;
  }
  // Each frame below waits for the value above it to complete, then closes itself.
  for (const Frame* p = f - 1; p >= begin; --p) {
    const SchemaNode& pn = nodes_[p->node];
    switch (p->kind) {
      case kRootFrame: break;
      case kObjectFrame: cost = plus(cost, object_rest(pn, p->bits, true)); break;
      case kArrayFrame:
        if (pn.is_tuple) {
          uint32_t rest = 1;
          for (size_t i = p->count + 1; i < pn.tuple.size(); ++i) rest = plus(rest, plus(nodes_[pn.tuple[i]].min_bytes, 1));
          cost = plus(cost, rest);
        } else {
          cost = plus(cost, 1);
        }
        break;
      default: break;
    }
  }
  return cost;
}

uint32_t JsonMatcher::bytes_to_close() const {
  uint32_t best = kNever;
  uint32_t begin = 0;
  for (uint32_t end : ends_) {
    best = std::min(best, stack_cost(stacks_.data() + begin, stacks_.data() + end));
    begin = end;
  }
  return best;
}

size_t JsonMatcher::hash() const {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (const Frame& f : stacks_) {
    mix(f.kind | (uint64_t{f.phase} << 8) | (uint64_t{f.ws} << 16) | (uint64_t(uint32_t(f.node)) << 32));
    mix(f.offset | (uint64_t{f.count} << 32));
    mix(f.bits);
  }
  for (uint32_t e : ends_) mix(e);
  return static_cast<size_t>(h);
}

}  // namespace tessera::grammar

// A compressed byte trie (radix tree) over a set of token texts, read forwards (which tokens are
// prefixes of a string) or backwards (which tokens are suffixes of it). The SPM encoder uses it at
// construction to find the long tokens a long token splits into, without hashing every prefix and
// suffix (which costs the square of the token's length).
//
// Edges are labelled with views into the inserted texts, so the texts must outlive the trie.
// Memory is linear in the number of texts (at most two nodes per text), not in their bytes; insert
// and walk cost one step per byte of the text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tessera::tokenizer {

class PieceTrie {
 public:
  enum class Direction { Prefixes, Suffixes };
  explicit PieceTrie(Direction direction);

  // Adds `text` (non-empty; it must stay alive as long as the trie) with `id`; a text added twice
  // keeps the later id. Returns the steps taken (bytes compared).
  size_t insert(std::string_view text, int32_t id);

  // Calls visit(length, id) for every inserted text that is a prefix (Suffixes: a suffix) of
  // `text`, shortest first. Returns the steps taken: at most one per byte of `text` plus one.
  template <typename Visit>
  size_t walk(std::string_view text, Visit&& visit) const {
    uint32_t node = 0;
    size_t i = 0;
    size_t steps = 1;
    while (i < text.size()) {
      node = child(node, at(text, i));
      if (node == kNone) break;
      const Node& n = nodes_[node];
      size_t j = 0;
      while (j < n.length && i + j < text.size() && label_at(n, j) == at(text, i + j)) ++j;
      steps += j;
      if (j < n.length) break;
      i += j;
      if (n.id >= 0) visit(i, n.id);
    }
    return steps;
  }

  size_t node_count() const { return nodes_.size(); }

 private:
  static constexpr uint32_t kNone = 0;  // the root is never a child
  static constexpr uint64_t kEmpty = ~0ull;
  struct Node {
    const char* label;  // first byte of the edge label (Suffixes: its bytes run backwards from here)
    uint32_t length;    // label length (0 for the root)
    int32_t id;         // id of the text ending at this node, or -1
  };
  struct Slot {
    uint64_t key = kEmpty;  // (parent node << 8) | first byte of the child's label
    uint32_t child = kNone;
  };

  // Byte i of `text` in walking order.
  uint8_t at(std::string_view text, size_t i) const {
    return static_cast<uint8_t>(direction_ == Direction::Prefixes ? text[i] : text[text.size() - 1 - i]);
  }
  uint8_t label_at(const Node& n, size_t j) const {
    return static_cast<uint8_t>(direction_ == Direction::Prefixes ? n.label[j] : *(n.label - j));
  }
  const char* label_start(std::string_view text, size_t i) const {
    return direction_ == Direction::Prefixes ? text.data() + i : text.data() + (text.size() - 1 - i);
  }
  uint32_t child(uint32_t node, uint8_t byte) const {
    const uint64_t key = (static_cast<uint64_t>(node) << 8) | byte;
    for (size_t s = slot_of(key);; s = (s + 1) & mask_) {
      if (slots_[s].key == key) return slots_[s].child;
      if (slots_[s].key == kEmpty) return kNone;
    }
  }
  size_t slot_of(uint64_t key) const {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return static_cast<size_t>(key) & mask_;
  }
  // Points (node, byte) at `child`, adding the edge when it is new.
  void set_child(uint32_t node, uint8_t byte, uint32_t child);
  void grow();

  Direction direction_;
  std::vector<Node> nodes_;
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t edges_ = 0;
};

}  // namespace tessera::tokenizer

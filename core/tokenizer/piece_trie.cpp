#include "tokenizer/piece_trie.h"

namespace tessera::tokenizer {

PieceTrie::PieceTrie(Direction direction) : direction_(direction), slots_(16), mask_(15) {
  nodes_.push_back({nullptr, 0, -1});
}

void PieceTrie::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.size() * 2, Slot{});
  mask_ = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.key == kEmpty) continue;
    size_t i = slot_of(s.key);
    while (slots_[i].key != kEmpty) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

void PieceTrie::set_child(uint32_t node, uint8_t byte, uint32_t child) {
  const uint64_t key = (static_cast<uint64_t>(node) << 8) | byte;
  for (size_t s = slot_of(key);; s = (s + 1) & mask_) {
    if (slots_[s].key == key) {
      slots_[s].child = child;
      return;
    }
    if (slots_[s].key == kEmpty) break;
  }
  if ((edges_ + 1) * 2 > slots_.size()) grow();
  size_t s = slot_of(key);
  while (slots_[s].key != kEmpty) s = (s + 1) & mask_;
  slots_[s] = {key, child};
  ++edges_;
}

size_t PieceTrie::insert(std::string_view text, int32_t id) {
  uint32_t node = 0;
  size_t i = 0;
  size_t steps = 1;
  while (i < text.size()) {
    const uint8_t first = at(text, i);
    const uint32_t next = child(node, first);
    if (next == kNone) {  // a new leaf holding the rest of the text
      const auto leaf = static_cast<uint32_t>(nodes_.size());
      nodes_.push_back({label_start(text, i), static_cast<uint32_t>(text.size() - i), id});
      set_child(node, first, leaf);
      return steps;
    }
    const Node n = nodes_[next];
    size_t j = 0;
    while (j < n.length && i + j < text.size() && label_at(n, j) == at(text, i + j)) ++j;
    steps += j;
    if (j < n.length) {  // the text leaves (or ends inside) this edge: split it at j
      const auto mid = static_cast<uint32_t>(nodes_.size());
      nodes_.push_back({n.label, static_cast<uint32_t>(j), -1});
      Node& lower = nodes_[next];
      lower.label = direction_ == Direction::Prefixes ? n.label + j : n.label - j;
      lower.length = static_cast<uint32_t>(n.length - j);
      set_child(node, first, mid);
      set_child(mid, label_at(lower, 0), next);
      node = mid;
      i += j;
      continue;  // either the text ends here (id below) or a new leaf hangs off `mid`
    }
    node = next;
    i += j;
  }
  nodes_[node].id = id;
  return steps;
}

}  // namespace tessera::tokenizer

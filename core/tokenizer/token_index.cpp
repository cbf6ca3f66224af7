#include "tokenizer/token_index.h"

namespace tessera::tokenizer {

namespace {
size_t table_size_for(size_t n) {
  size_t cap = 16;
  while (cap < n * 2) cap <<= 1;  // load factor <= 0.5 keeps probe chains short
  return cap;
}
}  // namespace

TokenIndex::TokenIndex(size_t capacity_hint) {
  slots_.resize(table_size_for(capacity_hint));
  mask_ = slots_.size() - 1;
  entries_.reserve(capacity_hint);
}

void TokenIndex::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 16 : old.size() * 2, Slot{});
  mask_ = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.entry < 0) continue;
    const Entry& e = entries_[static_cast<size_t>(s.entry)];
    const uint64_t h = hash_bytes(e.data, e.length);
    size_t i = static_cast<size_t>(h) & mask_;
    while (slots_[i].entry >= 0) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

void TokenIndex::insert(std::string_view text, int32_t id) {
  if ((entries_.size() + 1) * 2 > slots_.size()) grow();
  const uint64_t h = hash_bytes(text.data(), text.size());
  const uint32_t tag = static_cast<uint32_t>(h >> 32);
  size_t i = static_cast<size_t>(h) & mask_;
  for (;;) {
    Slot& s = slots_[i];
    if (s.entry < 0) break;
    if (s.tag == tag) {
      Entry& e = entries_[static_cast<size_t>(s.entry)];
      if (e.length == text.size() && std::memcmp(e.data, text.data(), text.size()) == 0) {
        e.id = id;
        return;
      }
    }
    i = (i + 1) & mask_;
  }
  Entry e{text.data(), static_cast<uint32_t>(text.size()), id};
  slots_[i].tag = tag;
  slots_[i].entry = static_cast<int32_t>(entries_.size());
  entries_.push_back(e);
}

MergeTable::MergeTable(size_t capacity_hint) {
  slots_.resize(table_size_for(capacity_hint));
  mask_ = slots_.size() - 1;
}

void MergeTable::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 16 : old.size() * 2, Slot{});
  mask_ = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.key == kEmpty) continue;
    size_t i = static_cast<size_t>(mix(s.key)) & mask_;
    while (slots_[i].key != kEmpty) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

void MergeTable::insert(int32_t left, int32_t right, Merge merge) {
  if ((count_ + 1) * 2 > slots_.size()) grow();
  const uint64_t key = make_key(left, right);
  size_t i = static_cast<size_t>(mix(key)) & mask_;
  for (;;) {
    Slot& s = slots_[i];
    if (s.key == key) return;  // first (lowest-rank) insertion wins
    if (s.key == kEmpty) break;
    i = (i + 1) & mask_;
  }
  slots_[i].key = key;
  slots_[i].merge = merge;
  ++count_;
}

}  // namespace tessera::tokenizer

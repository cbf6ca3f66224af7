// Open-addressing hash tables used on the encode hot path. std::unordered_map costs a heap node
// and a pointer chase per entry; these keep entries in one flat array so a lookup is one hash of
// a short key plus (usually) one cache line.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::tokenizer {

// 64-bit hash of a short byte string (8 bytes per step, multiply-xorshift mixing).
inline uint64_t hash_bytes(const char* p, size_t n) {
  auto mix = [](uint64_t x) {
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ull;
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ull;
    x ^= x >> 32;
    return x;
  };
  uint64_t h = 0x9E3779B97F4A7C15ull ^ (static_cast<uint64_t>(n) * 0xff51afd7ed558ccdull);
  while (n >= 8) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    h = mix(h ^ v);
    p += 8;
    n -= 8;
  }
  if (n > 0) {
    uint64_t v = 0;
    std::memcpy(&v, p, n);
    h = mix(h ^ v ^ 0x5bd1e995ull);
  }
  return h;
}

// Maps token text -> token id. Keys are views: a text must stay valid and in place while the index
// is used (the Vocab's texts; a copy of them all would double what a large vocabulary costs). When
// a text is inserted twice the later id wins (as llama.cpp's token_to_id does).
class TokenIndex {
 public:
  TokenIndex() = default;
  // `capacity_hint`: number of keys that will be inserted.
  explicit TokenIndex(size_t capacity_hint);

  void insert(std::string_view text, int32_t id);
  // The id for `text`, or -1.
  int32_t find(std::string_view text) const {
    if (slots_.empty()) return -1;
    const uint64_t h = hash_bytes(text.data(), text.size());
    const uint32_t tag = static_cast<uint32_t>(h >> 32);
    size_t i = static_cast<size_t>(h) & mask_;
    for (;;) {
      const Slot& s = slots_[i];
      if (s.entry < 0) return -1;
      if (s.tag == tag) {
        const Entry& e = entries_[static_cast<size_t>(s.entry)];
        if (e.length == text.size() && std::memcmp(e.data, text.data(), text.size()) == 0) return e.id;
      }
      i = (i + 1) & mask_;
    }
  }
  size_t size() const { return entries_.size(); }

 private:
  struct Slot {
    uint32_t tag = 0;     // high half of the hash, to skip most string compares
    int32_t entry = -1;   // index into entries_, -1 = empty
  };
  struct Entry {
    const char* data;
    uint32_t length;
    int32_t id;
  };
  void grow();

  std::vector<Slot> slots_;
  size_t mask_ = 0;
  std::vector<Entry> entries_;
};

// Maps a pair of token ids (left, right) -> (merge rank, merged token id) for byte-level BPE.
class MergeTable {
 public:
  struct Merge {
    int32_t rank = -1;
    int32_t result = -1;
  };

  explicit MergeTable(size_t capacity_hint = 0);
  // Keeps the first insertion of a pair (the lower rank), as the merges list is ordered by rank.
  void insert(int32_t left, int32_t right, Merge merge);
  // rank -1 when the pair does not merge.
  Merge find(int32_t left, int32_t right) const {
    if (slots_.empty()) return {};
    const uint64_t key = make_key(left, right);
    size_t i = static_cast<size_t>(mix(key)) & mask_;
    for (;;) {
      const Slot& s = slots_[i];
      if (s.key == kEmpty) return {};
      if (s.key == key) return s.merge;
      i = (i + 1) & mask_;
    }
  }
  size_t size() const { return count_; }
  size_t bytes() const { return slots_.capacity() * sizeof(Slot); }

 private:
  static constexpr uint64_t kEmpty = ~0ull;
  static uint64_t make_key(int32_t l, int32_t r) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(l)) << 32) | static_cast<uint32_t>(r);
  }
  static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
  }
  struct Slot {
    uint64_t key = kEmpty;
    Merge merge;
  };
  void grow();

  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t count_ = 0;
};

}  // namespace tessera::tokenizer

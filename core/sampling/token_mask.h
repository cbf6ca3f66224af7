// A set of token ids (a bit per token of the vocabulary): the tokens a constraint allows next.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace tessera {

class TokenMask {
 public:
  TokenMask() = default;
  explicit TokenMask(size_t n_vocab) : n_(n_vocab), words_((n_vocab + 63) / 64, 0) {}

  size_t size() const { return n_; }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  void set(int32_t id) { words_[static_cast<size_t>(id) >> 6] |= uint64_t{1} << (id & 63); }
  bool test(int32_t id) const {
    return id >= 0 && static_cast<size_t>(id) < n_ && (words_[static_cast<size_t>(id) >> 6] >> (id & 63) & 1);
  }
  size_t count() const {
    size_t c = 0;
    for (uint64_t w : words_) c += static_cast<size_t>(std::popcount(w));
    return c;
  }
  const std::vector<uint64_t>& words() const { return words_; }

 private:
  size_t n_ = 0;
  std::vector<uint64_t> words_;
};

}  // namespace tessera

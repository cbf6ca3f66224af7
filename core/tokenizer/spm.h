// SentencePiece-style encoder ("llama" vocabularies), the algorithm llama.cpp uses for them:
//  1. spaces (U+0020 only) become U+2581 '▁'; optionally one '▁' is put in front (space prefix);
//  2. the text is split into UTF-8 characters (an invalid byte counts as one character);
//  3. repeatedly merge the adjacent pair whose concatenation is a vocabulary token with the
//     highest score (ties: leftmost pair first), until no adjacent pair forms a token;
//  4. each remaining symbol is its token, or, when a single character is not in the vocabulary,
//     its bytes as <0xXX> byte tokens; without byte tokens, the unknown token (one per character).
// Step 3 runs on token ids. A pair whose concatenation is at most kShortMergeBytes long is looked
// up in a table (left id, right id) -> (rank by descending score, result id), built at
// construction by splitting each short mergeable token at every character boundary. A longer
// pair is looked up by its text's polynomial hash, combined in O(1) from its sides' hashes, among
// the long tokens (then compared byte for byte with the candidate). Pairs involving a character
// outside the vocabulary fall back to a text lookup. The loop itself is merge_loop.h: O(n log n).
// Construction is linear in the vocabulary's bytes, in time and memory (a vocabulary comes from a
// downloaded file): a token has at most kShortMergeBytes - 1 table entries, and no table entry for
// a split of a long token (a vocabulary of runs 'a', 'aa', ..., 'a' x 6000 has 18 million of them).
//
// Speed: one queue over a whole long text thrashes the cache, so the text is cut before each '▁'
// where no vocabulary token can span the cut (checked against the few tokens that contain '▁'
// after their first character, e.g. runs of '▁'). No symbol can ever cross such a cut, because
// every symbol is a token occurring in the text, so merging each segment on its own gives exactly
// the result of merging the whole text at once.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer/token_index.h"
#include "tokenizer/vocab.h"

namespace tessera::tokenizer {

class SpmEncoder {
 public:
  explicit SpmEncoder(const Vocab& vocab);

  // Appends the tokens of raw text `text` to `out`. `space_prefix` puts one '▁' in front.
  // Empty text produces nothing (even with space_prefix).
  void encode(std::string_view text, bool space_prefix, std::vector<int32_t>& out) const;

  // Bytes hashed while building: at most a small constant times the vocabulary's bytes (tests
  // check the bound).
  size_t build_work() const { return build_work_; }
  // Bytes of the encoder's own tables (not the Vocab's): linear in the vocabulary's bytes.
  size_t memory_bytes() const;

  // Merges of short pairs take the table; longer ones the hash lookup (see the top of this file).
  static constexpr size_t kShortMergeBytes = 32;

 private:
  struct Workspace;
  // Fills pairs_ from the short tokens a merge may produce, long_ and hash_of_ from all of them.
  void index_pairs(const std::vector<int32_t>& mergeable);
  MergeTable::Merge lookup(std::string_view seg, const Workspace& ws, int32_t left, int32_t right) const;
  MergeTable::Merge lookup_long(int32_t left, int32_t right) const;
  // Merges one segment of escaped text (a substring of ws's buffer) and appends its tokens.
  void encode_segment(std::string_view seg, Workspace& ws, std::vector<int32_t>& out) const;
  // True when no token can span the byte position `p` of `esc` (which starts a '▁').
  bool safe_cut(std::string_view esc, size_t p) const;

  struct CrossToken {
    std::string_view text;  // into the Vocab
    size_t offset;  // byte offset of a '▁' inside the text (> 0)
  };
  // A long token by its text's hash (polynomial mod 2^61 - 1); probing compares the hash first.
  struct LongSlot {
    uint64_t hash = 0;
    int32_t id = kNoToken;  // kNoToken: empty
  };
  const Vocab* vocab_;
  MergeTable pairs_;
  uint64_t base_ = 0;               // the hash's base, derived from the vocabulary's texts
  std::vector<uint64_t> hash_of_;   // token id -> hash of its text (mergeable tokens)
  std::vector<uint64_t> power_;     // power_[k] = base_^k, k up to the longest long token
  std::vector<LongSlot> long_;      // open addressing over the tokens longer than kShortMergeBytes
  size_t long_mask_ = 0;
  std::vector<int32_t> rank_of_;          // token id -> rank (0 = highest score)
  std::array<int32_t, 128> ascii_ids_{};  // single ASCII characters -> token (hot path)
  // Tokens with a '▁' after their first character, grouped by the byte before that '▁'.
  std::array<std::vector<CrossToken>, 256> cross_;
  bool segment_ = true;  // false when the vocabulary has too many such tokens to check cheaply
  size_t build_work_ = 0;
  size_t max_foreign_token_bytes_ = 0;  // longest token with a character that is not a token
};

}  // namespace tessera::tokenizer

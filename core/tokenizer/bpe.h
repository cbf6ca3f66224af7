// Byte-level BPE encoder ("gpt2" vocabularies: GPT-2, Llama 3, Qwen2, DeepSeek, ...):
//  1. the pre-tokenizer cuts the text into pieces (see pretokenizer.h);
//  2. each byte of a piece starts as the token of its GPT-2 character (byte_unicode.h);
//  3. repeatedly merge the adjacent pair with the lowest merge rank (ties: leftmost), until no
//     adjacent pair is in the merge list;
//  4. the remaining symbols are the tokens.
// With ignore_merges (Llama 3) a piece that is itself a token is emitted directly.
// Merges are looked up by token-id pair in a flat table; the merge loop is a priority queue with
// lazy invalidation, O(n log n) per piece, and allocates nothing per piece once warmed up.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "tokenizer/pretokenizer.h"
#include "tokenizer/token_index.h"
#include "tokenizer/vocab.h"

namespace tessera::tokenizer {

class BpeEncoder {
 public:
  // Builds the merge table from vocab.merges() ("left right" per line, rank = line index).
  // A merge whose parts or result are not tokens is skipped and counted in `skipped_merges`.
  // Error (InvalidArgument) when no merge is usable.
  static Result<BpeEncoder> build(const Vocab& vocab, PreTokenizer pre, size_t* skipped_merges = nullptr);

  // Appends the tokens of raw text `text` to `out`.
  void encode(std::string_view text, std::vector<int32_t>& out) const;

  const PreTokenizer& pre_tokenizer() const { return pre_; }
  size_t merge_count() const { return merges_.size(); }
  // The token standing for raw byte b (its GPT-2 character), or kNoToken.
  int32_t byte_token(uint8_t b) const { return byte_tokens_[b]; }

 private:
  BpeEncoder(const Vocab& vocab, PreTokenizer pre) : vocab_(&vocab), pre_(std::move(pre)) {}

  struct Workspace;
  void encode_piece(std::string_view piece, Workspace& ws, std::vector<int32_t>& out) const;

  const Vocab* vocab_;
  PreTokenizer pre_;
  MergeTable merges_;
  std::array<int32_t, 256> byte_tokens_{};
};

}  // namespace tessera::tokenizer

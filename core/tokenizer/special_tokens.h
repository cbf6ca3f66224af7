// Splits text at occurrences of special-token texts so that each occurrence becomes that single
// token and only the text between them goes through the tokenizer proper:
//   - UserDefined tokens (added pieces: MPT's runs of spaces, DeepSeek's added words) always match,
//     as in Hugging Face and llama.cpp: they are split out before pre-tokenization;
//   - Control and Unknown tokens ("<|im_start|>", "<s>", "<unk>") match only with parse_special.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "tokenizer/piece_trie.h"
#include "tokenizer/vocab.h"

namespace tessera::tokenizer {

struct Fragment {
  std::string_view text;      // raw text (when token == kNoToken)
  int32_t token = kNoToken;   // a special token found in the text
};

class SpecialTokenMatcher {
 public:
  SpecialTokenMatcher() = default;
  explicit SpecialTokenMatcher(const Vocab& vocab);

  // Scans `text` left to right; at each position the longest matching text that starts there wins
  // (leftmost-longest, like Hugging Face's added-token matching). Text between matches becomes raw
  // fragments; empty raw fragments are not emitted. `out` is cleared first. Each position costs
  // one trie walk, at most as long as the longest special text (not one compare per candidate).
  void partition(std::string_view text, bool parse_special, std::vector<Fragment>& out) const;

  // Whether partition can find anything with this parse_special (else the text is one fragment).
  bool any(bool parse_special) const { return parse_special ? count_ > 0 : always_count_ > 0; }
  size_t size() const { return count_; }

 private:
  PieceTrie all_{PieceTrie::Direction::Prefixes};     // Control, Unknown and UserDefined texts
  PieceTrie always_{PieceTrie::Direction::Prefixes};  // UserDefined texts only
  size_t count_ = 0;
  size_t always_count_ = 0;
};

}  // namespace tessera::tokenizer

// Splits text at occurrences of special-token texts (Control and UserDefined tokens, such as
// "<|im_start|>" or "<s>") so that, when the caller asks for it, each occurrence becomes that
// single token and only the text between them goes through the tokenizer proper.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

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

  // Scans `text` left to right; at each position the longest special text that starts there wins
  // (leftmost-longest, like Hugging Face's added-token matching). Text between matches becomes raw
  // fragments; empty raw fragments are not emitted. `out` is cleared first.
  void partition(std::string_view text, std::vector<Fragment>& out) const;

  size_t size() const { return count_; }

 private:
  struct Candidate {
    std::string_view text;  // points into the Vocab's token strings
    int32_t id;
  };
  // Candidates grouped by first byte, longest first within a group.
  std::array<std::vector<Candidate>, 256> by_first_byte_;
  size_t count_ = 0;
};

}  // namespace tessera::tokenizer

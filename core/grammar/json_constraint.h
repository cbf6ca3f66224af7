// Constrains a generation to the JSON texts a schema accepts, token by token, over a vocabulary's
// bytes (VocabularyTrie). The engine asks allows(token) for the token it sampled (cheap: the
// token's bytes through the matcher); only when the sample is refused does it ask for mask(), the
// whole set of allowed tokens, and sample again from those: the result is a draw from the masked
// distribution either way (a refused draw is a rejection). mask() walks the trie once per distinct
// matcher state and keeps the masks it made (states repeat: inside a string, between properties).
// End-of-generation tokens are allowed exactly where the text is complete.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "grammar/json_matcher.h"
#include "grammar/vocabulary_trie.h"
#include "sampling/token_mask.h"

namespace tessera::grammar {

class JsonConstraint {
 public:
  JsonConstraint(std::shared_ptr<const JsonSchema> schema, std::shared_ptr<const VocabularyTrie> vocabulary);

  // Closing in time: with `max_bytes`, only tokens after which at most that many bytes complete
  // the value. A generation with n tokens left passes n - 1 and always ends with complete JSON (a
  // vocabulary with single-byte pieces closes at least a byte per token), provided n is at least
  // the bytes of the shortest value; below that, mask() gives the tokens that come closest.
  bool allows(int32_t token, uint32_t max_bytes = kNever) const;
  // Advances by `token`; false (nothing changed) when the grammar refuses it.
  bool accept(int32_t token);
  // Every token allowed now (within `max_bytes`). Valid until the next accept() or mask().
  const TokenMask& mask(uint32_t max_bytes = kNever);
  // The fewest bytes that complete the value from here.
  uint32_t bytes_to_close() const { return matcher_.bytes_to_close(); }

  bool accepting() const { return matcher_.accepting(); }
  // The value is complete and closed: only whitespace or the end may follow.
  bool closed() const { return matcher_.closed(); }

  // Counters for benchmarks: masks computed by a trie walk, masks found in the cache.
  size_t masks_computed() const { return masks_computed_; }
  size_t masks_cached() const { return masks_cached_; }

 private:
  // Sets the allowed tokens in `mask` (within `max_bytes`); returns the most bytes still needed
  // after any of them, and lowers *least to the fewest after any allowed token (budget or not).
  uint32_t walk(uint32_t node, size_t depth, TokenMask& mask, uint32_t max_bytes, uint32_t* least = nullptr);

  std::shared_ptr<const JsonSchema> schema_;
  std::shared_ptr<const VocabularyTrie> vocab_;
  JsonMatcher matcher_;
  mutable std::vector<JsonMatcher> scratch_;  // one matcher per trie depth
  size_t longest_piece_ = 0;
  struct Cached {
    JsonMatcher state;
    TokenMask mask;
    uint32_t most_after = 0;  // the most bytes needed after one of its tokens
  };
  std::unordered_map<size_t, std::vector<Cached>> cache_;
  size_t cache_entries_ = 0;
  TokenMask budget_mask_;
  size_t masks_computed_ = 0;
  size_t masks_cached_ = 0;
};

}  // namespace tessera::grammar

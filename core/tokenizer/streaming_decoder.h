// Turns a stream of token ids into text as it is generated, one id at a time, without ever
// splitting a UTF-8 character: a character spread over several byte tokens (an emoji through
// <0xF0><0x9F>...) or cut by a BPE token boundary is held back until its last byte arrives.
#pragma once

#include <cstdint>
#include <string>

#include "tokenizer/tokenizer.h"

namespace tessera::tokenizer {

class StreamingDecoder {
 public:
  // `tokenizer` must outlive the decoder. `options` as for Tokenizer::decode; the space-prefix
  // rule applies to the first id pushed, or the second when the first is BOS, so the text pushed
  // out over a whole sequence equals Tokenizer::decode of that sequence.
  explicit StreamingDecoder(const Tokenizer& tokenizer, DecodeOptions options = {});

  // Adds one id; returns the text that became complete (possibly ""). Never returns a partial
  // UTF-8 sequence that could still complete. Bytes that can never form a character (invalid
  // UTF-8) are passed through as they are, not held.
  std::string push(int32_t id);
  // Returns whatever is held back (an incomplete sequence at the end of generation) and empties
  // the hold. The position in the sequence is kept; call reset() to start a new sequence.
  std::string flush();
  // Forgets everything: the next push is the start of a new sequence.
  void reset();

  size_t pending_bytes() const { return pending_.size(); }

 private:
  const Tokenizer* tokenizer_;
  DecodeOptions options_;
  std::string pending_;
  size_t position_ = 0;
  bool strip_pending_ = true;
};

}  // namespace tessera::tokenizer

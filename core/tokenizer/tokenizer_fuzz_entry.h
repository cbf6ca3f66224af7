// Entry point for fuzzing the tokenizers with hostile vocabularies and text (tests/fuzz calls it
// from a libFuzzer harness; tests/core/tokenizer checks its contract).
//
// Input layout (every byte string is a valid input):
//   byte 0           mode: bit 0 = family (0 SPM, 1 byte-level BPE), bit 1 = add_space_prefix (SPM),
//                    bit 2 = add 256 byte tokens (<0xXX> for SPM, the GPT-2 characters for BPE),
//                    bit 3 = add_bos, bits 4-6 = BPE pre-tokenizer (gpt-2, llama3, qwen2,
//                    deepseek-llm, deepseek-coder, falcon, starcoder, mpt)
//   bytes 1..NUL     the vocabulary, '\n'-separated entries; an entry's first byte picks the token
//                    type (byte % 7, tokenizer.ggml.token_type) and score (byte / 7); the rest is
//                    the token text (raw bytes; BPE texts are written in GPT-2 characters). BPE
//                    merges: every token of two or more characters, split after its first
//                    character, in vocabulary order. Capped at kMaxFuzzVocabBytes / kMaxFuzzTokens.
//   after the NUL    the text to tokenize (capped at kMaxFuzzTextBytes); no NUL: empty text.
//
// The tokenizer is built (a refusal is fine), the text is encoded with and without special-token
// parsing, and both results are decoded. Nothing here throws for any input: library errors are
// values; an exception escaping (other than std::bad_alloc, which is swallowed) is a bug.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tessera::tokenizer {

constexpr size_t kMaxFuzzVocabBytes = 64 * 1024;
constexpr size_t kMaxFuzzTokens = 4096;
constexpr size_t kMaxFuzzTextBytes = 64 * 1024;

// What one run did, for tests of the entry point itself.
struct UntrustedRunSummary {
  bool built = false;
  std::string error;             // why the tokenizer was refused (when !built)
  size_t plain_tokens = 0;       // encode(text, add_special=true, parse_special=false).size()
  size_t special_tokens = 0;     // same with parse_special=true
  std::string plain_decoded;     // decode of the plain encoding
  std::string special_decoded;   // decode of the special-parsing encoding (render_special)
};

UntrustedRunSummary run_untrusted(std::string_view bytes);

// The fuzzing entry: run_untrusted without the summary.
void tokenize_untrusted(std::string_view bytes);

}  // namespace tessera::tokenizer

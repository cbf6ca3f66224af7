// Regex pre-tokenizers for byte-level BPE: the text is cut into pieces ("words") before merges run,
// and merges never cross a piece boundary. Each pre-tokenizer is a list of PCRE2 patterns (UTF +
// UCP, JIT-compiled where available) applied in order: every pattern splits each piece produced by
// the previous one into its matches and the unmatched gaps between them (both kept, in order), the
// way Hugging Face's Split(behavior="isolated") and llama.cpp's unicode_regex_split do.
//
// Invalid UTF-8 in the input is never handed to PCRE2: each invalid byte becomes a piece of its own
// and the valid runs around it are split normally. Byte-level BPE then encodes those bytes like
// any other.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"

namespace tessera::tokenizer {

class PreTokenizer {
 public:
  // Names follow tokenizer.ggml.pre:
  //   "default", "" , "gpt-2", "gpt2", "gpt-neox", "phi-2", "mpt", "olmo", "jais", "roberta-bpe" -> GPT-2
  //   "llama3", "llama-v3", "llama-bpe", "falcon3" -> Llama 3 (and ignore_merges), "dbrx", "smaug-bpe"
  //   -> Llama 3 split, "qwen2", "deepseek-r1-qwen", "stablelm2" -> Qwen2, "qwen35" -> Qwen3.5 (Qwen2
  //   with combining marks in letter runs), "deepseek-llm",
  //   "deepseek-coder", "falcon", "starcoder", "refact", "command-r", "smollm", "codeshell", "exaone".
  // An unknown name selects the GPT-2 split and sets `*warning` (when given) to a sentence saying so.
  static Result<PreTokenizer> create(std::string_view name, std::string* warning = nullptr);
  // Compiles an explicit pattern list (tests, experiments). Errors name the pattern and offset.
  static Result<PreTokenizer> from_patterns(std::string name, std::vector<std::string> patterns,
                                            bool ignore_merges = false);

  PreTokenizer(PreTokenizer&&) noexcept;
  PreTokenizer& operator=(PreTokenizer&&) noexcept;
  ~PreTokenizer();

  // The split used (the canonical family name, e.g. "gpt-2" for "mpt").
  const std::string& name() const { return name_; }
  const std::vector<std::string>& patterns() const { return patterns_; }
  // Llama 3: a piece that is a whole token in the vocabulary is emitted without running merges.
  bool ignore_merges() const { return ignore_merges_; }

  // Appends the pieces of `text` to `out` (views into `text`). Concatenating them gives `text`.
  // Thread-safe: match state is local to the call.
  void split(std::string_view text, std::vector<std::string_view>& out) const;
  std::vector<std::string_view> split(std::string_view text) const {
    std::vector<std::string_view> out;
    split(text, out);
    return out;
  }

 private:
  struct Compiled;
  PreTokenizer() = default;
  void split_valid(std::string_view text, std::vector<std::string_view>& out, std::vector<std::string_view>& tmp) const;

  std::string name_;
  std::vector<std::string> patterns_;
  bool ignore_merges_ = false;
  std::vector<std::unique_ptr<Compiled>> compiled_;
};

}  // namespace tessera::tokenizer

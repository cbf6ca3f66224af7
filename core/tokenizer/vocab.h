// Vocabulary: token texts, types and scores, the special ids and flags, and the indexes the
// encoders and the decoder share. Built once from VocabData (which comes from GGUF metadata via
// vocab_gguf.h, or from a test/tiny model directly) and immutable afterwards.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "tokenizer/token_index.h"

namespace tessera::tokenizer {

// tokenizer.ggml.token_type values (llama.cpp's llama_token_type).
enum class TokenType : int32_t {
  Undefined = 0,
  Normal = 1,
  Unknown = 2,
  Control = 3,      // BOS, EOS, <|im_start|>, ...: never produced from plain text
  UserDefined = 4,  // added tokens matched as a whole
  Unused = 5,
  Byte = 6,         // SentencePiece byte fallback <0xXX>
};

// The two tokenizer families.
enum class Kind {
  Spm,  // tokenizer.ggml.model = "llama": SentencePiece-style, score-ordered merges, byte fallback
  Bpe,  // tokenizer.ggml.model = "gpt2": byte-level BPE with ranked merges and a regex pre-tokenizer
};

const char* kind_name(Kind kind);

constexpr int32_t kNoToken = -1;

// Limits on what a vocabulary (hostile input: it comes from a downloaded file) may hold. The
// longest tokens real vocabularies have are a few hundred bytes (runs of spaces, '=' or '-').
constexpr size_t kMaxTokenBytes = 64 * 1024;
constexpr size_t kMaxVocabularyBytes = size_t{256} * 1024 * 1024;  // all token texts together

// Everything a tokenizer is built from. Optional fields left at their defaults take the family's
// defaults (see Vocab::build).
struct VocabData {
  Kind kind = Kind::Spm;
  // BPE pre-tokenizer name (tokenizer.ggml.pre): "gpt-2", "llama-bpe", "qwen2", ... ""/"default"
  // selects the GPT-2 split. Ignored for Spm.
  std::string pre;
  std::vector<std::string> tokens;
  std::vector<float> scores;        // Spm merge priority (higher merges first); empty = all 0
  std::vector<TokenType> types;     // empty = all Normal
  std::vector<std::string> merges;  // Bpe: "left right", rank = position in the list
  int32_t bos_id = kNoToken;
  int32_t eos_id = kNoToken;
  int32_t unk_id = kNoToken;
  int32_t pad_id = kNoToken;
  int32_t eot_id = kNoToken;
  int32_t eom_id = kNoToken;
  std::optional<bool> add_bos;           // default: true for Spm, false for Bpe
  std::optional<bool> add_eos;           // default: false
  std::optional<bool> add_space_prefix;  // default: true for Spm; always false for Bpe (as llama.cpp)
  std::string source = "vocabulary";     // file name or description for messages
  // Notes gathered while reading (ignored out-of-range ids, ...); carried into Tokenizer::warnings.
  std::vector<std::string> warnings;
};

// Move-only: its indexes view its token texts in place (moving keeps them where they are).
class Vocab {
 public:
  Vocab() = default;
  Vocab(Vocab&&) = default;
  Vocab& operator=(Vocab&&) = default;
  Vocab(const Vocab&) = delete;
  Vocab& operator=(const Vocab&) = delete;

  // Validates `data` (non-empty, array lengths agree, special ids in range, no token longer than
  // kMaxTokenBytes, at most kMaxVocabularyBytes of text) and builds the indexes. Errors are InvalidArgument naming `data.source` and the offending field.
  static Result<Vocab> build(VocabData data);

  Kind kind() const { return kind_; }
  size_t size() const { return texts_.size(); }
  bool valid_id(int32_t id) const { return id >= 0 && static_cast<size_t>(id) < texts_.size(); }

  const std::string& text(int32_t id) const { return texts_[static_cast<size_t>(id)]; }
  TokenType type(int32_t id) const { return types_[static_cast<size_t>(id)]; }
  float score(int32_t id) const { return scores_.empty() ? 0.0f : scores_[static_cast<size_t>(id)]; }
  // Control, UserDefined or Unknown: tokens that are not plain text pieces.
  bool is_special(int32_t id) const;

  // Any token with this exact text, or kNoToken.
  int32_t find(std::string_view text) const { return all_.find(text); }
  // Tokens an SPM merge may produce: every token except Control, Unknown, Byte and Unused ones
  // (SentencePiece never emits those from text).
  const TokenIndex& mergeable() const { return mergeable_; }
  // The <0xXX> token for byte b, or kNoToken (Spm byte fallback).
  int32_t byte_token(uint8_t b) const { return byte_tokens_[b]; }
  bool has_byte_tokens() const { return has_byte_tokens_; }

  int32_t bos() const { return bos_; }
  int32_t eos() const { return eos_; }
  int32_t unk() const { return unk_; }
  int32_t pad() const { return pad_; }
  int32_t eot() const { return eot_; }
  int32_t eom() const { return eom_; }
  bool add_bos() const { return add_bos_; }
  bool add_eos() const { return add_eos_; }
  bool add_space_prefix() const { return add_space_prefix_; }
  const std::string& pre() const { return pre_; }
  const std::string& source() const { return source_; }

  // Ids that end generation: eos, eot, eom and special tokens named like an end-of-turn marker
  // (<|eot_id|>, <|im_end|>, <|end|>, <end_of_turn>, <|endoftext|>, ...). Sorted, unique.
  const std::vector<int32_t>& end_of_generation_ids() const { return eog_; }
  bool is_end_of_generation(int32_t id) const;

  const std::vector<std::string>& merges() const { return merges_; }
  std::vector<std::string>& warnings() { return warnings_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

  // The merges are only needed while building the BPE encoder.
  void release_merges() { std::vector<std::string>().swap(merges_); }

 private:
  Kind kind_ = Kind::Spm;
  std::string pre_;
  std::string source_;
  std::vector<std::string> texts_;
  std::vector<TokenType> types_;
  std::vector<float> scores_;
  std::vector<std::string> merges_;
  TokenIndex all_;
  TokenIndex mergeable_;
  std::array<int32_t, 256> byte_tokens_{};
  bool has_byte_tokens_ = false;
  int32_t bos_ = kNoToken, eos_ = kNoToken, unk_ = kNoToken, pad_ = kNoToken;
  int32_t eot_ = kNoToken, eom_ = kNoToken;
  bool add_bos_ = false, add_eos_ = false, add_space_prefix_ = false;
  std::vector<int32_t> eog_;
  std::vector<std::string> warnings_;
};

}  // namespace tessera::tokenizer

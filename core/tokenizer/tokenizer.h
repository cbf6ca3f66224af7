// Text <-> token ids for the two GGUF tokenizer families: SentencePiece-style ("llama", spm.h) and
// byte-level BPE ("gpt2", bpe.h). Built from a GGUF file's tokenizer.ggml.* metadata or from
// VocabData. Immutable after construction; every const method is safe to call from several
// threads at once.
//
// Encoding (encode):
//   - UserDefined tokens (added pieces such as MPT's runs of spaces) written in the input always
//     become those single tokens (leftmost-longest match), as in Hugging Face and llama.cpp; only
//     the text between them is tokenized.
//   - parse_special=true: the texts of Control and Unknown tokens (e.g. "<|im_start|>", "<s>",
//     "<unk>") match the same way. parse_special=false: they are tokenized as plain text.
//   - add_special=true: BOS in front when the vocabulary's add_bos flag is set, EOS at the end when
//     add_eos is set (tokenizer.ggml.add_bos_token / add_eos_token; defaults: SPM add_bos=true, BPE
//     false except Llama 3 pre-tokenizers).
//   - SPM with add_space_prefix (default true): a '▁' goes in front of each raw-text fragment that
//     starts the input or follows a special token (llama.cpp's rule), never in front of empty text.
//
// Decoding (token_to_piece / decode / StreamingDecoder):
//   - SPM: '▁' -> ' ', <0xXX> byte tokens -> that byte. BPE: GPT-2 characters -> bytes.
//   - UserDefined tokens render as their text. Control and Unknown tokens (BOS, EOS, <unk>,
//     <|im_end|>, ...) render as "" unless render_special is set, then as their text.
//   - Space-prefix rule (SPM with add_space_prefix only, on by default in DecodeOptions): one
//     leading ' ' is removed from the first token's piece, where "first" skips a single BOS at
//     position 0. So decode(encode(s, add_special, false)) == s for every input s the vocabulary
//     can represent (all of them when it has byte tokens), with or without BOS/EOS, because
//     encode put exactly that one space there.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "gguf/gguf_file.h"
#include "tokenizer/vocab.h"

namespace tessera::tokenizer {

struct DecodeOptions {
  bool render_special = false;      // Control/Unknown tokens as their text instead of ""
  bool strip_space_prefix = true;   // the SPM space-prefix rule above
};

class SpmEncoder;
class BpeEncoder;
class SpecialTokenMatcher;

class Tokenizer {
 public:
  // Reads tokenizer.ggml.* (see vocab_gguf.h). Errors name the file and the key.
  static Result<std::unique_ptr<Tokenizer>> from_gguf(const gguf::GgufFile& file);
  // Builds from explicit data (tests, tiny models). Errors name data.source and the field.
  static Result<std::unique_ptr<Tokenizer>> from_vocab(VocabData data);

  ~Tokenizer();
  Tokenizer(const Tokenizer&) = delete;
  Tokenizer& operator=(const Tokenizer&) = delete;

  std::vector<int32_t> encode(std::string_view text, bool add_special, bool parse_special) const;
  // Appends to `out` instead of returning a new vector.
  void encode_into(std::string_view text, bool add_special, bool parse_special, std::vector<int32_t>& out) const;

  std::string decode(std::span<const int32_t> ids, const DecodeOptions& options = {}) const;
  // The bytes one token stands for (no space-prefix rule). Out-of-range ids give "".
  std::string token_to_piece(int32_t id, bool render_special = false) const;
  // Same, as a view into the tokenizer (valid for its lifetime).
  std::string_view piece_view(int32_t id, bool render_special = false) const;

  // The raw vocabulary text ("▁Hello", "Ġworld", "<0x0A>"); "" for out-of-range ids.
  std::string_view token_text(int32_t id) const;
  TokenType token_type(int32_t id) const;
  // The id whose vocabulary text is exactly `text`, or kNoToken.
  int32_t find_token(std::string_view text) const;
  bool is_special(int32_t id) const;  // Control, UserDefined or Unknown

  int32_t bos() const;  // kNoToken (-1) when the vocabulary has none
  int32_t eos() const;
  int32_t unk() const;
  int32_t pad() const;
  int32_t eot() const;
  int32_t eom() const;
  bool add_bos() const;
  bool add_eos() const;
  bool add_space_prefix() const;
  bool is_end_of_generation(int32_t id) const;
  const std::vector<int32_t>& end_of_generation_ids() const;

  size_t vocab_size() const;
  Kind kind() const;
  // BPE: the pre-tokenizer in use ("gpt-2", "llama3", "qwen2", ...); SPM: "".
  const std::string& pre_tokenizer() const;
  // Things worth telling a person but not worth failing for: an unknown tokenizer.ggml.pre, special
  // ids outside the vocabulary, unusable merges. Empty for a clean file.
  const std::vector<std::string>& warnings() const;

 private:
  Tokenizer();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::tokenizer

// Reads the tokenizer.ggml.* metadata of a GGUF file into VocabData.
#pragma once

#include "common/error.h"
#include "gguf/gguf_file.h"
#include "tokenizer/vocab.h"

namespace tessera::tokenizer {

// Keys read: tokenizer.ggml.model ("llama" -> Spm, "gpt2" -> Bpe; anything else is Unsupported),
// .tokens (required), .scores, .token_type, .merges (required for gpt2), .pre, .bos_token_id,
// .eos_token_id, .unknown_token_id, .padding_token_id, .eot_token_id, .eom_token_id,
// .add_bos_token, .add_eos_token, .add_space_prefix.
// A special id outside the vocabulary is dropped with a note in VocabData::warnings (the file is
// still usable); a missing required key or an array of the wrong length is Error{BadFile}.
// For "llama" files without ids, the SentencePiece defaults unk=0, bos=1, eos=2 apply.
Result<VocabData> read_vocab(const gguf::GgufFile& file);

}  // namespace tessera::tokenizer

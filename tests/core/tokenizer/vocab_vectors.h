// Reads llama.cpp's tokenizer test vectors: <vocab>.gguf.inp holds texts, each followed by the
// separator "\n__ggml_vocab_test__\n"; <vocab>.gguf.out holds one line of token ids per text
// (what Hugging Face's tokenizer produced, without BOS/EOS and without special-token parsing).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tessera::tokenizer::vectors {

struct VocabCase {
  std::string text;
  std::vector<int32_t> ids;
};

// Empty with `error` set when the files are missing or malformed.
std::vector<VocabCase> load_vocab_cases(const std::filesystem::path& inp, const std::filesystem::path& out,
                                        std::string* error);

// " 1 2 3"
std::string ids_string(const std::vector<int32_t>& ids);

}  // namespace tessera::tokenizer::vectors

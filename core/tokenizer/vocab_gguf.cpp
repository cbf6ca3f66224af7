#include "tokenizer/vocab_gguf.h"

#include <string>

namespace tessera::tokenizer {

namespace {

constexpr std::string_view kPrefix = "tokenizer.ggml.";

std::string key(std::string_view name) { return std::string(kPrefix) + std::string(name); }

// Reads an optional token id. Missing -> keep `fallback`; out of range -> warning + fallback.
Status read_id(const gguf::GgufFile& file, std::string_view name, size_t n_tokens, int32_t fallback,
               int32_t& out, std::vector<std::string>& warnings) {
  out = fallback;
  const gguf::Value* v = file.find(key(name));
  if (v == nullptr) return {};
  const std::optional<int64_t> id = v->as_int();
  if (!id)
    return make_error(ErrorKind::BadFile, file.path() + ": metadata '" + key(name) + "' is " +
                                              v->to_display() + " (" + std::string(gguf::value_type_name(v->type())) +
                                              "), expected an integer token id");
  if (*id < 0 || static_cast<uint64_t>(*id) >= n_tokens) {
    // Files in the wild carry ids like -1 or vocab_size for "none"; ignore rather than refuse.
    warnings.push_back(file.path() + ": " + key(name) + " = " + std::to_string(*id) +
                       " is outside the vocabulary (0.." + std::to_string(n_tokens - 1) + "); ignored");
    return {};
  }
  out = static_cast<int32_t>(*id);
  return {};
}

Status read_flag(const gguf::GgufFile& file, std::string_view name, std::optional<bool>& out) {
  if (!file.has(key(name))) return {};
  TESSERA_ASSIGN_OR_RETURN(bool value, file.get_bool(key(name)));
  out = value;
  return {};
}

}  // namespace

Result<VocabData> read_vocab(const gguf::GgufFile& file) {
  VocabData d;
  d.source = file.path();
  TESSERA_ASSIGN_OR_RETURN(std::string model, file.get_string(key("model")));
  if (model == "llama") {
    d.kind = Kind::Spm;
  } else if (model == "gpt2") {
    d.kind = Kind::Bpe;
  } else {
    return make_error(ErrorKind::Unsupported,
                      file.path() + ": tokenizer.ggml.model = '" + model +
                          "' is not supported (supported: 'llama' SentencePiece, 'gpt2' byte-level BPE)");
  }
  TESSERA_ASSIGN_OR_RETURN(d.pre, file.get_string_or(key("pre"), ""));
  TESSERA_ASSIGN_OR_RETURN(d.tokens, file.get_string_array(key("tokens")));
  const size_t n = d.tokens.size();
  if (n == 0) return make_error(ErrorKind::BadFile, file.path() + ": tokenizer.ggml.tokens is empty");

  if (file.has(key("scores"))) {
    TESSERA_ASSIGN_OR_RETURN(d.scores, file.get_float_array(key("scores")));
    if (d.scores.size() != n)
      return make_error(ErrorKind::BadFile, file.path() + ": tokenizer.ggml.scores has " +
                                                std::to_string(d.scores.size()) + " entries, expected " +
                                                std::to_string(n) + " (one per token)");
  }
  if (file.has(key("token_type"))) {
    TESSERA_ASSIGN_OR_RETURN(std::vector<int64_t> types, file.get_int_array(key("token_type")));
    if (types.size() != n)
      return make_error(ErrorKind::BadFile, file.path() + ": tokenizer.ggml.token_type has " +
                                                std::to_string(types.size()) + " entries, expected " +
                                                std::to_string(n) + " (one per token)");
    d.types.reserve(n);
    for (int64_t t : types)
      d.types.push_back(t >= 0 && t <= 6 ? static_cast<TokenType>(t) : TokenType::Undefined);
  }
  if (d.kind == Kind::Bpe) {
    if (!file.has(key("merges")))
      return make_error(ErrorKind::BadFile,
                        file.path() + ": tokenizer.ggml.model is 'gpt2' but tokenizer.ggml.merges is missing");
    TESSERA_ASSIGN_OR_RETURN(d.merges, file.get_string_array(key("merges")));
  }

  const bool spm = d.kind == Kind::Spm;
  auto default_id = [&](int32_t id) { return spm && static_cast<size_t>(id) < n ? id : kNoToken; };
  TESSERA_TRY(read_id(file, "bos_token_id", n, default_id(1), d.bos_id, d.warnings));
  TESSERA_TRY(read_id(file, "eos_token_id", n, default_id(2), d.eos_id, d.warnings));
  TESSERA_TRY(read_id(file, "unknown_token_id", n, default_id(0), d.unk_id, d.warnings));
  TESSERA_TRY(read_id(file, "padding_token_id", n, kNoToken, d.pad_id, d.warnings));
  TESSERA_TRY(read_id(file, "eot_token_id", n, kNoToken, d.eot_id, d.warnings));
  TESSERA_TRY(read_id(file, "eom_token_id", n, kNoToken, d.eom_id, d.warnings));
  TESSERA_TRY(read_flag(file, "add_bos_token", d.add_bos));
  TESSERA_TRY(read_flag(file, "add_eos_token", d.add_eos));
  TESSERA_TRY(read_flag(file, "add_space_prefix", d.add_space_prefix));
  return d;
}

}  // namespace tessera::tokenizer

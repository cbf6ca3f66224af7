#include "tokenizer/vocab.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace tessera::tokenizer {

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Spm: return "spm";
    case Kind::Bpe: return "bpe";
  }
  return "?";
}

namespace {

// Texts of tokens that end a turn in the chat formats people use; a Control or UserDefined token
// with one of these texts ends generation even when the file names no eot/eom id.
constexpr std::string_view kEndOfTurnTexts[] = {
    "<|eot_id|>", "<|eom_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>", "<|endoftext|>",
    "<|end_of_text|>", "<EOT>", "_<EOT>", "<|return|>", "<|call|>", "<end_of_utterance>",
    "<\xef\xbd\x9c" "end\xe2\x96\x81of\xe2\x96\x81sentence\xef\xbd\x9c>",  // DeepSeek <｜end▁of▁sentence｜>
};

bool is_pre_llama3(std::string_view pre) {
  return pre == "llama3" || pre == "llama-v3" || pre == "llama-bpe" || pre == "falcon3";
}

}  // namespace

bool Vocab::is_special(int32_t id) const {
  if (!valid_id(id)) return false;
  const TokenType t = type(id);
  return t == TokenType::Control || t == TokenType::UserDefined || t == TokenType::Unknown;
}

bool Vocab::is_end_of_generation(int32_t id) const {
  return std::binary_search(eog_.begin(), eog_.end(), id);
}

Result<Vocab> Vocab::build(VocabData data) {
  const size_t n = data.tokens.size();
  const std::string& src = data.source;
  if (n == 0) return make_error(ErrorKind::InvalidArgument, src + ": the vocabulary has no tokens");
  if (n > static_cast<size_t>(INT32_MAX))
    return make_error(ErrorKind::InvalidArgument, src + ": too many tokens (" + std::to_string(n) + ")");
  if (!data.scores.empty() && data.scores.size() != n)
    return make_error(ErrorKind::InvalidArgument,
                      src + ": tokenizer.ggml.scores has " + std::to_string(data.scores.size()) +
                          " entries, expected one per token (" + std::to_string(n) + ")");
  if (!data.types.empty() && data.types.size() != n)
    return make_error(ErrorKind::InvalidArgument,
                      src + ": tokenizer.ggml.token_type has " + std::to_string(data.types.size()) +
                          " entries, expected one per token (" + std::to_string(n) + ")");
  size_t total_bytes = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t len = data.tokens[i].size();
    if (len > kMaxTokenBytes)
      return make_error(ErrorKind::InvalidArgument,
                        src + ": token " + std::to_string(i) + " in tokenizer.ggml.tokens is " + std::to_string(len) +
                            " bytes long; the limit is " + std::to_string(kMaxTokenBytes) + " bytes");
    total_bytes += len;
  }
  if (total_bytes > kMaxVocabularyBytes)
    return make_error(ErrorKind::InvalidArgument,
                      src + ": the token texts (tokenizer.ggml.tokens) are " + std::to_string(total_bytes) +
                          " bytes together; the limit is " + std::to_string(kMaxVocabularyBytes) + " bytes");
  if (data.kind == Kind::Bpe && data.merges.empty())
    return make_error(ErrorKind::InvalidArgument,
                      src + ": a byte-level BPE ('gpt2') vocabulary needs tokenizer.ggml.merges, which is missing or empty");

  const std::pair<const char*, int32_t> ids[] = {
      {"bos_token_id", data.bos_id}, {"eos_token_id", data.eos_id}, {"unknown_token_id", data.unk_id},
      {"padding_token_id", data.pad_id}, {"eot_token_id", data.eot_id}, {"eom_token_id", data.eom_id},
  };
  for (const auto& [name, id] : ids) {
    if (id != kNoToken && (id < 0 || static_cast<size_t>(id) >= n))
      return make_error(ErrorKind::InvalidArgument, src + ": tokenizer.ggml." + name + " = " + std::to_string(id) +
                                                        " is outside the vocabulary (0.." + std::to_string(n - 1) + ")");
  }

  Vocab v;
  v.kind_ = data.kind;
  v.pre_ = std::move(data.pre);
  v.source_ = data.source;
  v.texts_ = std::move(data.tokens);
  v.scores_ = std::move(data.scores);
  v.types_ = std::move(data.types);
  if (v.types_.empty()) v.types_.assign(n, TokenType::Normal);
  v.merges_ = std::move(data.merges);
  v.warnings_ = std::move(data.warnings);
  v.bos_ = data.bos_id;
  v.eos_ = data.eos_id;
  v.unk_ = data.unk_id;
  v.pad_ = data.pad_id;
  v.eot_ = data.eot_id;
  v.eom_ = data.eom_id;
  const bool spm = v.kind_ == Kind::Spm;
  v.add_bos_ = data.add_bos.value_or(spm || is_pre_llama3(v.pre_));
  v.add_eos_ = data.add_eos.value_or(false);
  // Byte-level BPE never adds a dummy space (as llama.cpp); report what encode actually does.
  v.add_space_prefix_ = spm && data.add_space_prefix.value_or(true);

  v.all_ = TokenIndex(n);
  v.mergeable_ = TokenIndex(n);
  size_t empty_tokens = 0;
  for (size_t i = 0; i < n; ++i) {
    const int32_t id = static_cast<int32_t>(i);
    const std::string& t = v.texts_[i];
    if (t.empty()) {  // cannot be matched; keep the id so the numbering stays intact
      ++empty_tokens;
      continue;
    }
    v.all_.insert(t, id);
    const TokenType ty = v.types_[i];
    if (ty != TokenType::Control && ty != TokenType::Unknown && ty != TokenType::Byte && ty != TokenType::Unused)
      v.mergeable_.insert(t, id);
  }
  if (empty_tokens > 0)
    v.warnings_.push_back(src + ": " + std::to_string(empty_tokens) + " token(s) have empty text and can never be produced");

  v.byte_tokens_.fill(kNoToken);
  for (int b = 0; b < 256; ++b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "<0x%02X>", b);
    v.byte_tokens_[static_cast<size_t>(b)] = v.all_.find(buf);
    if (v.byte_tokens_[static_cast<size_t>(b)] != kNoToken) v.has_byte_tokens_ = true;
  }

  for (int32_t id : {v.eos_, v.eot_, v.eom_})
    if (id != kNoToken) v.eog_.push_back(id);
  for (std::string_view name : kEndOfTurnTexts) {
    const int32_t id = v.all_.find(name);
    if (id != kNoToken && (v.types_[static_cast<size_t>(id)] == TokenType::Control ||
                           v.types_[static_cast<size_t>(id)] == TokenType::UserDefined))
      v.eog_.push_back(id);
  }
  // gpt-oss (harmony): <|end|> ends a message, not the reply; the reply ends with <|return|> or
  // <|call|> (a tool call). Ending at <|end|> would cut every reply after its thinking.
  const int32_t harmony_end = v.all_.find("<|end|>");
  if (harmony_end != kNoToken && v.all_.find("<|return|>") != kNoToken && v.all_.find("<|call|>") != kNoToken)
    v.eog_.erase(std::remove(v.eog_.begin(), v.eog_.end(), harmony_end), v.eog_.end());
  std::sort(v.eog_.begin(), v.eog_.end());
  v.eog_.erase(std::unique(v.eog_.begin(), v.eog_.end()), v.eog_.end());
  return v;
}

}  // namespace tessera::tokenizer

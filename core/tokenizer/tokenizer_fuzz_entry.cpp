#include "tokenizer/tokenizer_fuzz_entry.h"

#include <algorithm>
#include <new>
#include <vector>

#include "tokenizer/byte_unicode.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/utf8.h"

namespace tessera::tokenizer {

namespace {

constexpr const char* kFuzzPreTokenizers[8] = {"gpt-2",          "llama3", "qwen2",     "deepseek-llm",
                                               "deepseek-coder", "falcon", "starcoder", "mpt"};

VocabData vocab_from_bytes(uint8_t mode, std::string_view desc) {
  VocabData d;
  d.kind = (mode & 1) ? Kind::Bpe : Kind::Spm;
  d.source = "fuzz vocabulary";
  d.add_space_prefix = (mode & 2) != 0;
  d.add_bos = (mode & 8) != 0;
  if (d.kind == Kind::Bpe) d.pre = kFuzzPreTokenizers[(mode >> 4) & 7];

  auto add = [&](std::string text, TokenType type, float score) {
    d.tokens.push_back(std::move(text));
    d.types.push_back(type);
    d.scores.push_back(score);
  };
  if (mode & 4) {
    for (int b = 0; b < 256; ++b) {
      if (d.kind == Kind::Spm) {
        static constexpr char kHex[] = "0123456789ABCDEF";
        add(std::string("<0x") + kHex[b >> 4] + kHex[b & 15] + ">", TokenType::Byte, 0.0f);
      } else {
        add(std::string(byte_to_utf8(static_cast<uint8_t>(b))), TokenType::Normal, 0.0f);
      }
    }
  }
  size_t start = 0;
  while (start <= desc.size() && d.tokens.size() < kMaxFuzzTokens) {
    size_t end = desc.find('\n', start);
    if (end == std::string_view::npos) end = desc.size();
    const std::string_view entry = desc.substr(start, end - start);
    if (!entry.empty()) {
      const auto head = static_cast<uint8_t>(entry[0]);
      add(std::string(entry.substr(1)), static_cast<TokenType>(head % 7), -static_cast<float>(head / 7));
    }
    start = end + 1;
  }
  if (d.tokens.empty()) add("a", TokenType::Normal, 0.0f);
  if (d.kind == Kind::Bpe) {
    for (const std::string& t : d.tokens) {
      if (t.empty()) continue;
      const size_t first = std::min(utf8::sequence_length(static_cast<uint8_t>(t[0])), t.size());
      if (first < t.size()) d.merges.push_back(t.substr(0, first) + " " + t.substr(first));
    }
    if (d.merges.empty()) d.merges.push_back("a b");
  }
  // Ids from the vocabulary itself, so that BOS/EOS/unknown paths run too.
  const int32_t n = static_cast<int32_t>(d.tokens.size());
  d.bos_id = n > 1 ? 1 % n : kNoToken;
  d.eos_id = n > 2 ? 2 : kNoToken;
  d.unk_id = 0;
  return d;
}

UntrustedRunSummary run(std::string_view bytes) {
  UntrustedRunSummary s;
  if (bytes.empty()) {
    s.error = "empty input";
    return s;
  }
  const auto mode = static_cast<uint8_t>(bytes[0]);
  bytes.remove_prefix(1);
  const size_t nul = bytes.find('\0');
  std::string_view desc = bytes.substr(0, nul);
  std::string_view text = nul == std::string_view::npos ? std::string_view() : bytes.substr(nul + 1);
  desc = desc.substr(0, kMaxFuzzVocabBytes);
  text = text.substr(0, kMaxFuzzTextBytes);

  auto tok = Tokenizer::from_vocab(vocab_from_bytes(mode, desc));
  if (!tok.ok()) {
    s.error = tok.error().describe();
    return s;
  }
  s.built = true;
  const Tokenizer& t = **tok;
  const std::vector<int32_t> plain = t.encode(text, /*add_special=*/true, /*parse_special=*/false);
  const std::vector<int32_t> special = t.encode(text, /*add_special=*/true, /*parse_special=*/true);
  s.plain_tokens = plain.size();
  s.special_tokens = special.size();
  s.plain_decoded = t.decode(plain);
  DecodeOptions render;
  render.render_special = true;
  s.special_decoded = t.decode(special, render);
  for (int32_t id : plain) (void)t.piece_view(id, true);
  return s;
}

}  // namespace

UntrustedRunSummary run_untrusted(std::string_view bytes) {
  try {
    return run(bytes);
  } catch (const std::bad_alloc&) {  // resource exhaustion is an acceptable outcome, not a finding
    UntrustedRunSummary s;
    s.error = "out of memory";
    return s;
  }
}

void tokenize_untrusted(std::string_view bytes) { (void)run_untrusted(bytes); }

}  // namespace tessera::tokenizer

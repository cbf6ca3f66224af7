#include "tokenizer/special_tokens.h"

namespace tessera::tokenizer {

SpecialTokenMatcher::SpecialTokenMatcher(const Vocab& vocab) {
  for (size_t i = 0; i < vocab.size(); ++i) {
    const int32_t id = static_cast<int32_t>(i);
    const TokenType t = vocab.type(id);
    if (t != TokenType::Control && t != TokenType::UserDefined && t != TokenType::Unknown) continue;
    const std::string& text = vocab.text(id);
    if (text.empty()) continue;
    // When two tokens share a text, the one the vocabulary index maps the text to wins.
    if (vocab.find(text) != id) continue;
    all_.insert(text, id);
    ++count_;
    if (t == TokenType::UserDefined) {
      always_.insert(text, id);
      ++always_count_;
    }
  }
}

void SpecialTokenMatcher::partition(std::string_view text, bool parse_special, std::vector<Fragment>& out) const {
  out.clear();
  const PieceTrie& trie = parse_special ? all_ : always_;
  size_t raw_start = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t hit_len = 0;
    int32_t hit_id = kNoToken;
    trie.walk(text.substr(pos), [&](size_t len, int32_t id) {  // shortest first: keep the last
      hit_len = len;
      hit_id = id;
    });
    if (hit_id == kNoToken) {
      ++pos;
      continue;
    }
    if (pos > raw_start) out.push_back({text.substr(raw_start, pos - raw_start), kNoToken});
    out.push_back({text.substr(pos, hit_len), hit_id});
    pos += hit_len;
    raw_start = pos;
  }
  if (raw_start < text.size()) out.push_back({text.substr(raw_start), kNoToken});
}

}  // namespace tessera::tokenizer

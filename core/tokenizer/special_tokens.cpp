#include "tokenizer/special_tokens.h"

#include <algorithm>
#include <cstring>

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
    const bool always = t == TokenType::UserDefined;
    by_first_byte_[static_cast<uint8_t>(text[0])].push_back({text, id, always});
    ++count_;
    if (always) ++always_count_;
  }
  for (auto& group : by_first_byte_)
    std::stable_sort(group.begin(), group.end(),
                     [](const Candidate& a, const Candidate& b) { return a.text.size() > b.text.size(); });
}

void SpecialTokenMatcher::partition(std::string_view text, bool parse_special, std::vector<Fragment>& out) const {
  out.clear();
  size_t raw_start = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    const auto& group = by_first_byte_[static_cast<uint8_t>(text[pos])];
    const Candidate* hit = nullptr;
    for (const Candidate& c : group) {
      if (!parse_special && !c.always) continue;
      if (c.text.size() <= text.size() - pos && std::memcmp(text.data() + pos, c.text.data(), c.text.size()) == 0) {
        hit = &c;  // groups are sorted longest first
        break;
      }
    }
    if (hit == nullptr) {
      ++pos;
      continue;
    }
    if (pos > raw_start) out.push_back({text.substr(raw_start, pos - raw_start), kNoToken});
    out.push_back({hit->text, hit->id});
    pos += hit->text.size();
    raw_start = pos;
  }
  if (raw_start < text.size()) out.push_back({text.substr(raw_start), kNoToken});
}

}  // namespace tessera::tokenizer

#include "grammar/vocabulary_trie.h"

#include <algorithm>

#include "tokenizer/tokenizer.h"

namespace tessera::grammar {

VocabularyTrie::VocabularyTrie(std::vector<std::string> pieces, std::vector<int32_t> end_tokens)
    : pieces_(std::move(pieces)), end_tokens_(std::move(end_tokens)) {
  std::sort(end_tokens_.begin(), end_tokens_.end());
  std::vector<int32_t> ids;
  for (size_t i = 0; i < pieces_.size(); ++i)
    if (!pieces_[i].empty() && !is_end(static_cast<int32_t>(i))) ids.push_back(static_cast<int32_t>(i));
  std::sort(ids.begin(), ids.end(), [&](int32_t a, int32_t b) {
    return pieces_[static_cast<size_t>(a)] < pieces_[static_cast<size_t>(b)] ||
           (pieces_[static_cast<size_t>(a)] == pieces_[static_cast<size_t>(b)] && a < b);
  });
  nodes_.push_back({});
  build(ids, 0, ids.size(), 0, 0);
}

// Tokens ids[lo, hi) share their first `depth` bytes (the path to `node`), sorted by bytes.
void VocabularyTrie::build(std::vector<int32_t>& ids, size_t lo, size_t hi, size_t depth, uint32_t node) {
  size_t i = lo;
  nodes_[node].first_token = static_cast<uint32_t>(node_tokens_.size());
  while (i < hi && pieces_[static_cast<size_t>(ids[i])].size() == depth) node_tokens_.push_back(ids[i++]);
  nodes_[node].n_tokens = static_cast<uint32_t>(node_tokens_.size()) - nodes_[node].first_token;
  // Children: one per distinct next byte; their edges are laid out together, then each is built.
  struct Group {
    uint8_t byte;
    size_t lo, hi;
  };
  std::vector<Group> groups;
  while (i < hi) {
    const auto b = static_cast<uint8_t>(pieces_[static_cast<size_t>(ids[i])][depth]);
    size_t j = i;
    while (j < hi && static_cast<uint8_t>(pieces_[static_cast<size_t>(ids[j])][depth]) == b) ++j;
    groups.push_back({b, i, j});
    i = j;
  }
  nodes_[node].first_edge = static_cast<uint32_t>(edges_.size());
  nodes_[node].n_edges = static_cast<uint32_t>(groups.size());
  for (const Group& g : groups) {
    edges_.push_back({g.byte, static_cast<uint32_t>(nodes_.size())});
    nodes_.push_back({});
  }
  const uint32_t first = nodes_[node].first_edge;
  for (size_t k = 0; k < groups.size(); ++k) build(ids, groups[k].lo, groups[k].hi, depth + 1, edges_[first + k].child);
}

bool VocabularyTrie::is_end(int32_t id) const { return std::binary_search(end_tokens_.begin(), end_tokens_.end(), id); }

std::shared_ptr<const VocabularyTrie> VocabularyTrie::from_tokenizer(const tokenizer::Tokenizer& tok) {
  std::vector<std::string> pieces(tok.vocab_size());
  for (size_t i = 0; i < pieces.size(); ++i) {
    const auto id = static_cast<int32_t>(i);
    // Control tokens (BOS, <|im_start|>, ...) write nothing a grammar could accept.
    if (tok.token_type(id) == tokenizer::TokenType::Control) continue;
    pieces[i] = tok.token_to_piece(id);
  }
  return std::make_shared<VocabularyTrie>(std::move(pieces), tok.end_of_generation_ids());
}

}  // namespace tessera::grammar

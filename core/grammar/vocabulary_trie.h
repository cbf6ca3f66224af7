// A model's vocabulary as bytes, built once per tokenizer: what each token writes (its piece;
// "" for control tokens, which never appear in constrained text) and a trie over those bytes, so
// a walk that follows a grammar visits each shared beginning once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tessera::tokenizer {
class Tokenizer;
}

namespace tessera::grammar {

class VocabularyTrie {
 public:
  struct Node {
    uint32_t first_edge = 0;
    uint32_t n_edges = 0;
    uint32_t first_token = 0;  // tokens whose bytes end at this node
    uint32_t n_tokens = 0;
  };
  struct Edge {
    uint8_t byte;
    uint32_t child;
  };

  // `pieces[id]`: the bytes token `id` writes ("" never allowed); `end_tokens`: the ids that end a
  // generation (allowed where the grammar is complete).
  VocabularyTrie(std::vector<std::string> pieces, std::vector<int32_t> end_tokens);
  static std::shared_ptr<const VocabularyTrie> from_tokenizer(const tokenizer::Tokenizer& tok);

  size_t n_vocab() const { return pieces_.size(); }
  const std::string& piece(int32_t id) const { return pieces_[static_cast<size_t>(id)]; }
  const std::vector<int32_t>& end_tokens() const { return end_tokens_; }
  bool is_end(int32_t id) const;

  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<Edge>& edges() const { return edges_; }
  const std::vector<int32_t>& node_tokens() const { return node_tokens_; }

 private:
  void build(std::vector<int32_t>& ids, size_t lo, size_t hi, size_t depth, uint32_t node);

  std::vector<std::string> pieces_;
  std::vector<int32_t> end_tokens_;  // sorted
  std::vector<Node> nodes_;          // nodes_[0] is the root (the empty beginning)
  std::vector<Edge> edges_;
  std::vector<int32_t> node_tokens_;
};

}  // namespace tessera::grammar

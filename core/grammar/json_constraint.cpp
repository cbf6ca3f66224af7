#include "grammar/json_constraint.h"

#include <algorithm>

namespace tessera::grammar {
namespace {
// Masks kept at most (each is n_vocab bits: 19 KB at 150k tokens); the cache starts over when full.
constexpr size_t kMaxCachedMasks = 512;
}  // namespace

JsonConstraint::JsonConstraint(std::shared_ptr<const JsonSchema> schema, std::shared_ptr<const VocabularyTrie> vocabulary)
    : schema_(std::move(schema)), vocab_(std::move(vocabulary)), matcher_(schema_) {
  for (size_t i = 0; i < vocab_->n_vocab(); ++i)
    longest_piece_ = std::max(longest_piece_, vocab_->piece(static_cast<int32_t>(i)).size());
}

bool JsonConstraint::allows(int32_t token) const {
  if (token < 0 || static_cast<size_t>(token) >= vocab_->n_vocab()) return false;
  if (vocab_->is_end(token)) return matcher_.accepting();
  const std::string& piece = vocab_->piece(token);
  if (piece.empty()) return false;
  if (scratch_.size() < 2) scratch_.assign(2, matcher_);
  const JsonMatcher* cur = &matcher_;
  for (size_t i = 0; i < piece.size(); ++i) {
    JsonMatcher& next = scratch_[i & 1];
    if (!next.step_from(*cur, static_cast<uint8_t>(piece[i]))) return false;
    cur = &next;
  }
  return true;
}

bool JsonConstraint::accept(int32_t token) {
  if (!allows(token)) return false;
  current_ = nullptr;
  if (vocab_->is_end(token)) return true;
  return matcher_.feed(vocab_->piece(token));
}

void JsonConstraint::walk(uint32_t node, size_t depth, TokenMask& mask) {
  const auto& nodes = vocab_->nodes();
  const auto& edges = vocab_->edges();
  const VocabularyTrie::Node& n = nodes[node];
  const JsonMatcher& from = depth == 0 ? matcher_ : scratch_[depth];
  for (uint32_t e = n.first_edge; e < n.first_edge + n.n_edges; ++e) {
    JsonMatcher& next = scratch_[depth + 1];
    if (!next.step_from(from, edges[e].byte)) continue;
    const VocabularyTrie::Node& child = nodes[edges[e].child];
    for (uint32_t t = child.first_token; t < child.first_token + child.n_tokens; ++t) mask.set(vocab_->node_tokens()[t]);
    if (child.n_edges > 0) walk(edges[e].child, depth + 1, mask);
  }
}

const TokenMask& JsonConstraint::mask() {
  if (current_ != nullptr) return *current_;
  const size_t h = matcher_.hash();
  auto& bucket = cache_[h];
  for (const Cached& c : bucket)
    if (c.state.same_state(matcher_)) {
      ++masks_cached_;
      current_ = &c.mask;
      return c.mask;
    }
  if (cache_entries_ >= kMaxCachedMasks) {
    cache_.clear();
    cache_entries_ = 0;
  }
  TokenMask mask(vocab_->n_vocab());
  if (scratch_.size() < longest_piece_ + 2) scratch_.resize(longest_piece_ + 2, matcher_);  // one per depth, sized before the walk
  walk(0, 0, mask);
  if (matcher_.accepting())
    for (int32_t id : vocab_->end_tokens())
      if (static_cast<size_t>(id) < mask.size()) mask.set(id);
  ++masks_computed_;
  ++cache_entries_;
  auto& slot = cache_[h];
  slot.push_back({matcher_, std::move(mask)});
  current_ = &slot.back().mask;
  return *current_;
}

}  // namespace tessera::grammar

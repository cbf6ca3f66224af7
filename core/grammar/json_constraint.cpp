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

bool JsonConstraint::allows(int32_t token, uint32_t max_bytes) const {
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
  return max_bytes == kNever || cur->bytes_to_close() <= max_bytes;
}

bool JsonConstraint::accept(int32_t token) {
  if (!allows(token)) return false;
  if (vocab_->is_end(token)) return true;
  return matcher_.feed(vocab_->piece(token));
}

uint32_t JsonConstraint::walk(uint32_t node, size_t depth, TokenMask& mask, uint32_t max_bytes, uint32_t* least) {
  const auto& nodes = vocab_->nodes();
  const auto& edges = vocab_->edges();
  const VocabularyTrie::Node& n = nodes[node];
  const JsonMatcher& from = depth == 0 ? matcher_ : scratch_[depth];
  uint32_t most = 0;
  for (uint32_t e = n.first_edge; e < n.first_edge + n.n_edges; ++e) {
    JsonMatcher& next = scratch_[depth + 1];
    if (!next.step_from(from, edges[e].byte)) continue;
    const VocabularyTrie::Node& child = nodes[edges[e].child];
    if (child.n_tokens > 0) {
      const uint32_t after = next.bytes_to_close();
      if (least != nullptr) *least = std::min(*least, after);
      if (after <= max_bytes) {
        most = std::max(most, after);
        for (uint32_t t = child.first_token; t < child.first_token + child.n_tokens; ++t) mask.set(vocab_->node_tokens()[t]);
      }
    }
    if (child.n_edges > 0) most = std::max(most, walk(edges[e].child, depth + 1, mask, max_bytes, least));
  }
  return most;
}

const TokenMask& JsonConstraint::mask(uint32_t max_bytes) {
  if (scratch_.size() < longest_piece_ + 2) scratch_.resize(longest_piece_ + 2, matcher_);  // one per depth
  // The state's mask, from the cache or by a walk over the trie.
  const Cached* cached = nullptr;
  const size_t h = matcher_.hash();
  for (const Cached& c : cache_[h])
    if (c.state.same_state(matcher_)) {
      ++masks_cached_;
      cached = &c;
      break;
    }
  if (cached == nullptr) {
    if (cache_entries_ >= kMaxCachedMasks) {
      cache_.clear();
      cache_entries_ = 0;
    }
    TokenMask mask(vocab_->n_vocab());
    const uint32_t most = walk(0, 0, mask, kNever);
    if (matcher_.accepting())
      for (int32_t id : vocab_->end_tokens())
        if (static_cast<size_t>(id) < mask.size()) mask.set(id);
    ++masks_computed_;
    ++cache_entries_;
    auto& slot = cache_[h];
    slot.push_back({matcher_, std::move(mask), most});
    cached = &slot.back();
  }
  if (cached->most_after <= max_bytes) return cached->mask;
  // Near the end of the budget: only the tokens that leave room to close. A budget too small
  // even for that (fewer tokens left than bytes to write, counting a byte per token) takes the
  // tokens that come closest: the value closes as soon as the vocabulary can close it.
  budget_mask_ = TokenMask(vocab_->n_vocab());
  uint32_t least = kNever;
  walk(0, 0, budget_mask_, max_bytes, &least);
  if (matcher_.accepting()) {
    for (int32_t id : vocab_->end_tokens())
      if (static_cast<size_t>(id) < budget_mask_.size()) budget_mask_.set(id);
  } else if (budget_mask_.count() == 0 && least < kNever) {
    walk(0, 0, budget_mask_, least, &least);
  }
  return budget_mask_;
}

}  // namespace tessera::grammar

// The merge loop shared by the SentencePiece and BPE encoders: a doubly linked list of symbols
// and a binary heap of candidate adjacent pairs ordered by (rank, left position), with lazy
// invalidation (a popped pair whose sides changed since it was queued is skipped). Each merge
// queues at most two new pairs, so a piece of n symbols costs O(n log n).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "tokenizer/token_index.h"

namespace tessera::tokenizer {

struct MergeSymbol {
  int32_t prev;
  int32_t next;
  int32_t id;      // current token, or -1 when the symbol's text is not a token
  uint32_t start;  // byte offset of the symbol's text in the piece
  uint32_t n;      // byte length; 0 once merged into the left neighbour
};

struct MergeCandidate {
  int32_t rank;  // lower merges first
  int32_t left;
  int32_t right;
  int32_t left_id;  // ids when queued: a pair whose sides changed since is stale
  int32_t right_id;
  int32_t result;
};

// Max-heap comparator: lower rank first; equal ranks -> smaller left index (leftmost) first.
struct MergeCandidateLess {
  bool operator()(const MergeCandidate& a, const MergeCandidate& b) const {
    return a.rank > b.rank || (a.rank == b.rank && a.left > b.left);
  }
};

// Runs merges to completion over `sym` (a list linked in index order, first symbol at 0).
// `lookup(left_index, right_index)` returns the MergeTable::Merge for that adjacent pair (rank -1
// when it does not merge). `heap` is scratch space, reused between calls.
template <typename Lookup>
void run_merges(std::vector<MergeSymbol>& sym, std::vector<MergeCandidate>& heap, Lookup&& lookup) {
  heap.clear();
  const MergeCandidateLess less;
  auto try_add = [&](int32_t left, int32_t right) {
    if (left < 0 || right < 0) return;
    const MergeTable::Merge m = lookup(left, right);
    if (m.rank < 0) return;
    heap.push_back({m.rank, left, right, sym[static_cast<size_t>(left)].id, sym[static_cast<size_t>(right)].id, m.result});
    std::push_heap(heap.begin(), heap.end(), less);
  };
  for (int32_t i = 1; i < static_cast<int32_t>(sym.size()); ++i) try_add(i - 1, i);

  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), less);
    const MergeCandidate c = heap.back();
    heap.pop_back();
    MergeSymbol& l = sym[static_cast<size_t>(c.left)];
    MergeSymbol& r = sym[static_cast<size_t>(c.right)];
    // A side only changes by absorbing its right neighbour, and an absorbed symbol has n == 0.
    if (l.n == 0 || r.n == 0 || l.next != c.right || l.id != c.left_id || r.id != c.right_id) continue;
    l.n += r.n;
    l.id = c.result;
    r.n = 0;
    l.next = r.next;
    if (r.next >= 0) sym[static_cast<size_t>(r.next)].prev = c.left;
    try_add(l.prev, c.left);
    try_add(c.left, l.next);
  }
}

}  // namespace tessera::tokenizer

#include "tokenizer/spm.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "tokenizer/merge_loop.h"
#include "tokenizer/piece_trie.h"
#include "tokenizer/utf8.h"

namespace tessera::tokenizer {

namespace {

constexpr std::string_view kSpaceMark = "\xE2\x96\x81";  // U+2581
// Above this many (token, '▁' offset) pairs the cut check costs more than it saves.
constexpr size_t kMaxCrossTokens = 4096;
// A cross token longer than this disables segmenting: checking it at every '▁' of the text would
// cost its length each time.
constexpr size_t kMaxCrossTokenBytes = 256;
// Splits of a token into a prefix and a suffix of at most this many bytes are found by hashing
// the part; longer parts can only be long tokens, which are found by walking a trie.
constexpr size_t kDirectPartBytes = 32;

// Calls f(k) for every character boundary 0 < k < t.size() of t (an invalid byte is one character).
template <typename F>
void for_each_inner_boundary(std::string_view t, F&& f) {
  for (size_t k = utf8::sequence_length(static_cast<uint8_t>(t[0])); k < t.size();
       k += utf8::sequence_length(static_cast<uint8_t>(t[k])))
    f(k);
}

}  // namespace

struct SpmEncoder::Workspace {
  std::string esc;
  std::vector<MergeSymbol> sym;
  std::vector<MergeCandidate> heap;
};

SpmEncoder::SpmEncoder(const Vocab& vocab) : vocab_(&vocab) {
  const size_t n = vocab.size();
  // The tokens a merge may produce: those the mergeable index maps their own text to.
  std::vector<int32_t> mergeable;
  mergeable.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const int32_t id = static_cast<int32_t>(i);
    if (!vocab.text(id).empty() && vocab.mergeable().find(vocab.text(id)) == id) mergeable.push_back(id);
  }
  // Rank by descending score; equal scores share a rank so that position breaks the tie.
  std::vector<int32_t> order = mergeable;
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return vocab.score(a) > vocab.score(b); });
  rank_of_.assign(n, -1);
  int32_t rank = -1;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 || vocab.score(order[i]) != vocab.score(order[i - 1])) rank = static_cast<int32_t>(i);
    rank_of_[static_cast<size_t>(order[i])] = rank;
  }

  pairs_ = MergeTable(mergeable.size() * 2);
  index_pairs(mergeable);

  for (int c = 0; c < 128; ++c) {
    const char ch = static_cast<char>(c);
    ascii_ids_[static_cast<size_t>(c)] = vocab.mergeable().find(std::string_view(&ch, 1));
  }
  // Only a token holding a character that is not itself a token can join such a character; the
  // text lookup in lookup() is skipped for anything longer than the longest of them (else a long
  // symbol next to an unknown character would be hashed again after each of its merges).
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    for (size_t k = 0; k < t.size();) {
      const size_t len = std::min(utf8::sequence_length(static_cast<uint8_t>(t[k])), t.size() - k);
      build_work_ += len;
      if (vocab.mergeable().find(t.substr(k, len)) == kNoToken) {
        max_foreign_token_bytes_ = std::max(max_foreign_token_bytes_, t.size());
        break;
      }
      k += len;
    }
  }

  size_t count = 0;
  for (int32_t id : mergeable) {
    if (!segment_) break;
    const std::string& t = vocab.text(id);
    for (size_t k = t.find(kSpaceMark, 1); k != std::string::npos && segment_; k = t.find(kSpaceMark, k + 1)) {
      cross_[static_cast<uint8_t>(t[k - 1])].push_back({t, k});
      if (++count > kMaxCrossTokens || t.size() > kMaxCrossTokenBytes) segment_ = false;
    }
  }
  if (!segment_)
    for (auto& v : cross_) v.clear();
}

void SpmEncoder::index_pairs(const std::vector<int32_t>& mergeable) {
  const Vocab& vocab = *vocab_;
  const TokenIndex& index = vocab.mergeable();
  auto add_pair = [&](int32_t l, int32_t r, int32_t id) {
    if (l != kNoToken && r != kNoToken) pairs_.insert(l, r, {rank_of_[static_cast<size_t>(id)], id});
  };
  // Short tokens: look both parts up at each boundary (at most 2 * kDirectPartBytes bytes hashed
  // per split, per byte of the token).
  PieceTrie long_prefixes(PieceTrie::Direction::Prefixes);
  PieceTrie long_suffixes(PieceTrie::Direction::Suffixes);
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    if (t.size() > kDirectPartBytes) {
      build_work_ += long_prefixes.insert(t, id);
      build_work_ += long_suffixes.insert(t, id);
      continue;
    }
    for_each_inner_boundary(t, [&](size_t k) {
      build_work_ += t.size();
      const int32_t l = index.find(t.substr(0, k));
      if (l != kNoToken) add_pair(l, index.find(t.substr(k)), id);
    });
  }
  // Long tokens: which prefixes and suffixes are tokens, from direct lookups of the short ones
  // and one walk of each trie for the long ones; then pair them up at the boundaries.
  std::vector<int32_t> prefix_id;  // prefix_id[k]: the token t[0, k), suffix_id[k]: t[k, end)
  std::vector<int32_t> suffix_id;
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    if (t.size() <= kDirectPartBytes) continue;
    const size_t n = t.size();
    prefix_id.assign(n + 1, kNoToken);
    suffix_id.assign(n + 1, kNoToken);
    for_each_inner_boundary(t, [&](size_t k) {
      if (k <= kDirectPartBytes) {
        build_work_ += k;
        prefix_id[k] = index.find(t.substr(0, k));
      }
      if (n - k <= kDirectPartBytes) {
        build_work_ += n - k;
        suffix_id[k] = index.find(t.substr(k));
      }
    });
    build_work_ += long_prefixes.walk(t, [&](size_t len, int32_t part) {
      if (len < n) prefix_id[len] = part;
    });
    build_work_ += long_suffixes.walk(t, [&](size_t len, int32_t part) {
      if (len < n) suffix_id[n - len] = part;
    });
    for_each_inner_boundary(t, [&](size_t k) {
      ++build_work_;
      add_pair(prefix_id[k], suffix_id[k], id);
    });
  }
}

bool SpmEncoder::safe_cut(std::string_view esc, size_t p) const {
  for (const CrossToken& c : cross_[static_cast<uint8_t>(esc[p - 1])]) {
    if (c.offset > p || p - c.offset + c.text.size() > esc.size()) continue;
    if (esc.compare(p - c.offset, c.text.size(), c.text) == 0) return false;
  }
  return true;
}

MergeTable::Merge SpmEncoder::lookup(std::string_view seg, const Workspace& ws, int32_t left, int32_t right) const {
  const MergeSymbol& l = ws.sym[static_cast<size_t>(left)];
  const MergeSymbol& r = ws.sym[static_cast<size_t>(right)];
  if (l.id != kNoToken && r.id != kNoToken) return pairs_.find(l.id, r.id);
  // A character outside the vocabulary can still begin or end a longer token.
  if (static_cast<size_t>(l.n) + r.n > max_foreign_token_bytes_) return {};
  const int32_t id = vocab_->mergeable().find(seg.substr(l.start, l.n + r.n));
  if (id == kNoToken) return {};
  return {rank_of_[static_cast<size_t>(id)], id};
}

void SpmEncoder::encode_segment(std::string_view seg, Workspace& ws, std::vector<int32_t>& out) const {
  const Vocab& v = *vocab_;
  auto& sym = ws.sym;
  sym.clear();
  for (size_t off = 0; off < seg.size();) {
    const auto lead = static_cast<uint8_t>(seg[off]);
    const size_t len = std::min(utf8::sequence_length(lead), seg.size() - off);
    const int32_t index = static_cast<int32_t>(sym.size());
    const int32_t id = lead < 0x80 ? ascii_ids_[lead] : v.mergeable().find(seg.substr(off, len));
    sym.push_back({index - 1, off + len == seg.size() ? -1 : index + 1, id, static_cast<uint32_t>(off),
                   static_cast<uint32_t>(len)});
    off += len;
  }

  run_merges(sym, ws.heap, [&](int32_t l, int32_t r) { return lookup(seg, ws, l, r); });

  for (int32_t i = 0; i != -1; i = sym[static_cast<size_t>(i)].next) {
    const MergeSymbol& s = sym[static_cast<size_t>(i)];
    if (s.id != kNoToken) {
      out.push_back(s.id);
      continue;
    }
    // A character outside the vocabulary: byte fallback, else the unknown token.
    bool all_bytes = v.has_byte_tokens();
    for (uint32_t j = 0; j < s.n && all_bytes; ++j)
      all_bytes = v.byte_token(static_cast<uint8_t>(seg[s.start + j])) != kNoToken;
    if (all_bytes) {
      for (uint32_t j = 0; j < s.n; ++j) out.push_back(v.byte_token(static_cast<uint8_t>(seg[s.start + j])));
    } else if (v.unk() != kNoToken) {
      out.push_back(v.unk());
    }
  }
}

void SpmEncoder::encode(std::string_view text, bool space_prefix, std::vector<int32_t>& out) const {
  if (text.empty()) return;
  Workspace ws;
  // Escape spaces into one buffer so that a candidate pair is a contiguous substring.
  std::string& esc = ws.esc;
  esc.reserve(text.size() + text.size() / 4 + 3);
  if (space_prefix) esc.append(kSpaceMark);
  for (char c : text) {
    if (c == ' ') esc.append(kSpaceMark);
    else esc.push_back(c);
  }
  const std::string_view all(esc);
  if (!segment_) {
    encode_segment(all, ws, out);
    return;
  }
  size_t seg_start = 0;
  for (size_t p = all.find(kSpaceMark, 1); p != std::string_view::npos; p = all.find(kSpaceMark, p + 1)) {
    if (safe_cut(all, p)) {
      encode_segment(all.substr(seg_start, p - seg_start), ws, out);
      seg_start = p;
    }
  }
  encode_segment(all.substr(seg_start), ws, out);
}

}  // namespace tessera::tokenizer

#include "tokenizer/spm.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "tokenizer/merge_loop.h"
#include "tokenizer/utf8.h"

namespace tessera::tokenizer {

namespace {

constexpr std::string_view kSpaceMark = "\xE2\x96\x81";  // U+2581
// Above this many (token, '▁' offset) pairs the cut check costs more than it saves.
constexpr size_t kMaxCrossTokens = 4096;
// A cross token longer than this disables segmenting: checking it at every '▁' of the text would
// cost its length each time.
constexpr size_t kMaxCrossTokenBytes = 256;
// The long-pair hash: a polynomial over the bytes modulo the Mersenne prime 2^61 - 1, so the hash
// of a concatenation follows from its parts' hashes: h(l + r) = h(l) * base^|r| + h(r).
constexpr uint64_t kHashModulus = (uint64_t{1} << 61) - 1;

__extension__ typedef unsigned __int128 Uint128;  // GCC and Clang; __extension__: not ISO C++

uint64_t mul_mod(uint64_t a, uint64_t b) {
  const Uint128 p = static_cast<Uint128>(a) * b;
  const uint64_t r = (static_cast<uint64_t>(p) & kHashModulus) + static_cast<uint64_t>(p >> 61);
  return r >= kHashModulus ? r - kHashModulus : r;
}

uint64_t add_mod(uint64_t a, uint64_t b) {
  const uint64_t r = a + b;
  return r >= kHashModulus ? r - kHashModulus : r;
}

uint64_t poly_hash(std::string_view t, uint64_t base) {
  uint64_t h = 0;
  for (char c : t) h = add_mod(mul_mod(h, base), static_cast<uint8_t>(c) + 1u);
  return h;
}

size_t long_slot(uint64_t hash, size_t mask) {
  hash ^= hash >> 29;
  hash *= 0xbf58476d1ce4e5b9ull;
  hash ^= hash >> 32;
  return static_cast<size_t>(hash) & mask;
}

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

  index_pairs(mergeable);

  for (int c = 0; c < 128; ++c) {
    const char ch = static_cast<char>(c);
    ascii_ids_[static_cast<size_t>(c)] = vocab.mergeable().find(std::string_view(&ch, 1));
  }
  // Only a token holding a character that is not itself a token can join such a character; the
  // text lookup in lookup() is skipped for anything longer than the longest of them (else a long
  // symbol next to an unknown character would be hashed again after each of its merges). ASCII
  // characters are looked up in the table above, and a character like the one before it is not
  // looked up again (long runs of one letter are what hostile vocabularies are made of).
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    std::string_view known;  // the last character found to be a token
    for (size_t k = 0; k < t.size();) {
      const auto lead = static_cast<uint8_t>(t[k]);
      const size_t len = std::min(utf8::sequence_length(lead), t.size() - k);
      const std::string_view ch = t.substr(k, len);
      k += len;
      if (lead < 0x80 ? ascii_ids_[lead] != kNoToken : ch == known) continue;
      build_work_ += len;
      if (lead >= 0x80 && vocab.mergeable().find(ch) != kNoToken) {
        known = ch;
        continue;
      }
      max_foreign_token_bytes_ = std::max(max_foreign_token_bytes_, t.size());
      break;
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
  // Short tokens: both parts looked up at each boundary (at most kShortMergeBytes bytes hashed per
  // split, at most kShortMergeBytes - 1 splits per token).
  size_t short_splits = 0, long_count = 0, longest = 0;
  for (int32_t id : mergeable) {
    const size_t n = vocab.text(id).size();
    if (n <= kShortMergeBytes) short_splits += n - 1;
    else ++long_count;
    longest = std::max(longest, n);
  }
  pairs_ = MergeTable(std::min(short_splits, mergeable.size() * 2));
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    if (t.size() > kShortMergeBytes) continue;
    for_each_inner_boundary(t, [&](size_t k) {
      build_work_ += t.size();
      const int32_t l = index.find(t.substr(0, k));
      if (l == kNoToken) return;
      const int32_t r = index.find(t.substr(k));
      if (r != kNoToken) pairs_.insert(l, r, {rank_of_[static_cast<size_t>(id)], id});
    });
  }
  if (long_count == 0) return;
  // Long tokens: by hash. The base comes from the vocabulary's own texts, so a file cannot be
  // made of many long tokens that share one hash (each would cost a compare per lookup).
  uint64_t seed = 0x9E3779B97F4A7C15ull;
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    build_work_ += t.size();
    seed = hash_bytes(t.data(), t.size()) ^ (seed * 0xff51afd7ed558ccdull + (seed >> 29));
  }
  base_ = (uint64_t{1} << 32) + seed % (kHashModulus - (uint64_t{1} << 33));
  power_.resize(longest + 1);
  power_[0] = 1;
  for (size_t k = 1; k <= longest; ++k) power_[k] = mul_mod(power_[k - 1], base_);
  hash_of_.assign(vocab.size(), 0);
  size_t slots = 16;
  while (slots < 2 * long_count) slots <<= 1;
  long_.assign(slots, LongSlot{});
  long_mask_ = slots - 1;
  for (int32_t id : mergeable) {
    const std::string_view t = vocab.text(id);
    build_work_ += t.size();
    const uint64_t h = poly_hash(t, base_);
    hash_of_[static_cast<size_t>(id)] = h;
    if (t.size() <= kShortMergeBytes) continue;
    size_t i = long_slot(h, long_mask_);
    while (long_[i].id != kNoToken) i = (i + 1) & long_mask_;
    long_[i] = {h, id};
  }
}

MergeTable::Merge SpmEncoder::lookup_long(int32_t left, int32_t right) const {
  if (long_.empty()) return {};
  const std::string& lt = vocab_->text(left);
  const std::string& rt = vocab_->text(right);
  const size_t n = lt.size() + rt.size();
  if (n >= power_.size()) return {};  // longer than every token
  const uint64_t h = add_mod(mul_mod(hash_of_[static_cast<size_t>(left)], power_[rt.size()]),
                             hash_of_[static_cast<size_t>(right)]);
  for (size_t i = long_slot(h, long_mask_);; i = (i + 1) & long_mask_) {
    const LongSlot& s = long_[i];
    if (s.id == kNoToken) return {};
    if (s.hash != h) continue;
    const std::string& t = vocab_->text(s.id);
    if (t.size() == n && t.compare(0, lt.size(), lt) == 0 && t.compare(lt.size(), rt.size(), rt) == 0)
      return {rank_of_[static_cast<size_t>(s.id)], s.id};
  }
}

size_t SpmEncoder::memory_bytes() const {
  size_t cross = 0;
  for (const auto& v : cross_) cross += v.capacity() * sizeof(CrossToken);
  return pairs_.bytes() + long_.capacity() * sizeof(LongSlot) + hash_of_.capacity() * sizeof(uint64_t) +
         power_.capacity() * sizeof(uint64_t) + rank_of_.capacity() * sizeof(int32_t) + cross;
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
  if (l.id != kNoToken && r.id != kNoToken)
    return static_cast<size_t>(l.n) + r.n <= kShortMergeBytes ? pairs_.find(l.id, r.id) : lookup_long(l.id, r.id);
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

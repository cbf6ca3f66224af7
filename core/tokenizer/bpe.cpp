#include "tokenizer/bpe.h"

#include <algorithm>
#include <string>

#include "tokenizer/byte_unicode.h"
#include "tokenizer/merge_loop.h"

namespace tessera::tokenizer {

struct BpeEncoder::Workspace {
  std::vector<std::string_view> pieces;
  std::vector<MergeSymbol> symbols;
  std::vector<MergeCandidate> heap;
  std::string mapped;  // ignore_merges lookups
};

Result<BpeEncoder> BpeEncoder::build(const Vocab& vocab, PreTokenizer pre, size_t* skipped_merges) {
  BpeEncoder enc(vocab, std::move(pre));
  for (int b = 0; b < 256; ++b) enc.byte_tokens_[static_cast<size_t>(b)] = vocab.find(byte_to_utf8(static_cast<uint8_t>(b)));

  const auto& merges = vocab.merges();
  enc.merges_ = MergeTable(merges.size());
  size_t skipped = 0;
  std::string joined;
  for (size_t rank = 0; rank < merges.size(); ++rank) {
    const std::string& m = merges[rank];
    // Split at the first space after the first character (a part may itself start with a space
    // in vocabularies that do not byte-map their text).
    const size_t sp = m.size() > 1 ? m.find(' ', 1) : std::string::npos;
    if (sp == std::string::npos) {
      ++skipped;
      continue;
    }
    const std::string_view left = std::string_view(m).substr(0, sp);
    const std::string_view right = std::string_view(m).substr(sp + 1);
    const int32_t l = vocab.find(left);
    const int32_t r = vocab.find(right);
    joined.assign(left);
    joined.append(right);
    const int32_t result = vocab.find(joined);
    if (l == kNoToken || r == kNoToken || result == kNoToken) {
      ++skipped;
      continue;
    }
    enc.merges_.insert(l, r, {static_cast<int32_t>(rank), result});
  }
  if (enc.merges_.size() == 0)
    return make_error(ErrorKind::InvalidArgument,
                      vocab.source() + ": none of the " + std::to_string(merges.size()) +
                          " BPE merges (tokenizer.ggml.merges) joins two tokens of the vocabulary into a third");
  if (skipped_merges != nullptr) *skipped_merges = skipped;
  return enc;
}

void BpeEncoder::encode_piece(std::string_view piece, Workspace& ws, std::vector<int32_t>& out) const {
  const Vocab& v = *vocab_;
  if (pre_.ignore_merges() && piece.size() > 1) {
    ws.mapped.clear();
    bytes_to_unicode_text(piece, ws.mapped);
    const int32_t whole = v.find(ws.mapped);
    if (whole != kNoToken) {
      out.push_back(whole);
      return;
    }
  }
  if (piece.size() == 1) {  // common for punctuation and spaces: skip the queue entirely
    const int32_t id = byte_tokens_[static_cast<uint8_t>(piece[0])];
    if (id != kNoToken) out.push_back(id);
    else if (v.unk() != kNoToken) out.push_back(v.unk());
    return;
  }

  auto& sym = ws.symbols;
  sym.clear();
  const int32_t n = static_cast<int32_t>(piece.size());
  for (int32_t i = 0; i < n; ++i)
    sym.push_back({i - 1, i + 1 == n ? -1 : i + 1, byte_tokens_[static_cast<uint8_t>(piece[static_cast<size_t>(i)])],
                   static_cast<uint32_t>(i), 1});

  run_merges(sym, ws.heap, [&](int32_t l, int32_t r) {
    const int32_t lid = sym[static_cast<size_t>(l)].id;
    const int32_t rid = sym[static_cast<size_t>(r)].id;
    if (lid == kNoToken || rid == kNoToken) return MergeTable::Merge{};
    return merges_.find(lid, rid);
  });

  for (int32_t i = 0; i != -1; i = sym[static_cast<size_t>(i)].next) {
    const int32_t id = sym[static_cast<size_t>(i)].id;
    if (id != kNoToken) out.push_back(id);
    else if (v.unk() != kNoToken) out.push_back(v.unk());  // a byte the vocabulary cannot write
  }
}

void BpeEncoder::encode(std::string_view text, std::vector<int32_t>& out) const {
  if (text.empty()) return;
  Workspace ws;
  pre_.split(text, ws.pieces);
  for (std::string_view piece : ws.pieces) encode_piece(piece, ws, out);
}

}  // namespace tessera::tokenizer

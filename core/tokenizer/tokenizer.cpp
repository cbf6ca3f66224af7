#include "tokenizer/tokenizer.h"

#include <utility>

#include "tokenizer/bpe.h"
#include "tokenizer/byte_unicode.h"
#include "tokenizer/pretokenizer.h"
#include "tokenizer/special_tokens.h"
#include "tokenizer/spm.h"
#include "tokenizer/vocab_gguf.h"

namespace tessera::tokenizer {

struct Tokenizer::Impl {
  explicit Impl(Vocab v) : vocab(std::move(v)) {}
  Vocab vocab;
  std::unique_ptr<SpmEncoder> spm;
  std::unique_ptr<BpeEncoder> bpe;
  SpecialTokenMatcher specials;
  std::vector<std::string> pieces;  // plain rendering of every id (Control/Unknown: "")
  std::string spm_pre;              // "" (pre_tokenizer() for SPM)
};

namespace {

// "<0xAB>" -> 0xAB, else -1.
int parse_byte_token(std::string_view t) {
  if (t.size() != 6 || t.substr(0, 3) != "<0x" || t[5] != '>') return -1;
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  const int hi = hex(t[3]);
  const int lo = hex(t[4]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

std::string render_piece(const Vocab& v, int32_t id) {
  const std::string& text = v.text(id);
  const TokenType type = v.type(id);
  switch (type) {
    case TokenType::Control:
    case TokenType::Unknown:
      return {};
    case TokenType::UserDefined:
      return text;  // added tokens are stored as plain text in both families
    default:
      break;
  }
  // Byte tokens; vocabularies without token types mark them only by their text.
  if (type == TokenType::Byte || (v.kind() == Kind::Spm && (type == TokenType::Normal || type == TokenType::Undefined))) {
    const int b = parse_byte_token(text);
    if (b >= 0) return std::string(1, static_cast<char>(b));
  }
  std::string out;
  if (v.kind() == Kind::Spm) {
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
      if (text.compare(i, 3, "\xE2\x96\x81") == 0) {
        out.push_back(' ');
        i += 3;
      } else {
        out.push_back(text[i++]);
      }
    }
  } else {
    unicode_text_to_bytes(text, out);
  }
  return out;
}

}  // namespace

Tokenizer::Tokenizer() = default;
Tokenizer::~Tokenizer() = default;

Result<std::unique_ptr<Tokenizer>> Tokenizer::from_gguf(const gguf::GgufFile& file) {
  TESSERA_ASSIGN_OR_RETURN(VocabData data, read_vocab(file));
  return from_vocab(std::move(data));
}

Result<std::unique_ptr<Tokenizer>> Tokenizer::from_vocab(VocabData data) {
  TESSERA_ASSIGN_OR_RETURN(Vocab vocab, Vocab::build(std::move(data)));
  std::unique_ptr<Tokenizer> tok(new Tokenizer());
  tok->impl_ = std::make_unique<Impl>(std::move(vocab));
  Impl& im = *tok->impl_;
  Vocab& v = im.vocab;  // final address: the encoders and the matcher point into it

  if (v.kind() == Kind::Spm) {
    im.spm = std::make_unique<SpmEncoder>(v);
  } else {
    std::string warning;
    TESSERA_ASSIGN_OR_RETURN(PreTokenizer pre, PreTokenizer::create(v.pre(), &warning));
    if (!warning.empty()) v.warnings().push_back(v.source() + ": " + warning);
    size_t skipped = 0;
    TESSERA_ASSIGN_OR_RETURN(BpeEncoder bpe, BpeEncoder::build(v, std::move(pre), &skipped));
    if (skipped > 0)
      v.warnings().push_back(v.source() + ": " + std::to_string(skipped) + " of " + std::to_string(v.merges().size()) +
                             " BPE merges do not join two tokens into a third and are ignored");
    im.bpe = std::make_unique<BpeEncoder>(std::move(bpe));
    v.release_merges();
  }
  im.specials = SpecialTokenMatcher(v);
  im.pieces.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) im.pieces.push_back(render_piece(v, static_cast<int32_t>(i)));
  return tok;
}

void Tokenizer::encode_into(std::string_view text, bool add_special, bool parse_special,
                            std::vector<int32_t>& out) const {
  const Impl& im = *impl_;
  const Vocab& v = im.vocab;
  if (add_special && v.add_bos() && v.bos() != kNoToken) out.push_back(v.bos());

  auto encode_raw = [&](std::string_view raw, bool after_special) {
    if (im.spm) im.spm->encode(raw, v.add_space_prefix() && after_special, out);
    else im.bpe->encode(raw, out);
  };
  if (im.specials.any(parse_special)) {
    std::vector<Fragment> fragments;
    im.specials.partition(text, parse_special, fragments);
    bool after_special = true;  // the start of the input counts as "after a special token"
    for (const Fragment& f : fragments) {
      if (f.token != kNoToken) {
        out.push_back(f.token);
        after_special = true;
      } else {
        encode_raw(f.text, after_special);
        after_special = false;
      }
    }
  } else {
    encode_raw(text, true);
  }

  if (add_special && v.add_eos() && v.eos() != kNoToken) out.push_back(v.eos());
}

std::vector<int32_t> Tokenizer::encode(std::string_view text, bool add_special, bool parse_special) const {
  std::vector<int32_t> out;
  out.reserve(text.size() / 3 + 2);
  encode_into(text, add_special, parse_special, out);
  return out;
}

std::string_view Tokenizer::piece_view(int32_t id, bool render_special) const {
  const Vocab& v = impl_->vocab;
  if (!v.valid_id(id)) return {};
  if (render_special) {
    const TokenType t = v.type(id);
    if (t == TokenType::Control || t == TokenType::Unknown) return v.text(id);
  }
  return impl_->pieces[static_cast<size_t>(id)];
}

std::string Tokenizer::token_to_piece(int32_t id, bool render_special) const {
  return std::string(piece_view(id, render_special));
}

std::string Tokenizer::decode(std::span<const int32_t> ids, const DecodeOptions& options) const {
  const Vocab& v = impl_->vocab;
  const bool strip = options.strip_space_prefix && v.kind() == Kind::Spm && v.add_space_prefix();
  const size_t first = !ids.empty() && v.bos() != kNoToken && ids[0] == v.bos() ? 1 : 0;
  std::string out;
  for (size_t i = 0; i < ids.size(); ++i) {
    std::string_view piece = piece_view(ids[i], options.render_special);
    if (strip && i == first && !piece.empty() && piece[0] == ' ') piece.remove_prefix(1);
    out.append(piece);
  }
  return out;
}

std::string_view Tokenizer::token_text(int32_t id) const {
  return impl_->vocab.valid_id(id) ? std::string_view(impl_->vocab.text(id)) : std::string_view();
}
TokenType Tokenizer::token_type(int32_t id) const {
  return impl_->vocab.valid_id(id) ? impl_->vocab.type(id) : TokenType::Undefined;
}
int32_t Tokenizer::find_token(std::string_view text) const { return impl_->vocab.find(text); }
bool Tokenizer::is_special(int32_t id) const { return impl_->vocab.is_special(id); }
int32_t Tokenizer::bos() const { return impl_->vocab.bos(); }
int32_t Tokenizer::eos() const { return impl_->vocab.eos(); }
int32_t Tokenizer::unk() const { return impl_->vocab.unk(); }
int32_t Tokenizer::pad() const { return impl_->vocab.pad(); }
int32_t Tokenizer::eot() const { return impl_->vocab.eot(); }
int32_t Tokenizer::eom() const { return impl_->vocab.eom(); }
bool Tokenizer::add_bos() const { return impl_->vocab.add_bos(); }
bool Tokenizer::add_eos() const { return impl_->vocab.add_eos(); }
bool Tokenizer::add_space_prefix() const { return impl_->vocab.add_space_prefix(); }
bool Tokenizer::is_end_of_generation(int32_t id) const { return impl_->vocab.is_end_of_generation(id); }
const std::vector<int32_t>& Tokenizer::end_of_generation_ids() const { return impl_->vocab.end_of_generation_ids(); }
size_t Tokenizer::vocab_size() const { return impl_->vocab.size(); }
Kind Tokenizer::kind() const { return impl_->vocab.kind(); }
const std::string& Tokenizer::pre_tokenizer() const {
  return impl_->bpe ? impl_->bpe->pre_tokenizer().name() : impl_->spm_pre;
}
const std::vector<std::string>& Tokenizer::warnings() const { return impl_->vocab.warnings(); }

}  // namespace tessera::tokenizer

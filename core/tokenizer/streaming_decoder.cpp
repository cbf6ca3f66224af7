#include "tokenizer/streaming_decoder.h"

#include "tokenizer/utf8.h"

namespace tessera::tokenizer {

StreamingDecoder::StreamingDecoder(const Tokenizer& tokenizer, DecodeOptions options)
    : tokenizer_(&tokenizer), options_(options) {
  reset();
}

void StreamingDecoder::reset() {
  pending_.clear();
  position_ = 0;
  strip_pending_ = options_.strip_space_prefix && tokenizer_->kind() == Kind::Spm && tokenizer_->add_space_prefix();
}

std::string StreamingDecoder::push(int32_t id) {
  std::string_view piece = tokenizer_->piece_view(id, options_.render_special);
  const bool leading_bos = position_ == 0 && tokenizer_->bos() != kNoToken && id == tokenizer_->bos();
  ++position_;
  if (strip_pending_ && !leading_bos) {
    if (!piece.empty() && piece[0] == ' ') piece.remove_prefix(1);
    strip_pending_ = false;
  }
  pending_.append(piece);
  const size_t hold = utf8::incomplete_tail_length(pending_);
  const size_t ready = pending_.size() - hold;
  std::string out = pending_.substr(0, ready);
  pending_.erase(0, ready);
  return out;
}

std::string StreamingDecoder::flush() {
  std::string out;
  out.swap(pending_);
  return out;
}

}  // namespace tessera::tokenizer

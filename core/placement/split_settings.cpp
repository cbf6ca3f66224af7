#include "placement/split_settings.h"

#include <algorithm>

#include "backend/model_spec.h"

namespace tessera {

const char* split_mode_name(SplitMode mode) {
  switch (mode) {
    case SplitMode::None:
      return "none";
    case SplitMode::Layer:
      return "layer";
    case SplitMode::Row:
      return "row";
  }
  return "?";
}

Result<SplitMode> parse_split_mode(const std::string& text) {
  if (text == "none") return SplitMode::None;
  if (text == "layer") return SplitMode::Layer;
  if (text == "row") return SplitMode::Row;
  return make_error(ErrorKind::InvalidArgument, "unknown split mode '" + text + "' (expected none, layer or row)");
}

int32_t load_context(int64_t n_ctx_train, int32_t requested) {
  if (requested > 0) return requested;
  if (n_ctx_train > 0) return static_cast<int32_t>(std::min<int64_t>(n_ctx_train, kDefaultMaxContext));
  return kDefaultMaxContext;
}

int32_t load_context(const ModelSpec& model, int32_t requested) { return load_context(model.n_ctx_train, requested); }

int32_t load_batch(int32_t n_batch, int32_t n_ctx) { return std::min(n_batch, n_ctx); }

}  // namespace tessera

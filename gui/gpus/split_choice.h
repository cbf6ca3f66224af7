// The multi-GPU split chosen in the split editor, as it travels with a load request to the worker
// (LoadRequest::split). Plain values; the engine session turns it into tessera::SplitSettings for
// the CUDA backend (toSplitSettings). The KV cache type is not part of it: it is a load setting of
// every backend (tessera::LoadSettings::kv_type). The CPU backend ignores the split.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "placement/split_settings.h"

namespace tessera::gui {

struct SplitChoice {
  QString mode = QStringLiteral("layer");  // "none" | "layer" | "row" (tessera::parse_split_mode)
  QList<float> ratios;  // one per GPU by CUDA ordinal; empty or all zero: by free memory
  int main_gpu = 0;     // CUDA ordinal
  QStringList uuids;    // the GPUs the ratios were chosen for, by ordinal (empty: none known)

  // The planner's settings for this choice; n_ctx, n_batch, kv_type and reserve keep their
  // defaults (the caller sets those of the load).
  tessera::SplitSettings toSplitSettings() const;
  // Loads the same way: what the CUDA backend reads (with everything on one GPU the ratios do not
  // matter; the uuids only say which GPUs the ratios were chosen for).
  bool loadsLike(const SplitChoice& other) const;

  friend bool operator==(const SplitChoice&, const SplitChoice&) = default;
};

// The key a KV cache type is saved and passed as (tessera::kv_cache_type_name), and back; an
// unknown key (an old or edited settings file) reads as F16.
QString kvCacheTypeKey(tessera::KvCacheType type);
tessera::KvCacheType kvCacheTypeFromKey(const QString& key);

}  // namespace tessera::gui

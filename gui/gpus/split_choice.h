// The multi-GPU split chosen in the split editor, as it travels with a load request to the worker
// (LoadSettings::split). Plain values; the engine session turns it into tessera::SplitSettings for
// the CUDA backend (toSplitSettings) and the KV cache type for the engine. The CPU backend ignores
// everything but the KV cache type.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "split/split_plan.h"

namespace tessera::gui {

struct SplitChoice {
  QString mode = QStringLiteral("layer");  // "none" | "layer" | "row" (tessera::parse_split_mode)
  QList<float> ratios;  // one per GPU by CUDA ordinal; empty or all zero: by free memory
  int main_gpu = 0;     // CUDA ordinal
  QStringList uuids;    // the GPUs the ratios were chosen for, by ordinal (empty: none known)
  QString kv_cache_type = QStringLiteral("f16");  // kvCacheTypeKey: "f16" | "f32" | "q8_0" | "q4_0"

  tessera::KvCacheType kvCacheType() const;
  // The planner's settings for this choice; n_ctx, n_batch and reserve keep their defaults.
  tessera::SplitSettings toSplitSettings() const;

  friend bool operator==(const SplitChoice&, const SplitChoice&) = default;
};

// The key a KV cache type is saved and passed as (tessera::kv_cache_type_name), and back; an
// unknown key (an old or edited settings file) reads as F16.
QString kvCacheTypeKey(tessera::KvCacheType type);
tessera::KvCacheType kvCacheTypeFromKey(const QString& key);

}  // namespace tessera::gui

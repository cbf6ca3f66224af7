// Where the split editor's choices persist (QSettings, group "gpuSplit"): one ratio per GPU keyed
// by the GPU's UUID, never by its index, so a machine whose GPUs come back in another order (a
// changed CUDA_VISIBLE_DEVICES, a moved card) keeps each GPU's share. Also the split mode, the main
// GPU (by UUID) and the KV cache type.
#pragma once

#include <QSettings>
#include <QString>

#include <optional>

namespace tessera::gui {

class SplitStore {
 public:
  SplitStore();

  std::optional<double> ratio(const QString& uuid) const;
  void setRatio(const QString& uuid, double ratio);

  QString mode() const;  // "none" | "layer" | "row"; "layer" when never set
  void setMode(const QString& mode);

  QString mainGpu() const;  // UUID; empty when never set
  void setMainGpu(const QString& uuid);

  QString kvCacheType() const;  // kvCacheTypeKey: "f16" | "f32" | "q8_0" | "q4_0"; "f16" when never set or unknown
  void setKvCacheType(const QString& type);

  void sync() { settings_.sync(); }

 private:
  QSettings settings_;
};

}  // namespace tessera::gui

// SplitPreviewModel: the state behind the split editor and the planner call that previews it.
//
// Inputs: the GPUs (from the device monitor), the model to place (a ModelSpec read from the file's
// header, no weights loaded), the split mode, the main GPU, one ratio per GPU, the context length
// and the KV cache type. On every change it calls tessera::plan_for_load (the call the CUDA
// backend's load makes, so the preview is what the GPUs will hold) and emits planChanged; the
// editor shows the plan's bytes per GPU. It is cheap (well under a millisecond even for 80
// layers), so no debounce is needed.
//
// Ratios are weights in [0, kMaxRatio]; the planner normalises them. They are remembered per GPU
// UUID (SplitStore): GPUs that come back in another order keep their ratios. When a GPU never
// seen before is among them, the whole set starts from the "by free memory" preset.
// What a person sees and edits is each GPU's share in percent (shares()): the ratios normalised
// and rounded to tenths that add up to exactly 100.0. Setting one share (setShare) rescales the
// others in proportion; presets and share edits store the shares themselves as the ratios.
//
// While a model is loaded on the GPUs, the memory it holds would be freed by a reload, so the
// preview counts it as free (setReclaimable).
//
// GUI thread only.
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

#include "backend/model_spec.h"
#include "common/error.h"
#include "gpu_device.h"
#include "placement/placement.h"
#include "split_choice.h"
#include "split_store.h"

namespace tessera::gui {

class SplitPreviewModel : public QObject {
  Q_OBJECT

 public:
  enum class Preset { Even, ByFreeMemory, ByTotalMemory };
  static constexpr double kMaxRatio = 100.0;

  explicit SplitPreviewModel(QObject* parent = nullptr);

  // The context a load of `spec` gets: `context_length` when set (> 0), else the model's own,
  // capped at kDefaultMaxContext (core's load_context, the engine's rule).
  static int contextFor(const ModelSpec* spec, int context_length);
  // `settings` for a context of n_ctx positions and the engine's batch (plan_for_load caps it).
  static tessera::SplitSettings withContext(tessera::SplitSettings settings, int n_ctx);

  // --- inputs ---
  void setDevices(const QList<GpuDevice>& devices);
  void setModel(std::shared_ptr<const ModelSpec> spec, const QString& name);
  void clearModel() { setModel(nullptr, {}); }
  void setContextLength(int tokens);  // 0 = the model's own (capped at kDefaultMaxContext)
  void setKvCacheType(tessera::KvCacheType type);
  void setMode(tessera::SplitMode mode);
  void setMainDevice(int index);
  void setRatio(int device, double ratio);  // clamped to [0, kMaxRatio]
  // Gives `device` `percent` % of the model (clamped to [0, 100]; the only GPU always gets 100);
  // the other GPUs share the rest in proportion to their current ratios (evenly when all of them
  // are 0). Afterwards every ratio equals its share (shares()).
  void setShare(int device, double percent);
  void applyPreset(Preset preset);
  // Takes mode, main GPU and ratios from `choice` (the A/B benchmark's winner). Its
  // ratios are matched to the GPUs by UUID (by position where it names none); GPUs it does not
  // name keep theirs.
  void setChoice(const SplitChoice& choice);
  // Bytes per GPU UUID that the loaded model holds (freed by a reload); empty when none.
  void setReclaimable(const QHash<QString, quint64>& bytes_by_uuid);

  // --- state ---
  const QList<GpuDevice>& devices() const { return devices_; }
  int deviceCount() const { return static_cast<int>(devices_.size()); }
  double ratio(int device) const;
  QList<double> ratios() const;
  // Each GPU's share of the model in percent: the ratios normalised, in tenths that add up to
  // exactly 100.0 (largest remainders get the rounding); all-zero ratios count as even.
  QList<double> shares() const { return percentShares(ratios()); }
  static QList<double> percentShares(const QList<double>& weights);
  tessera::SplitMode mode() const { return mode_; }
  int mainDevice() const { return main_device_; }
  int contextLength() const { return context_length_; }
  int effectiveContextLength() const;
  tessera::KvCacheType kvCacheType() const { return kv_type_; }
  bool hasModel() const { return spec_ != nullptr; }
  const ModelSpec* spec() const { return spec_.get(); }
  const std::shared_ptr<const ModelSpec>& sharedSpec() const { return spec_; }
  const QString& modelName() const { return model_name_; }
  quint64 reclaimable(int device) const;

  // --- the planner's inputs and answer ---
  std::vector<tessera::DeviceDescription> planDevices() const;
  tessera::SplitSettings planSettings() const;
  // The planner's answer for another split of the same model and GPUs (nullopt: no model or GPUs;
  // the planner's refusal as an error).
  std::optional<Result<tessera::Placement>> planFor(const SplitChoice& choice) const;
  // The same for another model, loaded with a context of `n_ctx` positions and `kv_type` (the
  // split benchmark plans the loaded model, which need not be the one previewed).
  std::optional<Result<tessera::Placement>> planFor(const SplitChoice& choice, const ModelSpec& spec, int n_ctx,
                                                    tessera::KvCacheType kv_type) const;
  const std::optional<tessera::Placement>& plan() const { return plan_; }
  QString planError() const { return plan_error_; }  // the planner refused the input
  bool fits() const { return plan_ && plan_->fits; }
  // Why device `i` would overflow (empty when it fits or there is no plan).
  QString deviceProblem(int device) const;

  // What the worker gets with the next load.
  SplitChoice choice() const;

 signals:
  void devicesChanged();  // the set or order of GPUs changed (not only their memory)
  void ratiosChanged();   // ratios, mode or main GPU changed
  void planChanged();

 private:
  tessera::SplitSettings planSettingsFor(const SplitChoice& choice) const;
  void initRatios();
  void persist();
  void replan();

  SplitStore store_;
  QList<GpuDevice> devices_;
  QHash<QString, double> ratios_;  // by UUID
  QHash<QString, quint64> reclaimable_;
  tessera::SplitMode mode_ = tessera::SplitMode::Layer;
  QString main_uuid_;
  int main_device_ = 0;
  int context_length_ = 0;
  tessera::KvCacheType kv_type_ = tessera::KvCacheType::F16;
  std::shared_ptr<const ModelSpec> spec_;
  QString model_name_;
  std::optional<tessera::Placement> plan_;
  QString plan_error_;
};

}  // namespace tessera::gui

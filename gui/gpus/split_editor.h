// The split editor: how a model's weights are spread over the GPUs, previewed before loading.
//
// Split mode (none / layer / row), the main GPU, the KV cache type, one slider and one number per
// GPU (kept in sync; both are the GPU's share in percent, and the numbers add up to 100: moving
// one rescales the others in proportion, see SplitPreviewModel::setShare), presets (even, by free memory, by total memory), and for each GPU a stacked
// bar of what it would hold (weights, KV cache, scratch, next to what other programs use) with the
// byte counts, from tessera::plan_for_load on every change, and a warning on each GPU that would
// overflow. "Apply" asks to reload the loaded model with the new split.
//
// A view of a SplitPreviewModel (which it does not own); all logic lives there, so several editors
// on one model stay in step. The choices stand on three short lines, each GPU on one line of name,
// slider, number, share and projection with its bytes under it: the split workspace of the main
// area (a narrow form of it for a dock went with the dock).
#pragma once

#include <QList>
#include <QWidget>

#include <optional>

#include "split_choice.h"
#include "split_preview_model.h"

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSlider;

namespace tessera::gui {

class ProjectionBar;

class SplitEditor : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kSliderSteps = 1000;  // slider units per 100 % (0.1 % per step)

  explicit SplitEditor(SplitPreviewModel* model, QWidget* parent = nullptr);

  SplitPreviewModel* model() const { return model_; }

  // The split the loaded model uses (nullopt: nothing loaded on the GPUs); Apply is enabled when
  // the edited split differs from it and fits.
  void setLoadedChoice(const std::optional<SplitChoice>& loaded);
  // Whether applying would reload a model (a model is loaded, on any backend).
  void setModelLoaded(bool loaded);

  // For tests and the workspace.
  int rowCount() const { return static_cast<int>(rows_.size()); }
  QSlider* slider(int device) const { return rows_[device].slider; }
  QDoubleSpinBox* spinBox(int device) const { return rows_[device].spin; }
  ProjectionBar* projection(int device) const { return rows_[device].bar; }
  QLabel* bytesLabel(int device) const { return rows_[device].bytes; }
  QLabel* shareLabel(int device) const { return rows_[device].share; }
  QLabel* warningLabel(int device) const { return rows_[device].warning; }
  QLabel* summaryLabel() const { return summary_; }
  // Under the shares, their total ("Total 100.0 %").
  QLabel* totalLabel() const { return total_; }
  QComboBox* modeCombo() const { return mode_; }
  QComboBox* mainGpuCombo() const { return main_gpu_; }
  QComboBox* kvTypeCombo() const { return kv_type_; }
  QPushButton* presetButton(SplitPreviewModel::Preset preset) const;
  QPushButton* applyButton() const { return apply_; }

  // "Weights 1.20 GiB · KV cache 256 MiB · Scratch 80.0 MiB = 1.53 GiB of 22.1 GiB usable"
  static QString bytesText(const tessera::DevicePlacement& device);
  // The KV cache type as the combo box and the model line show it.
  static QString kvTypeText(tessera::KvCacheType type);
  // An inclusive range of what a GPU holds: "layer 2", "layers 2–5", "KV heads 0–3", "FFN rows 0–5,631".
  enum class ShareKind { Layers, KvHeads, FfnRows };
  static QString shareText(qint64 first, qint64 last, ShareKind kind);

 signals:
  void applyRequested(const tessera::gui::SplitChoice& choice);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  struct Row {
    QLabel* name = nullptr;
    QSlider* slider = nullptr;
    QDoubleSpinBox* spin = nullptr;
    QLabel* share = nullptr;
    ProjectionBar* bar = nullptr;
    QLabel* bytes = nullptr;
    QLabel* warning = nullptr;
    QList<QWidget*> widgets;  // everything of the row, to delete on rebuild
  };

  // The grid columns: name, slider, number, share, projection.
  static constexpr int kSliderColumn = 1;
  static constexpr int kBarColumn = 4;

  void retranslateUi();
  void retranslateRow(int device);
  void placeRow(int device, const Row& row);
  void rebuildRows();
  void syncControls();
  void updateProjection();
  void updateApply();

  SplitPreviewModel* model_;
  QComboBox* mode_;
  QComboBox* main_gpu_;
  QComboBox* kv_type_;
  QPushButton* even_;
  QPushButton* by_free_;
  QPushButton* by_total_;
  QLabel* model_label_;
  QLabel* no_gpu_;
  QLabel* legend_;
  QLabel* mode_label_;
  QLabel* main_gpu_label_;
  QLabel* kv_type_label_;
  QLabel* presets_label_;
  QWidget* controls_;
  QGridLayout* grid_;
  QList<Row> rows_;
  QLabel* summary_;
  QLabel* total_;
  QPushButton* apply_;
  std::optional<SplitChoice> loaded_;
  bool model_loaded_ = false;
};

}  // namespace tessera::gui

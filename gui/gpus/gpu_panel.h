// The GPU panel: one row per GPU (name, compute capability, a live used/free/total memory bar),
// or, on a machine without a usable GPU, the reason and a note that the model runs on the CPU.
// It shows a GpuListModel fed by a DeviceMonitor; it owns neither.
#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace tessera::gui {

class GpuListModel;

class GpuPanel : public QWidget {
  Q_OBJECT

 public:
  explicit GpuPanel(GpuListModel* model, QWidget* parent = nullptr);

  QTableView* view() const { return view_; }
  // The text shown instead of the table when there is no GPU (empty when there are GPUs).
  QString messageText() const;
  bool showsMessage() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void refresh();
  // The error line in the current palette's red (again on every palette change).
  void applyColors();

  GpuListModel* model_;
  QTableView* view_;
  QLabel* message_;
  QLabel* error_;
};

}  // namespace tessera::gui

// GpuListModel: one row per GPU from the device monitor's snapshots; columns name, compute
// capability, memory. Changes only on the GUI thread (setSnapshot is called from the monitor's
// queued signal). A snapshot with the same GPUs in the same order updates memory in place
// (dataChanged on the memory column); a different set of GPUs resets the model.
#pragma once

#include <QAbstractTableModel>

#include "gpu_device.h"

namespace tessera::gui {

class GpuListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, ComputeColumn, MemoryColumn, ColumnCount };
  enum Role {
    TotalBytesRole = Qt::UserRole + 1,  // quint64
    FreeBytesRole,                      // quint64
    UsedBytesRole,                      // quint64
    UuidRole,                           // QString
    IndexRole,                          // int, the CUDA ordinal
  };

  explicit GpuListModel(QObject* parent = nullptr);

  void setSnapshot(const DeviceSnapshot& snapshot);
  const DeviceSnapshot& snapshot() const { return snapshot_; }
  const GpuDevice& device(int row) const { return snapshot_.devices[row]; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // "12.3 GiB used · 127.5 GiB free of 139.8 GiB"
  static QString memoryText(const GpuDevice& device);

  // The interface language changed: views re-read the headers and every text. (Models get no
  // LanguageChange event of their own; the view showing this model calls it.)
  void retranslate();

 signals:
  // The set of GPUs changed (not just their memory).
  void devicesChanged();

 private:
  DeviceSnapshot snapshot_;
};

}  // namespace tessera::gui

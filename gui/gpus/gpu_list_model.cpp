#include "gpu_list_model.h"

#include "display_format.h"

namespace tessera::gui {

GpuListModel::GpuListModel(QObject* parent) : QAbstractTableModel(parent) { registerGpuMetaTypes(); }

void GpuListModel::setSnapshot(const DeviceSnapshot& snapshot) {
  if (snapshot.sameDevicesAs(snapshot_)) {
    // Without devices, the answer itself (the reason, an error) is what views show: an empty list
    // after the empty "not scanned yet" one is news, announced as a reset of the (empty) rows.
    const bool answer_changed = snapshot_.devices.isEmpty() && (snapshot.unavailable_reason != snapshot_.unavailable_reason ||
                                                                snapshot.error != snapshot_.error ||
                                                                (snapshot_.taken_ms == 0) != (snapshot.taken_ms == 0));
    if (answer_changed) beginResetModel();
    snapshot_ = snapshot;
    if (answer_changed) endResetModel();
    if (!snapshot_.devices.isEmpty())
      emit dataChanged(index(0, MemoryColumn), index(rowCount() - 1, MemoryColumn));
    return;
  }
  beginResetModel();
  snapshot_ = snapshot;
  endResetModel();
  emit devicesChanged();
}

int GpuListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(snapshot_.devices.size());
}

int GpuListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString GpuListModel::memoryText(const GpuDevice& d) {
  return tr("%1 used · %2 free of %3")
      .arg(DisplayFormat::bytes(d.usedBytes()), DisplayFormat::bytes(d.free_bytes), DisplayFormat::bytes(d.total_bytes));
}

void GpuListModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QVariant GpuListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const GpuDevice& d = snapshot_.devices[index.row()];
  switch (role) {
    case TotalBytesRole: return QVariant::fromValue(d.total_bytes);
    case FreeBytesRole: return QVariant::fromValue(d.free_bytes);
    case UsedBytesRole: return QVariant::fromValue(d.usedBytes());
    case UuidRole: return d.uuid;
    case IndexRole: return d.index;
    default: break;
  }
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      //: A GPU: its CUDA index and its name ("0: NVIDIA H200").
      case NameColumn: return tr("%1: %2").arg(d.index).arg(d.name);
      case ComputeColumn: return d.computeCapability();
      case MemoryColumn: return memoryText(d);
      default: return {};
    }
  }
  if (role == Qt::ToolTipRole) {
    return tr("%1\nUUID: %2\nPCI bus: %3\nCompute capability: %4\nMemory: %5")
        .arg(d.name, d.uuid, d.pci_bus_id, d.computeCapability(), memoryText(d));
  }
  if (role == Qt::TextAlignmentRole && index.column() == ComputeColumn)
    return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
  return {};
}

QVariant GpuListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn: return tr("GPU");
    //: Column header: the GPU's CUDA compute capability ("9.0").
    case ComputeColumn: return tr("Compute");
    case MemoryColumn: return tr("Memory");
    default: return {};
  }
}

}  // namespace tessera::gui

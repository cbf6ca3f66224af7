// Value types the device monitor hands from its thread to the GUI thread: one GPU's identity and
// memory at one moment, and a snapshot of every GPU. Copied into queued signals, so plain values.
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace tessera::gui {

struct GpuDevice {
  int index = -1;         // CUDA ordinal: the order the backend numbers devices in
  QString name;           // "NVIDIA H200"
  QString uuid;           // "GPU-8c1b7e6f-...": stable across reboots and reordering
  QString pci_bus_id;     // "0000:19:00.0"
  int cc_major = 0;
  int cc_minor = 0;
  quint64 total_bytes = 0;
  quint64 free_bytes = 0;

  quint64 usedBytes() const { return total_bytes > free_bytes ? total_bytes - free_bytes : 0; }
  QString computeCapability() const { return QStringLiteral("%1.%2").arg(cc_major).arg(cc_minor); }
  friend bool operator==(const GpuDevice&, const GpuDevice&) = default;
};

struct DeviceSnapshot {
  QList<GpuDevice> devices;  // by CUDA ordinal
  // Non-empty when no GPU can be used (no driver, no device, built without CUDA): the reason, as
  // cuda::list_devices words it. The app then runs on the CPU.
  QString unavailable_reason;
  // Non-empty when querying failed although devices exist (a driver error); devices may be stale.
  QString error;
  qint64 taken_ms = 0;  // QDateTime::currentMSecsSinceEpoch() when taken

  bool hasGpus() const { return !devices.isEmpty(); }
  // True when the two list the same GPUs in the same order (memory may differ).
  bool sameDevicesAs(const DeviceSnapshot& other) const;
};

void registerGpuMetaTypes();

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::GpuDevice)
Q_DECLARE_METATYPE(tessera::gui::DeviceSnapshot)

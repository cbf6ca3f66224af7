#include "device_source.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

#include <cmath>
#include <utility>

namespace tessera::gui {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

quint64 gib(double value) { return static_cast<quint64>(std::llround(value * kGiB)); }

GpuDevice fromCuda(const CudaGpuInfo& d) {
  GpuDevice g;
  g.index = d.index;
  g.name = QString::fromStdString(d.name);
  g.uuid = QString::fromStdString(d.uuid);
  g.pci_bus_id = QString::fromStdString(d.pci_bus_id);
  g.cc_major = d.cc_major;
  g.cc_minor = d.cc_minor;
  g.total_bytes = d.total_bytes;
  g.free_bytes = d.free_bytes;
  return g;
}

}  // namespace

// The device list (names, UUIDs) is read once; later polls read only memory, which is cheap once
// each device's context exists. A machine without a driver keeps its first answer. With
// virtual devices set (TESSERA_CUDA_VIRTUAL_DEVICES, read by the app's main), the list is the CUDA backend's logical devices (several on one
// GPU, each with its quota), so the split editor plans for exactly the devices the backend loads on.
CudaDeviceSource::CudaDeviceSource(CudaEnvironment cuda) : cuda_(std::move(cuda)) {}

DeviceSnapshot CudaDeviceSource::poll() {
  DeviceSnapshot s;
  s.taken_ms = QDateTime::currentMSecsSinceEpoch();
  // No module (or no CUDA runtime for it) is like no driver: no devices, and the loader's reason.
  auto api = cuda_.load();
  if (!api) {
    s.unavailable_reason = QString::fromStdString(api.error().message);
    return s;
  }
  const CudaPluginApi& cuda = **api;
  if (!listed_) {
    auto list = cuda.list_devices();
    if (!list) {
      s.error = QString::fromStdString(list.error().message);
      return s;
    }
    known_.unavailable_reason = QString::fromStdString(list->unavailable_reason);
    if (!list->devices.empty()) {
      auto logical = cuda.logical_devices(cuda_.environment().virtual_devices);
      if (!logical) {
        s.error = QString::fromStdString(logical.error().message);
        return s;
      }
      logical_ = *logical;
      for (const CudaLogicalGpu& l : logical_) {
        GpuDevice g;
        for (const auto& d : list->devices)
          if (d.index == l.physical) g = fromCuda(d);
        g.index = l.index;
        g.name = QString::fromStdString(l.name);
        g.uuid = QString::fromStdString(l.uuid);
        known_.devices.append(g);
      }
    }
    listed_ = true;
  }
  s.devices = known_.devices;
  s.unavailable_reason = known_.unavailable_reason;
  for (qsizetype i = 0; i < s.devices.size() && i < static_cast<qsizetype>(logical_.size()); ++i) {
    auto mem = cuda.logical_memory(logical_[static_cast<size_t>(i)]);
    if (!mem) {
      s.error = QString::fromStdString(mem.error().message);
      continue;
    }
    s.devices[i].free_bytes = mem->free_bytes;
    s.devices[i].total_bytes = mem->total_bytes;
  }
  known_.devices = s.devices;
  return s;
}

FakeDeviceSource::FakeDeviceSource(QList<GpuDevice> devices, QString unavailable_reason)
    : devices_(std::move(devices)), reason_(std::move(unavailable_reason)) {}

void FakeDeviceSource::setDevices(const QList<GpuDevice>& devices) {
  QMutexLocker lock(&mutex_);
  devices_ = devices;
  reason_.clear();
}

void FakeDeviceSource::setUnavailable(const QString& reason) {
  QMutexLocker lock(&mutex_);
  devices_.clear();
  reason_ = reason;
}

void FakeDeviceSource::setFreeBytes(const QString& uuid, quint64 free_bytes) {
  QMutexLocker lock(&mutex_);
  for (GpuDevice& d : devices_)
    if (d.uuid == uuid) d.free_bytes = std::min(free_bytes, d.total_bytes);
}

void FakeDeviceSource::setPollDelayMs(int ms) {
  QMutexLocker lock(&mutex_);
  delay_ms_ = ms;
}

int FakeDeviceSource::pollCount() const {
  QMutexLocker lock(&mutex_);
  return polls_;
}

DeviceSnapshot FakeDeviceSource::poll() {
  int delay = 0;
  {
    QMutexLocker lock(&mutex_);
    delay = delay_ms_;
  }
  if (delay > 0) QThread::msleep(static_cast<unsigned long>(delay));
  QMutexLocker lock(&mutex_);
  ++polls_;
  DeviceSnapshot s;
  s.devices = devices_;
  for (qsizetype i = 0; i < s.devices.size(); ++i) s.devices[i].index = static_cast<int>(i);
  s.unavailable_reason = devices_.isEmpty() && reason_.isEmpty()
                             ? QCoreApplication::translate("tessera::gui::DeviceSource", "no GPU in the device list")
                             : reason_;
  s.taken_ms = QDateTime::currentMSecsSinceEpoch();
  return s;
}

GpuDevice fakeGpu(int index, const QString& name, const QString& uuid, double total_gib, double free_gib,
                  int cc_major, int cc_minor) {
  GpuDevice g;
  g.index = index;
  g.name = name;
  g.uuid = uuid;
  g.pci_bus_id = QStringLiteral("0000:%1:00.0").arg(0x18 + index * 0x10, 2, 16, QLatin1Char('0'));
  g.cc_major = cc_major;
  g.cc_minor = cc_minor;
  g.total_bytes = gib(total_gib);
  g.free_bytes = std::min(g.total_bytes, gib(free_gib));
  return g;
}

QList<GpuDevice> fakeGpusFromSpec(const QString& spec) {
  QList<GpuDevice> devices;
  const QStringList entries = spec.split(QLatin1Char(','), Qt::SkipEmptyParts);
  for (qsizetype i = 0; i < entries.size(); ++i) {
    const QStringList parts = entries[i].split(QLatin1Char(':'));
    const double total = parts.size() > 1 ? parts[1].toDouble() : 24.0;
    const double free = parts.size() > 2 ? parts[2].toDouble() : total * 0.97;
    const QString uuid = QStringLiteral("GPU-fake0000-0000-0000-0000-%1").arg(i, 12, 10, QLatin1Char('0'));
    devices.append(fakeGpu(static_cast<int>(i), parts[0].trimmed(), uuid, total, free));
  }
  return devices;
}

std::unique_ptr<DeviceSource> makeDefaultDeviceSource(const QString& fake_gpus_spec, CudaEnvironment cuda) {
  if (fake_gpus_spec.isEmpty()) return std::make_unique<CudaDeviceSource>(std::move(cuda));
  return std::make_unique<FakeDeviceSource>(fakeGpusFromSpec(fake_gpus_spec));
}

}  // namespace tessera::gui

// Where the device monitor gets its GPU list from. poll() is called on the monitor's thread only and
// may block (a busy driver); it never runs on the GUI thread.
//
//  - CudaDeviceSource: the CUDA backend module (libtessera-cuda.so, loaded at run time by the
//    source's own CudaPluginLoader), as the CUDA backend's logical devices (virtual devices
//    included). Without the module or its CUDA runtime, without a driver or GPU, it returns a
//    snapshot with no devices and the reason.
//  - FakeDeviceSource: a list set by tests and demos (2, 3, 4 GPUs of different sizes, reordered,
//    slow); thread-safe, so a test may change it while the monitor polls.
#pragma once

#include <QList>
#include <QMutex>
#include <QString>

#include <memory>
#include <vector>

#include "gpu_device.h"

#include "backend/backend_plugin.h"

namespace tessera::gui {

class DeviceSource {
 public:
  virtual ~DeviceSource() = default;
  virtual DeviceSnapshot poll() = 0;
};

class CudaDeviceSource : public DeviceSource {
 public:
  // `cuda`: the module file and virtual devices the app's main read from its environment.
  explicit CudaDeviceSource(CudaEnvironment cuda = {});
  DeviceSnapshot poll() override;

 private:
  CudaPluginLoader cuda_;  // opened by the first poll, on the monitor thread
  DeviceSnapshot known_;   // the devices found by the first poll
  bool listed_ = false;
  std::vector<CudaLogicalGpu> logical_;  // the CUDA backend's devices, by logical index
};

class FakeDeviceSource : public DeviceSource {
 public:
  explicit FakeDeviceSource(QList<GpuDevice> devices = {}, QString unavailable_reason = {});

  void setDevices(const QList<GpuDevice>& devices);
  void setUnavailable(const QString& reason);  // no devices, with this reason
  void setFreeBytes(const QString& uuid, quint64 free_bytes);
  void setPollDelayMs(int ms);  // simulates a slow driver call
  int pollCount() const;

  DeviceSnapshot poll() override;

 private:
  mutable QMutex mutex_;
  QList<GpuDevice> devices_;
  QString reason_;
  int delay_ms_ = 0;
  int polls_ = 0;
};

// A made-up GPU for tests, demos and screenshots: `uuid` is used as given, memory in GiB.
GpuDevice fakeGpu(int index, const QString& name, const QString& uuid, double total_gib, double free_gib,
                  int cc_major = 9, int cc_minor = 0);

// Fake GPUs from a demo description, "NAME:TOTAL_GIB[:FREE_GIB],..." (e.g.
// "NVIDIA H200:141,NVIDIA L40S:48:40"; free defaults to 97% of total, total to 24).
QList<GpuDevice> fakeGpusFromSpec(const QString& spec);

// The source the application uses: CUDA with `cuda`'s settings, unless `fake_gpus_spec` (the app's
// main reads $TESSERA_GUI_FAKE_GPUS) describes fake GPUs for a demo.
std::unique_ptr<DeviceSource> makeDefaultDeviceSource(const QString& fake_gpus_spec = {}, CudaEnvironment cuda = {});

}  // namespace tessera::gui

#include "gpu_device.h"

namespace tessera::gui {

bool DeviceSnapshot::sameDevicesAs(const DeviceSnapshot& other) const {
  if (devices.size() != other.devices.size()) return false;
  for (qsizetype i = 0; i < devices.size(); ++i) {
    const GpuDevice& a = devices[i];
    const GpuDevice& b = other.devices[i];
    if (a.uuid != b.uuid || a.index != b.index || a.name != b.name || a.total_bytes != b.total_bytes ||
        a.cc_major != b.cc_major || a.cc_minor != b.cc_minor)
      return false;
  }
  return true;
}

void registerGpuMetaTypes() {
  qRegisterMetaType<GpuDevice>();
  qRegisterMetaType<DeviceSnapshot>();
}

}  // namespace tessera::gui

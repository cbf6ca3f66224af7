// DeviceMonitor polls a DeviceSource on a thread of its own, about twice a second, and delivers
// each DeviceSnapshot to the GUI thread by a queued signal. A slow driver call delays only the
// next snapshot, never the window. Polls do not pile up: the next one is scheduled after the last
// one returned.
//
// Lives on the GUI thread; snapshotReady is emitted there. The source is owned by the poller on the
// monitor thread and touched only there.
#pragma once

#include <QObject>
#include <QThread>
#include <QTimer>

#include <memory>

#include "device_source.h"
#include "gpu_device.h"

namespace tessera::gui {

class DevicePoller;

class DeviceMonitor : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultIntervalMs = 500;

  explicit DeviceMonitor(std::unique_ptr<DeviceSource> source, int interval_ms = kDefaultIntervalMs,
                         QObject* parent = nullptr);
  // Stops polling and joins the thread (waits for a poll in progress).
  ~DeviceMonitor() override;

  // Starts the thread; the first poll happens at once. Idempotent.
  void start();
  void stop();  // final: a stopped monitor does not start again
  bool isRunning() const { return thread_.isRunning(); }
  // Asks for a poll now (queued to the monitor thread) in addition to the periodic ones.
  void pollNow();

  // The last snapshot delivered (empty before the first).
  const DeviceSnapshot& last() const { return last_; }
  bool hasSnapshot() const { return has_snapshot_; }
  QThread* thread_for_tests() { return &thread_; }

 signals:
  void snapshotReady(const tessera::gui::DeviceSnapshot& snapshot);

 private:
  void onSnapshot(const DeviceSnapshot& snapshot);

  QThread thread_;
  DevicePoller* poller_ = nullptr;  // lives on thread_, deleted when it finishes
  DeviceSnapshot last_;
  bool has_snapshot_ = false;
};

// Internal: the object on the monitor thread. Public only for moc.
class DevicePoller : public QObject {
  Q_OBJECT

 public:
  DevicePoller(std::unique_ptr<DeviceSource> source, int interval_ms);
  ~DevicePoller() override;

 public slots:
  void begin();
  void pollOnce();

 signals:
  void polled(const tessera::gui::DeviceSnapshot& snapshot);

 private:
  void scheduleNext();

  std::unique_ptr<DeviceSource> source_;
  int interval_ms_;
  QTimer* timer_ = nullptr;
};

}  // namespace tessera::gui

#include "device_monitor.h"

#include <QMetaObject>
#include <QTimer>

namespace tessera::gui {

DevicePoller::DevicePoller(std::unique_ptr<DeviceSource> source, int interval_ms)
    : source_(std::move(source)), interval_ms_(interval_ms) {}

DevicePoller::~DevicePoller() = default;

void DevicePoller::begin() {
  timer_ = new QTimer(this);
  timer_->setSingleShot(true);
  connect(timer_, &QTimer::timeout, this, &DevicePoller::pollOnce);
  pollOnce();
}

void DevicePoller::pollOnce() {
  if (timer_ != nullptr) timer_->stop();
  const DeviceSnapshot snapshot = source_->poll();
  emit polled(snapshot);
  scheduleNext();
}

void DevicePoller::scheduleNext() {
  if (timer_ != nullptr && !QThread::currentThread()->isInterruptionRequested()) timer_->start(interval_ms_);
}

DeviceMonitor::DeviceMonitor(std::unique_ptr<DeviceSource> source, int interval_ms, QObject* parent)
    : QObject(parent), poller_(new DevicePoller(std::move(source), interval_ms)) {
  registerGpuMetaTypes();
  thread_.setObjectName(QStringLiteral("tessera-device-monitor"));
  poller_->moveToThread(&thread_);
  connect(&thread_, &QThread::started, poller_, &DevicePoller::begin);
  connect(&thread_, &QThread::finished, poller_, &QObject::deleteLater);
  connect(poller_, &DevicePoller::polled, this, &DeviceMonitor::onSnapshot, Qt::QueuedConnection);
}

DeviceMonitor::~DeviceMonitor() {
  stop();
  // Never started: the poller is still ours to delete (no thread will run its deleteLater).
  if (poller_ != nullptr) delete poller_;
}

void DeviceMonitor::start() {
  if (thread_.isRunning() || poller_ == nullptr) return;
  thread_.start();
}

void DeviceMonitor::stop() {
  if (!thread_.isRunning()) return;
  thread_.requestInterruption();
  thread_.quit();
  thread_.wait();
  // finished() queued the poller's deleteLater on a thread whose loop is gone; the object is
  // deleted by QThread's cleanup of deferred deletes, so forget it here.
  poller_ = nullptr;
}

void DeviceMonitor::pollNow() {
  if (poller_ != nullptr && thread_.isRunning())
    QMetaObject::invokeMethod(poller_, &DevicePoller::pollOnce, Qt::QueuedConnection);
}

void DeviceMonitor::onSnapshot(const DeviceSnapshot& snapshot) {
  last_ = snapshot;
  has_snapshot_ = true;
  emit snapshotReady(snapshot);
}

}  // namespace tessera::gui

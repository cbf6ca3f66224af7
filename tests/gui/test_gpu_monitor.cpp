// DeviceMonitor (polling off the GUI thread, slow sources), GpuListModel (checked with
// QAbstractItemModelTester) and GpuPanel (rows, the no-GPU message).
#include <QAtomicPointer>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QThread>
#include <QTimer>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "device_monitor.h"
#include "device_source.h"
#include "display_format.h"
#include "gpu_list_model.h"
#include "gpu_panel.h"
#include "gpu_test_fixtures.h"
#include "gui_test_support.h"
#include "memory_plot.h"

namespace tessera::gui {
namespace {

using test::ModelChecker;
using test::waitUntil;

// Records which thread polls.
class ThreadRecordingSource : public DeviceSource {
 public:
  explicit ThreadRecordingSource(QAtomicPointer<QThread>* seen) : seen_(seen) {}
  DeviceSnapshot poll() override {
    seen_->storeRelease(QThread::currentThread());
    DeviceSnapshot s;
    s.devices = test::twoGpus();
    return s;
  }

 private:
  QAtomicPointer<QThread>* seen_;
};

TEST(DeviceMonitor, PollsOnItsOwnThreadAndDeliversOnTheGuiThread) {
  QAtomicPointer<QThread> seen;
  DeviceMonitor monitor(std::make_unique<ThreadRecordingSource>(&seen), 50);
  QThread* delivered_on = nullptr;
  QObject::connect(&monitor, &DeviceMonitor::snapshotReady, [&] { delivered_on = QThread::currentThread(); });
  monitor.start();
  ASSERT_TRUE(waitUntil([&] { return monitor.hasSnapshot(); }));
  EXPECT_NE(seen.loadAcquire(), nullptr);
  EXPECT_NE(seen.loadAcquire(), QThread::currentThread());
  EXPECT_EQ(delivered_on, QThread::currentThread());
  EXPECT_EQ(monitor.last().devices.size(), 2);
  EXPECT_EQ(monitor.last().devices[1].name, QStringLiteral("NVIDIA GeForce RTX 4090"));
}

TEST(DeviceMonitor, DefaultsToTwicePerSecondAndKeepsPolling) {
  EXPECT_EQ(DeviceMonitor::kDefaultIntervalMs, 500);
  auto source = std::make_unique<FakeDeviceSource>(test::fourGpus());
  FakeDeviceSource* fake = source.get();
  DeviceMonitor monitor(std::move(source), 30);
  QSignalSpy spy(&monitor, &DeviceMonitor::snapshotReady);
  monitor.start();
  ASSERT_TRUE(waitUntil([&] { return spy.count() >= 4; }));
  // A change in the source shows up in a later snapshot.
  const QString uuid = test::fourGpus()[3].uuid;
  fake->setFreeBytes(uuid, 1ull << 30);
  ASSERT_TRUE(waitUntil([&] { return monitor.last().devices[3].free_bytes == (1ull << 30); }));
  monitor.stop();
  EXPECT_FALSE(monitor.isRunning());
}

TEST(DeviceMonitor, SlowDriverCallDoesNotFreezeTheWindow) {
  auto source = std::make_unique<FakeDeviceSource>(test::twoGpus());
  source->setPollDelayMs(1200);
  DeviceMonitor monitor(std::move(source), 10);
  int ticks = 0;
  QTimer timer;
  QObject::connect(&timer, &QTimer::timeout, [&] { ++ticks; });
  timer.start(20);
  QElapsedTimer clock;
  clock.start();
  monitor.start();
  // The GUI loop keeps turning while the first (slow) poll runs.
  ASSERT_TRUE(waitUntil([&] { return clock.elapsed() > 600; }));
  EXPECT_FALSE(monitor.hasSnapshot());
  EXPECT_GE(ticks, 15);
  ASSERT_TRUE(waitUntil([&] { return monitor.hasSnapshot(); }, 5000));
  EXPECT_EQ(monitor.last().devices.size(), 2);
}

TEST(DeviceMonitor, NoGpuReportsTheReason) {
  const QString reason = QStringLiteral("no NVIDIA driver/GPU found (cudaGetDeviceCount: insufficient driver)");
  DeviceMonitor monitor(std::make_unique<FakeDeviceSource>(QList<GpuDevice>{}, reason), 50);
  monitor.start();
  ASSERT_TRUE(waitUntil([&] { return monitor.hasSnapshot(); }));
  EXPECT_FALSE(monitor.last().hasGpus());
  EXPECT_EQ(monitor.last().unavailable_reason, reason);
}

TEST(DeviceMonitor, CudaSourceOnThisMachineSaysWhy) {
  // On a machine without a GPU (this one, CI) the CUDA source answers with no devices and a reason;
  // where a GPU exists it lists it. Either way: no error, and never both empty.
  CudaDeviceSource source;
  const DeviceSnapshot s = source.poll();
  EXPECT_TRUE(s.error.isEmpty()) << s.error.toStdString();
  EXPECT_TRUE(s.hasGpus() || !s.unavailable_reason.isEmpty());
  if (!s.hasGpus()) std::printf("CUDA source: %s\n", qPrintable(s.unavailable_reason));
}

TEST(DeviceMonitor, FakeGpusFromTheDemoDescription) {
  // What the app's main passes on from $TESSERA_GUI_FAKE_GPUS (the library reads no environment).
  const QList<GpuDevice> gpus = fakeGpusFromSpec(QStringLiteral("NVIDIA H200:141, NVIDIA L40S:48:40,Small"));
  ASSERT_EQ(gpus.size(), 3);
  EXPECT_EQ(gpus[0].name, QStringLiteral("NVIDIA H200"));
  EXPECT_EQ(gpus[0].total_bytes, 141ull << 30);
  EXPECT_EQ(gpus[1].name, QStringLiteral("NVIDIA L40S"));
  EXPECT_EQ(gpus[1].free_bytes, 40ull << 30);
  EXPECT_EQ(gpus[2].total_bytes, 24ull << 30);  // the default size
  EXPECT_LT(gpus[2].free_bytes, gpus[2].total_bytes);
  EXPECT_NE(gpus[0].uuid, gpus[1].uuid);
  EXPECT_TRUE(fakeGpusFromSpec(QString()).isEmpty());
  std::unique_ptr<DeviceSource> fake = makeDefaultDeviceSource(QStringLiteral("A:8,B:8"));
  EXPECT_EQ(fake->poll().devices.size(), 2);
}

TEST(GpuListModel, PassesTheModelTesterThroughUpdatesReordersAndRemoval) {
  GpuListModel model;
  ModelChecker checker(&model);
  QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
  QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
  DeviceSnapshot s;
  for (int n : {2, 3, 4}) {
    s.devices = test::gpus(n);
    model.setSnapshot(s);
    EXPECT_EQ(model.rowCount(), n);
  }
  EXPECT_EQ(resets.count(), 3);
  // Same GPUs, new memory: updated in place, memory column only.
  s.devices[2].free_bytes -= 1ull << 30;
  model.setSnapshot(s);
  EXPECT_EQ(resets.count(), 3);
  ASSERT_EQ(changes.count(), 1);
  EXPECT_EQ(changes.at(0).at(0).toModelIndex().column(), GpuListModel::MemoryColumn);
  EXPECT_EQ(changes.at(0).at(1).toModelIndex().row(), 3);
  EXPECT_EQ(model.index(2, 0).data(GpuListModel::FreeBytesRole).toULongLong(), s.devices[2].free_bytes);
  // Reordered: a reset, rows follow the new order.
  std::swap(s.devices[0], s.devices[3]);
  model.setSnapshot(s);
  EXPECT_EQ(resets.count(), 4);
  EXPECT_EQ(model.index(0, 0).data(GpuListModel::UuidRole).toString(), test::fourGpus()[3].uuid);
  // Gone.
  s.devices.clear();
  s.unavailable_reason = QStringLiteral("no NVIDIA driver/GPU found");
  model.setSnapshot(s);
  EXPECT_EQ(model.rowCount(), 0);
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join(QLatin1Char('\n')).toStdString();
}

TEST(GpuListModel, ShowsNameComputeCapabilityAndMemory) {
  GpuListModel model;
  DeviceSnapshot s;
  s.devices = test::twoGpus();
  model.setSnapshot(s);
  EXPECT_EQ(model.index(0, GpuListModel::NameColumn).data().toString(), QStringLiteral("0: NVIDIA H200"));
  EXPECT_EQ(model.index(1, GpuListModel::ComputeColumn).data().toString(), QStringLiteral("8.9"));
  const QString memory = model.index(0, GpuListModel::MemoryColumn).data().toString();
  EXPECT_EQ(memory, GpuListModel::memoryText(s.devices[0]));
  EXPECT_TRUE(memory.contains(DisplayFormat::bytes(s.devices[0].total_bytes))) << memory.toStdString();
  EXPECT_TRUE(memory.contains(DisplayFormat::bytes(s.devices[0].free_bytes))) << memory.toStdString();
  EXPECT_TRUE(memory.contains(DisplayFormat::bytes(s.devices[0].usedBytes()))) << memory.toStdString();
  EXPECT_EQ(model.index(0, 0).data(GpuListModel::UsedBytesRole).toULongLong(),
            s.devices[0].total_bytes - s.devices[0].free_bytes);
  EXPECT_TRUE(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(s.devices[1].uuid));
}

TEST(GpuPanel, ListsGpusLiveOrSaysThereAreNone) {
  auto source = std::make_unique<FakeDeviceSource>(test::threeGpus());
  FakeDeviceSource* fake = source.get();
  DeviceMonitor monitor(std::move(source), 30);
  GpuListModel model;
  QObject::connect(&monitor, &DeviceMonitor::snapshotReady, &model, &GpuListModel::setSnapshot);
  GpuPanel panel(&model);
  panel.resize(600, 300);
  panel.show();
  monitor.start();
  ASSERT_TRUE(waitUntil([&] { return model.rowCount() == 3; }));
  EXPECT_FALSE(panel.showsMessage());
  EXPECT_TRUE(panel.view()->isVisible());
  fake->setUnavailable(QStringLiteral("no NVIDIA driver/GPU found (test)"));
  ASSERT_TRUE(waitUntil([&] { return model.rowCount() == 0; }));
  EXPECT_TRUE(panel.showsMessage());
  EXPECT_FALSE(panel.view()->isVisible());
  EXPECT_TRUE(panel.messageText().contains(QStringLiteral("no NVIDIA driver/GPU found (test)")));
  EXPECT_TRUE(panel.messageText().contains(QStringLiteral("CPU")));
}


// Issue 21: on a machine without a GPU the first answer lists no devices, like the empty snapshot
// before it; the panel must still leave "Looking for GPUs…" and say why (the CLI's reason).
TEST(GpuPanel, WithoutAGpuShowsOnlyTheResultAndItsReasonOnceTheScanIsDone) {
  GpuListModel model;
  GpuPanel panel(&model);
  panel.resize(600, 300);
  panel.show();
  const QString looking = GpuPanel::tr("Looking for GPUs…");
  EXPECT_EQ(panel.messageText(), looking);
  DeviceSnapshot none;
  none.unavailable_reason = QStringLiteral("the CUDA module libtessera-cuda.so was not found (test)");
  none.taken_ms = 1;
  model.setSnapshot(none);
  EXPECT_TRUE(panel.showsMessage());
  EXPECT_FALSE(panel.messageText().contains(looking));
  EXPECT_TRUE(panel.messageText().contains(none.unavailable_reason));
  EXPECT_TRUE(panel.messageText().contains(QStringLiteral("CPU")));
  // A driver error without devices is a result too.
  DeviceSnapshot failed;
  failed.error = QStringLiteral("cuInit failed (test)");
  model.setSnapshot(failed);
  EXPECT_TRUE(panel.messageText().contains(failed.error));
}


// Issue 21: without GPUs the memory plot has no lines, so it shows no (empty) legend box.
TEST(MemoryPlot, ShowsALegendOnlyWhenThereAreLines) {
  MemoryPlot plot;
  plot.resize(500, 300);
  plot.show();
  EXPECT_FALSE(plot.plot()->legend->visible());
  DeviceSnapshot none;
  none.unavailable_reason = QStringLiteral("no NVIDIA driver/GPU found (test)");
  none.taken_ms = 1000;
  plot.addSnapshot(none);
  EXPECT_EQ(plot.graphCount(), 0);
  EXPECT_FALSE(plot.plot()->legend->visible());
  DeviceSnapshot two;
  two.devices = test::twoGpus();
  two.taken_ms = 1500;
  plot.addSnapshot(two);
  EXPECT_EQ(plot.graphCount(), 2);
  EXPECT_TRUE(plot.plot()->legend->visible());
}

}  // namespace
}  // namespace tessera::gui

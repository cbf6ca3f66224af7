// GpuWorkspace: the split chosen in the editor reaches the worker with the load, "Apply" reloads a
// loaded model with the new split, the model file's spec feeds the preview, and a screenshot of the
// GPU panel, split editor and plots with four fake GPUs (written where $TESSERA_SCREENSHOT_DIR says).
#include <QDir>
#include <QLabel>
#include <QMainWindow>
#include <QMutex>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSplitter>
#include <QTabWidget>
#include <QTest>
#include <QVBoxLayout>

#include <cmath>

#include <gtest/gtest.h>

#include "device_monitor.h"
#include "engine_client.h"
#include "engine_session.h"
#include "gpu_list_model.h"
#include "gpu_panel.h"
#include "gpu_test_fixtures.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "memory_plot.h"
#include "split_editor.h"
#include "split_preview_model.h"
#include "split_workspace_view.h"
#include "throughput_plot.h"
#include "throughput_sampler.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

// Loads instantly and remembers the settings of every load.
struct LoadLog {
  QMutex mutex;
  QList<LoadRequest> loads;
  QList<LoadRequest> get() {
    QMutexLocker lock(&mutex);
    return loads;
  }
};

class RecordingSession : public EngineSession {
 public:
  explicit RecordingSession(std::shared_ptr<LoadLog> log) : log_(std::move(log)) {}
  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& request,
                                  const ProgressCallback& progress) override {
    {
      QMutexLocker lock(&log_->mutex);
      log_->loads.append(request);
    }
    progress(1.0f);
    loaded_ = true;
    tessera::ModelInfo info;
    info.path = path.toStdString();
    info.name = "fake";
    info.n_ctx = request.settings.n_ctx;
    info.backend = "CUDA (4 GPUs)";
    return info;
  }
  void unload() override { loaded_ = false; }
  bool isLoaded() const override { return loaded_; }
  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>&, const tessera::GenerationRequest&,
                              const PromptProgressCallback&, const PieceCallback& on_piece, const StopFlag&) override {
    on_piece("Hi");
    ReplyStats stats;
    stats.timings.generated_tokens = 1;
    return stats;
  }

 private:
  std::shared_ptr<LoadLog> log_;
  bool loaded_ = false;
};

TEST(GpuWorkspace, TheEditedSplitGoesWithTheLoadAndApplyReloads) {
  test::FreshSettings settings;
  auto log = std::make_shared<LoadLog>();
  EngineClient client(std::make_unique<RecordingSession>(log));
  GpuWorkspace ws(&client, std::make_unique<FakeDeviceSource>(test::fourGpus()), nullptr, 30);
  ASSERT_TRUE(waitUntil([&] { return ws.splitModel()->deviceCount() == 4; }));
  ws.setModelFile(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")));
  QSignalSpy spec(&ws, &GpuWorkspace::modelSpecReady);
  ASSERT_TRUE(waitUntil([&] { return ws.splitModel()->hasModel(); }));
  ASSERT_TRUE(ws.splitModel()->plan().has_value());

  SplitEditor* editor = ws.workspaceView()->splitEditor();
  editor->presetButton(SplitPreviewModel::Preset::Even)->click();
  editor->slider(3)->setValue(100);
  client.load(QStringLiteral("/models/fake.gguf"), ws.loadRequest(256));
  ASSERT_TRUE(waitUntil([&] { return client.state() == EngineClient::State::Ready; }));
  ASSERT_EQ(log->get().size(), 1);
  const SplitChoice sent = log->get().at(0).split;
  EXPECT_EQ(sent.mode, QStringLiteral("layer"));
  ASSERT_EQ(sent.ratios.size(), 4);
  EXPECT_FLOAT_EQ(sent.ratios[0], 30.0f);  // 10 % for the last GPU, the rest shared evenly
  EXPECT_FLOAT_EQ(sent.ratios[3], 10.0f);
  EXPECT_EQ(sent.uuids, QStringList({test::fourGpus()[0].uuid, test::fourGpus()[1].uuid, test::fourGpus()[2].uuid,
                                     test::fourGpus()[3].uuid}));
  ASSERT_TRUE(ws.loadedChoice().has_value());
  EXPECT_FALSE(editor->applyButton()->isEnabled());  // loaded with this split

  // Change the split and apply: the same model is loaded again with the new split.
  editor->slider(3)->setValue(400);
  ASSERT_TRUE(editor->applyButton()->isEnabled());
  editor->applyButton()->click();
  ASSERT_TRUE(waitUntil([&] { return log->get().size() == 2 && client.state() == EngineClient::State::Ready; }));
  const LoadRequest reload = log->get().at(1);
  EXPECT_EQ(reload.settings.n_ctx, 256);
  EXPECT_FLOAT_EQ(reload.split.ratios[3], 40.0f);
  EXPECT_EQ(client.modelPath(), QStringLiteral("/models/fake.gguf"));
  EXPECT_FALSE(editor->applyButton()->isEnabled());
  // The loaded model's memory counts as free for the next preview.
  EXPECT_GT(ws.splitModel()->reclaimable(0), 0u);
  client.unload();
  ASSERT_TRUE(waitUntil([&] { return client.state() == EngineClient::State::Empty; }));
  EXPECT_EQ(ws.splitModel()->reclaimable(0), 0u);
}

TEST(GpuWorkspace, ABadModelFileClearsThePreview) {
  test::FreshSettings settings;
  EngineClient client(std::make_unique<RecordingSession>(std::make_shared<LoadLog>()));
  GpuWorkspace ws(&client, std::make_unique<FakeDeviceSource>(test::twoGpus()), nullptr, 30);
  QSignalSpy ready(&ws, &GpuWorkspace::modelSpecReady);
  ws.setModelFile(QStringLiteral("/nonexistent/model.gguf"));
  ASSERT_TRUE(waitUntil([&] { return ready.count() == 1; }));
  EXPECT_FALSE(ready.at(0).at(0).toBool());
  EXPECT_TRUE(ready.at(0).at(1).toString().contains(QStringLiteral("/nonexistent/model.gguf")));
  EXPECT_FALSE(ws.splitModel()->hasModel());
}

// Renders the split workspace (the GPU list and the split editor) and the plots with a recorded
// four-GPU machine and a few replies, as one image (the app shows the plots in the Performance dock: the picture of them
// in docs/screenshots is Screenshots.PerformancePlots).
TEST(GpuWorkspace, Screenshot) {
  test::FreshSettings settings;
  EngineClient client(std::make_unique<RecordingSession>(std::make_shared<LoadLog>()));
  GpuWorkspace ws(&client, std::make_unique<FakeDeviceSource>(test::fourGpus()), nullptr, 40);
  ASSERT_TRUE(waitUntil([&] { return ws.splitModel()->deviceCount() == 4; }));
  ws.splitModel()->setModel(test::llama70bSpec(), QStringLiteral("Llama 2 70B · Q4_K"));
  ws.splitModel()->setContextLength(8192);
  SplitEditor* editor = ws.workspaceView()->splitEditor();
  // A split that overloads the RTX 4090, so the warning shows.
  const int values[] = {450, 250, 150, 400};
  for (int i = 0; i < 4; ++i) editor->slider(i)->setValue(values[i]);

  // A recorded minute and a half of memory: a model loads at 15-25 s (a split that fits), and at
  // 60 s another program takes 12 GiB on the A100.
  QWidget window;  // before `recorded`, which it holds for a while
  MemoryPlot recorded;
  for (int i = 0; i <= 180; ++i) {
    const double t = i * 0.5;
    const double load = std::clamp((t - 15.0) / 10.0, 0.0, 1.0);
    const double model_gib[] = {14.8, 8.4, 5.0, 4.0};
    DeviceSnapshot snap;
    snap.devices = test::fourGpus();
    for (int d = 0; d < 4; ++d) {
      double extra = load * model_gib[d] + 0.05 * std::sin(t * 0.9 + d);
      if (d == 1 && t >= 60.0) extra += 12.0 * std::min(1.0, (t - 60.0) / 2.0);
      snap.devices[d].free_bytes -= static_cast<quint64>(std::max(0.0, extra) * 1073741824.0);
    }
    snap.taken_ms = 1700000000000 + static_cast<qint64>(t * 1000.0);
    recorded.addSnapshot(snap);
  }

  // Three earlier replies and the current one.
  ThroughputPlot* plot = ws.throughputPlot();
  test::feedRecordedReplies(plot, 1, 4);

  window.setWindowTitle(QStringLiteral("Tessera — GPUs"));
  auto* layout = new QHBoxLayout(&window);
  QWidget* gpu = ws.workspaceView();
  QWidget* perf = ws.performanceWidget();
  gpu->setParent(&window);
  perf->setParent(&window);
  auto* right = new QWidget(&window);
  auto* right_layout = new QVBoxLayout(right);
  right_layout->setContentsMargins(0, 0, 0, 0);
  // Both plots at once for the picture (the app shows them as tabs).
  auto* tabs = qobject_cast<QTabWidget*>(perf);
  ASSERT_NE(tabs, nullptr);
  MemoryPlot* memory = &recorded;
  tabs->removeTab(1);
  memory->setParent(right);
  right_layout->addWidget(perf, 3);
  right_layout->addWidget(memory, 2);
  layout->addWidget(gpu, 1);
  layout->addWidget(right, 1);
  window.resize(1366, 768);  // a laptop's screen, as the other pictures
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  test::processPendingEvents();  // the layouts of the shown window, before the picture
  const QImage image = window.grab().toImage();
  ASSERT_FALSE(image.isNull());
  EXPECT_TRUE(editor->warningLabel(3)->isVisible());
  EXPECT_TRUE(memory->isVisible());
  EXPECT_EQ(memory->graphCount(), 4);
  // Give the widgets back: the workspace deletes the ones it made, `recorded` is on the stack.
  gpu->setParent(nullptr);
  perf->setParent(nullptr);
  memory->setParent(nullptr);
}

}  // namespace
}  // namespace tessera::gui

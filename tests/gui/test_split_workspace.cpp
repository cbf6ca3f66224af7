// The split workspace (the main area's "GPUs" tab) and the A/B split benchmark ("Split Benchmark"
// tab): at the default window size four GPUs fit without scrolling and every GPU's row is seen,
// eight scroll and stay usable, the keyboard reaches every slider and number and moves them; the
// benchmark measures two splits of the tiny model on the CPU backend, cancels and restores the
// model, and applies the winner. With TESSERA_SCREENSHOT_DIR set, also the pictures for docs/.
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QScreen>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QThread>

#include <atomic>
#include <set>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "chat_panel.h"
#include "device_source.h"
#if TESSERA_HAS_DOWNLOAD
#include "download_view.h"
#endif
#include "engine_client.h"
#include "engine_session.h"
#include "gpu_panel.h"
#include "gpu_test_fixtures.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "library_panel.h"
#include "main_window.h"
#include "model_panel.h"
#include "model_preview.h"
#include "memory_bar.h"
#include "memory_plot.h"
#include "scripted_session.h"
#include "split_bench_model.h"
#include "split_bench_view.h"
#include "split_editor.h"
#include "split_preview_model.h"
#include "split_workspace_view.h"
#include "support/test_support.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

QList<GpuDevice> eightGpus() {
  QList<GpuDevice> out;
  for (int i = 0; i < 8; ++i)
    out << fakeGpu(i, QStringLiteral("NVIDIA H100 80GB HBM3"),
                   QStringLiteral("GPU-eeeeeeee-0000-0000-0000-%1").arg(i, 12, 10, QLatin1Char('0')), 79.1, 77.5 - i);
  return out;
}

QString tinyModel() {
  return QString::fromStdString((tessera::test::source_dir() / "resources/models/tessera-tiny.gguf").string());
}

QString screenshotDir() { return qEnvironmentVariable("TESSERA_SCREENSHOT_DIR"); }

// A main window on the scripted engine with `gpus`, showing the GPUs tab, previewing a model of
// Llama 2 70B's shape (the split projections, with an overflow when the shares ask for it).
struct Workspace {
  test::FreshSettings settings;
  std::shared_ptr<test::SessionScript> script = std::make_shared<test::SessionScript>();
  std::unique_ptr<MainWindow> window;

  explicit Workspace(const QList<GpuDevice>& gpus)
      : window(std::make_unique<MainWindow>(std::make_unique<test::ScriptedSession>(script),
                                            std::make_unique<FakeDeviceSource>(gpus))) {
    window->show();
    window->centralTabs()->setCurrentWidget(view());
  }
  SplitWorkspaceView* view() const { return window->gpuWorkspace()->workspaceView(); }
  SplitEditor* editor() const { return view()->splitEditor(); }
  SplitPreviewModel* model() const { return window->gpuWorkspace()->splitModel(); }
  bool ready(int gpus) {
    if (!waitUntil([&] { return editor()->rowCount() == gpus && model()->deviceCount() == gpus; })) return false;
    model()->setModel(test::llama70bSpec(), QStringLiteral("Llama 2 70B · Q4_K"));
    model()->setContextLength(8192);
    test::processPendingEvents();  // the editors' layouts for the plan
    return model()->plan().has_value();
  }
};

// Whether `w` is shown and lies wholly inside the scroll area's visible part.
bool inView(QScrollArea* area, QWidget* w) {
  if (!w->isVisible()) return false;
  const QRect r(w->mapTo(area->viewport(), QPoint(0, 0)), w->size());
  return area->viewport()->rect().contains(r);
}

TEST(SplitWorkspace, IsATabOfTheMainAreaBesideTheChat) {
  Workspace w(test::fourGpus());
  QTabWidget* tabs = w.window->centralTabs();
  // The Download tab (where the download library is built) stands beside the Library.
#if TESSERA_HAS_DOWNLOAD
  const int download = 1;
  ASSERT_NE(w.window->downloadView(), nullptr);
  EXPECT_EQ(tabs->widget(2), static_cast<QWidget*>(w.window->downloadView()));
  EXPECT_EQ(tabs->tabText(2), QStringLiteral("Download"));
#else
  const int download = 0;
#endif
  ASSERT_EQ(tabs->count(), 4 + download);
  EXPECT_EQ(tabs->widget(0), w.window->chatPanel());
  EXPECT_EQ(tabs->widget(1), static_cast<QWidget*>(w.window->libraryPanel()));
  EXPECT_EQ(tabs->widget(2 + download), w.view());
  EXPECT_EQ(tabs->widget(3 + download), w.window->gpuWorkspace()->benchView());
  EXPECT_EQ(tabs->tabText(1), QStringLiteral("Library"));
  EXPECT_EQ(tabs->tabText(2 + download), QStringLiteral("GPUs"));
  EXPECT_EQ(tabs->tabText(3 + download), QStringLiteral("Split Benchmark"));
  // Issue 35 item 10: the GPUs dock (a cramped copy of this tab) is gone.
  EXPECT_EQ(w.window->findChild<QDockWidget*>(QStringLiteral("gpuDock")), nullptr);
}

TEST(SplitWorkspace, TheDocksStepAsideForItAndComeBackForTheChat) {
  test::FreshSettings settings;
  MainWindow window(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()),
                    std::make_unique<FakeDeviceSource>(test::twoGpus()));
  window.show();
  auto dock = [&](const char* name) { return window.findChild<QDockWidget*>(QLatin1String(name)); };
  // The model panel stays beside the wide tabs (what is loaded, Load); the others step aside.
  const char* const names[] = {"historyDock", "generationDock", "performanceDock"};
  ASSERT_TRUE(waitUntil([&] { return dock("modelDock")->isVisible(); }));
  test::processPendingEvents();
  // Which docks are shown and whether they are in view.
  auto layout = [&] {
    QStringList out;
    for (const char* name : names)
      out << QStringLiteral("%1:%2:%3").arg(QLatin1String(name)).arg(dock(name)->isVisible()).arg(dock(name)->visibleRegion().isEmpty());
    return out;
  };
  const QStringList before = layout();
  const QSize chat_area = window.chatPanel()->size();
  window.centralTabs()->setCurrentWidget(window.gpuWorkspace()->workspaceView());
  EXPECT_TRUE(waitUntil([&] {
    for (const char* name : names)
      if (dock(name)->isVisible()) return false;
    return true;
  }));
  test::processPendingEvents();
  for (const char* name : names) EXPECT_FALSE(dock(name)->isVisible()) << name;
  // Issue 35 item 10: opening the GPUs tab hid every dock; the model panel (Load, Reload) stays.
  EXPECT_TRUE(dock("modelDock")->isVisible());
  EXPECT_GT(window.gpuWorkspace()->workspaceView()->width(), chat_area.width());
  EXPECT_GT(window.gpuWorkspace()->workspaceView()->height(), chat_area.height());
  window.centralTabs()->setCurrentWidget(window.gpuWorkspace()->benchView());
  test::processPendingEvents();
  EXPECT_TRUE(dock("modelDock")->isVisible());
  EXPECT_FALSE(dock("historyDock")->isVisible());
  window.centralTabs()->setCurrentWidget(window.chatPanel());
  EXPECT_TRUE(waitUntil([&] { return layout() == before; }));
  EXPECT_EQ(layout(), before);
  for (const char* name : {"modelDock", "historyDock", "generationDock", "performanceDock"})
    EXPECT_TRUE(dock(name)->isVisible()) << name;
  EXPECT_EQ(window.chatPanel()->size(), chat_area);
}

TEST(SplitWorkspace, FourGpusFitTheDefaultWindowWithoutScrolling) {
  Workspace w(test::fourGpus());
  ASSERT_TRUE(w.ready(4));
  // A share the RTX 4090 cannot hold: its warning line shows too.
  const int values[] = {450, 250, 150, 400};
  for (int i = 0; i < 4; ++i) w.editor()->slider(i)->setValue(values[i]);
  test::processPendingEvents();
  ASSERT_EQ(w.window->size(), MainWindow::defaultSize(w.window->screen()->availableGeometry().size()))
      << "the default size (no saved geometry)";
  QScrollArea* area = w.view()->scrollArea();
  EXPECT_FALSE(area->verticalScrollBar()->isVisible());
  EXPECT_FALSE(area->horizontalScrollBar()->isVisible());
  ASSERT_TRUE(w.view()->gpuPanel()->view()->isVisible());
  EXPECT_TRUE(inView(area, w.view()->gpuPanel()->view()));
  EXPECT_FALSE(w.view()->gpuPanel()->view()->verticalScrollBar()->isVisible()) << "every GPU in the list";
  SplitEditor* e = w.editor();
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_TRUE(inView(area, e->slider(i)));
    EXPECT_TRUE(inView(area, e->spinBox(i)));
    EXPECT_TRUE(inView(area, e->shareLabel(i)));
    EXPECT_TRUE(inView(area, e->projection(i)));
    EXPECT_TRUE(inView(area, e->bytesLabel(i)));
    // The bytes line is whole: its text fits the lines it is given.
    QLabel* bytes = e->bytesLabel(i);
    EXPECT_GE(bytes->height(), bytes->heightForWidth(bytes->width()));
    EXPECT_GE(e->slider(i)->width(), 120);
    EXPECT_GE(e->projection(i)->width(), 120);
  }
  EXPECT_TRUE(inView(area, e->warningLabel(3)));
  EXPECT_TRUE(inView(area, e->totalLabel()));
  EXPECT_TRUE(inView(area, e->applyButton()));
  EXPECT_TRUE(inView(area, e->summaryLabel()));
  for (auto preset : {SplitPreviewModel::Preset::Even, SplitPreviewModel::Preset::ByFreeMemory,
                      SplitPreviewModel::Preset::ByTotalMemory})
    EXPECT_TRUE(inView(area, e->presetButton(preset)));
}

TEST(SplitWorkspace, EightGpusScrollUpAndDownAndStayUsable) {
  Workspace w(eightGpus());
  ASSERT_TRUE(w.ready(8));
  QScrollArea* area = w.view()->scrollArea();
  EXPECT_FALSE(area->horizontalScrollBar()->isVisible());
  SplitEditor* e = w.editor();
  for (int i = 0; i < 8; ++i) {
    SCOPED_TRACE(i);
    area->ensureWidgetVisible(e->bytesLabel(i), 0, 0);
    area->ensureWidgetVisible(e->slider(i), 0, 0);
    test::processPendingEvents();
    EXPECT_TRUE(inView(area, e->slider(i)));
    EXPECT_TRUE(inView(area, e->spinBox(i)));
    EXPECT_GE(e->slider(i)->width(), 120);
    EXPECT_GE(e->projection(i)->width(), 120);
  }
  area->ensureWidgetVisible(e->applyButton());
  test::processPendingEvents();
  EXPECT_TRUE(inView(area, e->applyButton()));
}

TEST(SplitWorkspace, TabReachesEverySliderAndNumberAndArrowKeysMoveThem) {
  Workspace w(test::fourGpus());
  ASSERT_TRUE(w.ready(4));
  w.window->activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(w.window.get()));
  SplitEditor* e = w.editor();
  e->modeCombo()->setFocus();
  ASSERT_TRUE(waitUntil([&] { return e->modeCombo()->hasFocus(); }));
  std::set<QWidget*> reached;
  for (int i = 0; i < 200 && reached.size() < 8; ++i) {
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QWidget* f = QApplication::focusWidget();
    for (int d = 0; d < 4; ++d)
      if (f == e->slider(d) || f == e->spinBox(d) || (f != nullptr && f->parentWidget() == e->spinBox(d)))
        reached.insert(f == e->slider(d) ? static_cast<QWidget*>(e->slider(d)) : e->spinBox(d));
  }
  for (int d = 0; d < 4; ++d) {
    EXPECT_TRUE(reached.count(e->slider(d))) << "slider " << d;
    EXPECT_TRUE(reached.count(e->spinBox(d))) << "number " << d;
  }
  // Sliders and numbers come in the GPUs' order, right after the presets.
  e->presetButton(SplitPreviewModel::Preset::ByTotalMemory)->setFocus();
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
  EXPECT_EQ(QApplication::focusWidget(), e->slider(0));

  const QList<double> before = w.model()->ratios();
  e->slider(1)->setFocus();
  const int slider_before = e->slider(1)->value();
  QTest::keyClick(e->slider(1), Qt::Key_Right);
  EXPECT_GT(e->slider(1)->value(), slider_before);
  EXPECT_NE(w.model()->ratios(), before);

  const QList<double> mid = w.model()->ratios();
  e->spinBox(2)->setFocus();
  const double spin_before = e->spinBox(2)->value();
  QTest::keyClick(e->spinBox(2), Qt::Key_Up);
  EXPECT_GT(e->spinBox(2)->value(), spin_before);
  EXPECT_NE(w.model()->ratios(), mid);
}

// Issue 35 item 8: Apply said nothing (the status bar still said "on the CPU"): it says what it
// does, then what came of it.
TEST(SplitWorkspace, ApplySaysWhatItDoesAndWhatCameOfIt) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  Workspace w(test::twoGpus());
  ASSERT_TRUE(waitUntil([&] { return w.model()->deviceCount() == 2; }));
  w.window->openModel(tinyModel(), true);
  ASSERT_TRUE(waitUntil([&] {
    return w.window->engine()->state() == EngineClient::State::Ready && w.model()->hasModel() &&
           w.window->gpuWorkspace()->loadedChoice().has_value();
  }));
  w.editor()->spinBox(0)->setValue(70.0);
  ASSERT_TRUE(w.editor()->applyButton()->isEnabled());
  QSignalSpy loaded(w.window->engine(), &EngineClient::modelLoaded);
  w.editor()->applyButton()->click();
  EXPECT_TRUE(w.window->statusBar()->currentMessage().contains(QStringLiteral("again with the new split")))
      << w.window->statusBar()->currentMessage().toStdString();
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  const QString said = w.window->statusBar()->currentMessage();
  EXPECT_TRUE(said.startsWith(QStringLiteral("Split applied: Layer"))) << said.toStdString();
  EXPECT_TRUE(said.contains(QStringLiteral("70 %"))) << said.toStdString();
  EXPECT_TRUE(said.contains(QStringLiteral("CPU"))) << "the scripted engine runs on the CPU: " << said.toStdString();
}

TEST(SplitWorkspace, TheSharesVisiblyAddUpTo100Percent) {
  Workspace w(test::fourGpus());
  ASSERT_TRUE(w.ready(4));
  w.editor()->slider(0)->setValue(777);
  test::processPendingEvents();
  EXPECT_TRUE(w.editor()->totalLabel()->isVisible());
  EXPECT_EQ(w.editor()->totalLabel()->text(), QStringLiteral("Total 100.0 %"));
}

// The tiny model on the real engine (CPU backend), previewed on two fake GPUs.
struct BenchBench {
  test::FreshSettings settings;
  EngineClient client;
  GpuWorkspace ws;
  explicit BenchBench(std::unique_ptr<EngineSession> session)
      : client(std::move(session)), ws(&client, std::make_unique<FakeDeviceSource>(test::twoGpus()), nullptr, 40) {}
  SplitBenchView* view() const { return ws.benchView(); }
  bool load() {
    if (!waitUntil([&] { return ws.splitModel()->deviceCount() == 2; })) return false;
    ws.setModelFile(tinyModel());
    if (!waitUntil([&] { return ws.splitModel()->hasModel(); })) return false;
    client.load(tinyModel(), ws.loadRequest(128));
    return waitUntil([&] { return client.state() == EngineClient::State::Ready; }, 30000);
  }
  // The split the editor has (layer, by free memory: the one the model was loaded with) and
  // everything on GPU 0, in this order or (`single_first`) the other.
  bool addTwoSplits(bool single_first = false) {
    SplitChoice single = ws.splitModel()->choice();
    single.mode = QStringLiteral("none");
    if (single_first) return view()->addSplit(single) && view()->addCurrentSplit();
    return view()->addCurrentSplit() && view()->addSplit(single);
  }
};

TEST(SplitBenchmark, MeasuresTwoSplitsOfTheTinyModelAndRestoresIt) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  BenchBench b(makeTesseraEngineSession());
  ASSERT_TRUE(b.load());
  const SplitChoice original = *b.ws.loadedChoice();
  SplitBenchView* v = b.view();
  EXPECT_FALSE(v->runButton()->isEnabled()) << "two splits are needed";
  ASSERT_TRUE(b.addTwoSplits());
  v->setBenchSettings(BenchSettings{16, 8, 1});
  ASSERT_TRUE(v->runButton()->isEnabled());

  QSignalSpy results(&b.client, &EngineClient::benchmarkResult);
  QSignalSpy finished(&b.client, &EngineClient::benchmarkFinished);
  QSignalSpy progress(&b.client, &EngineClient::benchmarkProgress);
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  EXPECT_TRUE(v->running());
  EXPECT_EQ(b.client.state(), EngineClient::State::Loading) << "the chat waits";
  EXPECT_FALSE(v->runButton()->isEnabled());
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1 && b.client.state() == EngineClient::State::Ready; }, 60000));
  EXPECT_FALSE(finished.at(0).at(0).toBool()) << "not cancelled";
  EXPECT_EQ(results.count(), 2);
  EXPECT_GE(progress.count(), 2);
  EXPECT_FALSE(v->running());
  ASSERT_EQ(v->results().size(), 2);
  for (int i = 0; i < 2; ++i) {
    SCOPED_TRACE(i);
    const auto& r = v->results()[i];
    ASSERT_TRUE(r.has_value());
    ASSERT_TRUE(r->measured()) << r->error.message.toStdString();
    EXPECT_GT(r->figures.prompt_tokens_per_second, 0.0);
    EXPECT_GT(r->figures.generation_tokens_per_second, 0.0);
    EXPECT_EQ(r->figures.prompt_tokens, 16);
    EXPECT_EQ(r->figures.generated_tokens, 8);
    EXPECT_FALSE(v->table()->item(i, SplitBenchView::PromptColumn)->text().isEmpty());
    EXPECT_FALSE(v->table()->item(i, SplitBenchView::GenerationColumn)->text().isEmpty());
    EXPECT_TRUE(v->table()->item(i, SplitBenchView::MemoryColumn)->text().contains(QStringLiteral("GPU 1")));
  }
  EXPECT_EQ(v->plot()->graph(0)->dataCount(), 2);
  EXPECT_EQ(v->plot()->graph(1)->dataCount(), 2);
  // The model is back with the split it had; the chat can go on.
  ASSERT_TRUE(b.ws.loadedChoice().has_value());
  EXPECT_EQ(*b.ws.loadedChoice(), original);
  EXPECT_EQ(b.client.modelPath(), tinyModel());
  // Issue 35 item 4: the tab says that everything ran on the CPU, where a split changes nothing.
  EXPECT_TRUE(v->model()->measuredOnCpu());
  EXPECT_TRUE(v->verdictLabel()->text().contains(QStringLiteral("ran on the CPU"))) << v->verdictLabel()->text().toStdString();
  // ... and so names no winner and applies none (the picture showed "Winner: #1" above that note).
  EXPECT_TRUE(v->verdictLabel()->text().startsWith(QStringLiteral("No winner"))) << v->verdictLabel()->text().toStdString();
  EXPECT_FALSE(v->winner().has_value());
  EXPECT_FALSE(v->applyWinnerButton()->isEnabled());
}

// Issue 35: the split benchmark's and the memory plot's axis numbers stayed English ("2,000") in
// German; like the throughput plot they follow the interface's locale, also after a switch.
TEST(SplitBenchmark, AxisNumbersFollowTheInterfaceLocale) {
  const QLocale previous;
  BenchBench b(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()));
  QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
  QEvent change(QEvent::LanguageChange);
  std::vector<QString> labels;
  QCoreApplication::sendEvent(b.view(), &change);
  QCoreApplication::sendEvent(b.ws.memoryPlot(), &change);
  for (QCustomPlot* plot : {b.view()->plot(), b.ws.memoryPlot()->plot()}) {
    plot->resize(600, 300);
    QCPAxis* y = plot->axisRect()->axis(QCPAxis::atLeft);
    y->setRange(0, 2500);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    const QVector<QString> ticks = y->tickVectorLabels();
    labels.push_back(QStringList(ticks.begin(), ticks.end()).join(QLatin1Char(' ')));
  }
  QLocale::setDefault(previous);
  for (const QString& l : labels) EXPECT_TRUE(l.contains(QStringLiteral("2.000"))) << l.toStdString();
}

BenchFigures figures(double generation, double generation_sd, double prompt = 1000.0) {
  BenchFigures f;
  f.prompt_tokens = 256;
  f.prompt_tokens_per_second = prompt;
  f.prompt_stddev = 5.0;
  f.generated_tokens = 64;
  f.generation_tokens_per_second = generation;
  f.generation_stddev = generation_sd;
  f.backend = QStringLiteral("cuda (2 GPUs, layer split)");
  return f;
}

// Issue 35 item 4: the winner must beat the others by more than the runs' spread (531.4 ± 9.6
// against 524.8 ± 2.5 is a tie, and nothing is applied); a clear winner is applied in one click.
TEST(SplitBenchmark, AWinnerWithinTheNoiseIsATieAndAClearOneIsApplied) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  auto script = std::make_shared<test::SessionScript>();
  script->bench_figures = {figures(531.4, 9.6), figures(524.8, 2.5)};
  BenchBench b(std::make_unique<test::ScriptedSession>(script));
  ASSERT_TRUE(b.load());
  SplitBenchView* v = b.view();
  ASSERT_TRUE(b.addTwoSplits());
  QSignalSpy finished(&b.client, &EngineClient::benchmarkFinished);
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1 && b.client.state() == EngineClient::State::Ready; }));
  const SplitBenchModel::Verdict tie = v->model()->verdict();
  ASSERT_TRUE(tie.fastest.has_value());
  EXPECT_EQ(*tie.fastest, 0);
  EXPECT_EQ(tie.tied, QList<int>{1});
  EXPECT_FALSE(v->winner().has_value());
  EXPECT_FALSE(v->applyWinnerButton()->isEnabled());
  EXPECT_TRUE(v->verdictLabel()->text().contains(QStringLiteral("No clear winner"))) << v->verdictLabel()->text().toStdString();
  EXPECT_FALSE(v->model()->measuredOnCpu());

  // Far apart: the fastest wins, and Apply the Winner loads it.
  script->bench_figures = {figures(420.0, 3.0), figures(600.0, 4.0)};
  script->benches = 0;
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 2 && b.client.state() == EngineClient::State::Ready; }));
  ASSERT_EQ(v->winner(), std::optional<int>(1));
  EXPECT_TRUE(v->table()->item(1, SplitBenchView::IndexColumn)->text().startsWith(QStringLiteral("★")));
  const SplitChoice best = v->splits()[1];
  ASSERT_TRUE(v->applyWinnerButton()->isEnabled());
  QSignalSpy loaded(&b.client, &EngineClient::modelLoaded);
  QTest::mouseClick(v->applyWinnerButton(), Qt::LeftButton);
  EXPECT_TRUE(b.ws.splitModel()->choice().loadsLike(best));
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1 && b.client.state() == EngineClient::State::Ready; }));
  ASSERT_TRUE(b.ws.loadedChoice().has_value());
  EXPECT_TRUE(b.ws.loadedChoice()->loadsLike(best));
}

// Issue 35 item 4: the memory the tab shows is the loaded model's, even while the preview shows
// another file; results of one model are cleared when another is loaded.
TEST(SplitBenchmark, MeasuresTheLoadedModelAndForgetsItWhenAnotherIsLoaded) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  auto script = std::make_shared<test::SessionScript>();
  script->bench_figures = {figures(420.0, 3.0), figures(600.0, 4.0)};
  BenchBench b(std::make_unique<test::ScriptedSession>(script));
  ASSERT_TRUE(b.load());
  SplitBenchView* v = b.view();
  ASSERT_TRUE(b.addTwoSplits());
  const QString memory = v->table()->item(0, SplitBenchView::MemoryColumn)->text();
  ASSERT_TRUE(memory.contains(QStringLiteral("GPU 0"))) << memory.toStdString();
  QSignalSpy finished(&b.client, &EngineClient::benchmarkFinished);
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1 && b.client.state() == EngineClient::State::Ready; }));
  ASSERT_TRUE(v->results()[0].has_value());
  // Another file previewed (not loaded): the loaded model's figures and memory stay.
  const QString other = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  QSignalSpy spec(&b.ws, &GpuWorkspace::modelSpecReady);
  b.ws.setModelFile(other);
  ASSERT_TRUE(waitUntil([&] { return spec.count() == 1; }));
  EXPECT_EQ(v->table()->item(0, SplitBenchView::MemoryColumn)->text(), memory);
  EXPECT_TRUE(v->results()[0].has_value());
  // It is loaded: the figures of the other model go.
  b.client.load(other, b.ws.loadRequest(128));
  ASSERT_TRUE(waitUntil([&] { return b.client.state() == EngineClient::State::Ready && b.client.modelPath() == other; }));
  EXPECT_FALSE(v->results()[0].has_value());
  EXPECT_FALSE(v->results()[1].has_value());
  EXPECT_NE(v->table()->item(0, SplitBenchView::MemoryColumn)->text(), memory);
}

// Issue 35 item 4: a split that would overflow a GPU is neither suggested nor measured.
TEST(SplitBenchmark, ASplitThatWouldOverflowIsRefused) {
  test::FreshSettings settings;
  EngineClient client(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()));
  const QList<GpuDevice> two_4090 = {
      fakeGpu(0, QStringLiteral("NVIDIA GeForce RTX 4090"), QStringLiteral("GPU-bbbbbbbb-0000-0000-0000-000000000002"), 23.6, 21.9, 8, 9),
      fakeGpu(1, QStringLiteral("NVIDIA GeForce RTX 4090"), QStringLiteral("GPU-bbbbbbbb-0000-0000-0000-000000000005"), 23.6, 21.9, 8, 9)};
  GpuWorkspace ws(&client, std::make_unique<FakeDeviceSource>(two_4090), nullptr, 40);
  ASSERT_TRUE(waitUntil([&] { return ws.splitModel()->deviceCount() == 2; }));
  SplitBenchModel* model = ws.benchModel();
  // Llama 2 70B in Q4_K (about 39 GiB) measured as loaded: one 24 GB GPU does not hold it, two do.
  model->setMeasuredModel(test::llama70bSpec(), QStringLiteral("/models/llama70b.gguf"), 4096, tessera::KvCacheType::F16);
  SplitChoice single = ws.splitModel()->choice();
  single.mode = QStringLiteral("none");
  EXPECT_FALSE(model->problemWith(single).isEmpty());
  EXPECT_FALSE(model->addSplit(single));
  EXPECT_TRUE(model->statusText().contains(QStringLiteral("overflow"))) << model->statusText().toStdString();
  model->addSuggestions();
  for (const SplitChoice& c : model->splits()) {
    EXPECT_NE(c.mode, QStringLiteral("none"));
    EXPECT_TRUE(model->problemWith(c).isEmpty()) << model->describeSplit(c).toStdString();
  }
  EXPECT_TRUE(model->statusText().contains(QStringLiteral("left out"))) << model->statusText().toStdString();
}

// The real session, except that bench() waits for the stop flag (at most ten seconds): the cancel
// path, however fast the machine is.
class StoppableBenchSession : public EngineSession {
 public:
  StoppableBenchSession(std::unique_ptr<EngineSession> inner, std::shared_ptr<std::atomic<int>> loads)
      : inner_(std::move(inner)), loads_(std::move(loads)) {}
  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& s, const ProgressCallback& p) override {
    ++*loads_;
    return inner_->load(path, s, p);
  }
  void unload() override { inner_->unload(); }
  bool isLoaded() const override { return inner_->isLoaded(); }
  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& m, const tessera::GenerationRequest& r,
                              const PromptProgressCallback& on_prompt, const PieceCallback& on_piece,
                              const StopFlag& stop) override {
    return inner_->generate(m, r, on_prompt, on_piece, stop);
  }
  Result<BenchFigures> bench(const BenchSettings&, const BenchProgressCallback& progress, const StopFlag& stop) override {
    for (int i = 0; i < 2000 && !stop.load(); ++i) {
      if (progress && !progress(0, 1)) break;
      QThread::msleep(5);
    }
    return Error(ErrorKind::Cancelled, "the benchmark was cancelled");
  }

 private:
  std::unique_ptr<EngineSession> inner_;
  std::shared_ptr<std::atomic<int>> loads_;
};

TEST(SplitBenchmark, CancelStopsTheMeasuringAndRestoresTheModel) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  auto loads = std::make_shared<std::atomic<int>>(0);
  BenchBench b(std::make_unique<StoppableBenchSession>(makeTesseraEngineSession(), loads));
  ASSERT_TRUE(b.load());
  const SplitChoice original = *b.ws.loadedChoice();
  SplitBenchView* v = b.view();
  // The first split is not the model's own, so the restore has to load it again.
  ASSERT_TRUE(b.addTwoSplits(/*single_first=*/true));
  QSignalSpy finished(&b.client, &EngineClient::benchmarkFinished);
  QSignalSpy loaded(&b.client, &EngineClient::modelLoaded);
  QSignalSpy measuring(&b.client, &EngineClient::benchmarkProgress);
  const int loads_before = loads->load();
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return loads->load() == loads_before + 1 && v->cancelButton()->isEnabled(); }));
  // The first split is being measured (its bench reports progress) when Cancel is pressed.
  const int before_bench = static_cast<int>(measuring.count());
  ASSERT_TRUE(waitUntil([&] { return measuring.count() > before_bench; }));
  QTest::mouseClick(v->cancelButton(), Qt::LeftButton);
  EXPECT_FALSE(v->cancelButton()->isEnabled());
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1 && b.client.state() == EngineClient::State::Ready; }, 30000));
  EXPECT_TRUE(finished.at(0).at(0).toBool()) << "cancelled";
  EXPECT_EQ(loaded.count(), 1);
  // The first split was cut short, the second never loaded; the model was loaded once more, with
  // the split it had before.
  ASSERT_EQ(v->results().size(), 2);
  ASSERT_TRUE(v->results()[0].has_value());
  EXPECT_EQ(v->results()[0]->error.kind, EngineErrorKind::Cancelled);
  EXPECT_FALSE(v->results()[1].has_value());
  EXPECT_EQ(loads->load(), loads_before + 2);
  ASSERT_TRUE(b.ws.loadedChoice().has_value());
  EXPECT_EQ(*b.ws.loadedChoice(), original);
  EXPECT_FALSE(v->running());
  EXPECT_FALSE(v->winner().has_value());
  EXPECT_FALSE(v->applyWinnerButton()->isEnabled());
  EXPECT_TRUE(v->runButton()->isEnabled()) << "it can run again";
}

TEST(SplitBenchmark, CancellingTheLoadDropsTheModelAndEndsTheBenchmark) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  auto loads = std::make_shared<std::atomic<int>>(0);
  BenchBench b(std::make_unique<StoppableBenchSession>(makeTesseraEngineSession(), loads));
  ASSERT_TRUE(b.load());
  SplitBenchView* v = b.view();
  ASSERT_TRUE(b.addTwoSplits(/*single_first=*/true));
  QSignalSpy failed(&b.client, &EngineClient::loadFailed);
  QSignalSpy measuring(&b.client, &EngineClient::benchmarkProgress);
  const int loads_before = loads->load();
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return loads->load() == loads_before + 1 && v->cancelButton()->isEnabled(); }));
  const int before_bench = static_cast<int>(measuring.count());
  ASSERT_TRUE(waitUntil([&] { return measuring.count() > before_bench; }));
  b.client.cancelLoad();  // the model panel's Cancel: the user wants no model at all
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }, 30000));
  EXPECT_EQ(failed.at(0).at(0).value<EngineError>().kind, EngineErrorKind::Cancelled);
  EXPECT_EQ(b.client.state(), EngineClient::State::Empty);
  EXPECT_EQ(loads->load(), loads_before + 1) << "nothing restored";
  EXPECT_FALSE(b.ws.loadedChoice().has_value());
  EXPECT_FALSE(v->running());
  EXPECT_FALSE(v->runButton()->isEnabled()) << "no model to measure";
}

TEST(SplitBenchmark, ASessionThatCannotMeasureReportsEachSplitAndRestores) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  auto script = std::make_shared<test::SessionScript>();
  BenchBench b(std::make_unique<test::ScriptedSession>(script));
  ASSERT_TRUE(b.load());
  const SplitChoice original = *b.ws.loadedChoice();
  SplitBenchView* v = b.view();
  ASSERT_TRUE(b.addTwoSplits());
  QSignalSpy finished(&b.client, &EngineClient::benchmarkFinished);
  const int loads_before = script->loads.load();
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1 && b.client.state() == EngineClient::State::Ready; }));
  EXPECT_FALSE(finished.at(0).at(0).toBool());
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(v->results()[i].has_value()) << i;
    EXPECT_EQ(v->results()[i]->error.kind, EngineErrorKind::Unsupported) << i;
    EXPECT_FALSE(v->table()->item(i, SplitBenchView::GenerationColumn)->toolTip().isEmpty()) << "the reason";
  }
  EXPECT_EQ(script->loads.load(), loads_before + 3) << "two splits and the restore";
  EXPECT_EQ(*b.ws.loadedChoice(), original);
  EXPECT_FALSE(v->winner().has_value());
  EXPECT_FALSE(v->applyWinnerButton()->isEnabled());
}

TEST(SplitBenchmark, TakesTwoToSixDifferentSplits) {
  BenchBench b(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()));
  ASSERT_TRUE(waitUntil([&] { return b.ws.splitModel()->deviceCount() == 2; }));
  SplitBenchView* v = b.view();
  SplitChoice c = b.ws.splitModel()->choice();
  ASSERT_TRUE(v->addSplit(c));
  EXPECT_FALSE(v->addSplit(c)) << "the same split twice";
  EXPECT_FALSE(v->statusLabel()->text().isEmpty());
  for (int i = 1; i < SplitBenchView::kMaxSplits; ++i) {
    c.ratios[0] = static_cast<float>(10 * i);
    ASSERT_TRUE(v->addSplit(c)) << i;
  }
  c.ratios[0] = 99.0f;
  EXPECT_FALSE(v->addSplit(c)) << "a seventh";
  EXPECT_EQ(v->splits().size(), SplitBenchView::kMaxSplits);
  EXPECT_FALSE(v->addCurrentButton()->isEnabled());
  v->table()->selectRow(0);
  QTest::mouseClick(v->removeButton(), Qt::LeftButton);
  EXPECT_EQ(v->splits().size(), SplitBenchView::kMaxSplits - 1);
  v->clearSplits();
  v->addSuggestions();
  // Layer and row split with even shares and everything on GPU 0 (no model: the planner is not asked).
  ASSERT_EQ(v->splits().size(), 3);
  EXPECT_EQ(v->splits()[0].mode, QStringLiteral("layer"));
  EXPECT_EQ(v->splits()[1].mode, QStringLiteral("row"));
  EXPECT_EQ(v->splits()[2].mode, QStringLiteral("none"));
  EXPECT_EQ(v->splits()[0].ratios, (QList<float>{1.0f, 1.0f}));
  EXPECT_EQ(v->table()->rowCount(), 3);
}

// docs/screenshots/split-workspace.png and ab-benchmark.png: the main window on a 1366x768 laptop
// with four fake GPUs. Always renders (so it is tested); saves only with TESSERA_SCREENSHOT_DIR.
TEST(SplitWorkspace, Screenshot) {
  Workspace w(test::fourGpus());
  w.window->resize(1366, 768);  // a laptop's screen, as the other pictures
  w.window->resetLayout();
  w.window->centralTabs()->setCurrentWidget(w.view());
  ASSERT_TRUE(w.ready(4));
  // The model panel beside it shows the model the split is planned for, as after File ▸ Open (its
  // 38 GiB file is not in the tree: the preview is made from the same shape).
  const auto& plan = w.model()->plan();
  ASSERT_TRUE(plan.has_value());
  quint64 weights = 0;
  for (const auto& d : plan->devices) weights += d.bytes.weights;
  ModelPreview preview;
  preview.path = QStringLiteral("/models/llama-2-70b.Q4_K.gguf");
  preview.info.name = "Llama 2 70B";
  preview.info.architecture = "llama";
  preview.info.parameter_count = 68'976'648'192ULL;
  preview.info.n_layer = 80;
  preview.info.n_vocab = 32000;
  preview.info.n_ctx_train = 4096;
  preview.info.tensor_types = {{tessera::GgmlType::Q4_K, 562, weights}, {tessera::GgmlType::F32, 161, 161ULL * 8192 * 4}};
  preview.file_size = weights + 161ULL * 8192 * 4 + 1'800'000;
  preview.spec = test::llama70bSpec();
  w.window->modelPanel()->showPreview(preview);
  w.model()->setContextLength(w.window->modelPanel()->effectiveContextLength());  // as the app passes it on
  const int values[] = {450, 250, 150, 400};
  for (int i = 0; i < 4; ++i) w.editor()->slider(i)->setValue(values[i]);
  test::processPendingEvents();
  const QImage image = w.window->grab().toImage();
  ASSERT_FALSE(image.isNull());
  if (!screenshotDir().isEmpty()) {
    QDir().mkpath(screenshotDir());
    ASSERT_TRUE(image.save(QDir(screenshotDir()).filePath(QStringLiteral("split-workspace.png"))));
  }
}

TEST(SplitBenchmark, Screenshot) {
  if (!QFile::exists(tinyModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  test::FreshSettings settings;
  MainWindow window(makeTesseraEngineSession(), std::make_unique<FakeDeviceSource>(test::fourGpus()));
  window.show();
  GpuWorkspace* ws = window.gpuWorkspace();
  ASSERT_TRUE(waitUntil([&] { return ws->splitModel()->deviceCount() == 4; }));
  window.openModel(tinyModel(), true);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready && ws->splitModel()->hasModel(); }, 30000));
  SplitBenchView* v = ws->benchView();
  window.centralTabs()->setCurrentWidget(v);
  ASSERT_TRUE(v->addCurrentSplit());
  v->addSuggestions();
  ASSERT_GE(v->splits().size(), 3);
  v->setBenchSettings(BenchSettings{64, 32, 2});
  QSignalSpy finished(window.engine(), &EngineClient::benchmarkFinished);
  QTest::mouseClick(v->runButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1 && window.engine()->state() == EngineClient::State::Ready; }, 120000));
  ASSERT_TRUE(v->model()->verdict().fastest.has_value());
  test::processPendingEvents();
  // The default window holds the whole tab: no scrolling, every split's row seen.
  EXPECT_EQ(window.size(), MainWindow::defaultSize(window.screen()->availableGeometry().size()));
  auto* scroll = v->findChild<QScrollArea*>(QStringLiteral("benchScroll"));
  ASSERT_NE(scroll, nullptr);
  EXPECT_FALSE(scroll->verticalScrollBar()->isVisible());
  EXPECT_FALSE(scroll->horizontalScrollBar()->isVisible());
  EXPECT_FALSE(v->table()->verticalScrollBar()->isVisible());
  EXPECT_TRUE(inView(scroll, v->applyWinnerButton()));
  window.resize(1366, 768);  // the picture: a laptop's screen
  window.resetLayout();
  window.centralTabs()->setCurrentWidget(v);  // (the default layout brings the chat to the front)
  test::processPendingEvents();
  EXPECT_EQ(window.centralTabs()->currentWidget(), v);
  const QImage image = window.grab().toImage();
  ASSERT_FALSE(image.isNull());
  if (!screenshotDir().isEmpty()) {
    QDir().mkpath(screenshotDir());
    ASSERT_TRUE(image.save(QDir(screenshotDir()).filePath(QStringLiteral("ab-benchmark.png"))));
  }
}

}  // namespace
}  // namespace tessera::gui

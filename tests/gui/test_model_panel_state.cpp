// The model panel's context box and preview state with a scripted engine (issue 21): a context
// above the trained one is warned about, the value does not carry over to another model, the
// default names what is really allocated, a preview is not mistaken for the loaded model, and a
// changed context offers Reload.
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "model_panel.h"
#include "scripted_session.h"
#include "split_preview_model.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

struct Window {
  test::FreshSettings settings;
  std::shared_ptr<test::SessionScript> script = std::make_shared<test::SessionScript>();
  std::unique_ptr<MainWindow> window;
  QTemporaryDir dir;
  QString first = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  QString second = dir.filePath(QStringLiteral("second-model.gguf"));

  // `fake_gpus`: fakeGpusFromSpec()'s description of the GPUs the window sees ("": the CUDA module's).
  explicit Window(const QString& fake_gpus = {})
      : window(std::make_unique<MainWindow>(std::make_unique<test::ScriptedSession>(script),
                                            makeDefaultDeviceSource(fake_gpus))) {
    window->show();
    QFile::copy(first, second);
  }
  bool preview(const QString& path) {
    QSignalSpy done(window.get(), &MainWindow::previewFinished);
    window->openModel(path, false);
    return waitUntil([&] { return done.count() == 1; }) && done.at(0).at(0).toBool();
  }
  bool load(const QString& path) {
    window->openModel(path, true);
    return waitUntil([&] {
      return window->engine()->state() == EngineClient::State::Ready && window->engine()->modelPath() == path;
    });
  }
  ModelPanel* panel() const { return window->modelPanel(); }
  QSpinBox* contextBox() const { return panel()->findChild<QSpinBox*>(QStringLiteral("contextLength")); }
};

TEST(ModelPanelState, AContextAboveTheTrainedOneIsWarnedAbout) {
  Window w;
  ASSERT_TRUE(w.preview(w.first));  // trained on 512
  EXPECT_TRUE(w.panel()->contextWarningText().isEmpty());
  w.contextBox()->setValue(100000);
  const QString warning = w.panel()->contextWarningText();
  EXPECT_TRUE(warning.contains(QStringLiteral("100,000")) || warning.contains(QStringLiteral("100000"))) << warning.toStdString();
  EXPECT_TRUE(warning.contains(QStringLiteral("512"))) << warning.toStdString();
  w.contextBox()->setValue(256);
  EXPECT_TRUE(w.panel()->contextWarningText().isEmpty());
}

TEST(ModelPanelState, TheContextDoesNotCarryOverToAnotherModel) {
  Window w;
  ASSERT_TRUE(w.preview(w.first));
  w.contextBox()->setValue(2048);
  ASSERT_TRUE(w.preview(w.second));
  EXPECT_EQ(w.panel()->contextLength(), 0);
  EXPECT_EQ(w.panel()->effectiveContextLength(), 512);
  // Opening the same file again keeps what was chosen for it.
  w.contextBox()->setValue(256);
  ASSERT_TRUE(w.preview(w.second));
  EXPECT_EQ(w.panel()->contextLength(), 256);
}

TEST(ModelPanelState, TheDefaultNamesTheContextReallyAllocated) {
  Window w;
  ASSERT_TRUE(w.preview(w.first));
  EXPECT_EQ(w.contextBox()->value(), 0);
  EXPECT_EQ(w.contextBox()->specialValueText(), QStringLiteral("Model default (512)"));
  // A model trained on more than the engine allocates by default: the box says what is allocated
  // (with "of 8,192 trained" too it was cut off in the dock), its tooltip and the row below say
  // what the model was trained on.
  ModelPreview big = *w.panel()->preview();
  big.info.n_ctx_train = 8192;
  w.panel()->showPreview(big);
  EXPECT_EQ(w.panel()->effectiveContextLength(), 4096);
  EXPECT_EQ(w.contextBox()->specialValueText(), QStringLiteral("Model default (4,096)"));
  EXPECT_TRUE(w.contextBox()->toolTip().contains(QStringLiteral("4,096 of the 8,192 tokens"))) << w.contextBox()->toolTip().toStdString();
  // A length chosen for the file does not change what the default means.
  w.contextBox()->setValue(1024);
  w.panel()->showPreview(big);
  EXPECT_EQ(w.contextBox()->specialValueText(), QStringLiteral("Model default (4,096)"));
}

TEST(ModelPanelState, APreviewIsBadgedAndNotMistakenForTheLoadedModel) {
  Window w;
  ASSERT_TRUE(w.preview(w.first));
  EXPECT_TRUE(w.panel()->previewBadge()->isVisible());
  ASSERT_TRUE(w.load(w.first));
  EXPECT_FALSE(w.panel()->previewBadge()->isVisible());
  EXPECT_TRUE(w.panel()->statusText().startsWith(QStringLiteral("Loaded in"))) << w.panel()->statusText().toStdString();
  ASSERT_TRUE(w.preview(w.second));
  EXPECT_TRUE(w.panel()->previewBadge()->isVisible());
  EXPECT_EQ(w.panel()->previewBadge()->text(), QStringLiteral("Preview – not loaded"));
  EXPECT_FALSE(w.panel()->statusText().contains(QStringLiteral("Loaded in"))) << w.panel()->statusText().toStdString();
  EXPECT_TRUE(w.panel()->statusText().contains(QStringLiteral("still uses"))) << w.panel()->statusText().toStdString();
  EXPECT_TRUE(w.panel()->loadButton()->isEnabled());
  EXPECT_EQ(w.panel()->loadButton()->text(), QStringLiteral("Load"));
}

TEST(ModelPanelState, ChangingTheContextOfTheLoadedModelOffersReload) {
  Window w;
  ASSERT_TRUE(w.load(w.first));
  EXPECT_FALSE(w.panel()->loadButton()->isEnabled());
  w.contextBox()->setValue(256);
  EXPECT_TRUE(w.panel()->loadButton()->isEnabled());
  EXPECT_EQ(w.panel()->loadButton()->text(), QStringLiteral("Reload"));
  QTest::mouseClick(w.panel()->loadButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] {
    return w.window->engine()->state() == EngineClient::State::Ready && w.window->engine()->model().n_ctx == 256;
  }));
  EXPECT_FALSE(w.panel()->loadButton()->isEnabled());
  EXPECT_EQ(w.panel()->loadButton()->text(), QStringLiteral("Load"));
}

TEST(ModelPanelState, ChangingTheSplitOfTheLoadedModelOffersReload) {
  Window w(QStringLiteral("NVIDIA H200:141,NVIDIA L40S:48:40"));
  SplitPreviewModel* split = w.window->gpuWorkspace()->splitModel();
  ASSERT_TRUE(waitUntil([&] { return split->deviceCount() == 2; }));
  ASSERT_TRUE(w.load(w.first));
  ASSERT_TRUE(waitUntil([&] { return split->hasModel(); }));
  EXPECT_FALSE(w.panel()->loadButton()->isEnabled());
  split->setRatio(1, split->ratio(1) + 20.0);
  EXPECT_TRUE(w.panel()->loadButton()->isEnabled());
  EXPECT_EQ(w.panel()->loadButton()->text(), QStringLiteral("Reload"));
  const int loads = w.script->loads.load();
  QTest::mouseClick(w.panel()->loadButton(), Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return w.script->loads.load() > loads && w.window->engine()->state() == EngineClient::State::Ready; }));
  EXPECT_FALSE(w.panel()->loadButton()->isEnabled());
  EXPECT_EQ(w.panel()->loadButton()->text(), QStringLiteral("Load"));
}

}  // namespace
}  // namespace tessera::gui

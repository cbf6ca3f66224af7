// The screenshot tour (bench/gui/screenshot_tour.h) on the CPU backend with two fake GPUs and the
// stories260K fixture: every step runs, each picture is a real image of the window (the size it was
// given, not blank), the split pictures before and after Apply differ, and tour.txt says what was
// run. A tour that cannot go on names the step: one GPU stops it at "gpus", a missing file at "load".
#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "device_source.h"
#include "engine_session.h"
#include "gpu_test_fixtures.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "screenshot_tour.h"

namespace tessera::gui {
namespace {

TourOptions tinyTour(const QString& out_dir) {
  TourOptions o;
  o.out_dir = out_dir;
  o.model = test::fixturePath(QStringLiteral("models/stories260K-f32.gguf"));
  o.reply_tokens = 120;
  o.prompt = QStringLiteral("Once upon a time");
  o.bench = BenchSettings{32, 16, 1};
  o.step_timeout_ms = 60000;
  o.window_size = QSize(1280, 820);
  return o;
}

// How many different colours a picture has (a blank or one-colour image has one).
int colourCount(const QImage& image) {
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 4)
    for (int x = 0; x < image.width(); x += 4) colours.insert(image.pixel(x, y));
  return static_cast<int>(colours.size());
}

TEST(ScreenshotTour, RunsEveryStepOnTheTinyModelAndSavesItsPictures) {
  test::FreshSettings settings;
  QTemporaryDir out;
  ASSERT_TRUE(out.isValid());
  MainWindow window(makeTesseraEngineSession(), std::make_unique<FakeDeviceSource>(test::twoGpus()));
  const TourOptions options = tinyTour(out.filePath(QStringLiteral("tour")));
  ScreenshotTour tour(&window, options);
  const TourResult result = tour.run();
  ASSERT_TRUE(result.ok) << "failed at " << result.failed_step.toStdString() << ": " << result.message.toStdString();

  const QStringList expected = {QStringLiteral("01-gpus.png"),           QStringLiteral("02-split-before.png"),
                                QStringLiteral("03-split-after.png"),    QStringLiteral("04-throughput-during.png"),
                                QStringLiteral("05-throughput-after.png"), QStringLiteral("06-memory.png"),
                                QStringLiteral("07-ab-benchmark.png")};
  ASSERT_EQ(result.pictures.size(), expected.size());
  for (qsizetype i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(expected[i].toStdString());
    const QString path = QDir(options.out_dir).filePath(expected[i]);
    EXPECT_EQ(result.pictures[i], path);
    ASSERT_TRUE(QFile::exists(path));
    EXPECT_GT(QFile(path).size(), 10000);
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), options.window_size * window.devicePixelRatio());
    EXPECT_GT(colourCount(image), 50) << "a window's picture, not a blank one";
  }
  EXPECT_NE(QImage(result.pictures[1]), QImage(result.pictures[2])) << "Apply changed what the workspace shows";

  QFile summary(QDir(options.out_dir).filePath(QStringLiteral("tour.txt")));
  ASSERT_TRUE(summary.open(QIODevice::ReadOnly | QIODevice::Text));
  const QString text = QString::fromUtf8(summary.readAll());
  EXPECT_TRUE(text.contains(QStringLiteral("GPUs (2):"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("stories260K-f32.gguf"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("Split applied:"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("A/B benchmark"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("tok/s"))) << text.toStdString();
  EXPECT_FALSE(text.contains(QStringLiteral("FAILED"))) << text.toStdString();
}

TEST(ScreenshotTour, OneGpuStopsItAtTheGpuStep) {
  test::FreshSettings settings;
  QTemporaryDir out;
  MainWindow window(makeTesseraEngineSession(), std::make_unique<FakeDeviceSource>(test::twoGpus().mid(0, 1)));
  ScreenshotTour tour(&window, tinyTour(out.path()));
  const TourResult result = tour.run();
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.failed_step, QStringLiteral("gpus"));
  EXPECT_TRUE(result.message.contains(QStringLiteral("two GPUs"))) << result.message.toStdString();
  EXPECT_TRUE(result.pictures.isEmpty());
  QFile summary(QDir(out.path()).filePath(QStringLiteral("tour.txt")));
  ASSERT_TRUE(summary.open(QIODevice::ReadOnly));
  EXPECT_TRUE(summary.readAll().contains("FAILED at gpus"));
}

TEST(ScreenshotTour, AMissingModelStopsItAtTheLoadStep) {
  test::FreshSettings settings;
  QTemporaryDir out;
  MainWindow window(makeTesseraEngineSession(), std::make_unique<FakeDeviceSource>(test::twoGpus()));
  TourOptions options = tinyTour(out.path());
  options.model = out.filePath(QStringLiteral("no-such-model.gguf"));
  ScreenshotTour tour(&window, options);
  const TourResult result = tour.run();
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.failed_step, QStringLiteral("load"));
  EXPECT_TRUE(result.message.contains(QStringLiteral("no-such-model.gguf"))) << result.message.toStdString();
  EXPECT_EQ(result.pictures.size(), 1) << "the GPU picture was taken before";
}

}  // namespace
}  // namespace tessera::gui

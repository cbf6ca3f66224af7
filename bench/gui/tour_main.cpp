// tessera-tour: the screenshot tour (screenshot_tour.h) as a program, for docs/screenshots and the
// real-GPU run of the app (tools/gpu/app_run.sh):
//
//   tessera-tour OUT_DIR [--model FILE] [--tokens N] [--bench PP,TG,REPS] [--splits N] [--timeout S]
//
// It builds the main window exactly as the app does (the engine session and the GPU list from the
// environment the app reads: TESSERA_GUI_FAKE_GPUS and the CUDA variables), in settings of its own
// (a temporary folder: the user's settings are neither read nor changed), runs the tour and exits
// 0, or 1 with "tour failed at STEP: why" on stderr. A separate program rather than an option of
// `tessera`: the shipped app keeps no scripted mode, and the tour's messages are for developers
// (not translated).
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

#include "app_settings.h"
#include "backend/cuda_environment.h"
#include "device_source.h"
#include "engine_session.h"
#include "main_window.h"
#include "screenshot_tour.h"
#include "startup.h"

namespace {

int usage(const QString& why) {
  std::fprintf(stderr, "tessera-tour: %s\n", qPrintable(why));
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tessera::gui;
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Tessera"));
  QApplication::setApplicationName(QStringLiteral("Tessera"));
  QApplication::setApplicationVersion(QStringLiteral(TESSERA_VERSION));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tessera.svg")));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Runs the app's split workflow unattended and saves a picture of each step."));
  parser.addHelpOption();
  parser.addPositionalArgument(QStringLiteral("OUT_DIR"), QStringLiteral("Where the pictures and tour.txt go."));
  const QCommandLineOption model({QStringLiteral("m"), QStringLiteral("model")},
                                 QStringLiteral("The GGUF model to load (default: the app's default model)."), QStringLiteral("FILE"));
  const QCommandLineOption tokens(QStringLiteral("tokens"), QStringLiteral("The reply's length in tokens (default 500)."), QStringLiteral("N"));
  const QCommandLineOption bench(QStringLiteral("bench"),
                                 QStringLiteral("The A/B benchmark's prompt tokens, generated tokens and repetitions (default 256,64,2)."),
                                 QStringLiteral("PP,TG,REPS"));
  const QCommandLineOption splits(QStringLiteral("splits"), QStringLiteral("How many splits the benchmark compares, 2 or 3 (default 3)."),
                                  QStringLiteral("N"));
  const QCommandLineOption timeout(QStringLiteral("timeout"), QStringLiteral("Seconds each step may take (default 300)."),
                                   QStringLiteral("S"));
  parser.addOptions({model, tokens, bench, splits, timeout});
  parser.process(app);
  if (parser.positionalArguments().size() != 1) return usage(QStringLiteral("give one OUT_DIR (see --help)"));

  TourOptions options;
  options.out_dir = parser.positionalArguments().constFirst();
  options.model = parser.isSet(model) ? parser.value(model) : findDefaultModel();
  if (options.model.isEmpty()) return usage(QStringLiteral("no --model given and no default model found"));
  bool ok = true;
  if (parser.isSet(tokens) && ((options.reply_tokens = parser.value(tokens).toInt(&ok)) < 2 || !ok))
    return usage(QStringLiteral("--tokens wants a number of at least 2"));
  if (parser.isSet(bench)) {
    const QStringList parts = parser.value(bench).split(QLatin1Char(','));
    int values[3] = {0, 0, 0};
    for (int i = 0; i < 3 && parts.size() == 3; ++i) values[i] = parts[i].toInt(&ok);
    if (parts.size() != 3 || !ok || values[0] < 1 || values[1] < 1 || values[2] < 1)
      return usage(QStringLiteral("--bench wants three positive numbers: PP,TG,REPS"));
    options.bench = BenchSettings{values[0], values[1], values[2]};
  }
  if (parser.isSet(splits) && ((options.max_bench_splits = parser.value(splits).toInt(&ok)) < 2 || options.max_bench_splits > 3 || !ok))
    return usage(QStringLiteral("--splits wants 2 or 3"));
  if (parser.isSet(timeout)) {
    const int s = parser.value(timeout).toInt(&ok);
    if (!ok || s < 1) return usage(QStringLiteral("--timeout wants seconds, at least 1"));
    options.step_timeout_ms = s * 1000;
  }

  // Settings of its own: the default window layout, no remembered split, language or model.
  QTemporaryDir settings_dir;
  if (!settings_dir.isValid()) return usage(QStringLiteral("cannot make a temporary settings folder"));
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings_dir.path());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_dir.path());
  AppSettings().setConversationsFolder(settings_dir.filePath(QStringLiteral("conversations")));

  // The edge: the environment is read here, as gui/main.cpp reads it, and passed on as values.
  const tessera::CudaEnvironment cuda = tessera::read_cuda_environment([](const char* name) { return std::getenv(name); });
  MainWindow window(makeTesseraEngineSession({}, cuda), makeDefaultDeviceSource(qEnvironmentVariable("TESSERA_GUI_FAKE_GPUS"), cuda));
  ScreenshotTour tour(&window, options);
  tour.setLog([](const QString& line) { std::fprintf(stderr, "%s\n", qPrintable(line)); });
  const TourResult result = tour.run();
  if (!result.ok) {
    std::fprintf(stderr, "tour failed at %s: %s\n", qPrintable(result.failed_step), qPrintable(result.message));
    return 1;
  }
  std::fprintf(stdout, "tour done: %lld pictures in %s\n", static_cast<long long>(result.pictures.size()), qPrintable(options.out_dir));
  return 0;
}

// tessera: the desktop app. Everything lives in tessera_gui; this only parses the command line,
// creates the application and the main window.
#include <QApplication>
#include <QIcon>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "app_settings.h"
#include "backend/cuda_environment.h"
#include "command_line.h"
#include "device_source.h"
#include "engine_session.h"
#include "main_window.h"
#include "startup.h"
#if TESSERA_HAS_DOWNLOAD
#include "download_environment.h"
#include "download_view.h"
#endif

int main(int argc, char** argv) {
  using namespace tessera::gui;
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  // --version and --help need no window system, so they are answered before QApplication exists.
  const CommandLineResult command = CommandLine::parse(arguments);
  if (command.action != CommandLineResult::Action::Run) {
    FILE* out = command.action == CommandLineResult::Action::Error ? stderr : stdout;
    std::fprintf(out, "%s\n", qPrintable(command.text));
    return command.action == CommandLineResult::Action::Error ? 2 : 0;
  }

  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Tessera"));
  QApplication::setApplicationName(QStringLiteral("Tessera"));
  QApplication::setApplicationVersion(QStringLiteral(TESSERA_VERSION));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tessera.svg")));

  // The edge: the environment is read here, once, and passed on as values.
  const tessera::CudaEnvironment cuda = tessera::read_cuda_environment([](const char* name) { return std::getenv(name); });
  MainWindow window(makeTesseraEngineSession({}, cuda),
                    makeDefaultDeviceSource(qEnvironmentVariable("TESSERA_GUI_FAKE_GPUS"), cuda));
#if TESSERA_HAS_DOWNLOAD
  // The hub's address, token and proxies (HF_ENDPOINT, HF_TOKEN, https_proxy, ...) and the models
  // folder (XDG_DATA_HOME, HOME), as tessera-cli pull reads them.
  window.downloadView()->setEnvironment(tessera::gui::readDownloadEnvironment(
      [](std::string_view name) -> std::optional<std::string> {
        const char* value = std::getenv(std::string(name).c_str());
        return value ? std::optional<std::string>(value) : std::nullopt;
      }));
#endif
  window.show();
  AppSettings settings;
  window.openStartupModel(chooseStartupModel(command.model, settings.lastModel(), settings.hasStartedBefore(),
                                             findDefaultModel()));
  return app.exec();
}

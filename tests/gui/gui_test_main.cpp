// main() for the GUI suites: an offscreen QApplication and throw-away settings.
#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "gui_test_support.h"

int main(int argc, char** argv) {
  // The offscreen platform's screen is 800x800 unless told otherwise: the suites run on a 1920x1080
  // desktop's (windows open at the size they get there; the laptop layouts are tested at their own
  // sizes). The platform reads the file while QApplication starts.
  QTemporaryDir platform_dir;
  const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
  if (platform.isEmpty() || platform == "offscreen") {
    const QString config = platform_dir.filePath(QStringLiteral("screen.json"));
    QFile file(config);
    if (file.open(QIODevice::WriteOnly)) {
      file.write(R"({"screens": [{"name": "desktop", "x": 0, "y": 0, "width": 1920, "height": 1080,
                     "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1.0}]})");
      file.close();
      qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    } else {
      qputenv("QT_QPA_PLATFORM", "offscreen");
    }
  }
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Tessera"));
  QApplication::setApplicationName(QStringLiteral("Tessera"));
  testing::InitGoogleTest(&argc, argv);
  QTemporaryDir settings_dir;
  tessera::gui::test::setSettingsRoot(settings_dir.path());
  return RUN_ALL_TESTS();
}

// main() for the GUI suites: an offscreen QApplication and throw-away settings.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "gui_test_support.h"

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Tessera"));
  QApplication::setApplicationName(QStringLiteral("Tessera"));
  testing::InitGoogleTest(&argc, argv);
  QTemporaryDir settings_dir;
  tessera::gui::test::setSettingsRoot(settings_dir.path());
  return RUN_ALL_TESTS();
}

#include "startup.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace tessera::gui {

StartupModel chooseStartupModel(const QString& command_line_model, const QString& last_model,
                                bool started_before, const QString& default_model) {
  // A model named on the command line is opened even when missing: the window then says why.
  if (!command_line_model.isEmpty()) return {StartupModel::Reason::CommandLine, command_line_model};
  if (!last_model.isEmpty() && QFileInfo::exists(last_model)) return {StartupModel::Reason::LastModel, last_model};
  if (!started_before && !default_model.isEmpty()) return {StartupModel::Reason::DefaultModel, default_model};
  return {};
}

QString findDefaultModel() {
  const QString file = QStringLiteral("tessera-tiny.gguf");
  QStringList dirs;
  if (QCoreApplication::instance() != nullptr)
    dirs << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../" TESSERA_INSTALL_DATA_SUBDIR));
  dirs << QStringLiteral(TESSERA_INSTALL_MODELS_DIR) << QStringLiteral(TESSERA_SOURCE_MODELS_DIR);
  for (const QString& dir : dirs) {
    const QString candidate = QDir::cleanPath(QDir(dir).filePath(file));
    if (QFileInfo(candidate).isFile()) return candidate;
  }
  return {};
}

}  // namespace tessera::gui

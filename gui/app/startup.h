// Which model the app opens when it starts: the one named on the command line, else the last one
// the user loaded (if the file is still there), else, on the very first start, the small default
// model shipped with Tessera (if installed). Otherwise none: the window invites the user to open one.
#pragma once

#include <QString>

namespace tessera::gui {

struct StartupModel {
  enum class Reason { None, CommandLine, LastModel, DefaultModel };
  Reason reason = Reason::None;
  QString path;
};

StartupModel chooseStartupModel(const QString& command_line_model, const QString& last_model,
                                bool started_before, const QString& default_model);

// The bundled resources/models/tessera-tiny.gguf: looked for next to the executable's install
// prefix (<prefix>/share/tessera/models), in the configured install prefix, then in the source
// tree this build came from. Empty when none exists.
QString findDefaultModel();

}  // namespace tessera::gui

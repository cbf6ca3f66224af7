// Command line of the desktop app: `tessera [--model FILE] [FILE]`, `--version`, `--help`.
// Parsing is separate from acting so main() can answer --version before any window system is
// needed, and so the tests can check it.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tessera::gui {

struct CommandLineResult {
  enum class Action { Run, ShowVersion, ShowHelp, Error };
  Action action = Action::Run;
  QString model;  // --model FILE or the positional FILE; empty when neither was given
  QString text;   // what to print for ShowVersion / ShowHelp / Error
};

class CommandLine {
  Q_DECLARE_TR_FUNCTIONS(CommandLine)

 public:
  // `arguments` includes the program name first, as QCoreApplication::arguments() does.
  static CommandLineResult parse(const QStringList& arguments);
};

}  // namespace tessera::gui

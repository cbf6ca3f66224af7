#include "command_line.h"

#include <QCommandLineParser>

namespace tessera::gui {

CommandLineResult CommandLine::parse(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(tr("Tessera runs GGUF language models on your GPUs and lets you chat with them."));
  const QCommandLineOption help = parser.addHelpOption();
  const QCommandLineOption version = parser.addVersionOption();
  const QCommandLineOption model(QStringList{QStringLiteral("m"), QStringLiteral("model")},
                                 tr("Open and load the GGUF model FILE."), tr("FILE"));
  parser.addOption(model);
  parser.addPositionalArgument(tr("FILE"), tr("A GGUF model to open (same as --model)."), tr("[FILE]"));

  CommandLineResult result;
  if (!parser.parse(arguments)) {
    result.action = CommandLineResult::Action::Error;
    result.text = parser.errorText();
    return result;
  }
  if (parser.isSet(help)) {
    result.action = CommandLineResult::Action::ShowHelp;
    result.text = parser.helpText();
    // Without a QCoreApplication yet, Qt cannot know the program name.
    result.text.replace(QStringLiteral("<executable_name>"), QStringLiteral("tessera"));
    return result;
  }
  if (parser.isSet(version)) {
    result.action = CommandLineResult::Action::ShowVersion;
    result.text = QStringLiteral("tessera %1").arg(QStringLiteral(TESSERA_VERSION));
    return result;
  }
  const QStringList positional = parser.positionalArguments();
  if (positional.size() > 1 || (parser.isSet(model) && !positional.isEmpty())) {
    result.action = CommandLineResult::Action::Error;
    result.text = tr("Give one model file, either with --model or as the only argument.");
    return result;
  }
  result.model = parser.isSet(model) ? parser.value(model) : positional.value(0);
  return result;
}

}  // namespace tessera::gui

// What to tell the user about an engine error: a short title, the engine's own message (which
// names the file/field/device/bytes), and what they can do about it.
#pragma once

#include <QCoreApplication>
#include <QString>

#include "engine_types.h"

namespace tessera::gui {

struct ErrorText {
  QString title;
  QString detail;
  QString advice;
};

class ErrorTexts {
  Q_DECLARE_TR_FUNCTIONS(ErrorTexts)

 public:
  // `kept`: the model still loaded after the failure (a refused file does not replace it); empty:
  // none is.
  static ErrorText forLoad(const EngineError& error, const QString& path, const QString& kept = {});
  static ErrorText forGeneration(const EngineError& error);
  // The last reply used up the context of `context` tokens (it was cut off).
  static ErrorText forContextFull(int context);
  // Whether `error` says the conversation no longer fits the context (the engine's "prompt of N
  // tokens does not fit the context of M").
  static bool isContextOverflow(const EngineError& error);
  static ErrorText forPreview(const EngineError& error, const QString& path);
};

}  // namespace tessera::gui

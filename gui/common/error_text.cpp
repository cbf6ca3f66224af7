#include "error_text.h"

#include <QFileInfo>
#include <QLocale>

namespace tessera::gui {
namespace {

QString adviceFor(EngineErrorKind kind) {
  switch (kind) {
    case EngineErrorKind::BadFile:
      return ErrorTexts::tr("The file is damaged or is not a GGUF model. Download it again or open another file.");
    case EngineErrorKind::Unsupported:
      return ErrorTexts::tr("Tessera cannot run this model yet. Choose a model with a supported architecture and tensor types (for example a llama, mistral or qwen2 model in F16, Q8_0, Q4_K or Q6_K).");
    case EngineErrorKind::OutOfMemory:
      return ErrorTexts::tr("Choose a smaller context length, a more strongly quantized model, or spread the model over more GPUs.");
    case EngineErrorKind::Device:
      return ErrorTexts::tr("Check that the NVIDIA driver is working (nvidia-smi), then try again.");
    case EngineErrorKind::Cancelled:
      return ErrorTexts::tr("Nothing was loaded. Press Load to start again.");
    case EngineErrorKind::Io:
      return ErrorTexts::tr("Check that the file exists and that you may read it.");
    case EngineErrorKind::InvalidArgument:
    case EngineErrorKind::None:
      return ErrorTexts::tr("Check the settings and try again.");
  }
  return {};
}

}  // namespace

ErrorText ErrorTexts::forLoad(const EngineError& error, const QString& path, const QString& kept) {
  const QString file = QFileInfo(path).fileName();
  ErrorText text;
  switch (error.kind) {
    case EngineErrorKind::Cancelled: text.title = tr("Loading %1 was cancelled").arg(file); break;
    case EngineErrorKind::OutOfMemory: text.title = tr("%1 does not fit in memory").arg(file); break;
    case EngineErrorKind::Unsupported: text.title = tr("%1 is not supported").arg(file); break;
    case EngineErrorKind::BadFile: text.title = tr("%1 is not a valid model file").arg(file); break;
    default: text.title = tr("Could not load %1").arg(file); break;
  }
  text.detail = error.message;
  text.advice = adviceFor(error.kind);
  if (!kept.isEmpty())
    //: After a failed load: %1 is the model that was loaded before and still is; %2 the advice.
    text.advice = tr("%1 is still loaded: the chat goes on with it. %2").arg(kept, text.advice);
  return text;
}

namespace {

QString contextAdvice() {
  //: "Truncate middle", "Rolling window" and "New Conversation" are the chat's choices and button, "Context" the model panel's field: use their translations.
  return ErrorTexts::tr("Let the conversation go on: choose Truncate middle or Rolling window beside the context meter, and the model forgets older messages. Or start a new conversation (New Conversation), or load the model with a larger context (Context in the model panel, then Load).");
}

}  // namespace

bool ErrorTexts::isContextOverflow(const EngineError& error) {
  return error.kind == EngineErrorKind::InvalidArgument && error.message.contains(QLatin1String("does not fit the context"));
}

ErrorText ErrorTexts::forContextFull(int context) {
  ErrorText text;
  text.title = tr("The conversation fills the model's context");
  text.detail = tr("The last reply was cut off: all %1 tokens of the context are used, so nothing more fits.")
                    .arg(QLocale().toString(context));
  text.advice = contextAdvice();
  return text;
}

ErrorText ErrorTexts::forGeneration(const EngineError& error) {
  if (isContextOverflow(error)) {
    ErrorText text;
    text.title = tr("The conversation no longer fits the model's context");
    text.detail = error.message;
    text.advice = contextAdvice();
    return text;
  }
  ErrorText text;
  text.title = error.kind == EngineErrorKind::OutOfMemory ? tr("The reply ran out of memory")
                                                          : tr("The reply could not be generated");
  text.detail = error.message;
  text.advice = error.kind == EngineErrorKind::OutOfMemory
                    ? tr("Start a new conversation or load the model with a longer context.")
                    : adviceFor(error.kind);
  return text;
}

ErrorText ErrorTexts::forPreview(const EngineError& error, const QString& path) {
  ErrorText text;
  text.title = tr("Cannot open %1").arg(QFileInfo(path).fileName());
  text.detail = error.message;
  text.advice = adviceFor(error.kind);
  return text;
}

}  // namespace tessera::gui

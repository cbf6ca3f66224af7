#include "display_format.h"

#include <QLocale>

namespace tessera::gui {

QString DisplayFormat::bytes(quint64 bytes) {
  return QLocale().formattedDataSize(static_cast<qint64>(bytes), 2, QLocale::DataSizeIecFormat);
}

QString DisplayFormat::parameterCount(quint64 n) {
  const QLocale locale;
  //: A parameter count in billions ("7.24 B"), as model sizes are usually written.
  if (n >= 1'000'000'000ull) return tr("%1 B").arg(locale.toString(n / 1e9, 'f', 2));
  //: A parameter count in millions ("3.7 M").
  if (n >= 1'000'000ull) return tr("%1 M").arg(locale.toString(n / 1e6, 'f', 1));
  //: A parameter count in thousands ("260.0 K").
  if (n >= 1'000ull) return tr("%1 K").arg(locale.toString(n / 1e3, 'f', 1));
  return locale.toString(n);
}

QString DisplayFormat::tokens(int count) { return QLocale().toString(count); }

QString DisplayFormat::timings(const GenerationTimings& t) {
  const QLocale locale;
  // "tok" rather than "token(s)": reads right for any count without plural forms.
  const QString prompt = tr("Prompt: %1 tok at %2 tok/s")
                             .arg(locale.toString(t.prompt_tokens), locale.toString(t.prompt_tokens_per_second(), 'f', 1));
  const QString generation = tr("Generation: %1 tok at %2 tok/s")
                                 .arg(locale.toString(t.generated_tokens),
                                      locale.toString(t.generation_tokens_per_second(), 'f', 1));
  const QString first = tr("First token: %1 s").arg(locale.toString(t.time_to_first_token, 'f', 2));
  //: The three timing figures shown under a reply, separated.
  return tr("%1 · %2 · %3").arg(prompt, generation, first);
}

}  // namespace tessera::gui

#include "display_format.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

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

QString DisplayFormat::duration(double seconds) {
  const QLocale locale;
  const auto whole = static_cast<qint64>(std::max(0.0, seconds) + 0.5);
  //: A duration under a minute ("12 s").
  if (whole < 60) return tr("%1 s").arg(locale.toString(whole));
  //: A duration in minutes and seconds ("3 min 5 s").
  return tr("%1 min %2 s").arg(locale.toString(whole / 60), locale.toString(whole % 60));
}

QString DisplayFormat::backend(const QString& description) {
  static const QRegularExpression cpu(
      QStringLiteral(R"(^cpu \((\d+) threads?, (\w+) KV cache, context (\d+)\)$)"));
  const QRegularExpressionMatch m = cpu.match(description);
  if (!m.hasMatch()) return description;
  const QLocale locale;
  //: The CPU backend: threads, the KV cache's number type ("F16"), the context in tokens.
  return tr("the CPU (%1 threads, %2 KV cache, context %3)")
      .arg(locale.toString(m.captured(1).toInt()), m.captured(2), locale.toString(m.captured(3).toInt()));
}

QString DisplayFormat::timings(const ReplyStats& s, bool whole_figures) {
  const QLocale locale;
  const tessera::GenerationTimings& t = s.timings;
  const int read = s.promptEvaluated();
  // "tok" rather than "token(s)": reads right for any count without plural forms.
  QString prompt;
  if (!s.prompt_known || (read <= 0 && t.prompt_tokens_reused <= 0)) {
    //: A figure under a reply that is not known or did not happen.
    prompt = tr("Prompt: —");
  } else if (t.prompt_tokens_per_s <= 0.0) {
    // Counted but not timed (a server reports its prompt's tokens, not how long it read them).
    //: Prompt tokens without a rate (nobody measured how long they took).
    prompt = tr("Prompt: %1 tok").arg(locale.toString(read));
  } else {
    prompt = tr("Prompt: %1 tok at %2 tok/s").arg(locale.toString(read), locale.toString(t.prompt_tokens_per_s, 'f', 1));
    if (t.prompt_tokens_reused > 0)
      //: After "Prompt: 12 tok at 950.3 tok/s": prompt tokens reused from the cache, not read again.
      prompt = tr("%1, %2 tok cached").arg(prompt, locale.toString(t.prompt_tokens_reused));
  }
  QString generation;
  if (t.generated_tokens <= 0)
    generation = tr("Generation: —");
  else if (t.generation_tokens_per_s > 0.0)
    generation = tr("Generation: %1 tok at %2 tok/s")
                     .arg(locale.toString(t.generated_tokens), locale.toString(t.generation_tokens_per_s, 'f', 1));
  else
    //: A reply of a single token: no rate (it is measured between tokens).
    generation = tr("Generation: %1 tok").arg(locale.toString(t.generated_tokens));
  if (t.reasoning_tokens > 0)
    //: After "Generation: 120 tok at 45.0 tok/s": how many of those tokens the model spent thinking.
    generation = tr("%1 (%2 thinking)").arg(generation, locale.toString(t.reasoning_tokens));
  QString first = t.generated_tokens > 0
                      ? tr("First token: %1 s").arg(locale.toString(t.time_to_first_token_ms / 1000.0, 'f', 2))
                      : tr("First token: —");
  if (whole_figures)
    for (QString* figure : {&prompt, &generation, &first}) figure->replace(QLatin1Char(' '), QChar::Nbsp);
  //: The three timing figures shown under a reply, separated.
  QString line = tr("%1 · %2 · %3").arg(prompt, generation, first);
  // The overflow policy at work: the model no longer saw all of the conversation.
  if (t.context_shifts > 0)
    //: Under a reply that went on past a full context: %1 = how often, %2 = tokens forgotten.
    line += QLatin1Char('\n') + tr("Continued past a full context (%1×, %2 earlier tok forgotten)")
                                    .arg(locale.toString(t.context_shifts), locale.toString(t.overflow_tokens_dropped));
  else if (s.messages_dropped > 0)
    //: Under a reply: the context overflow policy left earlier messages out of what the model saw.
    line += QLatin1Char('\n') + tr("Earlier messages left out to fit the context (%1 messages, %2 tok)")
                                    .arg(locale.toString(s.messages_dropped), locale.toString(t.overflow_tokens_dropped));
  else if (t.overflow_tokens_dropped > 0)
    //: Under a reply: the overflow policy cut tokens out of the middle of the conversation (no whole message).
    line += QLatin1Char('\n') + tr("Part of the conversation left out to fit the context (%1 tok)")
                                    .arg(locale.toString(t.overflow_tokens_dropped));
  return line;
}

}  // namespace tessera::gui

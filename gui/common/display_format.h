// Human-readable numbers for the windows: sizes, parameter counts, speeds, timings.
#pragma once

#include <QCoreApplication>
#include <QString>

#include "engine_types.h"

namespace tessera::gui {

class DisplayFormat {
  Q_DECLARE_TR_FUNCTIONS(DisplayFormat)

 public:
  static QString bytes(quint64 bytes);                 // "4.37 GiB"
  static QString parameterCount(quint64 parameters);   // "260.0 K", "7.24 B"
  static QString tokens(int count);                    // "4,096"
  static QString duration(double seconds);             // "12 s", "3 min 5 s"
  // The engine's backend description in the interface language: the CPU backend's
  // "cpu (2 threads, F16 KV cache, context 512)" is re-worded; others are shown as the engine
  // wrote them (device names, split modes).
  static QString backend(const QString& description);
  // "Prompt: 12 tok at 950.3 tok/s, 140 tok cached · Generation: 128 tok at 87.2 tok/s · First
  // token: 0.04 s": what the engine did (the prompt tokens it read, those it reused from the
  // cache), "—" for what did not happen (no token before a stop) or is not known (a server's
  // prompt).
  // `whole_figures`: each figure's spaces are non-breaking, so a wrapped line breaks between the
  // figures, never inside one ("First token: 0.02" at the end of a line and "s" on the next).
  static QString timings(const ReplyStats& stats, bool whole_figures = false);
};

}  // namespace tessera::gui

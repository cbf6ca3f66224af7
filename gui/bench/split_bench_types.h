// Value types of the A/B split benchmark as they cross between the GUI thread and the engine
// worker (queued signals): what to measure, what one measurement gave, and one split's outcome.
#pragma once

#include <QMetaType>
#include <QString>

#include "engine_types.h"
#include "split_choice.h"

namespace tessera::gui {

// A short pp/tg benchmark (engine/bench.h): one prompt of prompt_tokens, one generation of
// generated_tokens, each after a warm-up, `repetitions` times. The session shortens the tests to
// the loaded model's context and batch.
struct BenchSettings {
  int prompt_tokens = 256;
  int generated_tokens = 64;
  int repetitions = 2;
};

// What the session measured: tokens per second (mean and standard deviation over the repetitions)
// of the tests as it ran them.
struct BenchFigures {
  int prompt_tokens = 0;
  double prompt_tokens_per_second = 0.0;
  double prompt_stddev = 0.0;
  int generated_tokens = 0;
  double generation_tokens_per_second = 0.0;
  double generation_stddev = 0.0;
  QString backend;  // the loaded model's backend ("CUDA (2 GPUs)", "CPU")
};

// One split of the A/B benchmark: its place in the list, the split, and the figures or why there
// are none (it did not load: out of memory; it was cancelled).
struct SplitBenchResult {
  int index = 0;
  SplitChoice choice;
  BenchFigures figures;
  EngineError error;  // kind None: measured
  bool measured() const { return error.kind == EngineErrorKind::None; }
};

// Registers the types above for queued connections. Idempotent.
void registerSplitBenchMetaTypes();

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::BenchSettings)
Q_DECLARE_METATYPE(tessera::gui::BenchFigures)
Q_DECLARE_METATYPE(tessera::gui::SplitBenchResult)

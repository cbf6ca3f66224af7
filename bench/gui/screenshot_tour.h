// The screenshot tour: drives a MainWindow through the app's split workflow, unattended, and saves
// one picture per step, for docs/screenshots and for the real-GPU run (tools/gpu/app_run.sh):
//
//   01-gpus.png              the "GPUs" tab once the GPU list shows live memory (two polls seen)
//   02-split-before.png      the same tab after the model loaded with the default split
//   03-split-after.png       after the shares changed (GPU 0 takes 70 %) and Apply reloaded it
//   04-throughput-during.png the chat and the throughput plot half-way through the reply
//   05-throughput-after.png  the same when the reply is done
//   06-memory.png            the performance dock's memory plot
//   07-ab-benchmark.png      the "Split Benchmark" tab after the A/B run of 2-3 splits
//   tour.txt                 what was run on what: GPUs, model, reply and benchmark figures
//
// It works through the same public slots and signals the UI uses (openModel, the editor's spin
// boxes and Apply button, ChatController::send, the benchmark view's Run button) and waits on the
// signals that say a step is done, each with a timeout; it never sleeps a fixed time. Whatever
// backend and GPU list the window was given are used: the CPU backend with fake GPUs here, CUDA
// with virtual devices on the GPU machine. It needs at least two GPUs in the list (the split steps
// change the shares between GPU 0 and GPU 1).
//
// GUI thread only; run() spins nested event loops until the tour ends.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

#include "split_bench_types.h"

namespace tessera::gui {

class MainWindow;

struct TourOptions {
  QString out_dir;             // created when missing; the pictures and tour.txt go here
  QString model;               // the GGUF file to load
  int reply_tokens = 500;      // the reply's length (max_tokens; it may end earlier at end-of-text)
  QString prompt = QStringLiteral("Once upon a time, in a data centre far away,");
  BenchSettings bench{256, 64, 2};
  int max_bench_splits = 3;    // 2-3 splits: the loaded one and the benchmark view's suggestions
  int step_timeout_ms = 300000;
  QSize window_size{1366, 768};  // a laptop's screen
};

struct TourResult {
  bool ok = false;
  QString failed_step;  // the step's name ("gpus", "load", "apply", "generate", "memory", "benchmark", "save")
  QString message;      // what went wrong, for a person
  QStringList pictures; // the files written, in order
};

class ScreenshotTour {
 public:
  ScreenshotTour(MainWindow* window, TourOptions options);

  // Each step's start and outcome, one line each (default: none).
  void setLog(std::function<void(const QString&)> log) { log_ = std::move(log); }

  TourResult run();

  // "gpus", "load", ... in the order run() takes them.
  static QStringList stepNames();

 private:
  struct Failure {
    QString message;
  };
  // Each step returns an empty optional when it worked.
  using Outcome = std::optional<Failure>;
  Outcome showGpus();
  Outcome loadModel();
  Outcome applySplit();
  Outcome generate();
  Outcome showMemory();
  Outcome benchmark();
  Outcome save(const QString& name);
  bool writeSummary();

  MainWindow* window_;
  TourOptions options_;
  std::function<void(const QString&)> log_;
  TourResult result_;
  QStringList summary_;  // tour.txt's lines
};

}  // namespace tessera::gui

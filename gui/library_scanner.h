// LibraryScanner: finds and reads the model library's files on a pool thread (QtConcurrent), and
// hands the entries to the GUI thread as they are read, so a folder of hundreds of models fills the
// list progressively and the window never waits.
//
// start() cancels a scan in progress (its remaining results are dropped) and begins a new one; the
// destructor cancels and waits, so a closed window never leaves a scan behind. The worker only
// touches the values it was given.
//
// GUI thread only.
#pragma once

#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

#include "model_library_entry.h"

namespace tessera::gui {

class LibraryScanner : public QObject {
  Q_OBJECT

 public:
  explicit LibraryScanner(QObject* parent = nullptr);
  ~LibraryScanner() override;

  void setLimits(const LibraryScanLimits& limits) { limits_ = limits; }
  const LibraryScanLimits& limits() const { return limits_; }

  // Every .gguf under `folders` (see findModelFiles), then `files` not found there (recent models
  // kept elsewhere; ones that no longer exist are skipped).
  void start(const QStringList& folders, const QStringList& files = {});
  void cancel();
  bool isScanning() const { return watcher_.isRunning(); }
  // The last completed scan stopped at one of the limits.
  bool truncated() const { return truncated_; }
  // Of the scan in progress: files to read (known once the folders were walked) and files read.
  int filesToRead() const { return watcher_.progressMaximum(); }
  int filesRead() const { return watcher_.progressValue(); }

 signals:
  void started();
  void entriesFound(const QList<tessera::gui::LibraryEntry>& entries);
  void progressChanged(int read, int total);
  // After every scan; `completed` is false when it was cancelled (then the list is partial).
  void finished(bool completed);

 private:
  void onResults(int begin, int end);
  void onFinished();

  LibraryScanLimits limits_;
  QFutureWatcher<LibraryEntry> watcher_;
  std::shared_ptr<std::atomic<bool>> scan_truncated_;  // written by the worker of the current scan
  bool truncated_ = false;
};

}  // namespace tessera::gui

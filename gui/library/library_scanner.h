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
#include <functional>
#include <memory>

#include "model_library_entry.h"

namespace tessera::gui {

class LibraryScanner : public QObject {
  Q_OBJECT

 public:
  explicit LibraryScanner(QObject* parent = nullptr);
  ~LibraryScanner() override;

  void setLimits(const LibraryScanLimits& limits) { limits_ = limits; }
  // What reads one file on the pool thread (readLibraryEntry; tests hold it back to show the GUI
  // thread runs meanwhile). Called from the pool thread only; it must not touch GUI objects.
  using Reader = std::function<LibraryEntry(const QString& path)>;
  void setReader(Reader reader) { reader_ = std::move(reader); }
  const LibraryScanLimits& limits() const { return limits_; }

  // Every .gguf under `folders` (see findModelFiles), then `files` not found there (recent models
  // kept elsewhere; ones that no longer exist are skipped).
  void start(const QStringList& folders, const QStringList& files = {});
  void cancel();
  // From start() until finished() was emitted (on this thread).
  bool isScanning() const { return scanning_; }
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
  Reader reader_ = readLibraryEntry;
  bool scanning_ = false;
  QFutureWatcher<LibraryEntry> watcher_;
  std::shared_ptr<std::atomic<bool>> scan_truncated_;  // written by the worker of the current scan
  bool truncated_ = false;
};

}  // namespace tessera::gui

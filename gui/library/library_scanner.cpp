#include "library_scanner.h"

#include <QDir>
#include <QFileInfo>
#include <QPromise>
#include <QSet>
#include <QtConcurrent/QtConcurrentRun>

namespace tessera::gui {
namespace {

void scanLibrary(QPromise<LibraryEntry>& promise, const QStringList& folders, const QStringList& files,
                 const LibraryScanLimits& limits, const LibraryScanner::Reader& read,
                 const std::shared_ptr<std::atomic<bool>>& truncated) {
  FoundFiles found = findModelFiles(folders, limits, [&promise] { return promise.isCanceled(); });
  truncated->store(found.truncated);
  QSet<QString> seen(found.paths.cbegin(), found.paths.cend());
  for (const QString& file : files) {
    const QString path = libraryPath(file);
    if (QFileInfo(path).isFile() && !seen.contains(path)) {
      seen.insert(path);
      found.paths.append(path);
    }
  }
  promise.setProgressRange(0, static_cast<int>(found.paths.size()));
  for (qsizetype i = 0; i < found.paths.size(); ++i) {
    if (promise.isCanceled()) return;
    promise.addResult(read(found.paths.at(i)));
    promise.setProgressValue(static_cast<int>(i + 1));
  }
}

}  // namespace

LibraryScanner::LibraryScanner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<LibraryEntry>();
  connect(&watcher_, &QFutureWatcher<LibraryEntry>::resultsReadyAt, this, &LibraryScanner::onResults);
  connect(&watcher_, &QFutureWatcher<LibraryEntry>::finished, this, &LibraryScanner::onFinished);
  connect(&watcher_, &QFutureWatcher<LibraryEntry>::progressValueChanged, this,
          [this](int read) { emit progressChanged(read, watcher_.progressMaximum()); });
}

LibraryScanner::~LibraryScanner() {
  watcher_.disconnect(this);
  watcher_.cancel();
  watcher_.waitForFinished();
}

void LibraryScanner::start(const QStringList& folders, const QStringList& files) {
  cancel();
  scan_truncated_ = std::make_shared<std::atomic<bool>>(false);
  // The old scan's future is replaced: its queued results and its finished signal are dropped.
  watcher_.setFuture(QtConcurrent::run(scanLibrary, folders, files, limits_, reader_, scan_truncated_));
  scanning_ = true;
  emit started();
}

void LibraryScanner::cancel() {
  if (watcher_.isRunning()) watcher_.cancel();
}

void LibraryScanner::onResults(int begin, int end) {
  QList<LibraryEntry> entries;
  entries.reserve(end - begin);
  const QFuture<LibraryEntry> future = watcher_.future();
  for (int i = begin; i < end; ++i) entries.append(future.resultAt(i));
  emit entriesFound(entries);
}

void LibraryScanner::onFinished() {
  scanning_ = false;
  const bool completed = !watcher_.isCanceled();
  if (completed) truncated_ = scan_truncated_ && scan_truncated_->load();
  emit finished(completed);
}

}  // namespace tessera::gui

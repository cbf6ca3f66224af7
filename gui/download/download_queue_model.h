// The Download view's queue: the jobs of a download::DownloadQueue (one after another on the
// queue's own thread), one row per job with per-file progress, speed and time left, and pause,
// resume and cancel by row.
//
// The queue's listener runs on the queue's thread; it posts each Job (a copy) to this object, so
// every row changes on the GUI thread. A cancelled job leaves the list (its partial files are
// removed by the queue); a paused one stays, its .part files kept. Destroying the model destroys
// the queue, which pauses the running job: quitting mid-download keeps the .part files, and the
// same file queued again (in this run or the next) resumes from them.
//
// The hub settings are taken when the queue is made (the first download); new settings apply once
// no job is queued, running or paused.
//
// GUI thread only.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

#include "download/download_queue.h"

namespace tessera::gui {

class DownloadQueueModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using Job = tessera::download::DownloadQueue::Job;
  using JobState = tessera::download::DownloadQueue::JobState;
  enum Column { Model, State, Progress, Speed, TimeLeft, ColumnCount };

  explicit DownloadQueueModel(QObject* parent = nullptr);
  ~DownloadQueueModel() override;

  void setHubSettings(const tessera::download::HubSettings& settings);
  // Tests shorten the progress interval and the retry waits.
  void setOptions(const tessera::download::DownloadOptions& options) { options_ = options; }

  // Queues a download; its row appears at once (Queued).
  void add(const tessera::download::DownloadRequest& request);
  void pause(int row);
  void resume(int row);
  void cancel(int row);

  const Job& job(int row) const { return rows_.at(row).job; }
  // Whether any job is queued, running or paused.
  bool hasUnfinished() const;
  // The row with a job for `repo` whose files include `name`, -1 when none.
  int rowOf(const QString& repo, const QString& name) const;

  // The state, the file in progress and its bytes: "Downloading: x.gguf, 1.2 MiB of 4.0 MiB (30%)".
  QString progressText(int row) const;
  static QString stateText(JobState state);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 signals:
  // Every change of a job's state (after the row changed).
  void jobChanged(const tessera::download::DownloadQueue::Job& job);
  // A job's files are all in place (paths in the request's order) / it failed (`message` names the
  // URL or file and the reason).
  void jobDone(const QStringList& paths);
  void jobFailed(const QString& model, const QString& message);

 private:
  struct Row {
    quint64 generation = 0;  // of the queue that runs it
    Job job;
  };
  void onJob(quint64 generation, const Job& job);
  int rowOfJob(quint64 generation, tessera::download::DownloadQueue::JobId id) const;
  tessera::download::DownloadQueue& queue();

  tessera::download::HubSettings settings_;
  bool settings_changed_ = false;
  tessera::download::DownloadOptions options_;
  std::unique_ptr<tessera::download::DownloadQueue> queue_;
  quint64 generation_ = 0;
  std::vector<Row> rows_;
};

}  // namespace tessera::gui

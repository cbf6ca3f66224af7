#include "download_queue_model.h"

#include <QMetaObject>

#include "display_format.h"

namespace tessera::gui {

using namespace tessera::download;

DownloadQueueModel::DownloadQueueModel(QObject* parent) : QAbstractTableModel(parent) {}

DownloadQueueModel::~DownloadQueueModel() {
  // First, while this object is whole: the queue pauses its running job (the .part stays) and ends
  // its thread; jobs it posts meanwhile are dropped with this object.
  queue_.reset();
}

void DownloadQueueModel::setHubSettings(const HubSettings& settings) {
  settings_ = settings;
  settings_changed_ = queue_ != nullptr;
}

DownloadQueue& DownloadQueueModel::queue() {
  if (queue_ && settings_changed_ && !hasUnfinished()) queue_.reset();
  if (!queue_) {
    settings_changed_ = false;
    const quint64 generation = ++generation_;
    queue_ = std::make_unique<DownloadQueue>(settings_, options_, [this, generation](const Job& job) {
      // The queue's thread: the row changes on the GUI thread.
      QMetaObject::invokeMethod(this, [this, generation, job] { onJob(generation, job); }, Qt::QueuedConnection);
    });
  }
  return *queue_;
}

void DownloadQueueModel::add(const DownloadRequest& request) {
  DownloadQueue& q = queue();
  Row row;
  row.generation = generation_;
  row.job.request = request;
  row.job.id = q.add(request);
  for (const RepoFile& f : request.files) row.job.progress.files.push_back(FileProgress{f.name(), 0, f.size});
  for (const RepoFile& f : request.files) row.job.progress.total += f.size;
  const int at = rowCount();
  beginInsertRows({}, at, at);
  rows_.push_back(std::move(row));
  endInsertRows();
}

void DownloadQueueModel::pause(int row) {
  if (row < 0 || row >= rowCount() || !queue_ || rows_[row].generation != generation_) return;
  queue_->pause(rows_[row].job.id);
}

void DownloadQueueModel::resume(int row) {
  if (row < 0 || row >= rowCount() || !queue_ || rows_[row].generation != generation_) return;
  queue_->resume(rows_[row].job.id);
}

void DownloadQueueModel::cancel(int row) {
  if (row < 0 || row >= rowCount()) return;
  const JobState state = rows_[row].job.state;
  if (state == JobState::Done) return;  // a finished model is the Library's now
  if (queue_ && rows_[row].generation == generation_) queue_->cancel(rows_[row].job.id);
  beginRemoveRows({}, row, row);
  rows_.erase(rows_.begin() + row);
  endRemoveRows();
}

bool DownloadQueueModel::hasUnfinished() const {
  for (const Row& r : rows_) {
    const JobState s = r.job.state;
    if (s == JobState::Queued || s == JobState::Running || s == JobState::Paused) return true;
  }
  return false;
}

int DownloadQueueModel::rowOf(const QString& repo, const QString& name) const {
  for (size_t i = 0; i < rows_.size(); ++i) {
    const DownloadRequest& r = rows_[i].job.request;
    if (QString::fromStdString(r.repo) != repo) continue;
    for (const RepoFile& f : r.files)
      if (QString::fromStdString(f.name()) == name) return static_cast<int>(i);
  }
  return -1;
}

int DownloadQueueModel::rowOfJob(quint64 generation, DownloadQueue::JobId id) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].generation == generation && rows_[i].job.id == id) return static_cast<int>(i);
  return -1;
}

void DownloadQueueModel::onJob(quint64 generation, const Job& job) {
  const int row = rowOfJob(generation, job.id);
  if (row < 0) return;  // cancelled: its row went already
  const JobState before = rows_[row].job.state;
  rows_[row].job = job;
  emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
  if (job.state == before) return;
  emit jobChanged(job);
  if (job.state == JobState::Done) {
    QStringList paths;
    for (const std::string& p : job.paths) paths << QString::fromStdString(p);
    emit jobDone(paths);
  } else if (job.state == JobState::Failed && job.error) {
    emit jobFailed(QString::fromStdString(job.request.files.front().name()),
                   QString::fromStdString(job.error->message));
  }
}

QString DownloadQueueModel::stateText(JobState state) {
  switch (state) {
    //: States of a download in the Download view's queue.
    case JobState::Queued: return tr("Waiting");
    case JobState::Running: return tr("Downloading");
    case JobState::Paused: return tr("Paused");
    case JobState::Done: return tr("Done");
    case JobState::Failed: return tr("Failed");
    case JobState::Cancelled: return tr("Cancelled");
  }
  return {};
}

QString DownloadQueueModel::progressText(int row) const {
  const Job& job = rows_.at(row).job;
  const DownloadProgress& p = job.progress;
  if (job.state == JobState::Failed && job.error) return QString::fromStdString(job.error->message);
  QString text;
  if (p.current < p.files.size() && p.files.size() > 1) {
    const FileProgress& f = p.files[p.current];
    //: File %1 of %2 of a model in parts: its name, then its bytes received of its size.
    text = tr("Part %1 of %2: %3 of %4, ")
               .arg(p.current + 1)
               .arg(p.files.size())
               .arg(DisplayFormat::bytes(f.done), DisplayFormat::bytes(f.size));
  }
  const int percent = p.total ? static_cast<int>(p.done * 100 / p.total) : 0;
  //: Bytes received of the model's size, and the percentage.
  text += tr("%1 of %2 (%3%)").arg(DisplayFormat::bytes(p.done), DisplayFormat::bytes(p.total)).arg(percent);
  return text;
}

int DownloadQueueModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int DownloadQueueModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant DownloadQueueModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Job& job = rows_[index.row()].job;
  if (role == Qt::ToolTipRole && index.column() == Progress) return progressText(index.row());
  if (role != Qt::DisplayRole) return {};
  const bool running = job.state == JobState::Running;
  switch (index.column()) {
    case Model: {
      const QString name = QString::fromStdString(job.request.files.front().name());
      return QStringLiteral("%1 (%2)").arg(name, QString::fromStdString(job.request.repo));
    }
    case State: {
      if (running && !job.progress.note.empty()) return QString::fromStdString(job.progress.note);
      return stateText(job.state);
    }
    case Progress: return progressText(index.row());
    case Speed:
      //: Download speed: bytes per second.
      return running && job.progress.bytes_per_second > 0
                 ? tr("%1/s").arg(DisplayFormat::bytes(static_cast<quint64>(job.progress.bytes_per_second)))
                 : QString();
    case TimeLeft:
      return running && job.progress.eta_seconds >= 0 ? DisplayFormat::duration(job.progress.eta_seconds) : QString();
    default: return {};
  }
}

QVariant DownloadQueueModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Model: return tr("Model");
    case State: return tr("State");
    case Progress: return tr("Progress");
    case Speed: return tr("Speed");
    //: Column of the download queue: the time until the download completes.
    case TimeLeft: return tr("Time left");
    default: return {};
  }
}

}  // namespace tessera::gui

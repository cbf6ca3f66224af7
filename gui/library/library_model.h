// The model library's list: one row per .gguf file found (LibraryEntry), with what a person picks a
// model by, and whether it fits on the GPUs with the split the app has now.
//
// "Fits?" comes from the split planner (tessera::plan_for_load) for each usable file, with the GPUs and
// split of a SplitTarget (the GPU workspace's devices and split choice: splitTargetOf) and the
// context a load of that file would get (SplitPreviewModel::contextFor). Rows of files the engine
// cannot open keep their reason (LibraryEntry::reason) and are shown greyed.
//
// LibraryFilterModel sorts by SortRole (numbers sort as numbers) and filters by a search text (every
// word must occur in the name, architecture, quantization or path) and, optionally, to the recent
// models.
//
// GUI thread only.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <vector>

#include "model_library_entry.h"
#include "placement/placement.h"

namespace tessera::gui {

class SplitPreviewModel;

// The GPUs and the split "fits?" is answered for.
struct SplitTarget {
  std::vector<tessera::DeviceDescription> devices;  // empty: no GPU (the column says so)
  tessera::SplitSettings settings;  // mode, ratios, main GPU, KV type; n_ctx and n_batch are per file
};

// The devices (counting the loaded model's memory as free, as the split preview does) and the split
// chosen in the split editor.
SplitTarget splitTargetOf(const SplitPreviewModel& split);

class LibraryModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Name, Architecture, Parameters, Quantization, Size, Context, Fits, Status, ColumnCount };
  enum Role {
    SortRole = Qt::UserRole + 1,  // numbers for the number columns, lower-case text otherwise
    PathRole,                     // the file (every column)
    UsableRole,                   // bool: the engine can open it
    SearchRole,                   // lower-case text the search looks in
    RecentRole,                   // int: place in the recent list (0 = most recent), -1 when not recent
  };
  enum class Fit { NotUsable, NoGpu, Fits, TooLarge, CannotPlan };

  explicit LibraryModel(QObject* parent = nullptr);

  // A scan of all folders begins: rows it does not find again are dropped by endRefresh().
  void beginRefresh();
  // Adds rows, or updates the row of the same path.
  void addEntries(const QList<LibraryEntry>& entries);
  // The scan that began with beginRefresh() completed.
  void endRefresh();
  bool removePath(const QString& path);
  void clear();

  void setSplitTarget(const SplitTarget& target);
  // The interface language changed: headers and texts are asked for again.
  void retranslate();
  // Most recent first (AppSettings::recentFiles).
  void setRecentFiles(const QStringList& paths);

  int rowOf(const QString& path) const;  // -1 when not listed
  const LibraryEntry& entry(int row) const { return rows_.at(row).entry; }
  Fit fit(int row) const { return rows_.at(row).fit; }
  // Why it fits or not: the bytes per GPU, or the planner's reason.
  QString fitDetail(int row) const { return rows_.at(row).fit_detail; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    LibraryEntry entry;
    Fit fit = Fit::NotUsable;
    QString fit_detail;
    int recent = -1;
  };
  void computeFit(Row& row) const;
  QString fitText(Fit fit) const;
  QVariant display(const Row& row, int column) const;
  QVariant sortKey(const Row& row, int column) const;
  void reindex();

  QList<Row> rows_;
  QHash<QString, int> index_;  // path -> row
  QSet<QString> refreshed_;    // paths seen since beginRefresh()
  bool refreshing_ = false;
  SplitTarget target_;
  QStringList recent_;
};

class LibraryFilterModel : public QSortFilterProxyModel {
  Q_OBJECT

 public:
  explicit LibraryFilterModel(QObject* parent = nullptr);
  void setSearchText(const QString& text);
  const QString& searchText() const { return search_; }
  void setRecentOnly(bool recent_only);
  bool recentOnly() const { return recent_only_; }

 protected:
  bool filterAcceptsRow(int source_row, const QModelIndex& source_parent) const override;

 private:
  QString search_;
  QStringList words_;
  bool recent_only_ = false;
};

}  // namespace tessera::gui

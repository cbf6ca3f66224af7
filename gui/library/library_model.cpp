#include "library_model.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>

#include "backend/model_spec.h"
#include "display_format.h"
#include "split_preview_model.h"

namespace tessera::gui {

SplitTarget splitTargetOf(const SplitPreviewModel& split) {
  return SplitTarget{split.planDevices(), split.planSettings()};
}

// --- LibraryModel ---

LibraryModel::LibraryModel(QObject* parent) : QAbstractTableModel(parent) { qRegisterMetaType<LibraryEntry>(); }

void LibraryModel::beginRefresh() {
  refreshing_ = true;
  refreshed_.clear();
}

void LibraryModel::addEntries(const QList<LibraryEntry>& entries) {
  QList<Row> added;
  for (const LibraryEntry& e : entries) {
    if (refreshing_) refreshed_.insert(e.path);
    Row row;
    row.entry = e;
    row.recent = static_cast<int>(recent_.indexOf(e.path));
    computeFit(row);
    if (const int at = rowOf(e.path); at >= 0) {
      rows_[at] = std::move(row);
      emit dataChanged(index(at, 0), index(at, ColumnCount - 1));
    } else {
      added.append(std::move(row));
    }
  }
  if (added.isEmpty()) return;
  const int first = static_cast<int>(rows_.size());
  beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
  for (Row& row : added) {
    index_.insert(row.entry.path, static_cast<int>(rows_.size()));
    rows_.append(std::move(row));
  }
  endInsertRows();
}

void LibraryModel::endRefresh() {
  if (!refreshing_) return;
  refreshing_ = false;
  // Gone since the last scan (deleted, or its folder left the list): from the bottom up.
  for (int row = static_cast<int>(rows_.size()) - 1; row >= 0; --row) {
    if (refreshed_.contains(rows_[row].entry.path)) continue;
    beginRemoveRows({}, row, row);
    rows_.removeAt(row);
    endRemoveRows();
  }
  refreshed_.clear();
  reindex();
}

bool LibraryModel::removePath(const QString& path) {
  const int row = rowOf(path);
  if (row < 0) return false;
  beginRemoveRows({}, row, row);
  rows_.removeAt(row);
  endRemoveRows();
  reindex();
  return true;
}

void LibraryModel::clear() {
  beginResetModel();
  rows_.clear();
  index_.clear();
  endResetModel();
}

void LibraryModel::reindex() {
  index_.clear();
  for (int i = 0; i < rows_.size(); ++i) index_.insert(rows_[i].entry.path, i);
}

int LibraryModel::rowOf(const QString& path) const { return index_.value(path, -1); }

void LibraryModel::setSplitTarget(const SplitTarget& target) {
  target_ = target;
  for (int i = 0; i < rows_.size(); ++i) {
    Row& row = rows_[i];
    const Fit before = row.fit;
    const QString detail = row.fit_detail;
    computeFit(row);
    if (row.fit != before || row.fit_detail != detail) emit dataChanged(index(i, Fits), index(i, Fits));
  }
}

void LibraryModel::retranslate() {
  for (Row& row : rows_) computeFit(row);  // its details are words
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!rows_.isEmpty()) emit dataChanged(index(0, 0), index(static_cast<int>(rows_.size()) - 1, ColumnCount - 1));
}

void LibraryModel::setRecentFiles(const QStringList& paths) {
  recent_ = paths;
  for (int i = 0; i < rows_.size(); ++i) {
    const int recent = static_cast<int>(recent_.indexOf(rows_[i].entry.path));
    if (recent == rows_[i].recent) continue;
    rows_[i].recent = recent;
    emit dataChanged(index(i, 0), index(i, ColumnCount - 1), {RecentRole});
  }
}

void LibraryModel::computeFit(Row& row) const {
  row.fit_detail.clear();
  if (!row.entry.usable() || !row.entry.spec) {
    row.fit = Fit::NotUsable;
    return;
  }
  if (target_.devices.empty()) {
    row.fit = Fit::NoGpu;
    row.fit_detail = tr("No GPU is available: the model would run on the CPU.");
    return;
  }
  const ModelSpec& spec = *row.entry.spec;
  const auto settings =
      SplitPreviewModel::withContext(target_.settings, SplitPreviewModel::contextFor(&spec, 0));
  auto plan = tessera::plan_for_load(spec, target_.devices, settings);
  if (!plan) {
    row.fit = Fit::CannotPlan;
    row.fit_detail = QString::fromStdString(plan.error().message);
    return;
  }
  row.fit = plan->fits ? Fit::Fits : Fit::TooLarge;
  QStringList lines;
  //: Before the bytes per GPU: the context the model would be loaded with, in tokens.
  lines << tr("With a context of %1 tokens:").arg(DisplayFormat::tokens(settings.n_ctx));
  for (const tessera::DevicePlacement& dp : plan->devices) {
    if (dp.bytes.total() == 0) continue;
    const QString need = DisplayFormat::bytes(dp.bytes.total());
    const QString usable = DisplayFormat::bytes(dp.available);
    lines << (dp.fits
                  //: GPU number, bytes it would hold, bytes it has usable.
                  ? tr("GPU %1: %2 of %3 usable").arg(dp.device.id).arg(need, usable)
                  //: GPU number, bytes it would need, bytes it has usable.
                  : tr("GPU %1 would need %2 but only %3 is usable").arg(dp.device.id).arg(need, usable));
  }
  row.fit_detail = lines.join(QLatin1Char('\n'));
}

QString LibraryModel::fitText(Fit fit) const {
  switch (fit) {
    //: The model library's "fits on the GPUs?" column.
    case Fit::Fits: return tr("Fits");
    case Fit::TooLarge: return tr("Too large");
    case Fit::NoGpu: return tr("No GPU");
    //: The split planner refused the split for this model (e.g. row split of a mixture of experts).
    case Fit::CannotPlan: return tr("Cannot split");
    case Fit::NotUsable: break;
  }
  return QStringLiteral("—");
}

int LibraryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int LibraryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LibraryModel::display(const Row& row, int column) const {
  const LibraryEntry& e = row.entry;
  const tessera::ModelInfo& info = e.info;
  const QString unknown = QStringLiteral("—");
  switch (column) {
    case Name: return e.name();
    case Architecture: return !e.architecture().isEmpty() ? e.architecture() : unknown;
    case Parameters: return info.parameter_count > 0 ? DisplayFormat::parameterCount(info.parameter_count) : unknown;
    case Quantization: return !e.mainType().isEmpty() ? e.mainType() : unknown;
    case Size: return DisplayFormat::bytes(e.file_size);
    case Context: return info.n_ctx_train > 0 ? DisplayFormat::tokens(static_cast<int>(info.n_ctx_train)) : unknown;
    case Fits: return fitText(row.fit);
    case Status: return ModelProblems::text(e);
  }
  return {};
}

QVariant LibraryModel::sortKey(const Row& row, int column) const {
  const LibraryEntry& e = row.entry;
  switch (column) {
    case Parameters: return QVariant::fromValue<quint64>(e.info.parameter_count);
    case Size: return QVariant::fromValue<quint64>(e.file_size);
    case Context: return QVariant::fromValue<qint64>(e.info.n_ctx_train);
    case Fits: return static_cast<int>(row.fit);
    default: return display(row, column).toString().toLower();
  }
}

QVariant LibraryModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& row = rows_.at(index.row());
  const LibraryEntry& e = row.entry;
  switch (role) {
    case Qt::DisplayRole: return display(row, index.column());
    case Qt::ToolTipRole:
      if (index.column() == Fits && !row.fit_detail.isEmpty()) return row.fit_detail;
      if (index.column() == Status && !e.usable()) return e.reason;
      return e.path;
    case Qt::ForegroundRole:
      // Greyed in the palette's own colour, so a dark theme greys too.
      if (!e.usable()) return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
      return {};
    case Qt::TextAlignmentRole:
      if (index.column() == Parameters || index.column() == Size || index.column() == Context)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
      return {};
    case SortRole: return sortKey(row, index.column());
    case PathRole: return e.path;
    case UsableRole: return e.usable();
    case SearchRole: {
      QStringList words{e.name(), e.path};
      words << e.architecture() << e.mainType();
      return words.join(QLatin1Char(' ')).toLower();
    }
    case RecentRole: return row.recent;
  }
  return {};
}

QVariant LibraryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == Fits)
    return tr("Whether the model fits on the GPUs with the split chosen in the GPUs panel");
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Name: return tr("Name");
    case Architecture: return tr("Architecture");
    case Parameters: return tr("Parameters");
    //: The model's main weight type ("Q4_K").
    case Quantization: return tr("Quantization");
    case Size: return tr("Size");
    case Context: return tr("Context");
    //: Column header: whether the model fits on the GPUs with the chosen split.
    case Fits: return tr("Fits on GPUs");
    case Status: return tr("Status");
  }
  return {};
}

// --- LibraryFilterModel ---

LibraryFilterModel::LibraryFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
  setSortRole(LibraryModel::SortRole);
  setSortCaseSensitivity(Qt::CaseInsensitive);
  setDynamicSortFilter(true);
}

void LibraryFilterModel::setSearchText(const QString& text) {
  search_ = text;
  words_ = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  invalidateFilter();
}

void LibraryFilterModel::setRecentOnly(bool recent_only) {
  if (recent_only == recent_only_) return;
  recent_only_ = recent_only;
  invalidateFilter();
}

bool LibraryFilterModel::filterAcceptsRow(int source_row, const QModelIndex& source_parent) const {
  const QModelIndex index = sourceModel()->index(source_row, 0, source_parent);
  if (recent_only_ && index.data(LibraryModel::RecentRole).toInt() < 0) return false;
  const QString text = index.data(LibraryModel::SearchRole).toString();
  return std::all_of(words_.cbegin(), words_.cend(), [&text](const QString& w) { return text.contains(w); });
}

}  // namespace tessera::gui

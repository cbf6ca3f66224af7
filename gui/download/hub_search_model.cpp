#include "hub_search_model.h"

#include <QLocale>

namespace tessera::gui {

HubSearchModel::HubSearchModel(QObject* parent) : QAbstractTableModel(parent) {}

void HubSearchModel::setResults(const std::vector<tessera::download::HubModel>& models) {
  beginResetModel();
  models_ = models;
  endResetModel();
}

QString HubSearchModel::repo(int row) const {
  if (row < 0 || row >= static_cast<int>(models_.size())) return {};
  return QString::fromStdString(models_[row].id);
}

int HubSearchModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(models_.size());
}

int HubSearchModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HubSearchModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(models_.size())) return {};
  const auto& m = models_[index.row()];
  if (role == RepoRole) return QString::fromStdString(m.id);
  if (role == Qt::TextAlignmentRole && index.column() != Repository)
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Repository: return QString::fromStdString(m.id);
    case Downloads: return QLocale().toString(static_cast<qulonglong>(m.downloads));
    case Likes: return QLocale().toString(static_cast<qulonglong>(m.likes));
    default: return {};
  }
}

QVariant HubSearchModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    //: Column of the Download view's search results: the hub repository (OWNER/NAME).
    case Repository: return tr("Repository");
    case Downloads: return tr("Downloads");
    case Likes: return tr("Likes");
    default: return {};
  }
}

}  // namespace tessera::gui

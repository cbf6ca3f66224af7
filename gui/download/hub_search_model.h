// The Download view's search results: one row per hub repository, with what a person picks a
// repository by (its id, downloads and likes), most downloaded first as the hub answers.
//
// GUI thread only.
#pragma once

#include <QAbstractTableModel>

#include <vector>

#include "download/hub_listing.h"

namespace tessera::gui {

class HubSearchModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Repository, Downloads, Likes, ColumnCount };
  static constexpr int RepoRole = Qt::UserRole + 1;  // the repository id (every column)

  explicit HubSearchModel(QObject* parent = nullptr);

  void setResults(const std::vector<tessera::download::HubModel>& models);
  void clear() { setResults({}); }
  QString repo(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  std::vector<tessera::download::HubModel> models_;
};

}  // namespace tessera::gui

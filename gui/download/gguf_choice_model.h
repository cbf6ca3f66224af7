// A hub repository's models as the Download view lists them: one row per GgufChoice (a single GGUF
// file or every part of a split set) with its quantization, size and whether it fits on the GPUs
// with the split chosen in the split editor.
//
// "Fits" is the split planner's answer (download::plan_remote_model, i.e. plan_for_load) for the
// model's header, fetched from the hub (HubBrowser::fetchHeader) and given here with setHeader,
// placed on the GPUs and split of a SplitTarget (splitTargetOf: the same devices and settings the
// split preview and the Library's "Fits?" use) with the context a load of the file would get
// (SplitPreviewModel::contextFor). A new target re-plans every header already read.
//
// GUI thread only.
#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

#include "download/gguf_choice.h"
#include "download/remote_fit.h"
#include "library_model.h"

namespace tessera::gui {

class GgufChoiceModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Quantization, File, Size, Fits, ColumnCount };
  enum class Fit { Unknown, Reading, Unreadable, NoGpu, Fits, TooLarge, CannotPlan };

  explicit GgufChoiceModel(QObject* parent = nullptr);

  // The repository's models; every row starts Unknown (no header yet).
  void setChoices(const QString& repo, const std::vector<tessera::download::GgufChoice>& choices);
  void clear() { setChoices({}, {}); }
  const QString& repo() const { return repo_; }
  const tessera::download::GgufChoice& choice(int row) const { return rows_.at(row).choice; }
  // The row whose first file is `label` (GgufChoice::label), -1 when none.
  int rowOf(const QString& label) const;

  // The header is being fetched for `row`.
  void setReading(int row);
  // The header of `row`'s model (nullptr: it could not be read, `error` says why).
  void setHeader(int row, std::shared_ptr<const tessera::download::RemoteModel> model, const QString& error);
  void setSplitTarget(const SplitTarget& target);
  void retranslate();

  Fit fit(int row) const { return rows_.at(row).fit; }
  // What the Fits column says: "Fits on GPU 0 + 1 with this split", "Would overflow GPU 1: …".
  QString fitText(int row) const { return rows_.at(row).fit_text; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    tessera::download::GgufChoice choice;
    std::shared_ptr<const tessera::download::RemoteModel> header;
    bool reading = false;
    QString header_error;
    Fit fit = Fit::Unknown;
    QString fit_text;
  };
  void computeFit(Row& row) const;

  QString repo_;
  std::vector<Row> rows_;
  SplitTarget target_;
};

}  // namespace tessera::gui

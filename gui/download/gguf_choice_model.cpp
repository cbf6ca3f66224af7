#include "gguf_choice_model.h"

#include <QStringList>

#include "display_format.h"
#include "split_preview_model.h"

namespace tessera::gui {

using namespace tessera::download;

GgufChoiceModel::GgufChoiceModel(QObject* parent) : QAbstractTableModel(parent) {}

void GgufChoiceModel::setChoices(const QString& repo, const std::vector<GgufChoice>& choices) {
  beginResetModel();
  repo_ = repo;
  rows_.clear();
  for (const GgufChoice& c : choices) {
    Row row;
    row.choice = c;
    computeFit(row);
    rows_.push_back(std::move(row));
  }
  endResetModel();
}

int GgufChoiceModel::rowOf(const QString& label) const {
  for (size_t i = 0; i < rows_.size(); ++i)
    if (QString::fromStdString(rows_[i].choice.label()) == label) return static_cast<int>(i);
  return -1;
}

void GgufChoiceModel::setReading(int row) {
  if (row < 0 || row >= rowCount()) return;
  rows_[row].reading = true;
  computeFit(rows_[row]);
  emit dataChanged(index(row, Fits), index(row, Fits));
}

void GgufChoiceModel::setHeader(int row, std::shared_ptr<const RemoteModel> model, const QString& error) {
  if (row < 0 || row >= rowCount()) return;
  Row& r = rows_[row];
  r.reading = false;
  r.header = std::move(model);
  r.header_error = error;
  computeFit(r);
  emit dataChanged(index(row, Fits), index(row, Fits));
}

void GgufChoiceModel::setSplitTarget(const SplitTarget& target) {
  target_ = target;
  retranslate();
}

void GgufChoiceModel::retranslate() {
  for (Row& row : rows_) computeFit(row);
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void GgufChoiceModel::computeFit(Row& row) const {
  row.fit_text.clear();
  if (row.reading) {
    row.fit = Fit::Reading;
    //: The Download view's "fits?" column while the model's header comes from the hub.
    row.fit_text = tr("Reading the header…");
    return;
  }
  if (!row.header) {
    row.fit = row.header_error.isEmpty() ? Fit::Unknown : Fit::Unreadable;
    //: %1: why the model's header could not be read (names the URL and the reason).
    if (!row.header_error.isEmpty()) row.fit_text = tr("Cannot tell: %1").arg(row.header_error);
    return;
  }
  if (target_.devices.empty()) {
    row.fit = Fit::NoGpu;
    row.fit_text = tr("No GPU: it would run on the CPU");
    return;
  }
  const ModelSpec& spec = row.header->spec;
  const auto settings = SplitPreviewModel::withContext(target_.settings, SplitPreviewModel::contextFor(&spec, 0));
  auto plan = plan_remote_model(*row.header, target_.devices, settings);
  if (!plan.ok()) {
    row.fit = Fit::CannotPlan;
    row.fit_text = QString::fromStdString(plan.error().message);
    return;
  }
  if (plan->fits) {
    QStringList used;
    for (const tessera::DevicePlacement& dp : plan->devices)
      if (dp.bytes.total() > 0) used << QString::number(dp.device.id);
    row.fit = Fit::Fits;
    //: %1: the GPUs that would hold the model, e.g. "0 + 1".
    row.fit_text = tr("Fits on GPU %1 with this split").arg(used.join(QStringLiteral(" + ")));
    return;
  }
  row.fit = Fit::TooLarge;
  for (const tessera::DevicePlacement& dp : plan->devices) {
    if (dp.fits) continue;
    //: %1: GPU number; %2: bytes the model would need there; %3: bytes usable there.
    row.fit_text = tr("Would overflow GPU %1: %2 needed, %3 usable")
                       .arg(dp.device.id)
                       .arg(DisplayFormat::bytes(dp.bytes.total()), DisplayFormat::bytes(dp.available));
    return;
  }
  row.fit_text = QString::fromStdString(plan->problem);
}

int GgufChoiceModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int GgufChoiceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GgufChoiceModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Row& row = rows_[index.row()];
  if (role == Qt::ToolTipRole && index.column() == Fits) return row.fit_text;
  if (role == Qt::TextAlignmentRole && index.column() == Size)
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Quantization: return QString::fromStdString(row.choice.quant);
    case File: {
      const QString label = QString::fromStdString(row.choice.label());
      if (!row.choice.is_split()) return label;
      //: A model split into parts: its first file and how many parts it has.
      return tr("%1 (%2 parts)").arg(label).arg(row.choice.files.size());
    }
    case Size: return DisplayFormat::bytes(row.choice.total_size());
    case Fits: return row.fit_text;
    default: return {};
  }
}

QVariant GgufChoiceModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Quantization: return tr("Quantization");
    case File: return tr("File");
    case Size: return tr("Size");
    //: Column of a repository's models: whether each fits on the GPUs with the split chosen now.
    case Fits: return tr("Fits?");
    default: return {};
  }
}

}  // namespace tessera::gui

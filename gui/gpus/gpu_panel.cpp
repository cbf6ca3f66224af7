#include "gpu_panel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include "gpu_list_model.h"
#include "memory_bar.h"
#include "theme_colors.h"

namespace tessera::gui {

GpuPanel::GpuPanel(GpuListModel* model, QWidget* parent)
    : QWidget(parent), model_(model), view_(new QTableView(this)), message_(new QLabel(this)), error_(new QLabel(this)) {
  setObjectName(QStringLiteral("gpuPanel"));
  view_->setObjectName(QStringLiteral("gpuTable"));
  view_->setModel(model_);
  view_->setItemDelegate(new MemoryBarDelegate(view_));
  view_->setSelectionMode(QAbstractItemView::NoSelection);
  view_->setFocusPolicy(Qt::NoFocus);
  view_->setShowGrid(false);
  view_->setAlternatingRowColors(false);
  view_->setWordWrap(false);
  view_->verticalHeader()->hide();
  view_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view_->horizontalHeader()->setSectionResizeMode(GpuListModel::NameColumn, QHeaderView::ResizeToContents);
  view_->horizontalHeader()->setSectionResizeMode(GpuListModel::ComputeColumn, QHeaderView::ResizeToContents);
  view_->horizontalHeader()->setSectionResizeMode(GpuListModel::MemoryColumn, QHeaderView::Stretch);
  view_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);

  message_->setObjectName(QStringLiteral("gpuMessage"));
  message_->setWordWrap(true);
  message_->setTextFormat(Qt::PlainText);
  message_->setMargin(6);
  error_->setObjectName(QStringLiteral("gpuError"));
  error_->setWordWrap(true);
  error_->setTextFormat(Qt::PlainText);
  error_->hide();
  applyColors();

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  layout->addWidget(message_);
  layout->addWidget(error_);

  connect(model_, &QAbstractItemModel::modelReset, this, &GpuPanel::refresh);
  connect(model_, &QAbstractItemModel::dataChanged, this, &GpuPanel::refresh);
  refresh();
}

void GpuPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    model_->retranslate();
    refresh();
  }
  if (event->type() == QEvent::PaletteChange) applyColors();
  QWidget::changeEvent(event);
}

void GpuPanel::applyColors() {
  // Only the text role is set, so the label keeps following the rest of the palette.
  QPalette pal = error_->palette();
  pal.setColor(QPalette::WindowText, ThemeColors::warningText(palette()));
  error_->setPalette(pal);
}

void GpuPanel::refresh() {
  const DeviceSnapshot& s = model_->snapshot();
  const bool gpus = s.hasGpus();
  view_->setVisible(gpus);
  if (!gpus && (!s.unavailable_reason.isEmpty() || !s.error.isEmpty())) {
    const QString reason = s.unavailable_reason.isEmpty() ? s.error : s.unavailable_reason;
    //: %1 is why (from the driver or the build), e.g. "no NVIDIA driver/GPU found".
    message_->setText(tr("No GPU can be used: %1.\nTessera runs models on the CPU.").arg(reason));
  } else if (!gpus) {
    // No snapshot yet: the first poll has not answered.
    message_->setText(tr("Looking for GPUs…"));
  }
  message_->setVisible(!gpus);
  error_->setVisible(gpus && !s.error.isEmpty());
  if (gpus && !s.error.isEmpty()) error_->setText(tr("Reading GPU memory failed: %1").arg(s.error));
  if (gpus) {
    // Fit the table to its rows so the editor below sits right under it.
    int h = view_->horizontalHeader()->height() + 2 * view_->frameWidth();
    for (int r = 0; r < model_->rowCount(); ++r) h += view_->rowHeight(r);
    view_->setMaximumHeight(h);
  }
}

QString GpuPanel::messageText() const { return showsMessage() ? message_->text() : QString(); }

bool GpuPanel::showsMessage() const { return !model_->snapshot().hasGpus(); }

}  // namespace tessera::gui

#include "chat_view.h"

#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

#include "message_widget.h"
#include "theme_colors.h"

namespace tessera::gui {

ChatView::ChatView(ChatModel* model, QWidget* parent)
    : QScrollArea(parent), model_(model), container_(new QWidget), layout_(new QVBoxLayout(container_)),
      placeholder_(new QLabel(container_)) {
  setObjectName(QStringLiteral("chatView"));
  setWidgetResizable(true);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setFrameShape(QFrame::NoFrame);
  container_->setObjectName(QStringLiteral("chatContainer"));
  container_->setAutoFillBackground(true);
  layout_->setContentsMargins(16, 12, 16, 12);
  layout_->setSpacing(10);
  placeholder_->setAlignment(Qt::AlignCenter);
  placeholder_->setWordWrap(true);
  QFont large = placeholder_->font();
  large.setPointSizeF(14.0);
  placeholder_->setFont(large);
  applyColors();
  layout_->addWidget(placeholder_, 1);
  layout_->addStretch(0);
  setWidget(container_);

  connect(model_, &QAbstractItemModel::modelReset, this, &ChatView::rebuild);
  connect(model_, &QAbstractItemModel::rowsInserted, this,
          [this](const QModelIndex&, int first, int last) { insertRows(first, last); });
  connect(model_, &QAbstractItemModel::rowsRemoved, this,
          [this](const QModelIndex&, int first, int last) { removeRows(first, last); });
  connect(model_, &QAbstractItemModel::dataChanged, this,
          [this](const QModelIndex& tl, const QModelIndex& br) { updateRows(tl.row(), br.row()); });
  // Follow new text only while the user is at the bottom.
  connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { follow_ = atBottom(); });
  connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] {
    if (follow_) verticalScrollBar()->setValue(verticalScrollBar()->maximum());
  });
  rebuild();
}

void ChatView::applyColors() {
  // The container's background, from this view's palette; its children (the messages) inherit
  // only this role and derive their own colours from the rest.
  const QColor background = ThemeColors::chatBackground(palette());
  QPalette pal = container_->palette();
  pal.setColor(QPalette::Window, background);
  container_->setPalette(pal);
  QPalette muted = placeholder_->palette();
  muted.setColor(QPalette::WindowText, ThemeColors::mutedText(palette(), background));
  placeholder_->setPalette(muted);
}

QColor ChatView::backgroundColor() const { return container_->palette().color(QPalette::Window); }

void ChatView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) applyColors();
  QScrollArea::changeEvent(event);
}

void ChatView::setAssistantName(const QString& name) {
  if (name == assistant_name_) return;
  assistant_name_ = name;
  for (int row = 0; row < widgets_.size(); ++row) render(row);
}

void ChatView::setPlaceholder(const QString& text) {
  placeholder_->setText(text);
  updatePlaceholder();
}

void ChatView::setEditable(bool editable) {
  if (editable == editable_) return;
  editable_ = editable;
  for (MessageWidget* w : widgets_) w->setEditable(editable);
}

void ChatView::rebuild() {
  for (MessageWidget* w : widgets_) w->deleteLater();
  widgets_.clear();
  if (model_->rowCount() > 0) insertRows(0, model_->rowCount() - 1);
  updatePlaceholder();
}

void ChatView::insertRows(int first, int last) {
  for (int row = first; row <= last; ++row) {
    auto* w = new MessageWidget(container_);
    connect(w, &MessageWidget::copyRequested, this, &ChatView::copyRequested);
    connect(w, &MessageWidget::editSubmitted, this, [this, w](const QString& text) {
      const int at = static_cast<int>(widgets_.indexOf(w));
      if (at >= 0) emit editRequested(at, text);
    });
    w->setEditable(editable_);
    widgets_.insert(row, w);
    // Layout: [placeholder, messages..., stretch]
    layout_->insertWidget(row + 1, w);
    render(row);
  }
  updatePlaceholder();
  follow_ = true;
  scrollToBottomLater();
}

void ChatView::removeRows(int first, int last) {
  for (int row = last; row >= first; --row) {
    MessageWidget* w = widgets_.takeAt(row);
    layout_->removeWidget(w);
    w->deleteLater();
  }
  updatePlaceholder();
}

void ChatView::updateRows(int first, int last) {
  for (int row = first; row <= last && row < widgets_.size(); ++row) render(row);
  if (follow_) scrollToBottomLater();
}

void ChatView::render(int row) {
  if (row < 0 || row >= widgets_.size() || row >= model_->rowCount()) return;
  widgets_[row]->setMessage(model_->message(row), assistant_name_);
  ++render_count_;
}

void ChatView::updatePlaceholder() { placeholder_->setVisible(widgets_.isEmpty() && !placeholder_->text().isEmpty()); }

bool ChatView::atBottom() const {
  const QScrollBar* bar = verticalScrollBar();
  return bar->value() >= bar->maximum() - 8;
}

void ChatView::scrollToBottomLater() {
  QTimer::singleShot(0, this, [this] { verticalScrollBar()->setValue(verticalScrollBar()->maximum()); });
}

}  // namespace tessera::gui

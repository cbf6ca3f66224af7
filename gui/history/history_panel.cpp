#include "history_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QVBoxLayout>

namespace tessera::gui {
namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kWhenRole = Qt::UserRole + 2;  // QString: when it last changed, short

// The time of a change as a list shows it: the time today, the date before.
QString shortWhen(const QDateTime& modified) {
  const QLocale locale;
  if (modified.date() == QDate::currentDate()) return locale.toString(modified.time(), QLocale::ShortFormat);
  return locale.toString(modified.date(), QLocale::ShortFormat);
}

// Each conversation's title, and on the right, in the muted colour, when it last changed. The
// title alone is edited (Rename).
class HistoryDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;

  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    const QString when = index.data(kWhenRole).toString();
    QStyleOptionViewItem title = option;
    const int width = option.fontMetrics.horizontalAdvance(when) + 12;
    title.rect.setRight(option.rect.right() - width);
    QStyledItemDelegate::paint(painter, title, index);
    if (when.isEmpty()) return;
    painter->save();
    const bool selected = option.state & QStyle::State_Selected;
    QColor color = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    color.setAlphaF(selected ? 0.8f : 0.6f);
    painter->setPen(color);
    if (selected) painter->fillRect(QRect(title.rect.right() + 1, option.rect.top(), width, option.rect.height()),
                                     option.palette.brush(QPalette::Highlight));
    painter->drawText(option.rect.adjusted(0, 0, -4, 0), Qt::AlignRight | Qt::AlignVCenter, when);
    painter->restore();
  }

  // As wide as the list, whatever the title: a long title is elided, and the time stays at the
  // right edge in view (a row as wide as its title pushed the time out of sight and gave the list
  // a horizontal scroll bar).
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    return {1, QStyledItemDelegate::sizeHint(option, index).height()};
  }
};

}  // namespace

HistoryPanel::HistoryPanel(const ConversationStore* store, QWidget* parent)
    : QWidget(parent),
      store_(store),
      search_(new QLineEdit(this)),
      list_(new QListWidget(this)),
      rename_(new QPushButton(this)),
      delete_(new QPushButton(this)) {
  setObjectName(QStringLiteral("historyPanel"));
  search_->setObjectName(QStringLiteral("historySearch"));
  search_->setClearButtonEnabled(true);
  list_->setObjectName(QStringLiteral("historyList"));
  list_->setEditTriggers(QAbstractItemView::EditKeyPressed);
  list_->setTextElideMode(Qt::ElideRight);
  list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  list_->setItemDelegate(new HistoryDelegate(list_));
  rename_->setObjectName(QStringLiteral("renameConversationButton"));
  delete_->setObjectName(QStringLiteral("deleteConversationButton"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(rename_);
  buttons->addWidget(delete_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(search_);
  layout->addWidget(list_, 1);
  layout->addLayout(buttons);

  connect(search_, &QLineEdit::textChanged, this, &HistoryPanel::fill);
  // Opening refills the list: done after the click has been handled, never inside it.
  auto open = [this](QListWidgetItem* item) {
    const QString id = item->data(kIdRole).toString();
    if (id != current_) QTimer::singleShot(0, this, [this, id] { emit openRequested(id); });
  };
  connect(list_, &QListWidget::itemActivated, this, open);
  connect(list_, &QListWidget::itemClicked, this, open);
  connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    if (filling_) return;
    // Later: the rename refills the list, which must not delete the item while it is being edited.
    QTimer::singleShot(0, this, [this, id = item->data(kIdRole).toString(), title = item->text()] {
      emit renameRequested(id, title);
    });
  });
  connect(list_, &QListWidget::currentItemChanged, this, &HistoryPanel::updateButtons);
  connect(rename_, &QPushButton::clicked, this, &HistoryPanel::renameSelected);
  connect(delete_, &QPushButton::clicked, this, [this] {
    if (const QString id = selectedId(); !id.isEmpty()) emit deleteRequested(id);
  });
  retranslateUi();
  fill();
}

void HistoryPanel::retranslateUi() {
  search_->setPlaceholderText(tr("Search conversations"));
  rename_->setText(tr("Rename"));
  delete_->setText(tr("Delete"));
  rename_->setToolTip(tr("Give the selected conversation a title"));
  delete_->setToolTip(tr("Delete the selected conversation for good"));
}

void HistoryPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

void HistoryPanel::refresh(const QString& current) {
  // Another conversation is open: the selection follows it (an old row stayed selected beside
  // the bold open one). A save of the same conversation keeps what the user selected.
  if (current != current_) list_->setCurrentItem(nullptr);
  current_ = current;
  fill();
}

void HistoryPanel::setSearch(const QString& query) { search_->setText(query); }

void HistoryPanel::fill() {
  filling_ = true;
  const QString selected = selectedId().isEmpty() ? current_ : selectedId();
  list_->clear();
  const QLocale locale;
  for (const StoredConversation& c : store_->search(search_->text())) {
    auto* item = new QListWidgetItem(c.title, list_);
    item->setData(kIdRole, c.id);
    item->setData(kWhenRole, shortWhen(c.modified));
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    item->setToolTip(tr("%1\nLast changed %2").arg(c.title, locale.toString(c.modified, QLocale::ShortFormat)));
    if (c.id == current_) {
      QFont bold = item->font();
      bold.setBold(true);
      item->setFont(bold);
    }
    if (c.id == selected) list_->setCurrentItem(item);
  }
  filling_ = false;
  updateButtons();
}

void HistoryPanel::updateButtons() {
  const bool any = !selectedId().isEmpty();
  rename_->setEnabled(any);
  delete_->setEnabled(any);
}

QString HistoryPanel::selectedId() const {
  const QListWidgetItem* item = list_->currentItem();
  return item != nullptr ? item->data(kIdRole).toString() : QString();
}

QStringList HistoryPanel::ids() const {
  QStringList result;
  for (int i = 0; i < list_->count(); ++i) result << list_->item(i)->data(kIdRole).toString();
  return result;
}

QString HistoryPanel::titleAt(int row) const {
  const QListWidgetItem* item = list_->item(row);
  return item != nullptr ? item->text() : QString();
}

QString HistoryPanel::whenAt(int row) const {
  const QListWidgetItem* item = list_->item(row);
  return item != nullptr ? item->data(kWhenRole).toString() : QString();
}

void HistoryPanel::renameSelected() {
  if (QListWidgetItem* item = list_->currentItem()) list_->editItem(item);
}

}  // namespace tessera::gui

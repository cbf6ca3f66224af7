#include "dock_title_bar.h"

#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace tessera::gui {

DockTitleBar::DockTitleBar(QDockWidget* dock)
    : QWidget(dock),
      dock_(dock),
      title_(new QLabel(this)),
      collapse_(new QToolButton(this)),
      float_(new QToolButton(this)),
      close_(new QToolButton(this)) {
  collapse_->setObjectName(QStringLiteral("collapseButton"));
  collapse_->setAutoRaise(true);
  collapse_->setArrowType(Qt::DownArrow);
  float_->setAutoRaise(true);
  float_->setIcon(style()->standardIcon(QStyle::SP_TitleBarNormalButton));
  close_->setAutoRaise(true);
  close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 1, 4, 1);
  layout->setSpacing(2);
  layout->addWidget(collapse_);
  layout->addWidget(title_, 1);
  layout->addWidget(float_);
  layout->addWidget(close_);
  title_->setText(dock->windowTitle());
  connect(dock, &QDockWidget::windowTitleChanged, title_, &QLabel::setText);
  connect(collapse_, &QToolButton::clicked, this, [this] { setCollapsed(!collapsed_); });
  connect(float_, &QToolButton::clicked, this, [this] { dock_->setFloating(!dock_->isFloating()); });
  connect(close_, &QToolButton::clicked, dock_, &QDockWidget::close);
  dock->setTitleBarWidget(this);
  retranslateUi();
}

void DockTitleBar::setCollapsed(bool collapsed) {
  if (collapsed == collapsed_) return;
  emit aboutToChangeCollapsed(collapsed);
  auto* window = qobject_cast<QMainWindow*>(dock_->parentWidget());
  const bool docked = window != nullptr && !dock_->isFloating();
  if (collapsed && docked && dock_->height() > sizeHint().height()) expanded_height_ = dock_->height();
  collapsed_ = collapsed;
  // Collapsed, the dock holds an empty widget of no height instead of its content: a dock whose
  // content is only hidden is given a maximum width of its title too, and the title sat at the
  // left of an empty strip as wide as the window. setWidget() hides the widget it replaces.
  if (collapsed) {
    content_ = dock_->widget();
    if (placeholder_ == nullptr) {
      placeholder_ = new QWidget(dock_);
      placeholder_->setMaximumHeight(0);
    }
    dock_->setWidget(placeholder_);
  } else if (content_ != nullptr) {
    dock_->setWidget(content_);
  }
  // Collapsed, the dock is no taller than its title, and the main window is told so at once: the
  // room goes back to the chat (a maximum height alone left it empty until the next resize).
  dock_->setMaximumHeight(collapsed ? sizeHint().height() : QWIDGETSIZE_MAX);
  if (docked) {
    const int height = collapsed ? sizeHint().height() : std::max(expanded_height_, 3 * sizeHint().height());
    window->resizeDocks({dock_}, {height}, Qt::Vertical);
  }
  collapse_->setArrowType(collapsed ? Qt::RightArrow : Qt::DownArrow);
  retranslateUi();
  emit collapsedChanged(collapsed);
}

QWidget* DockTitleBar::content() const { return collapsed_ ? content_ : dock_->widget(); }

void DockTitleBar::retranslateUi() {
  collapse_->setToolTip(collapsed_ ? tr("Show this panel") : tr("Collapse this panel to its title"));
  float_->setToolTip(tr("Float or dock this panel"));
  close_->setToolTip(tr("Close this panel (View menu brings it back)"));
}

void DockTitleBar::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

}  // namespace tessera::gui

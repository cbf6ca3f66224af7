#include "dock_title_bar.h"

#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

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
  collapsed_ = collapsed;
  if (QWidget* content = dock_->widget()) content->setVisible(!collapsed);
  // Collapsed, the dock is no taller than its title: the main window gives the room back.
  dock_->setMaximumHeight(collapsed ? sizeHint().height() : QWIDGETSIZE_MAX);
  collapse_->setArrowType(collapsed ? Qt::RightArrow : Qt::DownArrow);
  retranslateUi();
}

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

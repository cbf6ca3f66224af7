#include "dock_room.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QTabWidget>

namespace tessera::gui {

DockRoom::DockRoom(QMainWindow* window, QTabWidget* tabs, QList<QWidget*> wide, QList<QDockWidget*> keep)
    : QObject(window), window_(window), tabs_(tabs) {
  for (QWidget* w : wide) wide_ << w;
  for (QDockWidget* d : keep) keep_ << d;
  connect(tabs_, &QTabWidget::currentChanged, this, &DockRoom::update);
  window_->installEventFilter(this);
  update();
}

bool DockRoom::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_ && event->type() == QEvent::Close) restore();
  return QObject::eventFilter(watched, event);
}

void DockRoom::update() {
  QWidget* current = tabs_->currentWidget();
  bool wide = false;
  for (const auto& w : wide_) wide = wide || (w != nullptr && w == current);
  if (wide == active_) return;
  if (!wide) {
    restore();
    return;
  }
  active_ = true;
  const auto docks = window_->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
  for (QDockWidget* dock : docks)
    if (!dock->isFloating() && dock->isVisible()) in_front_ << dock;
  auto kept = [this](QDockWidget* dock) {
    for (const auto& k : keep_)
      if (k == dock) return true;
    return false;
  };
  // Hiding the front dock of a tab group brings the next one forward: hide until none is shown.
  for (int pass = 0; pass < 4; ++pass) {
    bool any = false;
    for (QDockWidget* dock : docks) {
      if (dock->isFloating() || dock->isHidden() || kept(dock)) continue;
      hidden_ << dock;
      dock->hide();
      any = true;
    }
    if (!any) break;
  }
  for (const auto& dock : keep_)
    if (dock != nullptr && !dock->isHidden()) dock->raise();
}

void DockRoom::restore() {
  active_ = false;
  for (const auto& dock : hidden_)
    if (dock != nullptr) dock->show();
  // Each tab group shows the dock it showed before.
  for (const auto& dock : in_front_)
    if (dock != nullptr) dock->raise();
  hidden_.clear();
  in_front_.clear();
}

}  // namespace tessera::gui

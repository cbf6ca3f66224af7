// Room for the main area's wide tabs. While one of them is current (the library, the split
// workspace, the split benchmark), the main window's docked docks step aside, except those kept
// (the model panel: what is loaded, Load and Reload, belong with a split and a library), so the tab
// has the room; when another tab (the chat) is current again they come back as they were. They
// also come back before the window closes, so the layout it saves is the chat's. A dock the user
// shows meanwhile (View menu) stays shown.
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QDockWidget;
class QMainWindow;
class QTabWidget;
class QWidget;

namespace tessera::gui {

class DockRoom : public QObject {
  Q_OBJECT

 public:
  // `wide`: the tabs of `tabs` that get the room; `keep`: docks that stay (and come to the front of
  // their tab group). A child of `window`.
  DockRoom(QMainWindow* window, QTabWidget* tabs, QList<QWidget*> wide, QList<QDockWidget*> keep = {});

  // Whether the docks are stepped aside now.
  bool active() const { return active_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void update();
  void restore();

  QMainWindow* window_;
  QTabWidget* tabs_;
  QList<QPointer<QWidget>> wide_;
  QList<QPointer<QDockWidget>> keep_;
  QList<QPointer<QDockWidget>> hidden_;
  QList<QPointer<QDockWidget>> in_front_;  // the docks shown when they stepped aside
  bool active_ = false;
};

}  // namespace tessera::gui

// A dock title bar with a collapse button: collapsed, the dock shrinks to its title (the
// Performance plots take no room on a small laptop screen but stay one click away). It also has
// the usual float and close buttons and follows the dock's (translated) window title.
#pragma once

#include <QWidget>

class QDockWidget;
class QLabel;
class QToolButton;

namespace tessera::gui {

class DockTitleBar : public QWidget {
  Q_OBJECT

 public:
  // Becomes `dock`'s title bar.
  explicit DockTitleBar(QDockWidget* dock);

  bool isCollapsed() const { return collapsed_; }
  // Collapsed, the dock shrinks to its title and the main window gives the room to its neighbours;
  // expanded again, it gets back the height it had (`expanded_height`, until it had one).
  void setCollapsed(bool collapsed);
  void setExpandedHeight(int height) { expanded_height_ = height; }
  QToolButton* collapseButton() const { return collapse_; }
  // The dock's own content (the dock holds a placeholder while collapsed).
  QWidget* content() const;

 signals:
  // Before the dock folds or unfolds (the main window's docks still have their sizes), and after.
  void aboutToChangeCollapsed(bool collapsed);
  void collapsedChanged(bool collapsed);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();

  QDockWidget* dock_;
  QLabel* title_;
  QToolButton* collapse_;
  QToolButton* float_;
  QToolButton* close_;
  QWidget* content_ = nullptr;      // while collapsed: the content taken out of the dock
  QWidget* placeholder_ = nullptr;  // what the dock holds meanwhile (no height)
  bool collapsed_ = false;
  int expanded_height_ = 240;
};

}  // namespace tessera::gui

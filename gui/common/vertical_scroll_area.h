// A scroll area that scrolls up and down only, for docks and tabs that may be shorter than what
// they hold (a 1366x768 laptop). It is never narrower than its content's minimum width plus room
// for the scroll bar, and that width follows the content: a longer translation, a model's name or
// a longer status line widens the dock (or the window's minimum) instead of being cut off at the
// side, where no scroll bar would reach it. Hidden (a tab page behind another), it asks for no
// width.
#pragma once

#include <QScrollArea>

namespace tessera::gui {

class VerticalScrollArea : public QScrollArea {
  Q_OBJECT

 public:
  // Takes `content` (resized to the area's width, as widgetResizable does).
  explicit VerticalScrollArea(QWidget* content, QWidget* parent = nullptr);

  QSize minimumSizeHint() const override;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  int content_minimum_width_ = -1;  // as last seen, to pass a change on only once
};

}  // namespace tessera::gui

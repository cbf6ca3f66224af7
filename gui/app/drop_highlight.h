// DropHighlight: a frame over a window while a file it accepts is dragged over it, so the user
// sees that letting go will open it. It takes no input (mouse and drop events pass through to the
// window below) and follows the window's size.
#pragma once

#include <QWidget>

namespace tessera::gui {

class DropHighlight : public QWidget {
  Q_OBJECT

 public:
  // Covers `target` (its parent) while shown; hidden at first.
  explicit DropHighlight(QWidget* target);

  void showOver();  // covers the target now, on top of its children

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace tessera::gui

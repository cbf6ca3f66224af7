#include "vertical_scroll_area.h"

#include <QEvent>
#include <QScrollBar>

namespace tessera::gui {

VerticalScrollArea::VerticalScrollArea(QWidget* content, QWidget* parent) : QScrollArea(parent) {
  setWidgetResizable(true);
  setFrameShape(QFrame::NoFrame);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setWidget(content);  // installs this area's event filter on the content
}

QSize VerticalScrollArea::minimumSizeHint() const {
  QSize size = QScrollArea::minimumSizeHint();
  // A tab page behind another (or a dock put away) asks for nothing: a tab widget is as wide as
  // its widest page, and the wide split workspace made the chat's main area wider than a laptop's.
  if (!isVisibleTo(window())) return size;
  if (const QWidget* content = widget()) {
    // The scroll bar's room is kept whether it shows or not: it appears when the area gets shorter,
    // and the content must not lose width then.
    const int width = content->minimumSizeHint().width() + 2 * frameWidth() + verticalScrollBar()->sizeHint().width();
    size.setWidth(std::max(size.width(), width));
  }
  return size;
}

void VerticalScrollArea::showEvent(QShowEvent* event) {
  updateGeometry();  // the minimum width counts again
  QScrollArea::showEvent(event);
}

void VerticalScrollArea::hideEvent(QHideEvent* event) {
  updateGeometry();
  QScrollArea::hideEvent(event);
}

bool VerticalScrollArea::eventFilter(QObject* watched, QEvent* event) {
  // The content's layout changed (a text, a row, a language): its minimum width may have too.
  if (watched == widget() && event->type() == QEvent::LayoutRequest) {
    const int width = widget()->minimumSizeHint().width();
    if (width != content_minimum_width_) {
      content_minimum_width_ = width;
      updateGeometry();
    }
  }
  return QScrollArea::eventFilter(watched, event);
}

}  // namespace tessera::gui

#include "drop_highlight.h"

#include <QEvent>
#include <QPainter>

namespace tessera::gui {

DropHighlight::DropHighlight(QWidget* target) : QWidget(target) {
  setObjectName(QStringLiteral("dropHighlight"));
  setAttribute(Qt::WA_TransparentForMouseEvents);
  setAttribute(Qt::WA_NoSystemBackground);
  hide();
  target->installEventFilter(this);
}

void DropHighlight::showOver() {
  setGeometry(parentWidget()->rect());
  raise();
  show();
}

bool DropHighlight::eventFilter(QObject* watched, QEvent* event) {
  if (watched == parentWidget() && event->type() == QEvent::Resize) setGeometry(parentWidget()->rect());
  return QWidget::eventFilter(watched, event);
}

void DropHighlight::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  QColor fill = palette().color(QPalette::Highlight);
  fill.setAlpha(40);
  painter.setBrush(fill);
  painter.setPen(QPen(palette().color(QPalette::Highlight), 4, Qt::DashLine));
  painter.drawRoundedRect(QRectF(rect()).adjusted(3, 3, -3, -3), 8, 8);
}

}  // namespace tessera::gui

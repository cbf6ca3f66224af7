#include "memory_bar.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

#include "gpu_list_model.h"

namespace tessera::gui {

QColor MemoryColors::used() { return QColor(0x3b, 0x7d, 0xd8); }
QColor MemoryColors::others() { return QColor(0x9e, 0xa3, 0xab); }
QColor MemoryColors::weights() { return QColor(0x3b, 0x7d, 0xd8); }
QColor MemoryColors::kvCache() { return QColor(0xe0, 0x8a, 0x1e); }
QColor MemoryColors::scratch() { return QColor(0x8e, 0x6b, 0xbf); }
QColor MemoryColors::overflow() { return QColor(0xc6, 0x28, 0x28); }
QColor MemoryColors::prompt() { return QColor(0xe0, 0x8a, 0x1e); }
QColor MemoryColors::generation() { return QColor(0x3b, 0x7d, 0xd8); }

QColor MemoryColors::device(int i) {
  static constexpr QRgb kColors[] = {0x3b7dd8, 0x2e9d5b, 0xe08a1e, 0x8e6bbf, 0xc6284f, 0x17a2b8, 0x7a5c3e, 0x5d6d7e};
  return QColor::fromRgb(kColors[static_cast<size_t>(i) % std::size(kColors)]);
}

void paintStackedBar(QPainter& p, const QRect& rect, const QList<BarSegment>& segments, quint64 capacity,
                     quint64 marker, bool overflow, const QPalette& palette, const QString& text) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QRectF r = QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5);
  QPainterPath frame;
  frame.addRoundedRect(r, 3, 3);
  p.fillPath(frame, palette.color(QPalette::Base));
  p.setClipPath(frame);
  if (capacity > 0) {
    double x = r.left();
    for (const BarSegment& s : segments) {
      if (s.bytes == 0) continue;
      const double w = r.width() * static_cast<double>(s.bytes) / static_cast<double>(capacity);
      p.fillRect(QRectF(x, r.top(), std::min(w, r.right() - x), r.height()), s.color);
      x += w;
      if (x >= r.right()) break;
    }
    if (marker > 0 && marker < capacity) {
      const double mx = r.left() + r.width() * static_cast<double>(marker) / static_cast<double>(capacity);
      p.setPen(QPen(palette.color(QPalette::WindowText), 1.5, Qt::DashLine));
      p.drawLine(QPointF(mx, r.top()), QPointF(mx, r.bottom()));
    }
  }
  p.setClipping(false);
  p.setPen(overflow ? QPen(MemoryColors::overflow(), 2.0) : QPen(palette.color(QPalette::Mid), 1.0));
  p.setBrush(Qt::NoBrush);
  p.drawPath(frame);
  if (!text.isEmpty()) {
    // Text with a soft halo so it reads on both the filled and the empty part.
    QFont f = p.font();
    p.setFont(f);
    const QRectF tr = r.adjusted(6, 0, -6, 0);
    p.setPen(palette.color(QPalette::Base));
    for (int dx : {-1, 1})
      for (int dy : {-1, 1}) p.drawText(tr.translated(dx * 0.6, dy * 0.6), Qt::AlignVCenter | Qt::AlignLeft, text);
    p.setPen(palette.color(QPalette::Text));
    p.drawText(tr, Qt::AlignVCenter | Qt::AlignLeft, text);
  }
  p.restore();
}

void MemoryBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
  if (index.column() != GpuListModel::MemoryColumn) {
    QStyledItemDelegate::paint(painter, option, index);
    return;
  }
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QString text = opt.text;
  opt.text.clear();
  const QWidget* widget = option.widget;
  QStyle* style = widget != nullptr ? widget->style() : QApplication::style();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
  const quint64 total = index.data(GpuListModel::TotalBytesRole).toULongLong();
  const quint64 used = index.data(GpuListModel::UsedBytesRole).toULongLong();
  const QRect bar = option.rect.adjusted(4, 4, -4, -4);
  paintStackedBar(*painter, bar, {BarSegment{used, MemoryColors::used().lighter(125)}}, total, 0, false,
                  option.palette, text);
}

QSize MemoryBarDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
  QSize s = QStyledItemDelegate::sizeHint(option, index);
  if (index.column() == GpuListModel::MemoryColumn) s.setWidth(std::max(s.width() + 16, 160));
  s.setHeight(std::max(s.height() + 8, option.fontMetrics.height() + 12));
  return s;
}

ProjectionBar::ProjectionBar(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ProjectionBar::setProjection(quint64 others, quint64 weights, quint64 kv_cache, quint64 scratch, quint64 total,
                                  quint64 usable_end, bool overflow) {
  others_ = others;
  weights_ = weights;
  kv_ = kv_cache;
  scratch_ = scratch;
  total_ = total;
  usable_end_ = usable_end;
  overflow_ = overflow;
  update();
}

QSize ProjectionBar::sizeHint() const { return {240, fontMetrics().height() + 6}; }
QSize ProjectionBar::minimumSizeHint() const { return {80, fontMetrics().height() + 6}; }

void ProjectionBar::paintEvent(QPaintEvent*) {
  QPainter p(this);
  paintStackedBar(p, rect(),
                  {BarSegment{others_, MemoryColors::others()}, BarSegment{weights_, MemoryColors::weights()},
                   BarSegment{kv_, MemoryColors::kvCache()}, BarSegment{scratch_, MemoryColors::scratch()}},
                  total_, usable_end_, overflow_, palette());
}

}  // namespace tessera::gui

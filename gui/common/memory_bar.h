// Stacked memory bars: the GPU panel's used/free bar (an item delegate) and the split editor's
// projection of what a GPU will hold (a widget). Both draw with paintStackedBar.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QStyledItemDelegate>
#include <QWidget>

class QPainter;

namespace tessera::gui {

struct BarSegment {
  quint64 bytes = 0;
  QColor color;
};

// Colours shared by the bars, the legends and the plots.
struct MemoryColors {
  static QColor used();      // memory in use (GPU panel)
  static QColor others();    // memory other programs hold (projection)
  static QColor weights();
  static QColor kvCache();
  static QColor scratch();
  static QColor overflow();  // border and warning text
  static QColor prompt();    // prompt phase (throughput plot)
  static QColor generation();
  // A distinct colour for the i-th GPU (memory plot).
  static QColor device(int i);
};

// Fills `rect` with segments proportional to `capacity` (clipped at the end), the rest with the
// palette's base colour, an optional tick at `marker` bytes, and a red frame when `overflow`.
void paintStackedBar(QPainter& painter, const QRect& rect, const QList<BarSegment>& segments, quint64 capacity,
                     quint64 marker, bool overflow, const QPalette& palette, const QString& text = {});

// Paints GpuListModel's memory column as a used/free bar with the text on top.
class MemoryBarDelegate : public QStyledItemDelegate {
  Q_OBJECT

 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

// What a GPU would hold after loading with the previewed split: memory others already use, then
// weights, KV cache and scratch, against the GPU's total, with a tick where the usable memory ends.
class ProjectionBar : public QWidget {
  Q_OBJECT

 public:
  explicit ProjectionBar(QWidget* parent = nullptr);

  void setProjection(quint64 others, quint64 weights, quint64 kv_cache, quint64 scratch, quint64 total,
                     quint64 usable_end, bool overflow);
  quint64 weights() const { return weights_; }
  quint64 kvCache() const { return kv_; }
  quint64 scratch() const { return scratch_; }
  quint64 others() const { return others_; }
  quint64 total() const { return total_; }
  bool overflow() const { return overflow_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  quint64 others_ = 0, weights_ = 0, kv_ = 0, scratch_ = 0, total_ = 0, usable_end_ = 0;
  bool overflow_ = false;
};

}  // namespace tessera::gui

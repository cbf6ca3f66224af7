#include "clipped_text.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>

namespace tessera::gui::test {
namespace {

struct Span {
  int begin = 0;
  int end = 0;
  int length() const { return std::max(0, end - begin); }
};

// How much of `w` the widgets that hold it leave visible, side to side and up and down, and
// whether an area that scrolls up and down holds it.
struct Visible {
  Span x, y;
  bool scrolls_vertically = false;
};

Visible visiblePart(const QWidget* w) {
  Visible v{{0, w->width()}, {0, w->height()}, false};
  const QWidget* child = w;
  for (const QWidget* parent = w->parentWidget(); parent != nullptr && !child->isWindow();
       child = parent, parent = parent->parentWidget()) {
    v.x = {v.x.begin + child->x(), v.x.end + child->x()};
    v.y = {v.y.begin + child->y(), v.y.end + child->y()};
    v.x = {std::max(v.x.begin, 0), std::min(v.x.end, parent->width())};
    v.y = {std::max(v.y.begin, 0), std::min(v.y.end, parent->height())};
    if (const auto* area = qobject_cast<const QAbstractScrollArea*>(parent->parentWidget());
        area != nullptr && area->viewport() == parent && area->verticalScrollBar()->isVisible())
      v.scrolls_vertically = true;
  }
  return v;
}

QString describe(const QWidget* w, const QString& text, const QString& why) {
  return QStringLiteral("%1 %2 \"%3\": %4x%5 (%6)")
      .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text)
      .arg(w->width())
      .arg(w->height())
      .arg(why);
}

// Cut off by what holds it: at the side always; at the bottom unless scrolling shows the rest (a
// widget scrolled wholly out of sight is not looked at: scrolling brings it back).
QString cutByParents(const QWidget* w) {
  const Visible v = visiblePart(w);
  if (v.scrolls_vertically && v.y.length() == 0) return {};
  if (v.x.length() < w->width())
    return QStringLiteral("cut at the side: %1 of %2 px seen").arg(v.x.length()).arg(w->width());
  if (!v.scrolls_vertically && v.y.length() < w->height())
    return QStringLiteral("cut at the bottom: %1 of %2 px seen").arg(v.y.length()).arg(w->height());
  return {};
}

// The room a line edit gives its text: its contents without the frame and the 2 px Qt keeps on
// each side (QLineEditPrivate::horizontalMargin).
int lineEditRoom(const QLineEdit* edit) {
  const int frame = edit->hasFrame() ? edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, edit) : 0;
  const QMargins margins = edit->textMargins();
  return edit->width() - 2 * frame - 4 - margins.left() - margins.right();
}

QString textTooWide(QWidget* w, QString* text) {
  if (auto* b = qobject_cast<QAbstractButton*>(w)) {
    *text = b->text();
    if (text->isEmpty()) return {};
    const QSize hint = b->sizeHint();
    if (b->width() < hint.width() || b->height() < hint.height())
      return QStringLiteral("wants %1x%2").arg(hint.width()).arg(hint.height());
    return {};
  }
  if (auto* l = qobject_cast<QLabel*>(w)) {
    *text = l->text();
    if (text->isEmpty()) return {};
    if (l->wordWrap()) {
      const int needed = l->heightForWidth(l->width());
      if (l->height() < needed) return QStringLiteral("its lines need %1 px of height").arg(needed);
      return {};
    }
    const QSize hint = l->sizeHint();
    if (l->width() < hint.width()) return QStringLiteral("wants %1 px of width").arg(hint.width());
    return {};
  }
  if (auto* g = qobject_cast<QGroupBox*>(w)) {
    *text = g->title();
    if (text->isEmpty()) return {};
    if (g->width() < g->minimumSizeHint().width())
      return QStringLiteral("its title wants %1 px").arg(g->minimumSizeHint().width());
    return {};
  }
  if (auto* c = qobject_cast<QComboBox*>(w)) {
    *text = c->currentText();
    if (text->isEmpty() || c->isEditable()) return {};
    QStyleOptionComboBox option;
    option.initFrom(c);
    option.currentText = c->currentText();
    option.currentIcon = c->itemIcon(c->currentIndex());
    option.iconSize = c->iconSize();
    option.frame = c->hasFrame();
    const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, c);
    int needed = c->fontMetrics().horizontalAdvance(*text) + 2;
    if (!option.currentIcon.isNull()) needed += option.iconSize.width() + 4;
    if (field.width() < needed) return QStringLiteral("its text wants %1 px, has %2").arg(needed).arg(field.width());
    return {};
  }
  if (auto* s = qobject_cast<QAbstractSpinBox*>(w)) {
    const auto* edit = s->findChild<QLineEdit*>();
    if (edit == nullptr) return {};
    *text = edit->text();
    const int needed = edit->fontMetrics().horizontalAdvance(*text);
    if (lineEditRoom(edit) < needed)
      return QStringLiteral("its text wants %1 px, has %2").arg(needed).arg(lineEditRoom(edit));
    return {};
  }
  if (auto* e = qobject_cast<QLineEdit*>(w)) {
    // Placeholders only (what a person types may be longer than the box); a spin box's edit was
    // looked at with its box.
    if (qobject_cast<QAbstractSpinBox*>(e->parentWidget()) != nullptr || qobject_cast<QComboBox*>(e->parentWidget()))
      return {};
    *text = e->placeholderText();
    if (!e->text().isEmpty() || text->isEmpty()) return {};
    const int needed = e->fontMetrics().horizontalAdvance(*text);
    if (lineEditRoom(e) < needed) return QStringLiteral("its placeholder wants %1 px, has %2").arg(needed).arg(lineEditRoom(e));
    return {};
  }
  if (auto* t = qobject_cast<QTabBar*>(w)) {
    if (t->count() > 0) *text = t->tabText(0);
    for (int i = 0; i < t->count(); ++i) {
      if (!t->isTabVisible(i)) continue;
      const QRect r = t->tabRect(i);
      const int wanted = t->fontMetrics().horizontalAdvance(t->tabText(i)) +
                         t->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, t);
      if (r.width() < wanted || r.left() < 0 || r.right() >= t->width()) {
        *text = t->tabText(i);
        return QStringLiteral("tab %1 at %2..%3 of %4, wants %5 px")
            .arg(i)
            .arg(r.left())
            .arg(r.right())
            .arg(t->width())
            .arg(wanted);
      }
    }
    return {};
  }
  if (auto* h = qobject_cast<QHeaderView*>(w)) {
    if (h->orientation() != Qt::Horizontal || h->model() == nullptr || h->count() == 0) return {};
    *text = h->model()->headerData(0, Qt::Horizontal).toString();
    for (int logical = 0; logical < h->count(); ++logical) {
      if (h->isSectionHidden(logical)) continue;
      const int at = h->sectionViewportPosition(logical);
      const int size = h->sectionSize(logical);
      if (at < 0 || at + size > h->viewport()->width()) continue;  // scrolled to: the table scrolls sideways
      if (size < h->sectionSizeHint(logical)) {
        *text = h->model()->headerData(logical, Qt::Horizontal).toString();
        return QStringLiteral("section %1 is %2 px, wants %3").arg(logical).arg(size).arg(h->sectionSizeHint(logical));
      }
    }
    return {};
  }
  return {};
}

}  // namespace

QStringList clippedTexts(QWidget* root, int* checked) {
  QStringList out;
  QList<QWidget*> widgets = root->findChildren<QWidget*>();
  widgets.prepend(root);
  for (QWidget* w : widgets) {
    if (!w->isVisible()) continue;
    QString text;
    const QString too_wide = textTooWide(w, &text);
    if (text.isEmpty()) continue;
    if (checked != nullptr) ++*checked;
    if (!too_wide.isEmpty()) {
      out << describe(w, text, too_wide);
      continue;
    }
    if (const QString cut = cutByParents(w); !cut.isEmpty()) out << describe(w, text, cut);
  }
  return out;
}

}  // namespace tessera::gui::test

#include "markdown_view.h"

#include <QAbstractTextDocumentLayout>
#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <cmath>

namespace tessera::gui {
namespace {

const QColor kCodeBackground(0xf0, 0xf1, 0xf4);

bool isCodeBlock(const QTextBlock& block) {
  const QTextBlockFormat f = block.blockFormat();
  return f.hasProperty(QTextFormat::BlockCodeFence) || f.hasProperty(QTextFormat::BlockCodeLanguage) ||
         block.charFormat().fontFixedPitch();
}

}  // namespace

MarkdownView::MarkdownView(QWidget* parent) : QTextBrowser(parent) {
  setReadOnly(true);
  setOpenExternalLinks(true);
  setFrameShape(QFrame::NoFrame);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  setTextInteractionFlags(Qt::TextBrowserInteraction);
  viewport()->setAutoFillBackground(false);
  setStyleSheet(QStringLiteral("QTextBrowser { background: transparent; }"));
  document()->setDocumentMargin(2);
}

void MarkdownView::setMarkdownText(const QString& markdown) {
  if (markdown == markdown_) return;
  markdown_ = markdown;
  setMarkdown(markdown);
  styleCode();
  updateHeight();
}

void MarkdownView::styleCode() {
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  QTextCursor cursor(document());
  cursor.beginEditBlock();
  for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
    const bool code_block = isCodeBlock(block);
    if (code_block) {
      QTextBlockFormat bf;
      bf.setBackground(kCodeBackground);
      bf.setLeftMargin(6);
      bf.setRightMargin(6);
      cursor.setPosition(block.position());
      cursor.mergeBlockFormat(bf);
    }
    // Inline code and code-block text: monospace on the tinted background.
    for (auto it = block.begin(); !it.atEnd(); ++it) {
      const QTextFragment fragment = it.fragment();
      if (!code_block && !fragment.charFormat().fontFixedPitch()) continue;
      QTextCharFormat cf;
      cf.setFontFamilies(mono.families().isEmpty() ? QStringList{mono.family()} : mono.families());
      cf.setFontFixedPitch(true);
      cf.setBackground(kCodeBackground);
      cursor.setPosition(fragment.position());
      cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
      cursor.mergeCharFormat(cf);
    }
  }
  cursor.endEditBlock();
}

void MarkdownView::updateHeight() {
  document()->setTextWidth(viewport()->width() > 0 ? viewport()->width() : 400);
  const int h = static_cast<int>(std::ceil(document()->size().height())) + frameWidth() * 2 + 2;
  if (h != height()) setFixedHeight(h);
  updateGeometry();
}

void MarkdownView::resizeEvent(QResizeEvent* event) {
  QTextBrowser::resizeEvent(event);
  updateHeight();
}

QSize MarkdownView::sizeHint() const {
  return {QTextBrowser::sizeHint().width(), static_cast<int>(std::ceil(document()->size().height())) + 4};
}

QSize MarkdownView::minimumSizeHint() const { return {50, sizeHint().height()}; }

}  // namespace tessera::gui

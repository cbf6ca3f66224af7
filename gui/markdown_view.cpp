#include "markdown_view.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <cmath>

namespace tessera::gui {
namespace {

const QColor kCodeBackground(0xf0, 0xf1, 0xf4);

// Markdown joins the lines of a paragraph; a model's reply means its line breaks (verses, addresses,
// step lists without markers), and Copy hands out the text with them. So every line break outside
// a code block becomes a hard break (two spaces at the end of the line: unlike a backslash they
// vanish where a block ends, e.g. before the next list item). Fenced and indented code, blank
// lines and lines that already end in a break stay as they are.
QString keepLineBreaks(const QString& markdown) {
  const QStringList lines = QString(markdown).replace(QLatin1String("\r\n"), QLatin1String("\n")).split(QLatin1Char('\n'));
  QString out;
  out.reserve(markdown.size() + lines.size());
  QString fence;  // the opening fence ("```" or "~~~", maybe longer) while inside fenced code
  for (qsizetype i = 0; i < lines.size(); ++i) {
    const QString& line = lines.at(i);
    out += line;
    if (i + 1 == lines.size()) break;
    const QString trimmed = line.trimmed();
    if (!fence.isEmpty()) {
      if (trimmed.startsWith(fence) && trimmed.mid(fence.size()).trimmed().isEmpty()) fence.clear();
    } else if (trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~"))) {
      qsizetype n = 0;
      while (n < trimmed.size() && trimmed.at(n) == trimmed.at(0)) ++n;
      fence = trimmed.left(n);
    } else {
      const QString& next = lines.at(i + 1);
      const bool indented_code = line.startsWith(QLatin1String("    ")) || line.startsWith(QLatin1Char('\t'));
      const bool ends_in_break = line.endsWith(QLatin1Char('\\')) || line.endsWith(QLatin1String("  "));
      // A table row, a heading or a rule is a block of its own: it needs no break.
      const bool own_block = trimmed.startsWith(QLatin1Char('|')) || trimmed.startsWith(QLatin1Char('#')) ||
                             trimmed == QLatin1String("---") || trimmed == QLatin1String("***");
      if (!trimmed.isEmpty() && !next.trimmed().isEmpty() && !indented_code && !ends_in_break && !own_block)
        out += QLatin1String("  ");
    }
    out += QLatin1Char('\n');
  }
  return out;
}

bool isCodeBlock(const QTextBlock& block) {
  const QTextBlockFormat f = block.blockFormat();
  return f.hasProperty(QTextFormat::BlockCodeFence) || f.hasProperty(QTextFormat::BlockCodeLanguage) ||
         block.charFormat().fontFixedPitch();
}

}  // namespace

MarkdownView::MarkdownView(QWidget* parent) : QTextBrowser(parent) {
  setReadOnly(true);
  // Links in a reply open only when they are web or mail addresses; anything else (file:, qrc:,
  // relative paths) does nothing, and nothing is navigated inside the view.
  setOpenLinks(false);
  setOpenExternalLinks(false);
  connect(this, &QTextBrowser::anchorClicked, this, [](const QUrl& url) {
    if (isSafeLink(url)) QDesktopServices::openUrl(url);
  });
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
  // Model output is text, never HTML: "<b>", "vector<int>", "a<b" are shown as written, and no
  // <img>/<a> can reach local files.
  document()->setMarkdown(keepLineBreaks(markdown),
                          QTextDocument::MarkdownFeatures(int(QTextDocument::MarkdownDialectGitHub) |
                                                          int(QTextDocument::MarkdownNoHTML)));
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

bool MarkdownView::isSafeLink(const QUrl& url) {
  const QString scheme = url.scheme().toLower();
  return scheme == QLatin1String("https") || scheme == QLatin1String("http") || scheme == QLatin1String("mailto");
}

QVariant MarkdownView::loadResource(int /*type*/, const QUrl& /*name*/) {
  // Images and style sheets named by model output are never fetched (no local file is read).
  return {};
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

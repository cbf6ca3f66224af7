#include "markdown_view.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QFontDatabase>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextList>

#include <cmath>

#include "theme_colors.h"

namespace tessera::gui {
namespace {

constexpr auto kFeatures =
    QTextDocument::MarkdownFeatures(int(QTextDocument::MarkdownDialectGitHub) | int(QTextDocument::MarkdownNoHTML));

// A line that opens or continues a list item ("- ", "* ", "+ ", "12. ", "3) ").
bool isListMarker(const QString& line) {
  if (line.size() >= 2 && (line[0] == u'-' || line[0] == u'*' || line[0] == u'+') && line[1] == u' ') return true;
  qsizetype i = 0;
  while (i < line.size() && line[i].isDigit()) ++i;
  return i > 0 && i + 1 < line.size() && (line[i] == u'.' || line[i] == u')') && line[i + 1] == u' ';
}

bool isFence(const QString& trimmed) {
  return trimmed.startsWith(QLatin1String("```")) || trimmed.startsWith(QLatin1String("~~~"));
}

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
    } else if (isFence(trimmed)) {
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
  setStyleSheet(QStringLiteral("QTextBrowser { background: transparent; }"));  // set once, here
  document()->setDocumentMargin(2);
  document()->setUndoRedoEnabled(false);  // streaming edits must not pile up undo steps
  code_background_ = ThemeColors::codeBackground(palette(), palette().color(QPalette::Base));
}

void MarkdownView::setCodeBackground(const QColor& color) {
  if (color == code_background_) return;
  code_background_ = color;
  if (!markdown_.isEmpty()) renderAll();
}

void MarkdownView::setMarkdownText(const QString& markdown, bool streaming) {
  if (markdown == markdown_ && (streaming || !incremental_)) return;
  if (streaming) {
    renderStreaming(markdown);
  } else {
    markdown_ = markdown;
    renderAll();
  }
  updateHeight();
}

void MarkdownView::renderAll() {
  // Model output is text, never HTML: "<b>", "vector<int>", "a<b" are shown as written, and no
  // <img>/<a> can reach local files.
  document()->setMarkdown(keepLineBreaks(markdown_), kFeatures);
  styleCode();
  last_parsed_ = markdown_.size();
  stable_chars_ = 0;
  stable_end_ = 0;
  incremental_ = false;
  updateHeight();
}

void MarkdownView::renderStreaming(const QString& markdown) {
  // Start over unless the text still begins with the final part shown (a new reply, an edit).
  if (!incremental_ || !markdown.startsWith(QStringView(markdown_).left(stable_chars_))) {
    stable_chars_ = 0;
    stable_end_ = 0;
  }
  markdown_ = markdown;
  incremental_ = true;
  last_parsed_ = 0;
  // Drop the old tail: everything after the final blocks (all of it when none is final yet: a
  // block left over would keep its list).
  if (stable_end_ == 0) {
    document()->clear();
  } else {
    QTextCursor cursor(document());
    cursor.setPosition(stable_end_);
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
  }

  const qsizetype safe = lastSafeBreak(markdown, stable_chars_);
  if (safe > stable_chars_) {
    const QString part = markdown.mid(stable_chars_, safe - stable_chars_);
    const int from = stable_end_;
    if (appendParsed(part, true)) {
      last_parsed_ += part.size();
      styleCode(from);
    } else {
      // A table: everything final is rendered in one piece (without the empty block a closing
      // quote leaves at the end, see appendParsed).
      document()->setMarkdown(keepLineBreaks(markdown.left(safe)), kFeatures);
      const QTextBlock last = document()->lastBlock();
      QTextCursor before(document());
      before.setPosition(std::max(0, last.position() - 1));
      if (last.length() <= 1 && last != document()->firstBlock() && !isCodeBlock(last) &&
          !last.blockFormat().hasProperty(QTextFormat::BlockTrailingHorizontalRulerWidth) && !before.currentTable()) {
        before.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
        before.removeSelectedText();
      }
      last_parsed_ += safe;
      styleCode();
    }
    stable_chars_ = safe;
    stable_end_ = document()->characterCount() - 1;
  }
  const QString tail = markdown.mid(stable_chars_);
  if (appendParsed(tail, false)) {
    last_parsed_ += tail.size();
    styleCode(stable_end_);
  } else {
    // The open tail is a table: the whole text once; the next flush starts over.
    renderAll();
    incremental_ = true;
  }
}

bool MarkdownView::appendParsed(const QString& markdown, bool more_follows) {
  if (markdown.isEmpty()) return true;
  QTextDocument part;
  part.setMarkdown(keepLineBreaks(markdown), kFeatures);
  if (!part.rootFrame()->childFrames().isEmpty()) return false;  // a table
  // A part that ends in a quote ends in an empty block that the whole text does not have where
  // more follows (the reader closes the quote at the end of its input).
  QTextBlock end = part.lastBlock();
  if (more_follows && end.length() <= 1 && end != part.firstBlock() && !isCodeBlock(end) &&
      !end.blockFormat().hasProperty(QTextFormat::BlockTrailingHorizontalRulerWidth))
    end = end.previous();
  QTextCursor cursor(document());
  cursor.movePosition(QTextCursor::End);
  // The first block is reused where the document ends in an empty block that a render left: the
  // empty document's one block, or the block a document always has after a table.
  bool first = document()->characterCount() <= 1;
  if (!first && cursor.block().length() <= 1) {
    QTextCursor before(document());
    before.setPosition(cursor.block().position() - 1);
    first = before.currentTable() != nullptr;
  }
  if (first) {
    if (QTextList* stale = cursor.block().textList()) stale->remove(cursor.block());
  }
  QHash<QTextList*, QTextList*> lists;  // the part's lists -> the document's
  for (QTextBlock block = part.begin(); block.isValid() && block.blockNumber() <= end.blockNumber(); block = block.next()) {
    // The formats without the part's list object (an index into the part's objects).
    QTextBlockFormat bf = block.blockFormat();
    bf.setObjectIndex(-1);
    QTextCharFormat cf = block.charFormat();
    cf.setObjectIndex(-1);
    if (first) {
      cursor.setBlockFormat(bf);
      cursor.setBlockCharFormat(cf);
      first = false;
    } else {
      cursor.insertBlock(bf, cf);
    }
    if (QTextList* list = block.textList()) {
      auto it = lists.find(list);
      if (it == lists.end()) lists.insert(list, cursor.createList(list->format()));
      else it.value()->add(cursor.block());
    }
    for (auto it = block.begin(); !it.atEnd(); ++it) {
      const QTextFragment fragment = it.fragment();
      if (fragment.charFormat().isImageFormat()) cursor.insertImage(fragment.charFormat().toImageFormat());
      else cursor.insertText(fragment.text(), fragment.charFormat());
    }
  }
  return true;
}

qsizetype MarkdownView::lastSafeBreak(const QString& markdown, qsizetype from) {
  qsizetype safe = from;
  QString fence;       // the opening fence while inside fenced code
  bool blank = false;  // the previous line was blank (outside code)
  bool after_quote = false;  // the last text line was a quote: a quote starts or ends no part (Qt's
                             // reader renders a quote's edges differently in a part of its own)
  qsizetype pos = from;
  while (pos < markdown.size()) {
    const qsizetype end = markdown.indexOf(QLatin1Char('\n'), pos);
    if (end < 0) break;  // the last line is still being written: it decides nothing yet
    const QString line = markdown.mid(pos, end - pos);
    const QString trimmed = line.trimmed();
    if (!fence.isEmpty()) {
      if (trimmed.startsWith(fence) && trimmed.mid(fence.size()).trimmed().isEmpty()) fence.clear();
      blank = false;
    } else if (trimmed.isEmpty()) {
      blank = true;
    } else {
      // A complete line after a blank one that starts a new top-level block: what came before
      // is final. (An indented line or a list item may still belong to the block above.)
      const bool indented = line.startsWith(QLatin1Char(' ')) || line.startsWith(QLatin1Char('\t'));
      if (blank && !indented && !isListMarker(line) && !after_quote && !trimmed.startsWith(QLatin1Char('>'))) safe = pos;
      after_quote = trimmed.startsWith(QLatin1Char('>'));
      if (isFence(trimmed)) {
        qsizetype n = 0;
        while (n < trimmed.size() && trimmed.at(n) == trimmed.at(0)) ++n;
        fence = trimmed.left(n);
      }
      blank = false;
    }
    pos = end + 1;
  }
  return safe;
}

void MarkdownView::styleCode(int from_position) {
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  QTextCursor cursor(document());
  cursor.beginEditBlock();
  for (QTextBlock block = document()->findBlock(from_position); block.isValid(); block = block.next()) {
    const bool code_block = isCodeBlock(block);
    if (code_block) {
      QTextBlockFormat bf;
      bf.setBackground(code_background_);
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
      cf.setBackground(code_background_);
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
  // Only a new width lays the document out again: setTextWidth() relays out the whole document
  // even at the same width, and this runs with every flush of a streaming reply.
  const qreal width = viewport()->width() > 0 ? viewport()->width() : 400;
  if (document()->textWidth() != width) document()->setTextWidth(width);
  const int h = static_cast<int>(std::ceil(document()->size().height())) + frameWidth() * 2 + 2;
  // A new height asks the chat for room (setFixedHeight says so to the layout); the same height
  // leaves the chat's layout alone, where each message's labels were measured again every flush.
  if (h != height()) setFixedHeight(h);
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

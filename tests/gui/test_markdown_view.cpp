// MarkdownView renders model output: never as HTML, with its line breaks, with no resource loaded.
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFragment>
#include <QUrl>

#include <gtest/gtest.h>

#include "markdown_view.h"

namespace tessera::gui {
namespace {

QString shown(const QString& markdown) {
  MarkdownView view;
  view.setMarkdownText(markdown);
  return view.document()->toPlainText();
}

bool anyBold(const QTextDocument* doc) {
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
    for (auto it = b.begin(); !it.atEnd(); ++it)
      if (it.fragment().charFormat().fontWeight() >= QFont::Bold) return true;
  return false;
}

TEST(MarkdownView, AngleBracketsAreText) {
  EXPECT_EQ(shown(QStringLiteral("if a<b and c>d")), QStringLiteral("if a<b and c>d"));
  EXPECT_EQ(shown(QStringLiteral("vector<int> v")), QStringLiteral("vector<int> v"));
}

TEST(MarkdownView, HtmlTagsAreNotInterpreted) {
  MarkdownView view;
  view.setMarkdownText(QStringLiteral("<b>x</b>"));
  EXPECT_EQ(view.document()->toPlainText(), QStringLiteral("<b>x</b>"));
  EXPECT_FALSE(anyBold(view.document()));
  view.setMarkdownText(QStringLiteral("<img src=\"file:///etc/passwd\"> and <a href=\"file:///tmp\">here</a>"));
  EXPECT_TRUE(view.document()->toPlainText().contains(QStringLiteral("<img src=")));
  EXPECT_TRUE(view.document()->toPlainText().contains(QStringLiteral("<a href=")));
}

TEST(MarkdownView, MarkdownStillWorks) {
  MarkdownView view;
  view.setMarkdownText(QStringLiteral("**bold** and `vector<int>`"));
  EXPECT_EQ(view.document()->toPlainText(), QStringLiteral("bold and vector<int>"));
  EXPECT_TRUE(anyBold(view.document()));
}

TEST(MarkdownView, SingleLineBreaksAreKept) {
  QString ten;
  for (int i = 1; i <= 10; ++i) ten += QStringLiteral("line %1\n").arg(i);
  const QString text = shown(ten.trimmed());
  // Hard breaks come out as line separators inside one paragraph.
  const QStringList lines = QString(text).replace(QChar::LineSeparator, QLatin1Char('\n')).split(QLatin1Char('\n'));
  ASSERT_EQ(lines.size(), 10) << text.toStdString();
  EXPECT_EQ(lines.front(), QStringLiteral("line 1"));
  EXPECT_EQ(lines.back(), QStringLiteral("line 10"));
}

TEST(MarkdownView, ListsAndCodeKeepTheirShape) {
  const QString list = shown(QStringLiteral("1. one\n2. two\n- a\n- b"));
  EXPECT_FALSE(list.contains(QLatin1Char('\\')));
  EXPECT_TRUE(list.contains(QStringLiteral("one"))) << list.toStdString();
  const QString code = QStringLiteral("```cpp\nint a = 1;\nint b = 2;\n```");
  MarkdownView view;
  view.setMarkdownText(code);
  EXPECT_EQ(view.document()->toPlainText(), QStringLiteral("int a = 1;\nint b = 2;"));
  EXPECT_EQ(view.markdownText(), code);  // Copy hands out what the model wrote
}

TEST(MarkdownView, NoResourceIsLoadedAndOnlyWebLinksOpen) {
  MarkdownView view;
  EXPECT_FALSE(view.loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("file:///etc/hostname"))).isValid());
  EXPECT_TRUE(MarkdownView::isSafeLink(QUrl(QStringLiteral("https://example.org"))));
  EXPECT_FALSE(MarkdownView::isSafeLink(QUrl(QStringLiteral("file:///etc/passwd"))));
  EXPECT_FALSE(MarkdownView::isSafeLink(QUrl(QStringLiteral("secret.txt"))));
}

}  // namespace
}  // namespace tessera::gui

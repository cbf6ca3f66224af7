// A read-only, selectable Markdown renderer that is exactly as tall as its text (no scroll bar of
// its own), for one chat message. Code blocks and inline code are set in the system's monospace
// font on a tinted background. The text is never read as HTML (GitHub Markdown without raw HTML),
// its line breaks are kept, no resource it names is loaded, and only web/mail links open.
//
// Streaming: a reply grows a few tokens at a time, and parsing, styling and laying out the whole
// reply again at every flush costs more the longer it gets. While streaming, the blocks before the
// last safe break (a blank line outside code, followed by a complete line that starts a new
// top-level block: not indented, not a list item, not after a quote) are final: they are parsed once and kept, and
// only the text after that break (the last, still-open blocks) is parsed again and replaces the
// old tail in the document. Blocks are copied from the parsed part with their formats and lists,
// so the document shows what a one-shot render of the same text shows (known gap: next to a quote
// it can show one empty line more while streaming); a part with a table is rendered with the text
// before it in one piece. When the stream ends the whole text is rendered once more, so the final
// document is exactly the one-shot render, also where a later line changes an earlier block (a
// link reference definition).
#pragma once

#include <QTextBrowser>

namespace tessera::gui {

class MarkdownView : public QTextBrowser {
  Q_OBJECT

 public:
  explicit MarkdownView(QWidget* parent = nullptr);

  // Renders `markdown`; with `streaming`, incrementally when it extends the text shown (see above).
  void setMarkdownText(const QString& markdown, bool streaming = false);
  const QString& markdownText() const { return markdown_; }
  // The tint behind code (ThemeColors::codeBackground); re-styles what is shown.
  void setCodeBackground(const QColor& color);

  // Characters of Markdown the last setMarkdownText parsed (the whole text for a full render).
  qsizetype lastParsedChars() const { return last_parsed_; }
  // The end of the last safe break in `markdown` at or after `from` (itself a safe break or 0):
  // the text before it renders the same whatever follows. `from` when there is none.
  static qsizetype lastSafeBreak(const QString& markdown, qsizetype from);

  // Whether a link in a message may be opened (http, https, mailto).
  static bool isSafeLink(const QUrl& url);

  QSize sizeHint() const override;
  QVariant loadResource(int type, const QUrl& name) override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void renderAll();
  void renderStreaming(const QString& markdown);
  // Parses `markdown` and appends its blocks to the document; false (nothing appended) when it
  // holds a table, which is not copied block by block. `more_follows`: text comes after it.
  bool appendParsed(const QString& markdown, bool more_follows);
  void styleCode(int from_position = 0);
  void updateHeight();

  QString markdown_;
  QColor code_background_;
  qsizetype last_parsed_ = 0;
  // While streaming: markdown_.left(stable_chars_) is rendered and final; its blocks end at
  // document position stable_end_ (the tail's blocks follow).
  qsizetype stable_chars_ = 0;
  int stable_end_ = 0;
  bool incremental_ = false;  // the document was built incrementally, not by one full render
};

}  // namespace tessera::gui

// A read-only, selectable Markdown renderer that is exactly as tall as its text (no scroll bar of
// its own), for one chat message. Code blocks and inline code are set in the system's monospace
// font on a tinted background. The text is never read as HTML (GitHub Markdown without raw HTML),
// its line breaks are kept, no resource it names is loaded, and only web/mail links open.
#pragma once

#include <QTextBrowser>

namespace tessera::gui {

class MarkdownView : public QTextBrowser {
  Q_OBJECT

 public:
  explicit MarkdownView(QWidget* parent = nullptr);

  void setMarkdownText(const QString& markdown);
  const QString& markdownText() const { return markdown_; }

  // Whether a link in a message may be opened (http, https, mailto).
  static bool isSafeLink(const QUrl& url);

  QSize sizeHint() const override;
  QVariant loadResource(int type, const QUrl& name) override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void styleCode();
  void updateHeight();

  QString markdown_;
};

}  // namespace tessera::gui

// A read-only, selectable Markdown renderer that is exactly as tall as its text (no scroll bar of
// its own), for one chat message. Code blocks and inline code are set in the system's monospace
// font on a tinted background.
#pragma once

#include <QTextBrowser>

namespace tessera::gui {

class MarkdownView : public QTextBrowser {
  Q_OBJECT

 public:
  explicit MarkdownView(QWidget* parent = nullptr);

  void setMarkdownText(const QString& markdown);
  const QString& markdownText() const { return markdown_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void styleCode();
  void updateHeight();

  QString markdown_;
};

}  // namespace tessera::gui

// An inline message strip at the top of the chat area: what went wrong, the engine's detail, and
// what the user can do, with an optional action button ("Open Another File…") and a close button.
// Errors never open modal dialogs or end the app; they land here. Its colours come from the
// palette (ThemeColors::banner): a tinted surface with the palette's text, readable in light and
// dark themes.
#pragma once

#include <QFrame>

#include <functional>

#include "error_text.h"

class QLabel;
class QPushButton;
class QToolButton;

namespace tessera::gui {

class ErrorBanner : public QFrame {
  Q_OBJECT

 public:
  enum class Severity { Info, Warning, Error };
  using TextSource = std::function<ErrorText()>;
  using ActionSource = std::function<QString()>;

  explicit ErrorBanner(QWidget* parent = nullptr);

  // `text` and `action` are asked for their texts now and again when the interface language
  // changes, so a message shown before a switch is re-worded in the new language. An empty
  // `action` (or one returning an empty text) = no action button.
  void showMessage(Severity severity, TextSource text, ActionSource action = {});
  // Fixed texts.
  void showMessage(Severity severity, const ErrorText& text, const QString& action = {});
  void dismiss();

  Severity severity() const { return severity_; }
  QString title() const;
  QString detail() const;
  QString advice() const;
  // The surface and text colours it paints with now (for tests).
  QColor backgroundColor() const;
  QColor textColor() const;

 signals:
  void actionTriggered();
  void dismissed();

 protected:
  void changeEvent(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;

 private:
  void retranslateUi();
  void showTexts();
  void applyColors();

  Severity severity_ = Severity::Info;
  TextSource text_source_;
  ActionSource action_source_;
  QLabel* icon_;
  QLabel* title_;
  QLabel* detail_;
  QLabel* advice_;
  QPushButton* action_;
  QToolButton* close_;
};

}  // namespace tessera::gui

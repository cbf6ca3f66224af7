// An inline message strip at the top of the chat area: what went wrong, the engine's detail, and
// what the user can do, with an optional action button ("Open Another File…") and a close button.
// Errors never open modal dialogs or end the app; they land here.
#pragma once

#include <QFrame>

#include "error_text.h"

class QLabel;
class QPushButton;
class QToolButton;

namespace tessera::gui {

class ErrorBanner : public QFrame {
  Q_OBJECT

 public:
  enum class Severity { Info, Warning, Error };

  explicit ErrorBanner(QWidget* parent = nullptr);

  // `action` empty = no action button.
  void showMessage(Severity severity, const ErrorText& text, const QString& action = {});
  void dismiss();

  Severity severity() const { return severity_; }
  QString title() const;
  QString detail() const;
  QString advice() const;

 signals:
  void actionTriggered();
  void dismissed();

 private:
  Severity severity_ = Severity::Info;
  QLabel* icon_;
  QLabel* title_;
  QLabel* detail_;
  QLabel* advice_;
  QPushButton* action_;
  QToolButton* close_;
};

}  // namespace tessera::gui

#include "message_widget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include "display_format.h"
#include "markdown_view.h"

namespace tessera::gui {

MessageWidget::MessageWidget(QWidget* parent)
    : QFrame(parent),
      author_(new QLabel(this)),
      status_(new QLabel(this)),
      view_(new MarkdownView(this)),
      timings_(new QLabel(this)),
      copy_(new QToolButton(this)) {
  setObjectName(QStringLiteral("message"));
  QFont bold = author_->font();
  bold.setBold(true);
  author_->setFont(bold);
  status_->setObjectName(QStringLiteral("messageStatus"));
  timings_->setObjectName(QStringLiteral("messageTimings"));
  QFont small = timings_->font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  timings_->setFont(small);
  status_->setFont(small);
  timings_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  copy_->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
  copy_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  copy_->setAutoRaise(true);

  auto* header = new QHBoxLayout;
  header->addWidget(author_);
  header->addWidget(status_);
  header->addStretch(1);
  header->addWidget(copy_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(12, 6, 12, 8);
  layout->setSpacing(2);
  layout->addLayout(header);
  layout->addWidget(view_);
  layout->addWidget(timings_);

  connect(copy_, &QToolButton::clicked, this, [this] { emit copyRequested(message_.text); });
  retranslateUi();
}

void MessageWidget::retranslateUi() {
  copy_->setText(tr("Copy"));
  copy_->setToolTip(tr("Copy this message as Markdown"));
  showTexts();
}

void MessageWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QFrame::changeEvent(event);
}

void MessageWidget::setMessage(const ChatMessage& m, const QString& assistant_name) {
  message_ = m;
  assistant_name_ = assistant_name;
  const bool user = m.role == ChatRole::User;
  setProperty("role", user ? QStringLiteral("user") : QStringLiteral("assistant"));
  setStyleSheet(user ? QStringLiteral("#message { background: #e7f0fd; border: 1px solid #c9dbf5; border-radius: 8px; }")
                     : QStringLiteral("#message { background: #ffffff; border: 1px solid #dedede; border-radius: 8px; }"));

  view_->setMarkdownText(m.text);
  showTexts();
  copy_->setEnabled(!m.text.isEmpty());
}

void MessageWidget::showTexts() {
  const ChatMessage& m = message_;
  const bool user = m.role == ChatRole::User;
  author_->setText(user ? tr("You") : (assistant_name_.isEmpty() ? tr("Assistant") : assistant_name_));

  QString status;
  QString colour = QStringLiteral("#6a6a6a");
  switch (m.status) {
    case ChatMessage::Status::Streaming: status = tr("generating…"); break;
    case ChatMessage::Status::Stopped: status = tr("stopped"); break;
    case ChatMessage::Status::Failed:
      status = tr("failed: %1").arg(m.error);
      colour = QStringLiteral("#b00020");
      break;
    case ChatMessage::Status::Complete: break;
  }
  status_->setText(status);
  status_->setStyleSheet(QStringLiteral("color: %1;").arg(colour));
  status_->setVisible(!status.isEmpty());

  timings_->setText(m.has_timings ? DisplayFormat::timings(m.timings) : QString());
  timings_->setStyleSheet(QStringLiteral("color: #6a6a6a;"));
  timings_->setVisible(m.has_timings);
}

QString MessageWidget::timingsText() const { return timings_->isHidden() ? QString() : timings_->text(); }

QString MessageWidget::statusText() const { return status_->text(); }

}  // namespace tessera::gui

#include "system_prompt_edit.h"

#include <QEvent>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace tessera::gui {

SystemPromptEdit::SystemPromptEdit(QWidget* parent) : QWidget(parent), edit_(new QPlainTextEdit(this)) {
  setObjectName(QStringLiteral("systemPrompt"));
  edit_->setMinimumHeight(fontMetrics().lineSpacing() * 4);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(edit_);
  connect(edit_, &QPlainTextEdit::textChanged, this, [this] {
    if (!updating_) emit textChanged(edit_->toPlainText());
  });
  retranslateUi();
}

void SystemPromptEdit::retranslateUi() {
  edit_->setPlaceholderText(tr("For example: You are a helpful assistant. Answer briefly."));
  edit_->setToolTip(tr("Instructions the model sees before the conversation. Used only by models with a chat template."));
}

void SystemPromptEdit::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

QString SystemPromptEdit::text() const { return edit_->toPlainText(); }

void SystemPromptEdit::setText(const QString& text) {
  if (text == edit_->toPlainText()) return;
  updating_ = true;
  edit_->setPlainText(text);
  updating_ = false;
}

}  // namespace tessera::gui

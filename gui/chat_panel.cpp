#include "chat_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include "chat_input.h"
#include "chat_view.h"

namespace tessera::gui {

ChatPanel::ChatPanel(ChatController* controller, QWidget* parent)
    : QWidget(parent),
      controller_(controller),
      view_(new ChatView(controller->model(), this)),
      input_(new ChatInput(this)),
      send_(new QPushButton(this)),
      stop_(new QPushButton(this)),
      regenerate_(new QPushButton(this)),
      new_(new QPushButton(this)) {
  send_->setObjectName(QStringLiteral("sendButton"));
  stop_->setObjectName(QStringLiteral("stopButton"));
  regenerate_->setObjectName(QStringLiteral("regenerateButton"));
  new_->setObjectName(QStringLiteral("newConversationButton"));
  send_->setDefault(true);
  send_->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
  stop_->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
  regenerate_->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
  new_->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(new_);
  buttons->addWidget(regenerate_);
  buttons->addStretch(1);
  buttons->addWidget(stop_);
  buttons->addWidget(send_);

  auto* bottom = new QVBoxLayout;
  bottom->setContentsMargins(12, 6, 12, 10);
  bottom->addWidget(input_);
  bottom->addLayout(buttons);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(view_, 1);
  layout->addLayout(bottom);

  connect(input_, &ChatInput::submitRequested, this, &ChatPanel::submit);
  connect(input_, &ChatInput::textChanged, this, &ChatPanel::updateActions);
  connect(send_, &QPushButton::clicked, this, &ChatPanel::submit);
  connect(stop_, &QPushButton::clicked, controller_, &ChatController::stop);
  connect(regenerate_, &QPushButton::clicked, controller_, &ChatController::regenerate);
  connect(new_, &QPushButton::clicked, controller_, &ChatController::clear);
  connect(view_, &ChatView::copyRequested, this, &ChatPanel::copyRequested);
  connect(controller_, &ChatController::streamingChanged, this, &ChatPanel::updateActions);
  connect(controller_->engine(), &EngineClient::stateChanged, this, &ChatPanel::updateActions);
  connect(controller_->model(), &QAbstractItemModel::rowsInserted, this, &ChatPanel::updateActions);
  connect(controller_->model(), &QAbstractItemModel::rowsRemoved, this, &ChatPanel::updateActions);
  connect(controller_->model(), &QAbstractItemModel::modelReset, this, &ChatPanel::updateActions);
  retranslateUi();
}

void ChatPanel::retranslateUi() {
  send_->setText(tr("Send"));
  stop_->setText(tr("Stop"));
  regenerate_->setText(tr("Regenerate"));
  new_->setText(tr("New Conversation"));
  send_->setToolTip(tr("Send the message (Enter)"));
  stop_->setToolTip(tr("Stop the reply being generated (Esc)"));
  regenerate_->setToolTip(tr("Discard the last reply and generate a new one"));
  new_->setToolTip(tr("Start a new, empty conversation"));
  updateActions();  // the placeholder
}

void ChatPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

void ChatPanel::submit() {
  const QString text = input_->toPlainText();
  if (controller_->send(text)) input_->clear();
}

void ChatPanel::setOpenModelName(const QString& name) {
  open_model_ = name;
  updateActions();
}

void ChatPanel::updateActions() {
  const bool streaming = controller_->isStreaming();
  send_->setEnabled(controller_->canSend() && !input_->toPlainText().trimmed().isEmpty());
  stop_->setEnabled(streaming);
  regenerate_->setEnabled(controller_->canRegenerate());
  new_->setEnabled(controller_->model()->rowCount() > 0 || streaming);
  switch (controller_->engine()->state()) {
    case EngineClient::State::Empty:
      if (open_model_.isEmpty()) {
        //: "File ▸ Open Model…" names the File menu and its entry: use their translations (without the &).
        view_->setPlaceholder(tr("Open a GGUF model to start: File ▸ Open Model…, or drop a .gguf file here."));
      } else {
        //: "Load" is the model panel's Load button: use its translation. %1 is the model's name.
        view_->setPlaceholder(tr("Press Load to load %1, then write a message.").arg(open_model_));
      }
      break;
    case EngineClient::State::Loading: view_->setPlaceholder(tr("Loading the model…")); break;
    case EngineClient::State::Ready:
    case EngineClient::State::Generating:
      view_->setPlaceholder(tr("The model is ready. Write a message below."));
      break;
  }
}

}  // namespace tessera::gui

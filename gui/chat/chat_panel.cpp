#include "chat_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

#include "chat_input.h"
#include "chat_view.h"
#include "overflow_policy_chooser.h"

namespace tessera::gui {

ChatPanel::ChatPanel(ChatController* controller, QWidget* parent)
    : QWidget(parent),
      controller_(controller),
      view_(new ChatView(controller->model(), this)),
      input_(new ChatInput(this)),
      send_(new QPushButton(this)),
      stop_(new QPushButton(this)),
      regenerate_(new QPushButton(this)),
      new_(new QPushButton(this)),
      context_meter_(new QProgressBar(this)),
      overflow_(new OverflowPolicyChooser(this)) {
  overflow_->setPolicy(controller_->overflowPolicy());
  context_meter_->setObjectName(QStringLiteral("contextMeter"));
  context_meter_->setTextVisible(true);
  context_meter_->setMaximumWidth(320);
  context_meter_->setMaximumHeight(context_meter_->fontMetrics().height() + 4);
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
  bottom->setContentsMargins(8, 4, 8, 8);  // narrow: the chat must fit a 1024-wide window with both docks
  // The context meter sits just above the message box, on the right: small, but where one writes.
  auto* meter_row = new QHBoxLayout;
  meter_row->addStretch(1);
  meter_row->addWidget(overflow_);
  meter_row->addWidget(context_meter_);
  bottom->addLayout(meter_row);
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
  connect(new_, &QPushButton::clicked, this, &ChatPanel::newConversationRequested);
  connect(view_, &ChatView::copyRequested, this, &ChatPanel::copyRequested);
  connect(view_, &ChatView::editRequested, controller_, &ChatController::editAndResend);
  connect(controller_, &ChatController::streamingChanged, this, &ChatPanel::updateActions);
  connect(controller_->engine(), &EngineClient::stateChanged, this, &ChatPanel::updateActions);
  meter_throttle_.setSingleShot(true);
  meter_throttle_.setInterval(kMeterIntervalMs);
  connect(&meter_throttle_, &QTimer::timeout, this, &ChatPanel::updateContextMeter);
  connect(controller_, &ChatController::contextUsageChanged, this, [this] {
    if (!controller_->isStreaming())
      updateContextMeter();
    else if (!meter_throttle_.isActive())
      meter_throttle_.start();
  });
  // The count a reply ends with is shown at once.
  connect(controller_, &ChatController::streamingChanged, this, [this](bool streaming) {
    if (!streaming && meter_throttle_.isActive()) {
      meter_throttle_.stop();
      updateContextMeter();
    }
  });
  connect(overflow_, &OverflowPolicyChooser::policyChosen, controller_, &ChatController::setOverflowPolicy);
  connect(controller_, &ChatController::overflowPolicyChanged, overflow_, &OverflowPolicyChooser::setPolicy);
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
  stop_->setToolTip(tr("Stop the reply being generated (Esc)"));
  regenerate_->setToolTip(tr("Discard the last reply and generate a new one"));
  new_->setToolTip(tr("Start a new, empty conversation"));
  updateActions();  // the placeholder
  updateContextMeter();
}

void ChatPanel::updateContextMeter() {
  const int size = controller_->contextSize();
  context_meter_->setVisible(size > 0);
  if (size <= 0) return;
  const int used = std::min(controller_->contextUsed(), size);
  const QLocale locale;
  context_meter_->setRange(0, size);
  context_meter_->setValue(used);
  //: The context meter under the chat: tokens the conversation holds, of the model's context.
  context_meter_->setFormat(tr("Context: %1 / %2 tok").arg(locale.toString(used), locale.toString(size)));
  // Wide enough for its text at the largest value (the bar must not cut its own label). Worked out
  // when the size or the language changes only: this runs with every flush of a streaming reply.
  const QString widest = tr("Context: %1 / %2 tok").arg(locale.toString(size), locale.toString(size));
  if (widest != meter_widest_) {
    meter_widest_ = widest;
    // (+ 48: the style's frame and text margins; + 24 still cut the last word in the Fusion style.)
    context_meter_->setMinimumWidth(context_meter_->fontMetrics().horizontalAdvance(widest) + 48);
  }
  context_meter_->setToolTip(
      tr("The conversation holds %1 of the %2 tokens the model can keep in mind. When they are used up, what "
         "happens depends on the policy beside this meter: the reply stops, or older messages are forgotten.")
          .arg(locale.toString(used), locale.toString(size)));
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
  const bool typed = !input_->toPlainText().trimmed().isEmpty();
  send_->setEnabled(controller_->canSend() && typed);
  // A disabled Send says why.
  switch (controller_->engine()->state()) {
    case EngineClient::State::Empty: send_->setToolTip(tr("Load a model first (Load in the model panel)")); break;
    case EngineClient::State::Loading: send_->setToolTip(tr("Wait until the model has loaded")); break;
    case EngineClient::State::Generating: send_->setToolTip(tr("Wait for the reply to finish, or press Stop")); break;
    case EngineClient::State::Ready:
      send_->setToolTip(typed ? tr("Send the message (Enter)") : tr("Write a message first"));
      break;
  }
  stop_->setEnabled(streaming);
  regenerate_->setEnabled(controller_->canRegenerate());
  view_->setEditable(controller_->canSend() && !streaming);
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

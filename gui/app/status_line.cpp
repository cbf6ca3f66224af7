#include "status_line.h"

#include <QFileInfo>
#include <QLocale>

#include "chat_controller.h"
#include "display_format.h"
#include "engine_client.h"
#include "remote_endpoint.h"

namespace tessera::gui {

StatusLine::StatusLine(EngineClient* engine, ChatController* chat, QObject* parent)
    : QObject(parent), engine_(engine) {
  connect(engine_, &EngineClient::stateChanged, this, &StatusLine::changed);
  connect(engine_, &EngineClient::loadProgress, this, &StatusLine::changed);
  connect(engine_, &EngineClient::generationStarted, this, [this] {
    streamed_tokens_ = 0;
    prompt_read_ = 0;
    prompt_total_ = 0;
    emit changed();
  });
  // The token count moves with every batch of a reply; the line says so a few times a second.
  throttle_.setSingleShot(true);
  throttle_.setInterval(kUpdateIntervalMs);
  connect(&throttle_, &QTimer::timeout, this, &StatusLine::changed);
  connect(engine_, &EngineClient::textGenerated, this, [this](const QString&, int tokens) {
    streamed_tokens_ += tokens;
    if (!throttle_.isActive()) throttle_.start();
  });
  connect(engine_, &EngineClient::promptProgress, this, [this](int read, int total) {
    prompt_read_ = read;
    prompt_total_ = total;
    emit changed();
  });
  connect(chat, &ChatController::replyFinished, this, [this](int, const ReplyStats& stats) {
    last_reply_ = stats;
    emit changed();
  });
}

QString StatusLine::speedText() const {
  // A reply of one token has no rate (it is measured between tokens): "0.0 tok/s" was shown.
  if (!last_reply_ || last_reply_->timings.generated_tokens <= 0 || last_reply_->timings.generation_tokens_per_s <= 0.0)
    return {};
  return tr("Last reply: %1 tok/s").arg(QLocale().toString(last_reply_->timings.generation_tokens_per_s, 'f', 1));
}

QString StatusLine::text() const {
  const QLocale locale;
  switch (engine_->state()) {
    case EngineClient::State::Empty: return tr("No model loaded");
    case EngineClient::State::Loading:
      if (isEndpointUrl(engine_->modelPath()))
        //: The OpenAI-compatible server's URL.
        return tr("Connecting to %1…").arg(engine_->modelPath());
      //: The file being loaded, then how much of it is done, in percent.
      return tr("Loading %1… %2%")
          .arg(QFileInfo(engine_->modelPath()).fileName(),
               locale.toString(static_cast<int>(engine_->loadFraction() * 100.0f)));
    case EngineClient::State::Ready: {
      const tessera::ModelInfo& m = engine_->model();
      const QString name = QString::fromStdString(m.name);
      const QString path = QString::fromStdString(m.path);
      const QString architecture = QString::fromStdString(m.architecture);
      const QString parameters = DisplayFormat::parameterCount(m.parameter_count);
      if (isEndpointUrl(path))
        //: The server's model id, then the server's base URL.
        return tr("Ready: %1 on the server %2").arg(name, path);
      if (m.backend.empty())
        //: Model name, architecture, parameter count ("7.24 B").
        return tr("Ready: %1 (%2, %3 parameters) on the CPU").arg(name, architecture, parameters);
      //: Model name, architecture, parameter count ("7.24 B"), the engine's backend ("cuda (2 GPUs)").
      return tr("Ready: %1 (%2, %3 parameters) on %4")
          .arg(name, architecture, parameters, DisplayFormat::backend(QString::fromStdString(m.backend)));
    }
    case EngineClient::State::Generating:
      if (streamed_tokens_ == 0 && prompt_total_ > 0)
        //: Status bar while the model reads the conversation: tokens read, of all. Esc stops.
        return tr("Reading the prompt: %1 / %2 tok (Esc stops)")
            .arg(locale.toString(prompt_read_), locale.toString(prompt_total_));
      return tr("Generating: %1 tok so far").arg(locale.toString(streamed_tokens_));
  }
  return {};
}

}  // namespace tessera::gui

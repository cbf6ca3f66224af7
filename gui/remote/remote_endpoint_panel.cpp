#include "remote_endpoint_panel.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

#include "openai_client.h"

namespace tessera::gui {

RemoteEndpointPanel::RemoteEndpointPanel(EngineClient* engine, QWidget* parent)
    : QWidget(parent),
      engine_(engine),
      url_label_(new QLabel(this)),
      key_label_(new QLabel(this)),
      model_label_(new QLabel(this)),
      url_(new QLineEdit(this)),
      key_(new QLineEdit(this)),
      model_(new QComboBox(this)),
      list_(new QPushButton(this)),
      connect_(new QPushButton(this)),
      disconnect_(new QPushButton(this)),
      status_(new QLabel(this)) {
  setObjectName(QStringLiteral("remoteEndpointPanel"));
  url_->setObjectName(QStringLiteral("remoteUrl"));
  url_->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080/v1"));
  key_->setEchoMode(QLineEdit::PasswordEchoOnEdit);
  model_->setEditable(true);
  model_->setInsertPolicy(QComboBox::NoInsert);
  model_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  status_->setObjectName(QStringLiteral("remoteStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* form = new QFormLayout;
  form->addRow(url_label_, url_);
  form->addRow(key_label_, key_);
  auto* model_row = new QHBoxLayout;
  model_row->addWidget(model_, 1);
  model_row->addWidget(list_);
  form->addRow(model_label_, model_row);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(connect_);
  buttons->addWidget(disconnect_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(status_);
  layout->addStretch(1);

  qRegisterMetaType<ModelListOutcome>();
  connect(list_, &QPushButton::clicked, this, &RemoteEndpointPanel::listModels);
  connect(connect_, &QPushButton::clicked, this, [this] { emit connectRequested(endpoint()); });
  connect(disconnect_, &QPushButton::clicked, this, &RemoteEndpointPanel::disconnectRequested);
  connect(url_, &QLineEdit::textChanged, this, &RemoteEndpointPanel::updateState);
  connect(&list_watcher_, &QFutureWatcher<ModelListOutcome>::finished, this, &RemoteEndpointPanel::onListed);
  connect(engine_, &EngineClient::stateChanged, this, &RemoteEndpointPanel::updateState);
  // A connect that failed says so here too: what was listed before is no news any more.
  connect(engine_, &EngineClient::loadStarted, this, [this](const QString& path) {
    connecting_ = isEndpointUrl(path);
    if (connecting_) connect_error_.clear();
  });
  connect(engine_, &EngineClient::loadFailed, this, [this](const EngineError& error) {
    if (connecting_) connect_error_ = error.message;
    connecting_ = false;
    updateState();
  });
  connect(engine_, &EngineClient::modelLoaded, this, [this] { connecting_ = false; });
  retranslateUi();
}

RemoteEndpointPanel::~RemoteEndpointPanel() { list_watcher_.waitForFinished(); }

RemoteEndpoint RemoteEndpointPanel::endpoint() const {
  RemoteEndpoint e;
  e.url = url_->text().trimmed();
  e.api_key = key_->text();
  e.model = model_->currentText().trimmed();
  return e;
}

void RemoteEndpointPanel::setEndpoint(const RemoteEndpoint& e) {
  url_->setText(e.url);
  key_->setText(e.api_key);
  model_->setEditText(e.model);
}

void RemoteEndpointPanel::listModels() {
  const quint64 sequence = ++list_sequence_;
  list_error_.clear();
  connect_error_.clear();
  listed_count_ = -1;
  RemoteEndpoint e = endpoint();
  // A list is a quick question: do not wait the full generation timeout for it.
  e.timeout_seconds = std::min(e.timeout_seconds, 15);
  list_watcher_.setFuture(QtConcurrent::run([sequence, e] {
    ModelListOutcome out;
    out.sequence = sequence;
    auto models = OpenAiClient(e).listModels();
    if (models.ok())
      out.models = models.value();
    else
      out.error = QString::fromStdString(models.error().message);
    return out;
  }));
  updateState();
}

void RemoteEndpointPanel::onListed() {
  const ModelListOutcome out = list_watcher_.result();
  if (out.sequence != list_sequence_) return;
  if (out.error.isEmpty()) {
    const QString chosen = model_->currentText().trimmed();
    model_->clear();
    model_->addItems(out.models);
    // Keep the model typed when the server has it; otherwise offer the server's first.
    if (!chosen.isEmpty() && out.models.contains(chosen))
      model_->setCurrentText(chosen);
    else if (!out.models.isEmpty())
      model_->setCurrentIndex(0);
    listed_count_ = static_cast<int>(out.models.size());
  } else {
    list_error_ = out.error;
  }
  updateState();
  emit modelsListed(out.error.isEmpty());
}

QString RemoteEndpointPanel::statusText() const { return status_->text(); }

ErrorText RemoteEndpointPanel::connectionError(const EngineError& error, const QString& url) {
  ErrorText text;
  //: The OpenAI-compatible server's URL.
  text.title = tr("Could not connect to %1").arg(url);
  text.detail = error.message;
  text.advice = tr("Check the URL (it usually ends in /v1), the API key and the model name, and that the server is running.");
  return text;
}

void RemoteEndpointPanel::updateState() {
  const bool has_url = !url_->text().trimmed().isEmpty();
  const bool loading = engine_->state() == EngineClient::State::Loading;
  const QString model_path = QString::fromStdString(engine_->model().path);
  const bool remote_loaded = engine_->hasModel() && isEndpointUrl(model_path);
  list_->setEnabled(has_url && !isListing());
  connect_->setEnabled(has_url && !loading);
  disconnect_->setEnabled(remote_loaded && engine_->state() != EngineClient::State::Generating);
  QString text;
  if (remote_loaded) {
    //: The server's model id, then the server's base URL.
    text = tr("Connected: %1 at %2").arg(QString::fromStdString(engine_->model().name), model_path);
  } else if (isListing()) {
    text = tr("Asking the server for its models…");
  } else if (!connect_error_.isEmpty()) {
    //: The last Connect failed: the reason.
    text = tr("Could not connect: %1").arg(connect_error_);
  } else if (!list_error_.isEmpty()) {
    text = tr("Could not list the models: %1").arg(list_error_);
  } else if (listed_count_ >= 0) {
    text = tr("The server offers %n model(s).", nullptr, listed_count_);
  }
  status_->setText(text);
}

void RemoteEndpointPanel::retranslateUi() {
  url_label_->setText(tr("URL:"));
  key_label_->setText(tr("API key:"));
  model_label_->setText(tr("Model:"));
  key_->setPlaceholderText(tr("none"));
  list_->setText(tr("List Models"));
  connect_->setText(tr("Connect"));
  disconnect_->setText(tr("Disconnect"));
  updateState();
}

void RemoteEndpointPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

}  // namespace tessera::gui

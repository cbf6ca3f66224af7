#include "local_server.h"

#include "engine_worker.h"
#include "server.h"
#include "server_config.h"

namespace tessera::gui {

LocalServer::LocalServer(EngineClient* engine, const SessionLink* link, QObject* parent)
    : QObject(parent), engine_(engine), link_(link) {
  // A load or unload is announced before the worker touches the model: stop serving it first.
  connect(engine_, &EngineClient::modelUnloaded, this, &LocalServer::restart);
  connect(engine_, &EngineClient::loadStarted, this, &LocalServer::restart);
  connect(engine_, &EngineClient::modelLoaded, this, &LocalServer::restart);
  // A file refused before the model was touched: the model loaded before is served again.
  connect(engine_, &EngineClient::loadFailed, this, &LocalServer::restart);
}

namespace {

server::ServerConfig configOf(const LocalServerSettings& settings) {
  server::ServerConfig config;
  config.host = settings.host.trimmed().toStdString();
  config.port = settings.port;
  config.api_key = settings.api_key.toStdString();
  config.insecure = settings.insecure;
  config.allowed_origins = server::http::parse_origin_list(settings.allowed_origins.toStdString());
  return config;
}

}  // namespace

QString LocalServer::settingsProblem(const LocalServerSettings& settings) {
  const server::ServerConfig config = configOf(settings);
  const std::string why = server::check_config(config);
  if (why.empty()) return {};
  // The library's message names the command line's flags; the app's fields have names of their own.
  //: "Host" is the Local Server dialog's field: use its translation.
  if (config.host.empty()) return tr("Host is empty: enter 127.0.0.1 to serve this machine only.");
  if (!server::is_loopback_host(config.host) && config.api_key.empty() && !config.insecure)
    //: %1 is the host typed in the Local Server dialog; "API key" and "Allow other machines without an API key" are its fields: use their translations.
    return tr("%1 lets other machines connect: enter an API key (clients send it as “Authorization: Bearer KEY”), "
              "or tick “Allow other machines without an API key”.")
        .arg(settings.host.trimmed());
  return QString::fromStdString(why);
}

LocalServer::~LocalServer() { stopServer(); }

void LocalServer::setSettings(const LocalServerSettings& settings) {
  settings_ = settings;
  restart();
}

void LocalServer::stopServer() {
  if (server_) server_->stop();
  server_.reset();
}

void LocalServer::setState(State state, const QString& error) {
  if (state == state_ && error == error_) return;
  state_ = state;
  error_ = error;
  emit stateChanged();
}

void LocalServer::restart() {
  stopServer();
  if (!settings_.enabled) return setState(State::Off);
  if (const QString why = settingsProblem(settings_); !why.isEmpty()) return setState(State::Failed, why);
  const server::ServerConfig config = configOf(settings_);
  Engine* engine = link_->localEngine();
  const bool local_model =
      engine && engine_->hasModel() && !isEndpointUrl(QString::fromStdString(engine_->model().path));
  if (!local_model) return setState(State::WaitingForModel);
  // Loaded already (no load function); the queue's first task on the worker thread marks it ready.
  // Each task is a queued call to the worker object, so it runs on the engine thread in order with
  // the chat's own requests (EngineClient posts those the same way).
  QObject* worker = engine_->worker();
  auto server = std::make_unique<server::Server>(*engine, config, server::Server::LoadFn{},
                                                 [worker](std::function<void()> task) {
                                                   QMetaObject::invokeMethod(worker, std::move(task), Qt::QueuedConnection);
                                                 });
  if (Status started = server->start(); !started.ok())
    return setState(State::Failed, QString::fromStdString(started.error().message));
  server_ = std::move(server);
  setState(State::Serving);
}

QString LocalServer::address() const {
  if (!server_) return {};
  QString host = settings_.host.trimmed();
  if (host.contains(QLatin1Char(':')) && !host.startsWith(QLatin1Char('['))) host = QLatin1Char('[') + host + QLatin1Char(']');
  return QStringLiteral("http://%1:%2").arg(host).arg(server_->port());
}

QString LocalServer::statusText() const {
  switch (state_) {
    case State::Off: return {};
    case State::WaitingForModel: return tr("Local server: waiting for a model loaded in this app");
    //: The address clients use, e.g. "http://127.0.0.1:8080".
    case State::Serving: return tr("Serving at %1").arg(address());
    case State::Failed: return tr("Local server not started: %1").arg(error_);
  }
  return {};
}

const server::ServerMetrics* LocalServer::metrics() const { return server_ ? &server_->metrics() : nullptr; }

}  // namespace tessera::gui

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
  server::ServerConfig config;
  config.host = settings_.host.trimmed().toStdString();
  config.port = settings_.port;
  config.api_key = settings_.api_key.toStdString();
  config.insecure = settings_.insecure;
  if (const std::string why = server::check_config(config); !why.empty())
    return setState(State::Failed, QString::fromStdString(why));
  Engine* engine = link_->localEngine();
  const bool local_model = engine && engine_->hasModel() && !isEndpointUrl(engine_->model().path);
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

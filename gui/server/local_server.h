// Settings ▸ Local server: the app serves the model it has loaded over the OpenAI-compatible HTTP
// API (the tessera_server library, as `tessera-cli serve` does), through the app's own engine. The
// server's generations are posted onto the engine worker thread, so they queue in order with the
// chat window's own requests and use the one loaded model (no second copy); its connection threads
// read only the engine's tokenizer and template. It stops before the app loads or unloads a model
// (EngineClient tells its listeners first) and starts again once a local model is loaded.
//
// Same exposure rule as the CLI (server::check_config): a non-loopback host needs an API key
// unless `insecure`; web pages are refused unless their origin is allowed. Lives on the GUI thread.
#pragma once

#include <QObject>
#include <QString>

#include <memory>

#include "engine_client.h"
#include "remote_engine_session.h"

namespace tessera::server {
class Server;
class ServerMetrics;
}  // namespace tessera::server

namespace tessera::gui {

struct LocalServerSettings {
  bool enabled = false;  // off by default
  QString host = QStringLiteral("127.0.0.1");
  int port = 8080;  // 0: any free port (address() tells which)
  QString api_key;
  bool insecure = false;  // serve a non-loopback host without a key
  // Web page origins allowed to use the server, comma-separated as the CLI's --allowed-origins
  // ("http://localhost:3000, https://*.example.com", "*"); empty: none.
  QString allowed_origins;

  friend bool operator==(const LocalServerSettings&, const LocalServerSettings&) = default;
};

class LocalServer : public QObject {
  Q_OBJECT

 public:
  enum class State {
    Off,              // not enabled
    WaitingForModel,  // enabled; no model loaded in this app (or the chat uses a remote server)
    Serving,
    Failed,  // enabled, but it could not start: errorText() says why
  };
  Q_ENUM(State)

  // `engine` and `link` (which knows the local session's engine) must outlive this object.
  LocalServer(EngineClient* engine, const SessionLink* link, QObject* parent = nullptr);
  ~LocalServer() override;  // stops serving (waits for a generation of the server's to stop)

  // Applies at once: stops, and starts again with these settings when a model is loaded.
  void setSettings(const LocalServerSettings& settings);
  // Why `settings` cannot serve, in the words of the Local Server dialog (its fields, not the
  // command line's flags); empty when they can. The dialog refuses such settings before they reach
  // a running server.
  static QString settingsProblem(const LocalServerSettings& settings);
  const LocalServerSettings& settings() const { return settings_; }

  State state() const { return state_; }
  // "http://127.0.0.1:8080" (the port bound) while serving; empty otherwise.
  QString address() const;
  QString errorText() const { return error_; }
  // The status bar's line: "Serving at http://127.0.0.1:8080", or why not; empty when off.
  QString statusText() const;
  // The running server's counters (requests, tokens, queue), or null.
  const server::ServerMetrics* metrics() const;

 signals:
  void stateChanged();

 private:
  void restart();
  void stopServer();
  void setState(State state, const QString& error = {});

  EngineClient* engine_;
  const SessionLink* link_;
  LocalServerSettings settings_;
  std::unique_ptr<server::Server> server_;
  State state_ = State::Off;
  QString error_;
};

}  // namespace tessera::gui

// Real OpenAI-compatible servers for the remote-endpoint suites, as child processes on loopback:
// `tessera-cli serve` on the tiny embedded model, and llama.cpp's llama-server (built by
// tools/llama-server/build.sh; found through $TESSERA_LLAMA_SERVER) on the same file. Every wait is
// bounded; the destructor kills the child and waits for it.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace tessera::gui::test {

// The tiny model shipped in resources/models.
QString tinyModelPath();

// A loopback port that nothing listens on (bound by the system, then released).
int unusedLoopbackPort();

// A real loopback socket that listens and never answers: the kernel completes each connection
// (the backlog), nobody reads or writes. For timeouts and for Stop before the first byte.
class SilentListener {
 public:
  SilentListener();
  ~SilentListener();
  int port() const { return port_; }
  QString url() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(port_); }
  // A client has connected (the connection waits, never accepted, in the listen queue).
  bool hasClient() const;

 private:
  int fd_ = -1;
  int port_ = 0;
};

class ChildServer {
 public:
  // `tessera-cli serve -m tiny --port 0 --model-id tiny EXTRA...`; null (and `error`) when it did
  // not print "serving" within 60 s.
  static std::unique_ptr<ChildServer> startTessera(const QStringList& extra_args, QString* error);
  // `BINARY -m tiny --host 127.0.0.1 --port P -c 1024 -np 1 -t 2 -a tiny EXTRA...`; null (and
  // `error`) when GET /health did not answer 200 within 120 s.
  static std::unique_ptr<ChildServer> startLlama(const QString& binary, const QStringList& extra_args, QString* error);
  ~ChildServer();

  int port() const { return port_; }
  QString baseUrl() const;  // http://127.0.0.1:PORT/v1
  QString output() const;   // what it printed so far (for failure messages)

 private:
  ChildServer() = default;
  QProcess process_;
  QByteArray output_;
  int port_ = 0;
};

}  // namespace tessera::gui::test

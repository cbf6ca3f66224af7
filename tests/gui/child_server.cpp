#include "child_server.h"

#include <httplib.h>

#include <QRegularExpression>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <poll.h>
#include <unistd.h>

#include "gui_test_support.h"
#include "support/test_support.h"

namespace tessera::gui::test {

QString tinyModelPath() {
  return QString::fromStdString((tessera::test::source_dir() / "resources" / "models" / "tessera-tiny.gguf").string());
}

namespace {

// A loopback TCP socket bound to a port the system picks; -1 on failure.
int boundLoopbackSocket(int* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t length = sizeof(addr);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length) != 0) {
    ::close(fd);
    return -1;
  }
  *port = ntohs(addr.sin_port);
  return fd;
}

}  // namespace

int unusedLoopbackPort() {
  int port = 0;
  const int fd = boundLoopbackSocket(&port);
  if (fd < 0) return 0;
  ::close(fd);  // bound but never listening: nothing answers there
  return port;
}

SilentListener::SilentListener() {
  fd_ = boundLoopbackSocket(&port_);
  if (fd_ >= 0 && ::listen(fd_, 16) != 0) {
    ::close(fd_);
    fd_ = -1;
    port_ = 0;
  }
}

SilentListener::~SilentListener() {
  if (fd_ >= 0) ::close(fd_);
}

bool SilentListener::hasClient() const {
  if (fd_ < 0) return false;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN) != 0;
}

namespace {

void collectOutput(QProcess& process, QByteArray& output) {
  QObject::connect(&process, &QProcess::readyReadStandardOutput, &process, [&] { output += process.readAllStandardOutput(); });
  QObject::connect(&process, &QProcess::readyReadStandardError, &process, [&] { output += process.readAllStandardError(); });
}

}  // namespace

std::unique_ptr<ChildServer> ChildServer::startTessera(const QStringList& extra_args, QString* error) {
  std::unique_ptr<ChildServer> s(new ChildServer);
  collectOutput(s->process_, s->output_);
  QStringList args{QStringLiteral("serve"), QStringLiteral("-m"), tinyModelPath(), QStringLiteral("--port"),
                   QStringLiteral("0"), QStringLiteral("--model-id"), QStringLiteral("tiny")};
  s->process_.start(QStringLiteral(TESSERA_CLI_PATH), args + extra_args);
  const QRegularExpression listening(QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+)"));
  const bool up = waitUntil([&] { return s->output_.contains("serving ") || s->process_.state() == QProcess::NotRunning; },
                            60000);
  const auto match = listening.match(QString::fromUtf8(s->output_));
  if (!up || !s->output_.contains("serving ") || !match.hasMatch()) {
    if (error) *error = QStringLiteral("tessera-cli serve did not start: ") + QString::fromUtf8(s->output_);
    return nullptr;
  }
  s->port_ = match.captured(1).toInt();
  return s;
}

std::unique_ptr<ChildServer> ChildServer::startLlama(const QString& binary, const QStringList& extra_args, QString* error) {
  std::unique_ptr<ChildServer> s(new ChildServer);
  collectOutput(s->process_, s->output_);
  s->port_ = unusedLoopbackPort();
  QStringList args{QStringLiteral("-m"), tinyModelPath(), QStringLiteral("--host"), QStringLiteral("127.0.0.1"),
                   QStringLiteral("--port"), QString::number(s->port_), QStringLiteral("-c"), QStringLiteral("1024"),
                   QStringLiteral("-np"), QStringLiteral("1"), QStringLiteral("-t"), QStringLiteral("2"),
                   QStringLiteral("-a"), QStringLiteral("tiny")};
  s->process_.start(binary, args + extra_args);
  httplib::Client health("127.0.0.1", s->port_);
  health.set_connection_timeout(1, 0);
  health.set_read_timeout(2, 0);
  int status = 0;
  const bool up = waitUntil(
      [&] {
        if (s->process_.state() == QProcess::NotRunning) return true;
        if (auto r = health.Get("/health")) status = r->status;
        return status == 200;
      },
      120000);
  if (!up || status != 200) {
    if (error) *error = QStringLiteral("llama-server did not start: ") + QString::fromUtf8(s->output_.right(4000));
    return nullptr;
  }
  return s;
}

ChildServer::~ChildServer() {
  if (process_.state() != QProcess::NotRunning) {
    process_.terminate();
    if (!process_.waitForFinished(5000)) {
      process_.kill();
      process_.waitForFinished(5000);
    }
  }
}

QString ChildServer::baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(port_); }

QString ChildServer::output() const { return QString::fromUtf8(output_); }

}  // namespace tessera::gui::test

#include "openai_client.h"

#include <httplib.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "sse_parser.h"

namespace tessera::gui {
namespace {

// An answer larger than this is not an error message or a model list: stop reading it.
constexpr size_t kMaxBodyBytes = 4u << 20;

std::string utf8(const QString& s) { return s.toStdString(); }

// Calls client.stop() (which shuts the socket down) once `stop` is set, until destroyed.
class StopWatcher {
 public:
  StopWatcher(httplib::Client& client, const std::atomic<bool>* stop) {
    if (!stop) return;
    thread_ = std::thread([this, &client, stop] {
      std::unique_lock lock(mutex_);
      while (!done_) {
        if (stop->load()) {
          client.stop();
          return;
        }
        finished_.wait_for(lock, std::chrono::milliseconds(20));
      }
    });
  }
  ~StopWatcher() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    finished_.notify_all();
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable finished_;
  bool done_ = false;
  std::thread thread_;
};

// The server's own words from an error body: OpenAI's {"error": {"message": ...}}, llama.cpp's
// too, or the body's first line.
QString serverMessage(const std::string& body) {
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(body));
  if (doc.isObject()) {
    const QJsonValue error = doc.object().value(QLatin1String("error"));
    if (error.isObject()) {
      const QString message = error.toObject().value(QLatin1String("message")).toString();
      if (!message.isEmpty()) return message;
    }
    if (error.isString()) return error.toString();
    const QString message = doc.object().value(QLatin1String("message")).toString();
    if (!message.isEmpty()) return message;
  }
  QString text = QString::fromUtf8(body).trimmed();
  text = text.left(text.indexOf(QLatin1Char('\n')) < 0 ? 200 : std::min<qsizetype>(200, text.indexOf(QLatin1Char('\n'))));
  return text;
}

Error statusError(int status, const std::string& body, const QString& url, const QString& what,
                  const QString& model) {
  const QString said = serverMessage(body);
  const QString detail = said.isEmpty() ? QString() : QStringLiteral(": ") + said;
  QString message;
  ErrorKind kind = ErrorKind::InvalidArgument;
  if (status == 401 || status == 403) {
    message = QStringLiteral("%1 refused the API key (HTTP %2%3); check the key").arg(url).arg(status).arg(detail);
  } else if (status == 404 && !model.isEmpty() && said.contains(QLatin1String("model"), Qt::CaseInsensitive)) {
    message = QStringLiteral("%1 does not serve the model '%2' (HTTP 404%3)").arg(url, model, detail);
  } else if (status == 404) {
    message = QStringLiteral("%1 has no %2 (HTTP 404%3); an OpenAI-compatible server's URL usually ends in /v1")
                  .arg(url, what, detail);
  } else {
    kind = status >= 500 ? ErrorKind::Io : ErrorKind::InvalidArgument;
    message = QStringLiteral("%1 answered %2 with HTTP %3%4").arg(url, what).arg(status).arg(detail);
  }
  return Error(kind, utf8(message));
}

Error transportError(httplib::Error error, const QString& url, int timeout_s) {
  QString message;
  switch (error) {
    case httplib::Error::Connection:
      message = QStringLiteral("cannot connect to %1 (connection refused or host unreachable); is the server running?")
                    .arg(url);
      break;
    case httplib::Error::ConnectionTimeout:
      message = QStringLiteral("connecting to %1 timed out").arg(url);
      break;
    case httplib::Error::Read:
      message = QStringLiteral("%1 did not answer within %2 s, or closed the connection").arg(url).arg(timeout_s);
      break;
    case httplib::Error::Write:
      message = QStringLiteral("sending the request to %1 failed (the connection was closed)").arg(url);
      break;
    case httplib::Error::SSLConnection:
    case httplib::Error::SSLServerVerification:
    case httplib::Error::SSLLoadingCerts:
      message = QStringLiteral("the TLS connection to %1 failed (%2)").arg(url, QString::fromStdString(httplib::to_string(error)));
      break;
    default:
      message = QStringLiteral("the request to %1 failed (%2)").arg(url, QString::fromStdString(httplib::to_string(error)));
      break;
  }
  return Error(ErrorKind::Io, utf8(message));
}

}  // namespace

OpenAiClient::OpenAiClient(RemoteEndpoint endpoint) : endpoint_(std::move(endpoint)) {
  const QUrl url(endpoint_.url.trimmed(), QUrl::StrictMode);
  const QString scheme = url.scheme().toLower();
  if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
    problem_ = QStringLiteral("'%1' is not an http:// or https:// URL").arg(endpoint_.url.trimmed());
    return;
  }
  if (url.host().isEmpty()) {
    problem_ = QStringLiteral("'%1' names no host").arg(endpoint_.url.trimmed());
    return;
  }
  const QString host = url.host().contains(QLatin1Char(':')) ? QLatin1Char('[') + url.host() + QLatin1Char(']') : url.host();
  const int port = url.port(scheme == QLatin1String("https") ? 443 : 80);
  scheme_host_port_ = QStringLiteral("%1://%2:%3").arg(scheme, host).arg(port);
  base_path_ = url.path();
  while (base_path_.endsWith(QLatin1Char('/'))) base_path_.chop(1);
  if (base_path_.isEmpty()) base_path_ = QStringLiteral("/v1");
  base_url_ = scheme_host_port_ + base_path_;
}

namespace {

std::unique_ptr<httplib::Client> makeClient(const QString& scheme_host_port, const RemoteEndpoint& endpoint) {
  auto client = std::make_unique<httplib::Client>(utf8(scheme_host_port));
  const int timeout = std::max(1, endpoint.timeout_seconds);
  client->set_connection_timeout(std::min(10, timeout), 0);
  client->set_read_timeout(timeout, 0);
  client->set_write_timeout(std::min(30, timeout), 0);
  client->set_tcp_nodelay(true);
  httplib::Headers headers;
  if (!endpoint.api_key.isEmpty()) headers.emplace("Authorization", "Bearer " + utf8(endpoint.api_key));
  client->set_default_headers(std::move(headers));
  return client;
}

}  // namespace

Result<QStringList> OpenAiClient::listModels() const {
  if (!problem_.isEmpty()) return Error(ErrorKind::InvalidArgument, utf8(problem_));
  auto client = makeClient(scheme_host_port_, endpoint_);
  httplib::Result res = client->Get(utf8(base_path_ + QStringLiteral("/models")));
  if (!res) return transportError(res.error(), base_url_, endpoint_.timeout_seconds);
  if (res->status != 200) return statusError(res->status, res->body, base_url_, QStringLiteral("/models"), QString());
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(res->body));
  const QJsonValue data = doc.object().value(QLatin1String("data"));
  if (!data.isArray())
    return Error(ErrorKind::InvalidArgument,
                 utf8(QStringLiteral("%1/models did not answer with an OpenAI model list (no \"data\" array)").arg(base_url_)));
  QStringList ids;
  for (const QJsonValue& model : data.toArray()) {
    const QString id = model.toObject().value(QLatin1String("id")).toString();
    if (!id.isEmpty()) ids << id;
  }
  return ids;
}

Result<ReplyStats> OpenAiClient::streamChat(const std::vector<tessera::ChatMessage>& messages,
                                            const tessera::GenerationRequest& request, const TextCallback& on_text,
                                            const std::atomic<bool>& stop) const {
  if (!problem_.isEmpty()) return Error(ErrorKind::InvalidArgument, utf8(problem_));
  QJsonArray list;
  for (const tessera::ChatMessage& m : messages)
    list.append(QJsonObject{{QStringLiteral("role"), QString::fromStdString(m.role)},
                            {QStringLiteral("content"), QString::fromStdString(m.content)}});
  // The standard fields, and top_k/min_p, which llama.cpp, vLLM, SGLang and Tessera all take.
  const tessera::SamplingParams& sampling = request.sampling;
  QJsonObject body{{QStringLiteral("model"), endpoint_.model},
                   {QStringLiteral("messages"), list},
                   {QStringLiteral("stream"), true},
                   {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
                   {QStringLiteral("temperature"), static_cast<double>(sampling.temperature)},
                   {QStringLiteral("top_p"), static_cast<double>(sampling.top_p)},
                   {QStringLiteral("top_k"), sampling.top_k},
                   {QStringLiteral("min_p"), static_cast<double>(sampling.min_p)}};
  if (request.n_predict >= 0) body.insert(QStringLiteral("max_tokens"), request.n_predict);
  if (sampling.seed != tessera::kRandomSeed) body.insert(QStringLiteral("seed"), static_cast<qint64>(sampling.seed));

  auto client = makeClient(scheme_host_port_, endpoint_);
  httplib::Request req;
  req.method = "POST";
  req.path = utf8(base_path_ + QStringLiteral("/chat/completions"));
  req.headers = {{"Content-Type", "application/json"}, {"Accept", "text/event-stream"}};
  req.body = QJsonDocument(body).toJson(QJsonDocument::Compact).toStdString();

  QElapsedTimer clock;
  int status = 0;
  std::string error_body;
  SseParser parser;
  std::optional<Error> stream_error;
  bool done = false;
  int deltas = 0;
  qint64 first_ns = -1, last_ns = -1;
  int usage_prompt = -1, usage_completion = -1;
  QString finish_reason;

  auto on_event = [&](const QByteArray& data) {
    if (data.trimmed() == "[DONE]") {
      done = true;
      return;
    }
    const QJsonObject event = QJsonDocument::fromJson(data).object();
    if (event.contains(QLatin1String("error"))) {
      stream_error = Error(ErrorKind::Io, utf8(QStringLiteral("%1 ended the reply with an error: %2")
                                                   .arg(base_url_, serverMessage(data.toStdString()))));
      return;
    }
    const QJsonObject usage = event.value(QLatin1String("usage")).toObject();
    if (!usage.isEmpty()) {
      usage_prompt = usage.value(QLatin1String("prompt_tokens")).toInt(-1);
      usage_completion = usage.value(QLatin1String("completion_tokens")).toInt(-1);
    }
    for (const QJsonValue& c : event.value(QLatin1String("choices")).toArray()) {
      const QJsonObject choice = c.toObject();
      const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
      const QString text = delta.value(QLatin1String("content")).toString();
      const QString thinking = delta.value(QLatin1String("reasoning_content")).toString();
      if (!text.isEmpty() || !thinking.isEmpty()) {
        last_ns = clock.nsecsElapsed();
        if (first_ns < 0) first_ns = last_ns;
        ++deltas;
        on_text(utf8(text), utf8(thinking));
      }
      const QString reason = choice.value(QLatin1String("finish_reason")).toString();
      if (!reason.isEmpty()) finish_reason = reason;
    }
  };
  req.response_handler = [&](const httplib::Response& r) {
    status = r.status;
    return !stop.load();
  };
  req.content_receiver = [&](const char* data, size_t size, uint64_t, uint64_t) {
    if (status != 200) {
      error_body.append(data, std::min(size, kMaxBodyBytes - std::min(kMaxBodyBytes, error_body.size())));
      return error_body.size() < kMaxBodyBytes;
    }
    for (const QByteArray& event : parser.feed(QByteArrayView(data, static_cast<qsizetype>(size)))) {
      on_event(event);
      if (stream_error || done) break;
    }
    return !stop.load() && !stream_error && parser.pendingBytes() < static_cast<qsizetype>(kMaxBodyBytes);
  };

  clock.start();
  httplib::Response res;
  httplib::Error error = httplib::Error::Success;
  bool sent = false;
  {
    StopWatcher watcher(*client, &stop);
    sent = client->send(req, res, error);
  }
  if (stream_error) return *stream_error;
  const bool stopped = stop.load();
  if (!sent && !stopped && !done) {
    if (status != 0 && status != 200) return statusError(status, error_body, base_url_, QStringLiteral("/chat/completions"), endpoint_.model);
    return transportError(error, base_url_, endpoint_.timeout_seconds);
  }
  if (!stopped && status != 200) return statusError(status, error_body, base_url_, QStringLiteral("/chat/completions"), endpoint_.model);
  if (!stopped && !done && finish_reason.isEmpty())
    return Error(ErrorKind::Io, utf8(QStringLiteral("%1 ended the stream before the reply was complete").arg(base_url_)));

  ReplyStats stats;
  tessera::GenerationTimings& t = stats.timings;
  stats.stop_reason = stopped                                   ? tessera::StopReason::Stopped
                      : finish_reason == QLatin1String("length") ? tessera::StopReason::Length
                                                                 : tessera::StopReason::EndOfGeneration;
  t.generated_tokens = usage_completion >= 0 ? usage_completion : deltas;
  stats.prompt_known = usage_prompt >= 0;
  if (stats.prompt_known) t.prompt_tokens = usage_prompt;
  if (first_ns >= 0) {
    t.time_to_first_token_ms = first_ns / 1e6;
    t.generation_ms = (last_ns - first_ns) / 1e6;
    // Intervals between tokens, as the engine counts its own rate.
    if (t.generated_tokens > 1 && t.generation_ms > 0.0)
      t.generation_tokens_per_s = (t.generated_tokens - 1) / (t.generation_ms / 1000.0);
  }
  return stats;
}

}  // namespace tessera::gui

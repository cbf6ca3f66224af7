#include "remote_engine_session.h"

#include <QElapsedTimer>

#include "local_engine_source.h"
#include "openai_client.h"

namespace tessera::gui {

void SessionLink::setEndpoint(const RemoteEndpoint& endpoint) {
  std::lock_guard lock(mutex_);
  endpoint_ = endpoint;
}

RemoteEndpoint SessionLink::endpointFor(const QString& url) const {
  std::lock_guard lock(mutex_);
  if (endpoint_.url.trimmed() == url.trimmed()) return endpoint_;
  RemoteEndpoint bare;
  bare.url = url;
  return bare;
}

namespace {

class RemoteEngineSession : public EngineSession {
 public:
  explicit RemoteEngineSession(const SessionLink* link) : link_(link) {}

  Result<ModelInfo> load(const QString& path, const LoadSettings&, const ProgressCallback& progress) override {
    unload();
    QElapsedTimer timer;
    timer.start();
    RemoteEndpoint endpoint = link_->endpointFor(path);
    OpenAiClient client(endpoint);
    TESSERA_ASSIGN_OR_RETURN(const QStringList models, client.listModels());
    const QString wanted = endpoint.model.trimmed();
    if (wanted.isEmpty()) {
      if (models.isEmpty()) return Error(ErrorKind::InvalidArgument, client.baseUrl().toStdString() + " lists no models");
      endpoint.model = models.front();
    } else if (!models.contains(wanted)) {
      return Error(ErrorKind::InvalidArgument, QStringLiteral("%1 does not serve the model '%2'; it serves: %3")
                                                   .arg(client.baseUrl(), wanted, models.join(QStringLiteral(", ")))
                                                   .toStdString());
    } else {
      endpoint.model = wanted;
    }
    if (progress && !progress(1.0f)) return Error(ErrorKind::Cancelled, "connecting was cancelled");
    endpoint_ = endpoint;
    ModelInfo info;
    info.path = client.baseUrl();
    info.name = endpoint.model;
    info.has_chat_template = true;  // the server applies its own
    info.load_seconds = timer.elapsed() / 1000.0;
    loaded_ = true;
    return info;
  }

  void unload() override { loaded_ = false; }
  bool isLoaded() const override { return loaded_; }

  Result<GenerationTimings> generate(const GenerationRequest& request, const PromptProgressCallback&,
                                     const PieceCallback& on_piece, const StopFlag& stop) override {
    if (!loaded_) return Error(ErrorKind::InvalidArgument, "no OpenAI-compatible server is connected");
    QList<OpenAiClient::Message> messages;
    if (!request.system_prompt.trimmed().isEmpty()) messages.append({QStringLiteral("system"), request.system_prompt});
    for (const ChatTurn& turn : request.turns) messages.append({chatRoleKey(turn.role), turn.text});
    return OpenAiClient(endpoint_).streamChat(messages, request.sampling, on_piece, stop);
  }

 private:
  const SessionLink* link_;
  RemoteEndpoint endpoint_;
  bool loaded_ = false;
};

class LocalOrRemoteSession : public EngineSession {
 public:
  LocalOrRemoteSession(std::unique_ptr<EngineSession> local, SessionLink* link)
      : local_(std::move(local)), remote_(makeRemoteEngineSession(link)) {
    if (auto* source = dynamic_cast<LocalEngineSource*>(local_.get())) link->setLocalEngine(source->localEngine());
  }

  Result<ModelInfo> load(const QString& path, const LoadSettings& settings, const ProgressCallback& progress) override {
    // Whatever was loaded goes first: a failed load leaves nothing loaded, as the contract says.
    local_->unload();
    remote_->unload();
    active_ = isEndpointUrl(path) ? remote_.get() : local_.get();
    return active_->load(path, settings, progress);
  }
  void unload() override { active_->unload(); }
  bool isLoaded() const override { return active_->isLoaded(); }
  Result<GenerationTimings> generate(const GenerationRequest& request, const PromptProgressCallback& on_prompt,
                                     const PieceCallback& on_piece, const StopFlag& stop) override {
    return active_->generate(request, on_prompt, on_piece, stop);
  }
  // The split benchmark measures the local engine; a remote endpoint says it cannot (the default).
  Result<BenchFigures> bench(const BenchSettings& settings, const BenchProgressCallback& progress,
                             const StopFlag& stop) override {
    return active_->bench(settings, progress, stop);
  }

 private:
  std::unique_ptr<EngineSession> local_;
  std::unique_ptr<EngineSession> remote_;
  EngineSession* active_ = local_.get();
};

}  // namespace

std::unique_ptr<EngineSession> makeRemoteEngineSession(const SessionLink* link) {
  return std::make_unique<RemoteEngineSession>(link);
}

std::unique_ptr<EngineSession> makeLocalOrRemoteSession(std::unique_ptr<EngineSession> local, SessionLink* link) {
  return std::make_unique<LocalOrRemoteSession>(std::move(local), link);
}

}  // namespace tessera::gui

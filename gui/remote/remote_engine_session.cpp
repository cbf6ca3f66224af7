#include "remote_engine_session.h"

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

  // A server that cannot be used leaves the one connected before as it was (HTTP keeps no
  // connection to lose): only a successful check replaces it.
  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest&, const ProgressCallback& progress) override {
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
    tessera::ModelInfo info;
    info.path = client.baseUrl().toStdString();
    info.name = endpoint.model.toStdString();
    info.has_chat_template = true;  // the server applies its own
    loaded_ = true;
    return info;
  }

  void unload() override { loaded_ = false; }
  bool isLoaded() const override { return loaded_; }

  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& messages,
                              const tessera::GenerationRequest& request, const PromptProgressCallback&,
                              const PieceCallback& on_piece, const StopFlag& stop) override {
    if (!loaded_) return Error(ErrorKind::InvalidArgument, "no OpenAI-compatible server is connected");
    std::vector<tessera::ChatMessage> sent;
    for (const tessera::ChatMessage& m : messages)
      if (m.role != kSystemRole || QString::fromStdString(m.content).trimmed().size() > 0) sent.push_back(m);
    auto on_delta = [&](std::string_view content, std::string_view reasoning) { on_piece(ReplyPiece(content, reasoning)); };
    return OpenAiClient(endpoint_).streamChat(sent, request, on_delta, stop);
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

  // The side that loads replaces the other only once its load worked: a file that cannot be
  // loaded leaves the server connected, a server that does not answer leaves the model loaded.
  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& request,
                                  const ProgressCallback& progress) override {
    EngineSession* target = isEndpointUrl(path) ? remote_.get() : local_.get();
    auto info = target->load(path, request, progress);
    if (info.ok() && target != active_) {
      active_->unload();
      active_ = target;
    }
    return info;
  }
  void unload() override { active_->unload(); }
  bool isLoaded() const override { return active_->isLoaded(); }
  tessera::reasoning::ThinkingControl thinkingControl() const override { return active_->thinkingControl(); }
  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& messages,
                              const tessera::GenerationRequest& request, const PromptProgressCallback& on_prompt,
                              const PieceCallback& on_piece, const StopFlag& stop) override {
    return active_->generate(messages, request, on_prompt, on_piece, stop);
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

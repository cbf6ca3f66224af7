// EngineSession backed by tessera::Engine. Runs on the worker thread only.
//
// Models with a chat template (tokenizer.chat_template) get the conversation through
// Engine::chat, which applies the template and reuses the KV cache across turns. Models without
// one (story models such as stories260K) are plain text continuations: the conversation's texts
// are joined and the reply continues them, which is what such a model can do.
#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "backend/backend_plugin.h"
#include "engine/bench.h"
#include "engine/engine.h"
#include "engine_session.h"
#include "local_engine_source.h"
#include "model_preview.h"

namespace tessera::gui {
namespace {

// A model without a chat template (a story model) continues the conversation's text: the messages
// joined, each reply a continuation of what came before.
std::string plainPrompt(const std::vector<tessera::ChatMessage>& messages) {
  std::string text;
  for (const tessera::ChatMessage& m : messages) {
    std::string piece = m.content;
    if (m.role == kSystemRole) {
      // A system prompt is a preamble: trimmed, like the rest it is only text to continue.
      const auto first = piece.find_first_not_of(" \t\r\n");
      const auto last = piece.find_last_not_of(" \t\r\n");
      piece = first == std::string::npos ? std::string() : piece.substr(first, last - first + 1);
    }
    auto space = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; };
    if (!text.empty() && !piece.empty() && !space(text.back()) && !space(piece.front()))
      text += m.role == kAssistantRole ? ' ' : '\n';
    text += piece;
  }
  return text;
}

// The engine counts a prompt it was stopped in the middle of as if all of it had been read (its
// timings name the prompt, not the work). What the chat shows is what happened: the tokens
// evaluated before the stop, at the rate they took.
void countOnlyWhatWasEvaluated(tessera::GenerationTimings& t, int evaluated) {
  t.prompt_tokens = t.prompt_tokens_reused + evaluated;
  t.prompt_tokens_per_s = t.prompt_ms > 0.0 ? evaluated / (t.prompt_ms / 1000.0) : 0.0;
}

// How long one prompt step may take: a Stop waits for the step under way, and the progress shown
// moves once per step. Small steps cost a little speed only where a full batch is slow anyway.
constexpr double kPromptStepMs = 150.0;

tessera::ErrorKind problemKind(ModelProblem problem) {
  switch (problem) {
    case ModelProblem::UnsupportedArchitecture:
    case ModelProblem::UnsupportedType: return tessera::ErrorKind::Unsupported;
    case ModelProblem::Unreadable:
    case ModelProblem::NoWeights:
    case ModelProblem::Invalid:
    case ModelProblem::None: break;
  }
  return tessera::ErrorKind::BadFile;
}

class TesseraEngineSession : public EngineSession, public LocalEngineSource {
 public:
  TesseraEngineSession(BackendFactory preferred, CudaEnvironment cuda)
      : cuda_(std::move(cuda)), preferred_(std::move(preferred)) {}

  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& request,
                                  const ProgressCallback& progress) override {
    // A file the engine cannot run is refused before the loaded model is let go: the checks the
    // engine's load makes first, on the header alone (the model panel's preview).
    const ModelPreview file = readModelPreview(path);
    if (!file.usable()) return Error(problemKind(file.problem), file.reason.toStdString());
    // The split editor's choice; where no GPU is usable the factory fails and "auto" uses the CPU.
    // Without the CUDA module (or its CUDA runtime) there is no "cuda" backend and "auto" is the CPU.
    if (preferred_) engine_.register_backend("preferred", preferred_);
    if (auto cuda = cuda_.load(); cuda.ok()) {
      CudaBackendConfig config;
      config.split = request.split.toSplitSettings();
      config.virtual_devices = cuda_.environment().virtual_devices;
      config.graphs = cuda_.environment().graphs;
      config.unfused = cuda_.environment().unfused;
      config.experimental = cuda_.environment().experimental;
      engine_.register_backend("cuda", (*cuda)->backend_factory(config));
    }
    TESSERA_TRY(engine_.load(path.toStdString(), request.settings, progress));
    return engine_.info();
  }

  void unload() override { engine_.unload(); }

  Result<BenchFigures> bench(const BenchSettings& settings, const BenchProgressCallback& progress,
                             const StopFlag& stop) override {
    if (!engine_.loaded()) return Error(ErrorKind::InvalidArgument, "no model is loaded");
    BackendModel& model = engine_.backend_model();
    // Each test starts from an empty cache: it must fit the context, and the prompt one batch.
    tessera::BenchOptions options;
    options.n_prompts = {std::clamp(settings.prompt_tokens, 0, std::min(model.n_batch(), model.n_ctx()))};
    options.n_gens = {std::clamp(settings.generated_tokens, 0, model.n_ctx())};
    options.repetitions = std::max(1, settings.repetitions);
    options.stop = &stop;
    auto rows = tessera::run_bench(model, options, progress);
    engine_.clear_cache();  // the chat's prefix is gone from the cache: the next reply reads it again
    if (!rows.ok()) return rows.take_error();
    BenchFigures figures;
    figures.backend = QString::fromStdString(engine_.info().backend);
    for (const tessera::BenchRow& row : *rows) {
      const tessera::BenchStats s = tessera::bench_stats(row.tokens_per_second);
      if (row.prompt) {
        figures.prompt_tokens = row.n_tokens;
        figures.prompt_tokens_per_second = s.mean;
        figures.prompt_stddev = s.stddev;
      } else {
        figures.generated_tokens = row.n_tokens;
        figures.generation_tokens_per_second = s.mean;
        figures.generation_stddev = s.stddev;
      }
    }
    return figures;
  }
  bool isLoaded() const override { return engine_.loaded(); }
  tessera::reasoning::ThinkingControl thinkingControl() const override {
    return engine_.loaded() ? engine_.output_format().control : tessera::reasoning::ThinkingControl::None;
  }
  tessera::Engine* localEngine() override { return &engine_; }  // LocalEngineSource

  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& messages,
                              const tessera::GenerationRequest& request, const PromptProgressCallback& on_prompt,
                              const PieceCallback& on_piece, const StopFlag& stop) override {
    tessera::GenerationRequest r = request;
    r.stop = &stop;
    r.prompt_step_ms = kPromptStepMs;
    int evaluated = 0;
    int to_evaluate = -1;
    r.on_prompt_progress = [&](int32_t done, int32_t total) {
      evaluated = done;
      to_evaluate = total;
      if (on_prompt) on_prompt(done, total);
    };
    // Engine::chat splits the reply (TokenEvent::reply: the thinking apart from the answer, the
    // format's markers in neither); plain generation (no template) has only its text.
    bool split = false;
    auto on_token = [&](const TokenEvent& event) {
      if (split) {
        if (!event.reply.reasoning.empty() || !event.reply.content.empty() || event.token >= 0)
          on_piece(ReplyPiece(event.reply.content, event.reply.reasoning));
      } else if (!event.text.empty()) {
        on_piece(ReplyPiece(event.text));
      }
      return !stop.load();
    };
    Result<GenerationResult> result = Error(ErrorKind::InvalidArgument, "no model is loaded");
    if (engine_.loaded() && engine_.info().has_chat_template) {
      std::vector<tessera::ChatMessage> chat;
      for (const tessera::ChatMessage& m : messages)
        if (m.role != kSystemRole || m.content.find_first_not_of(" \t\r\n") != std::string::npos) chat.push_back(m);
      split = true;
      result = engine_.chat(chat, r, on_token);
    } else {
      r.prompt = plainPrompt(messages);
      r.prompt_tokens.clear();
      r.add_special = true;
      result = engine_.generate(r, on_token);
    }
    if (!result.ok()) return result.take_error();
    ReplyStats stats;
    stats.timings = result->timings;
    stats.stop_reason = result->stop_reason;
    stats.messages_dropped = result->messages_dropped;
    if (stop.load()) stats.stop_reason = StopReason::Stopped;
    // Stopped while the prompt was read (no token came): only what was read counts.
    if (stats.stopped() && stats.timings.generated_tokens == 0 && to_evaluate >= 0 && evaluated < to_evaluate)
      countOnlyWhatWasEvaluated(stats.timings, evaluated);
    else if (stats.stopped() && stats.timings.generated_tokens == 0 && to_evaluate < 0)
      countOnlyWhatWasEvaluated(stats.timings, 0);  // stopped before the first prompt step ended
    return stats;
  }

 private:
  // Declared before the engine, so it is destroyed after it: the engine's CUDA factory, backend and
  // model are code of the module.
  CudaPluginLoader cuda_;
  BackendFactory preferred_;
  tessera::Engine engine_;
};

}  // namespace

std::unique_ptr<EngineSession> makeTesseraEngineSession(BackendFactory preferred_backend, CudaEnvironment cuda) {
  return std::make_unique<TesseraEngineSession>(std::move(preferred_backend), std::move(cuda));
}

}  // namespace tessera::gui

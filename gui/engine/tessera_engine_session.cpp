// EngineSession backed by tessera::Engine. Runs on the worker thread only.
//
// Models with a chat template (tokenizer.chat_template) get the conversation through
// Engine::chat, which applies the template and reuses the KV cache across turns. Models without
// one (story models such as stories260K) are plain text continuations: the conversation's texts
// are joined and the reply continues them, which is what such a model can do.
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <limits>

#include "backend/backend_plugin.h"
#include "engine/bench.h"
#include "engine/engine.h"
#include "engine_session.h"
#include "local_engine_source.h"

namespace tessera::gui {
namespace {

SamplingParams toParams(const SamplingSettings& s) {
  SamplingParams p;
  p.temperature = static_cast<float>(s.temperature);
  p.top_k = s.top_k;
  p.top_p = static_cast<float>(s.top_p);
  p.min_p = static_cast<float>(s.min_p);
  p.repeat_penalty = static_cast<float>(s.repetition_penalty);
  p.seed = s.seed < 0 ? kRandomSeed : static_cast<uint64_t>(s.seed);
  return p;
}

std::string plainPrompt(const GenerationRequest& request) {
  QString text = request.system_prompt.trimmed();
  for (const ChatTurn& turn : request.turns) {
    if (!text.isEmpty() && !turn.text.isEmpty() && !text.back().isSpace() && !turn.text.front().isSpace())
      text += QLatin1Char(turn.role == ChatRole::Assistant ? ' ' : '\n');
    text += turn.text;
  }
  return text.toStdString();
}

GenerationTimings toTimings(const GenerationResult& r) {
  const tessera::GenerationTimings& t = r.timings;
  GenerationTimings out;
  out.prompt_tokens = t.prompt_tokens;
  out.prompt_tokens_reused = t.prompt_tokens_reused;
  out.prompt_seconds = t.prompt_ms / 1000.0;
  out.prompt_rate = t.prompt_tokens_per_s;
  out.generated_tokens = t.generated_tokens;
  out.generation_seconds = t.generation_ms / 1000.0;
  out.generation_rate = t.generation_tokens_per_s;
  out.time_to_first_token = t.time_to_first_token_ms / 1000.0;
  out.stopped = r.stop_reason == StopReason::Stopped;
  out.hit_token_limit = r.stop_reason == StopReason::Length || r.stop_reason == StopReason::ContextFull;
  out.context_full = r.stop_reason == StopReason::ContextFull;
  out.overflow_tokens_dropped = t.overflow_tokens_dropped;
  out.messages_dropped = r.messages_dropped;
  out.context_shifts = t.context_shifts;
  return out;
}

int clampInt(int64_t v) {
  return static_cast<int>(std::clamp<int64_t>(v, 0, std::numeric_limits<int>::max()));
}

// How long one prompt step may take: a Stop waits for the step under way, and the progress shown
// moves once per step. Small steps cost a little speed only where a full batch is slow anyway.
constexpr double kPromptStepMs = 150.0;

class TesseraEngineSession : public EngineSession, public LocalEngineSource {
 public:
  TesseraEngineSession(BackendFactory preferred, CudaEnvironment cuda)
      : cuda_(std::move(cuda)), preferred_(std::move(preferred)) {}

  Result<ModelInfo> load(const QString& path, const LoadSettings& settings, const ProgressCallback& progress) override {
    tessera::LoadSettings s;
    s.backend = "auto";
    s.n_ctx = settings.context_length;
    s.kv_type = settings.split.kvCacheType();
    // The split editor's choice; where no GPU is usable the factory fails and "auto" uses the CPU.
    // Without the CUDA module (or its CUDA runtime) there is no "cuda" backend and "auto" is the CPU.
    if (preferred_) engine_.register_backend("preferred", preferred_);
    if (auto cuda = cuda_.load(); cuda.ok()) {
      CudaBackendConfig config;
      config.split = settings.split.toSplitSettings();
      config.virtual_devices = cuda_.environment().virtual_devices;
      config.graphs = cuda_.environment().graphs;
      config.unfused = cuda_.environment().unfused;
      config.experimental = cuda_.environment().experimental;
      engine_.register_backend("cuda", (*cuda)->backend_factory(config));
    }
    QElapsedTimer timer;
    timer.start();
    TESSERA_TRY(engine_.load(path.toStdString(), s, progress));
    const tessera::ModelInfo& e = engine_.info();
    ModelInfo info;
    info.path = path;
    info.name = QString::fromStdString(e.name);
    if (info.name.isEmpty()) info.name = QFileInfo(path).completeBaseName();
    info.architecture = QString::fromStdString(e.architecture);
    info.parameter_count = e.parameter_count;
    info.context_length = e.n_ctx;
    info.train_context_length = clampInt(e.n_ctx_train);
    info.layer_count = clampInt(e.n_layer);
    info.vocab_size = clampInt(e.n_vocab);
    info.has_chat_template = e.has_chat_template;
    info.backend = QString::fromStdString(e.backend);
    info.load_seconds = timer.elapsed() / 1000.0;
    return info;
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
  tessera::Engine* localEngine() override { return &engine_; }  // LocalEngineSource

  Result<GenerationTimings> generate(const GenerationRequest& request, const PromptProgressCallback& on_prompt,
                                     const PieceCallback& on_piece, const StopFlag& stop) override {
    tessera::GenerationRequest r;
    r.sampling = toParams(request.sampling);
    r.n_predict = request.sampling.max_tokens;
    r.stop = &stop;
    r.prompt_step_ms = kPromptStepMs;
    r.overflow = request.overflow;
    if (on_prompt) r.on_prompt_progress = [&](int32_t done, int32_t total) { on_prompt(done, total); };
    auto on_token = [&](const TokenEvent& event) {
      if (!event.text.empty()) on_piece(event.text);
      return !stop.load();
    };
    Result<GenerationResult> result = Error(ErrorKind::InvalidArgument, "no model is loaded");
    if (engine_.info().has_chat_template) {
      std::vector<tessera::ChatMessage> messages;
      if (!request.system_prompt.trimmed().isEmpty())
        messages.push_back({"system", request.system_prompt.toStdString()});
      for (const ChatTurn& turn : request.turns)
        messages.push_back({chatRoleKey(turn.role).toStdString(), turn.text.toStdString()});
      result = engine_.chat(messages, r, on_token);
    } else {
      r.prompt = plainPrompt(request);
      r.add_special = true;
      result = engine_.generate(r, on_token);
    }
    if (!result.ok()) return result.take_error();
    GenerationTimings timings = toTimings(result.value());
    if (stop.load()) timings.stopped = true;
    return timings;
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

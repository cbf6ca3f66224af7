#include "scripted_session.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>

namespace tessera::gui::test {

Result<tessera::ModelInfo> ScriptedSession::load(const QString& path, const LoadRequest& request,
                                                 const ProgressCallback& progress) {
  script_->loads++;
  script_->last_load = request;
  if (script_->refuse_load) return *script_->refuse_load;  // the model loaded before stays
  script_->loaded = false;
  if (script_->throw_bad_alloc_on_load) throw std::bad_alloc();
  for (int step = 1; step <= script_->load_steps; ++step) {
    if (!progress(static_cast<float>(step) / script_->load_steps))
      return Error(ErrorKind::Cancelled, "load cancelled");
    if (step == 1 && script_->hold_load) {
      script_->load_waiting = true;
      script_->load_gate.acquire();
      script_->load_waiting = false;
    }
    QThread::msleep(script_->load_step_ms);
  }
  if (script_->load_error) return *script_->load_error;
  tessera::ModelInfo info = script_->info;
  info.path = path.toStdString();
  if (info.name.empty()) info.name = QFileInfo(path).completeBaseName().toStdString();
  if (info.architecture.empty()) info.architecture = "llama";
  info.n_ctx = request.settings.n_ctx > 0 ? request.settings.n_ctx : 512;
  if (info.backend.empty()) info.backend = "CPU";
  script_->loaded = true;
  return info;
}

Result<ReplyStats> ScriptedSession::generate(const std::vector<tessera::ChatMessage>& messages,
                                             const tessera::GenerationRequest& request,
                                             const PromptProgressCallback& on_prompt, const PieceCallback& on_piece,
                                             const StopFlag& stop) {
  script_->generations++;
  script_->last_messages = messages;
  script_->last_request = request;
  if (script_->generate_error) return *script_->generate_error;
  if (script_->throw_on_generate) throw std::runtime_error("a library threw");
  QElapsedTimer timer;
  timer.start();
  ReplyStats stats;
  tessera::GenerationTimings& t = stats.timings;
  int prompt = script_->prompt_tokens;
  if (prompt == 0)
    for (const auto& m : messages) prompt += static_cast<int>(QString::fromStdString(m.content).size() / 4 + 1);
  t.prompt_tokens = prompt;
  if (script_->prompt_token_ms > 0) {
    for (int done = 0; done < prompt;) {
      if (stop.load()) {
        // As the real session counts it: only what was read.
        stats.stop_reason = tessera::StopReason::Stopped;
        t.prompt_tokens = done;
        t.prompt_ms = static_cast<double>(timer.elapsed());
        t.prompt_tokens_per_s = t.prompt_ms > 0.0 ? done / (t.prompt_ms / 1000.0) : 0.0;
        return stats;
      }
      const int n = std::min(script_->prompt_step, prompt - done);
      QThread::msleep(static_cast<unsigned long>(n * script_->prompt_token_ms));
      done += n;
      if (on_prompt) on_prompt(done, prompt);
    }
  }
  t.prompt_ms = std::max(static_cast<double>(timer.elapsed()), 1.0);
  t.prompt_tokens_per_s = prompt / (t.prompt_ms / 1000.0);
  const int max_tokens = request.n_predict < 0 ? std::numeric_limits<int>::max() : request.n_predict;
  const int limit = script_->context_left > 0 ? std::min(max_tokens, script_->context_left) : max_tokens;
  stats.stop_reason = tessera::StopReason::EndOfGeneration;
  double first_ms = 0.0;
  // One token: paced, handed on, held after the first when the script says so, counted. The reason
  // the reply ends instead, when it does.
  auto next_token = [&](const ReplyPiece& piece) -> std::optional<tessera::StopReason> {
    if (stop.load()) return tessera::StopReason::Stopped;
    if (t.generated_tokens >= limit)
      return script_->context_left > 0 && limit == script_->context_left ? tessera::StopReason::ContextFull
                                                                          : tessera::StopReason::Length;
    if (script_->token_ms > 0) QThread::msleep(script_->token_ms);
    on_piece(piece);
    if (t.generated_tokens == 0) {
      if (script_->hold_generation) {
        script_->generation_waiting = true;
        script_->generation_gate.acquire();
        script_->generation_waiting = false;
      }
      first_ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
      t.time_to_first_token_ms = first_ms;
    }
    t.generated_tokens++;
    script_->tokens_emitted++;
    return std::nullopt;
  };
  for (const auto& piece : script_->thinking) {
    if (auto end = next_token(ReplyPiece({}, piece))) {
      stats.stop_reason = *end;
      goto done;
    }
    t.reasoning_tokens++;
    t.reasoning_ms = static_cast<double>(timer.nsecsElapsed()) / 1e6 - first_ms;
  }
  for (int r = 0; r < script_->repeat; ++r) {
    for (const auto& piece : script_->pieces) {
      if (auto end = next_token(piece)) {
        stats.stop_reason = *end;
        goto done;
      }
    }
  }
done:
  t.generation_ms = std::max(static_cast<double>(timer.nsecsElapsed()) / 1e6 - first_ms, 1e-3);
  if (t.generated_tokens > 1) t.generation_tokens_per_s = (t.generated_tokens - 1) / (t.generation_ms / 1000.0);
  return stats;
}

Result<BenchFigures> ScriptedSession::bench(const BenchSettings& settings, const BenchProgressCallback& progress,
                                            const StopFlag& stop) {
  if (script_->bench_figures.empty()) return EngineSession::bench(settings, progress, stop);
  const int call = script_->benches++;
  if (progress && !progress(1, 1)) return Error(ErrorKind::Cancelled, "the benchmark was cancelled");
  return script_->bench_figures[static_cast<size_t>(call) % script_->bench_figures.size()];
}

}  // namespace tessera::gui::test

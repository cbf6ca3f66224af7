#include "scripted_session.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

namespace tessera::gui::test {

Result<ModelInfo> ScriptedSession::load(const QString& path, const LoadSettings& settings,
                                        const ProgressCallback& progress) {
  script_->loads++;
  script_->loaded = false;
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
  ModelInfo info = script_->info;
  info.path = path;
  if (info.name.isEmpty()) info.name = QFileInfo(path).completeBaseName();
  if (info.architecture.isEmpty()) info.architecture = QStringLiteral("llama");
  info.context_length = settings.context_length > 0 ? settings.context_length : 512;
  info.backend = QStringLiteral("CPU");
  script_->loaded = true;
  return info;
}

Result<GenerationTimings> ScriptedSession::generate(const GenerationRequest& request,
                                                    const PromptProgressCallback& on_prompt,
                                                    const PieceCallback& on_piece, const StopFlag& stop) {
  script_->generations++;
  script_->last_request = request;
  if (script_->generate_error) return *script_->generate_error;
  QElapsedTimer timer;
  timer.start();
  GenerationTimings t;
  t.prompt_tokens = script_->prompt_tokens;
  if (t.prompt_tokens == 0)
    for (const auto& turn : request.turns) t.prompt_tokens += static_cast<int>(turn.text.size() / 4 + 1);
  if (script_->prompt_token_ms > 0) {
    for (int done = 0; done < t.prompt_tokens;) {
      if (stop.load()) {
        t.stopped = true;
        t.prompt_seconds = timer.elapsed() / 1000.0;
        return t;
      }
      const int n = std::min(script_->prompt_step, t.prompt_tokens - done);
      QThread::msleep(static_cast<unsigned long>(n * script_->prompt_token_ms));
      done += n;
      if (on_prompt) on_prompt(done, t.prompt_tokens);
    }
  }
  t.prompt_seconds = std::max(timer.elapsed() / 1000.0, 0.001);
  const int limit = script_->context_left > 0 ? std::min(request.sampling.max_tokens, script_->context_left)
                                              : request.sampling.max_tokens;
  for (int r = 0; r < script_->repeat; ++r) {
    for (const auto& piece : script_->pieces) {
      if (stop.load()) {
        t.stopped = true;
        goto done;
      }
      if (t.generated_tokens >= limit) {
        t.hit_token_limit = true;
        t.context_full = script_->context_left > 0 && limit == script_->context_left;
        goto done;
      }
      if (script_->token_ms > 0) QThread::msleep(script_->token_ms);
      on_piece(piece);
      if (t.generated_tokens == 0) t.time_to_first_token = timer.elapsed() / 1000.0;
      t.generated_tokens++;
      script_->tokens_emitted++;
    }
  }
done:
  t.generation_seconds = std::max(timer.elapsed() / 1000.0, 1e-6);
  return t;
}

}  // namespace tessera::gui::test

// A fake EngineSession whose timing the tests control: loads in N steps with a delay each (and can
// be held at a step until released), generates a scripted list of pieces with a delay per token.
// Script fields are read on the worker thread; set them before the request that uses them (the
// queued invocation orders the write before the read). `gate` and counters are thread-safe.
#pragma once

#include <QSemaphore>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine_session.h"

namespace tessera::gui::test {

struct SessionScript {
  int load_steps = 4;
  int load_step_ms = 2;
  // A load that fails after the loaded model was let go (out of memory, say): nothing stays loaded.
  std::optional<Error> load_error;
  // A file refused before the loaded model is touched (a damaged or vocabulary-only file, as the
  // real session's check): the loaded model stays.
  std::optional<Error> refuse_load;
  tessera::ModelInfo info;

  std::vector<std::string> pieces{"Hello", ",", " world", "!"};
  // A reasoning model's thinking: tokens of thinking text generated before `pieces` (counted in
  // the timings' reasoning tokens and time, as the engine counts them).
  std::vector<std::string> thinking;
  // What the loaded model's template offers to steer the thinking.
  tessera::reasoning::ThinkingControl thinking_control = tessera::reasoning::ThinkingControl::None;
  int token_ms = 1;
  // Repeat `pieces` this many times (long generations).
  int repeat = 1;
  std::optional<Error> generate_error;
  // The prompt phase: `prompt_tokens` tokens (0: about one per four characters of the turns) read
  // in steps of `prompt_step` tokens taking `prompt_token_ms` each, with progress after each step
  // and the stop flag checked between steps (as the real session does).
  int prompt_tokens = 0;
  int prompt_step = 8;
  int prompt_token_ms = 0;
  // Replies end with StopReason::ContextFull after this many tokens when > 0 (as a full context does).
  int context_left = 0;

  // When set, load() blocks after its first progress call until the test releases the semaphore.
  bool hold_load = false;
  QSemaphore load_gate;
  std::atomic<bool> load_waiting{false};
  // When set, generate() blocks after its first token until the test releases the semaphore.
  bool hold_generation = false;
  QSemaphore generation_gate;
  std::atomic<bool> generation_waiting{false};
  // What bench() reports, one per call in turn (empty: the session cannot measure, as the default).
  std::vector<BenchFigures> bench_figures;
  std::atomic<int> benches{0};
  // What a library may throw out of a session (the worker's catch-all turns it into an error).
  bool throw_bad_alloc_on_load = false;
  bool throw_on_generate = false;

  std::atomic<int> loads{0};
  std::atomic<int> generations{0};
  std::atomic<int> tokens_emitted{0};
  std::atomic<bool> loaded{false};
  // Written on the worker thread; read after the reply finished.
  std::vector<tessera::ChatMessage> last_messages;
  tessera::GenerationRequest last_request;
  LoadRequest last_load;
};

class ScriptedSession : public EngineSession {
 public:
  explicit ScriptedSession(std::shared_ptr<SessionScript> script) : script_(std::move(script)) {}

  Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& request,
                                  const ProgressCallback& progress) override;
  void unload() override { script_->loaded = false; }
  bool isLoaded() const override { return script_->loaded; }
  tessera::reasoning::ThinkingControl thinkingControl() const override { return script_->thinking_control; }
  Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& messages, const tessera::GenerationRequest& request,
                              const PromptProgressCallback& on_prompt, const PieceCallback& on_piece,
                              const StopFlag& stop) override;
  Result<BenchFigures> bench(const BenchSettings& settings, const BenchProgressCallback& progress,
                             const StopFlag& stop) override;

 private:
  std::shared_ptr<SessionScript> script_;
};

}  // namespace tessera::gui::test

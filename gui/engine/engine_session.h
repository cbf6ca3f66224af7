// The seam between the worker thread and whatever runs the model. EngineWorker owns exactly one
// EngineSession and calls it only from the worker thread, so implementations need no locking.
// The real implementation adapts tessera::Engine (tessera_engine_session.h); the tests use a
// scripted fake whose speed they control.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "backend/backend.h"
#include "backend/cuda_environment.h"
#include "common/error.h"
#include "engine_types.h"
#include "reasoning/output_format.h"
#include "split_bench_types.h"

namespace tessera::gui {

class EngineSession {
 public:
  // Called with a fraction in [0, 1]; returning false asks the load to stop (it then fails with
  // ErrorKind::Cancelled and leaves nothing loaded).
  using ProgressCallback = std::function<bool(float fraction)>;
  // One generated token's text as UTF-8 bytes, split by the model's output format into its
  // thinking (reasoning models: shown apart from the answer) and the answer; either may be empty
  // (a token that only closes the thinking adds to neither). A piece may end in the middle of a
  // multi-byte character (byte-fallback tokens); the caller reassembles.
  struct ReplyPiece {
    ReplyPiece(std::string_view answer, std::string_view thinking = {}) : content(answer), reasoning(thinking) {}
    ReplyPiece(const char* answer) : content(answer) {}
    ReplyPiece(const std::string& answer) : content(answer) {}
    std::string_view content;
    std::string_view reasoning;
  };
  // Called once per generated token.
  using PieceCallback = std::function<void(const ReplyPiece& piece)>;
  // Called while the prompt is read, after each step, with the prompt tokens evaluated so far and
  // how many are to be evaluated (tokens reused from the KV cache count in neither).
  using PromptProgressCallback = std::function<void(int evaluated, int total)>;
  // Set (from any thread) to stop the generation at the next token boundary or between prompt
  // steps; it then returns timings with stopped=true. Implementations read the prompt in steps
  // short enough (well under half a second) that a stop lands at once.
  using StopFlag = std::atomic<bool>;
  // Called after each benchmark run with the runs done and the runs in all; false cancels.
  using BenchProgressCallback = std::function<bool(int done, int total)>;

  virtual ~EngineSession() = default;

  // Loads `path`, replacing any loaded model once the new one is known to be usable: a file that
  // cannot be read or run (damaged, truncated, without weights, an unsupported architecture or
  // type) fails before the loaded model is touched, and that model stays loaded. A failure after
  // that (out of memory, a device error, a cancel) leaves nothing loaded. isLoaded() says which.
  virtual Result<tessera::ModelInfo> load(const QString& path, const LoadRequest& request,
                                          const ProgressCallback& progress) = 0;
  virtual void unload() = 0;
  virtual bool isLoaded() const = 0;
  // How the loaded model's template lets a person steer its thinking (None: it does not, or no
  // model, or the session cannot tell).
  virtual tessera::reasoning::ThinkingControl thinkingControl() const { return tessera::reasoning::ThinkingControl::None; }

  // Produces the next assistant reply to `messages` (the system prompt first, when there is one;
  // the last message is the user's), as Engine::chat does: the chat template applied by the engine.
  // `request` carries the sampling, the length limit (n_predict) and the overflow policy; its
  // prompt fields, stop flag and callbacks are the session's to set. A stop returns what was done:
  // stop_reason Stopped, and of the prompt only the tokens evaluated before it.
  virtual Result<ReplyStats> generate(const std::vector<tessera::ChatMessage>& messages,
                                      const tessera::GenerationRequest& request,
                                      const PromptProgressCallback& on_prompt, const PieceCallback& on_piece,
                                      const StopFlag& stop) = 0;

  // Measures the loaded model's prompt and generation speed with the engine's benchmark loop
  // (engine/bench.h), for the A/B split benchmark; the KV cache is empty afterwards. `stop` (or
  // `progress` returning false) cancels: ErrorKind::Cancelled. A session that cannot measure
  // says so (this default: Unsupported).
  virtual Result<BenchFigures> bench(const BenchSettings& settings, const BenchProgressCallback& progress,
                                     const StopFlag& stop) {
    (void)settings;
    (void)progress;
    (void)stop;
    return Error(ErrorKind::Unsupported, "this engine session cannot run benchmarks");
  }
};

// The session backed by tessera::Engine (CPU or CUDA backend, whichever the engine picks).
// `preferred_backend` (tests: a slowed CPU backend) is registered first, so "auto" picks it.
// `cuda` is what the app's main read from its environment (module file, virtual devices, graphs).
std::unique_ptr<EngineSession> makeTesseraEngineSession(BackendFactory preferred_backend = {},
                                                        CudaEnvironment cuda = {});

}  // namespace tessera::gui

// Value types that cross between the GUI thread and the engine worker thread. They are copied
// into queued signals, so they hold only value types (no pointers into the engine).
//
// Where core has the type, it is used as it is (one definition of each field and default):
// tessera::ModelInfo for a loaded model, tessera::LoadSettings for a load's context and KV cache,
// tessera::ChatMessage and tessera::GenerationRequest for a reply to make, tessera::SamplingParams
// for its sampling and tessera::GenerationTimings for what it cost. What is here is only what the
// app adds: the GPU split of a load, a reply's length limit, how a reply ended, and errors as the
// windows show them.
#pragma once

#include <QMetaType>
#include <QString>

#include <vector>

#include "engine/engine.h"
#include "engine/generation.h"
#include "engine/model_info.h"
#include "split_choice.h"

namespace tessera::gui {

// Mirrors tessera::ErrorKind, plus None for "no error".
enum class EngineErrorKind {
  None,
  BadFile,
  Unsupported,
  OutOfMemory,
  Device,
  Cancelled,
  InvalidArgument,
  Io,
};

struct EngineError {
  EngineErrorKind kind = EngineErrorKind::None;
  QString message;  // the engine's own message: names the file, field, device, bytes
};

// A load as the app asks for it: the engine's settings (core's: the context length and the KV
// cache type the user chose; everything else as core defaults it) and the GPU split the CUDA
// backend gets (the CPU ignores it).
struct LoadRequest {
  tessera::LoadSettings settings;
  SplitChoice split;

  // The same load: what the backend would do differs in nothing the user chose.
  bool sameAs(const LoadRequest& other) const;
};

// A chat reply's length limit when the user set none: core's n_predict default (128) suits a
// one-off `tessera-cli run`, a chat reply needs more room.
constexpr int kDefaultReplyTokens = 512;

// The settings of the next reply: core's sampling (its defaults are core's) and the length limit.
struct ReplySettings {
  tessera::SamplingParams sampling;
  int max_tokens = kDefaultReplyTokens;
  // A reasoning model's thinking, where its template offers a control: the key of a
  // reasoning::ThinkingChoice (core/reasoning/thinking_choice.h; "" the template's default). Sent
  // only where the loaded model takes it (ChatController).
  QString thinking;

  friend bool operator==(const ReplySettings&, const ReplySettings&) = default;
};

// How a reply ended and what it cost: core's timings as the engine measured them (or as a server
// reported them), why it ended, and the messages the overflow policy left out of the prompt:
// Engine::chat's GenerationResult without the tokens and text, which the chat has already.
struct ReplyStats {
  tessera::GenerationTimings timings;
  tessera::StopReason stop_reason = tessera::StopReason::EndOfGeneration;
  int messages_dropped = 0;
  // False where nobody measured the prompt (a server that reports no usage): its tokens, time and
  // rate are unknown, not zero.
  bool prompt_known = true;

  bool stopped() const { return stop_reason == tessera::StopReason::Stopped; }
  bool contextFull() const { return stop_reason == tessera::StopReason::ContextFull; }
  // The reply was cut off by a limit (max tokens or the context), not ended by the model.
  bool hitLimit() const {
    return stop_reason == tessera::StopReason::Length || stop_reason == tessera::StopReason::ContextFull;
  }
  // Tokens of the prompt the engine evaluated (not reused from the cache).
  int promptEvaluated() const { return timings.prompt_tokens - timings.prompt_tokens_reused; }
  // Tokens the context holds after the reply.
  int contextTokens() const { return timings.prompt_tokens + timings.generated_tokens; }
};

// The role names of core's ChatMessage.
inline constexpr const char* kSystemRole = "system";
inline constexpr const char* kUserRole = "user";
inline constexpr const char* kAssistantRole = "assistant";

// Registers the types above for queued connections. Idempotent; call before connecting.
void registerEngineMetaTypes();

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::EngineError)
Q_DECLARE_METATYPE(tessera::gui::LoadRequest)
Q_DECLARE_METATYPE(tessera::gui::ReplySettings)
Q_DECLARE_METATYPE(tessera::gui::ReplyStats)
Q_DECLARE_METATYPE(tessera::ModelInfo)
Q_DECLARE_METATYPE(tessera::ChatMessage)

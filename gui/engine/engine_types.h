// Value types that cross between the GUI thread and the engine worker thread. They are copied
// into queued signals, so they hold only Qt/standard value types (no pointers into the engine).
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>

#include "engine/generation.h"
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

// What the user chose before pressing Load.
struct LoadSettings {
  int context_length = 0;  // tokens; 0 = the model's own context length
  SplitChoice split;       // GPU split from the split editor (CUDA backend) and the KV cache type
};

// Facts about a loaded model, from the engine.
struct ModelInfo {
  QString path;
  QString name;          // general.name or the file name
  QString architecture;  // "llama", "qwen2", ...
  quint64 parameter_count = 0;
  int context_length = 0;        // the context the engine allocated for
  int train_context_length = 0;  // what the file says the model was trained for
  int layer_count = 0;
  int vocab_size = 0;
  bool has_chat_template = false;
  QString backend;  // "CPU", "CUDA (2 GPUs)", ...
  double load_seconds = 0.0;
};

struct SamplingSettings {
  double temperature = 0.8;
  int top_k = 40;
  double top_p = 0.95;
  double min_p = 0.05;
  double repetition_penalty = 1.1;
  qint64 seed = -1;  // -1 = a fresh random seed for every reply
  int max_tokens = 512;

  friend bool operator==(const SamplingSettings&, const SamplingSettings&) = default;
};

enum class ChatRole { System, User, Assistant };

struct ChatTurn {
  ChatRole role = ChatRole::User;
  QString text;
};

// Everything the worker needs to produce the next assistant reply.
struct GenerationRequest {
  QString system_prompt;     // empty = none
  QList<ChatTurn> turns;     // user/assistant turns, oldest first; the last one is the user's
  SamplingSettings sampling;
  // What the engine does when the conversation outgrows the context (the conversation's choice).
  tessera::OverflowPolicy overflow = tessera::OverflowPolicy::Stop;
};

struct GenerationTimings {
  int prompt_tokens = 0;         // tokens of the prompt
  int prompt_tokens_reused = 0;  // of which were already in the KV cache (not evaluated again)
  int generated_tokens = 0;
  double prompt_seconds = 0.0;       // evaluating the prompt tokens that were not reused
  double generation_seconds = 0.0;   // from the first generated token to the last
  double time_to_first_token = 0.0;  // seconds from the request to the first generated token
  // Rates as the engine measured them (it knows what each step cost); 0 = derive from the above.
  double prompt_rate = 0.0;
  double generation_rate = 0.0;
  bool stopped = false;          // the user pressed Stop
  bool hit_token_limit = false;  // max_tokens or the context ran out
  bool context_full = false;     // the context ran out: the reply is cut off, nothing more fits
  // The overflow policy at work: tokens and earlier messages the model no longer sees, and how
  // often the reply went on past a full context (a context shift).
  int overflow_tokens_dropped = 0;
  int messages_dropped = 0;
  int context_shifts = 0;

  double prompt_tokens_per_second() const {
    if (prompt_rate > 0.0) return prompt_rate;
    const int evaluated = prompt_tokens - prompt_tokens_reused;
    return prompt_seconds > 0.0 ? evaluated / prompt_seconds : 0.0;
  }
  double generation_tokens_per_second() const {
    if (generation_rate > 0.0) return generation_rate;
    return generation_seconds > 0.0 ? generated_tokens / generation_seconds : 0.0;
  }
};

QString chatRoleKey(ChatRole role);  // "system", "user", "assistant" (stable, for JSON)
bool chatRoleFromKey(const QString& key, ChatRole* role);

// Registers the types above for queued connections. Idempotent; call before connecting.
void registerEngineMetaTypes();

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::EngineError)
Q_DECLARE_METATYPE(tessera::gui::LoadSettings)
Q_DECLARE_METATYPE(tessera::gui::ModelInfo)
Q_DECLARE_METATYPE(tessera::gui::SamplingSettings)
Q_DECLARE_METATYPE(tessera::gui::GenerationRequest)
Q_DECLARE_METATYPE(tessera::gui::GenerationTimings)

// Engine: loads a GGUF model onto a backend and generates text from it.
//
// Synchronous and confined to the thread that owns it (the GUI's worker thread, the CLI's main
// thread): no method may be called concurrently with another. Only GenerationRequest::stop may be
// touched from other threads.
//
// Backends are chosen by LoadSettings::backend among registered factories: "cpu" is always there;
// the caller registers others (cuda/ registers "cuda"), so core never knows CUDA. "auto" tries the
// non-CPU backends in registration order and takes the first whose factory succeeds (a device
// exists); its load errors are reported, not hidden by a silent fall back. Without one, CPU.
//
// KV cache reuse: the engine remembers which tokens the cache holds. A new prompt (generate or
// chat) evaluates only what follows the longest shared prefix, so a multi-turn chat does not
// recompute the conversation. Models with recurrent state (Qwen3.5/3.6, Qwen3-Next: backend.h) can
// return only to positions where a checkpoint of their state was kept; the engine keeps them at the
// end of each prompt, at the end of each reply, at GenerationRequest::state_checkpoint_at (chat():
// the conversation before the new generation prompt) and at the start an overflow policy keeps, so
// a follow-up turn starts from the newest checkpoint inside the shared prefix.
//
// Context overflow (GenerationRequest::overflow; the code is in engine_overflow.cpp):
// - Stop: a prompt longer than the context is an error ("prompt of N tokens does not fit the
//   context of M"); generation stops with StopReason::ContextFull when the context is used up.
// - TruncateMiddle / RollingWindow keep n_keep tokens at the start (GenerationRequest::overflow_keep:
//   TruncateMiddle the system prompt + first exchange in chat, RollingWindow the system prompt) and
//   drop from what follows them:
//   * a prompt longer than the context less room for the reply (a quarter of the context, less
//     when n_predict asks for less) loses the tokens after n_keep it must; chat() first leaves out
//     whole messages, the oldest after the kept ones (never the last), re-rendered through the
//     template, and truncates tokens only if the last message alone does not fit;
//   * a reply that reaches the end of the context goes on after a context shift, as llama.cpp's:
//     half the tokens after n_keep are dropped (the oldest) and generation continues.
//   The cache is kept where it can be: tokens after a dropped span move down with
//   BackendModel::kv_remove (the keys re-rotated), and a new prompt that continues the cache
//   after a dropped span (the next chat turn after a truncation) reuses that part of the cache
//   too. Where the backend cannot shift (kv_remove_supported() false, or shift_kv_cache off), the
//   kept tokens after the dropped span are evaluated again. GenerationTimings counts the tokens
//   dropped, the shifts and the tokens evaluated again. Every model supports every policy this way
//   (sliding-window layers shift like full-attention ones, backend.h says why); only whether the
//   cache is kept depends on the backend.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backend/backend.h"
#include "common/error.h"
#include "engine/generation.h"
#include "engine/model_info.h"
#include "engine/overflow.h"
#include "reasoning/output_format.h"
#include "template/chat_template.h"
#include "placement/split_settings.h"

namespace tessera {

namespace gguf {
class GgufFile;
}
namespace tokenizer {
class Tokenizer;
}
namespace chat {
class ChatTemplate;
struct ChatTemplateInput;
}
namespace grammar {
class VocabularyTrie;
}

struct LoadSettings {
  std::string backend = "auto";  // "cpu", "cuda" (when registered) or "auto"
  int32_t n_ctx = 0;             // 0: the model's training context, at most kDefaultMaxContext (load_context)
  int32_t n_batch = kDefaultBatch;  // prompt tokens per backend step (at most the context: load_batch)
  int32_t n_threads = 0;         // CPU threads; 0: all cores
  KvCacheType kv_type = KvCacheType::F16;
  bool all_logits = false;       // keep logits of every prompt token (scoring)
};

struct ChatMessage {
  ChatMessage() = default;
  ChatMessage(std::string r, std::string c, std::string thinking = {})
      : role(std::move(r)), content(std::move(c)), reasoning(std::move(thinking)) {}

  std::string role;  // "system", "user", "assistant"
  std::string content;
  // An assistant turn's thinking (reasoning models), kept apart from the answer. It is given to
  // the template as `reasoning_content` (Qwen3) and `thinking` (gpt-oss); templates drop it for
  // earlier turns, and the KV cache is reused up to where the prompt changes.
  std::string reasoning;
};

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Makes a backend available under `name` (replacing one of the same name).
  void register_backend(const std::string& name, BackendFactory factory);
  std::vector<std::string> backend_names() const;

  // Loads `path`, replacing any loaded model. `progress` (may be empty) gets values in [0, 1] and
  // returns false to cancel: Error{Cancelled}, and nothing stays loaded or allocated. Running out of
  // host memory is Error{OutOfMemory}, with nothing loaded.
  Status load(const std::string& path, const LoadSettings& settings, const ProgressFn& progress = {});
  void unload();
  bool loaded() const { return model_ != nullptr; }

  // Precondition for the accessors below: loaded().
  const ModelInfo& info() const { return info_; }
  int32_t n_ctx() const;
  // nullptr when the file has no tokenizer (then prompts must be token ids).
  const tokenizer::Tokenizer* tokenizer() const { return tokenizer_.get(); }
  BackendModel& backend_model() { return *model_; }

  Result<std::vector<int32_t>> tokenize(std::string_view text, bool add_special, bool parse_special) const;

  // Generates a continuation of the request's prompt, calling on_token (may be empty) per token.
  Result<GenerationResult> generate(const GenerationRequest& request, const TokenCallback& on_token = {});

  // The model's chat template (or the default one when the file has none) applied to `messages`.
  Result<std::string> render_chat(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const;
  // The template input of `messages` (assistant turns' reasoning as reasoning_content and thinking;
  // `request`'s enable_thinking and reasoning_effort as variables when set).
  chat::ChatTemplateInput chat_input(const std::vector<ChatMessage>& messages, bool add_generation_prompt,
                                     const GenerationRequest& request = {}) const;
  // render_chat with the whole template input (messages with tool_calls, "tools" and other
  // variables in input.extra): bos_token/eos_token are filled in from the tokenizer when empty.
  Result<std::string> render_chat_input(const chat::ChatTemplateInput& input) const;
  // The prompt tokens of a rendered chat (render_chat's text), as chat() generates from them:
  // special tokens parsed, BOS added when the model wants it and the text did not start with it.
  Result<std::vector<int32_t>> chat_prompt_tokens(std::string_view rendered) const;
  // Renders `messages` with the generation prompt, tokenizes it (special tokens parsed, BOS added
  // when the model wants it and the template did not write it) and generates the assistant's reply
  // with `request`'s settings (its prompt fields are ignored; split_reply is turned on, so the
  // result's reply has the reasoning and the content apart). The shared prefix with the previous
  // call's tokens is reused from the KV cache.
  Result<GenerationResult> chat(const std::vector<ChatMessage>& messages, const GenerationRequest& request,
                                const TokenCallback& on_token = {});

  // Models with recurrent state: the position GenerationRequest::state_checkpoint_at should name for
  // a chat prompt (`prompt`, the tokens of `input` rendered with its generation prompt): how far it
  // agrees with the same conversation rendered without the generation prompt, which the next turn's
  // prompt repeats. -1 without recurrent state or when the template does not render it so.
  int32_t conversation_checkpoint(const chat::ChatTemplateInput& input, const std::vector<int32_t>& prompt) const;
  // How the model writes its replies (plain, think tags, harmony) and which thinking control its
  // template offers; read at load from the template and the vocabulary.
  const reasoning::OutputFormat& output_format() const { return output_format_; }
  // Replaces the chat template of the loaded model (a template file given by the user, tests);
  // the output format is read again. An error names the template's syntax error.
  Status set_chat_template(const std::string& source, const std::string& name);
  // The vocabulary as bytes and a trie over them, for grammar-constrained sampling; built on
  // first use and kept while the model stays loaded.
  std::shared_ptr<const grammar::VocabularyTrie> vocabulary_trie();

  // Forgets the KV cache contents (the next prompt is evaluated from the start).
  void clear_cache();
  // What the loaded model does under each overflow policy (overflow.h).
  std::vector<OverflowPolicySupport> overflow_support() const;
  // Tokens whose keys and values the cache holds.
  const std::vector<int32_t>& cached_tokens() const { return cached_tokens_; }

 private:
  // The text of the prompt's last few tokens, special tokens written out (for a reply splitter).
  std::string prompt_tail(const std::vector<int32_t>& prompt) const;
  Status load_file(const std::string& path, const LoadSettings& settings, const ProgressFn& progress);
  Result<std::unique_ptr<Backend>> make_backend(const std::string& requested, std::string* chosen) const;
  // Evaluates what the cache does not hold of `prompt`; on models with recurrent state, keeps a
  // checkpoint at each position of `checkpoints` inside the evaluated part and at the prompt's end.
  Status evaluate_prompt(const std::vector<int32_t>& prompt, const GenerationRequest& request,
                         const std::vector<int32_t>& checkpoints, int32_t* reused, bool* stopped,
                         GenerationTimings* timings);
  // Context overflow (engine_overflow.cpp).
  // The prompt cut to fit the context as request.overflow says (unchanged under Stop or when it fits).
  Result<std::vector<int32_t>> fit_prompt(std::vector<int32_t> prompt, const GenerationRequest& request,
                                          GenerationTimings* timings) const;
  // Tokens at the start that a drop keeps (request.overflow_keep resolved and clamped).
  int32_t overflow_keep(const GenerationRequest& request, const std::vector<int32_t>& prompt) const;
  // Drops cached positions [begin, begin + count): kv_remove, or re-evaluating the tokens after them.
  Status drop_cached(int32_t begin, int32_t count, const GenerationRequest& request, GenerationTimings* timings);
  // After the shared prefix `*common` of the cache and the prompt: when the cache continues the
  // prompt after a span the prompt no longer has, drops that span and extends *common.
  Status reuse_after_dropped_span(const std::vector<int32_t>& prompt, size_t* common, const GenerationRequest& request,
                                  GenerationTimings* timings);

  std::vector<std::pair<std::string, BackendFactory>> factories_;
  std::shared_ptr<const gguf::GgufFile> file_;
  std::unique_ptr<tokenizer::Tokenizer> tokenizer_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<BackendModel> model_;
  // The file's chat template (or the default), parsed at load; a template that does not parse is
  // reported by render_chat/chat, not by load (the model still runs plain prompts).
  std::unique_ptr<chat::ChatTemplate> chat_template_;
  std::string chat_template_error_;
  reasoning::OutputFormat output_format_;
  std::shared_ptr<const grammar::VocabularyTrie> vocabulary_trie_;
  ModelInfo info_;
  std::vector<int32_t> cached_tokens_;
};

}  // namespace tessera

// Options and helpers shared by `run` and `chat`: model location (with the embedded default model),
// load and sampling options, the Ctrl-C flag, timing lines.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "backend_choice.h"
#include "engine/engine.h"
#include "option_parse.h"

namespace tessera::cli {

struct ModelOptions {
  std::string model_path;  // -m; empty: the default model
  int32_t n_ctx = 0;       // --ctx / -c; 0: the model's (at most 4096)
  int32_t n_batch = 512;   // --batch / -b
  KvCacheType kv_type = KvCacheType::F16;  // --kv-type f16|f32|q8_0|q4_0
  BackendOptions backend;  // --backend, --threads, split options
  bool all_logits = false; // not an option: `perplexity` keeps the logits of every prompt token
  std::string chat_template_file;  // --chat-template-file: replaces the model's chat template
};

struct SamplingOptions {
  SamplingParams params;
  int32_t n_predict = -1;  // -n
};

// Each consumes the option at hand (with its value) when it is one of its options and returns
// true; a bad value is recorded in `reader`. Ranges: option_ranges.h.
// Model: -m/--model, -c/--ctx, -b/--batch, --kv-type, plus the backend options.
// Sampling: -n/--n-predict, --temp, --top-k, --top-p, --min-p, --repeat-penalty, --repeat-last-n,
// --frequency-penalty, --presence-penalty, --seed.
bool parse_model_option(OptionReader& reader, ModelOptions& o);
// --kv-type's value (the reader positioned on the option), for commands with their own options (bench).
void parse_kv_type_value(OptionReader& reader, KvCacheType& type);
// The usage line of --kv-type.
std::string kv_type_usage();
bool parse_sampling_option(OptionReader& reader, SamplingOptions& o);
// --context-overflow stop|truncate-middle|rolling (run and chat).
bool parse_overflow_option(OptionReader& reader, OverflowPolicy& policy);
// One line on stderr when the loaded model cannot keep its cache under `policy` (a recurrent state,
// a KV cache type that cannot shift): what it does instead. Nothing otherwise.
void print_overflow_note(const Engine& engine, OverflowPolicy policy);
std::string model_options_usage();
std::string sampling_options_usage();
std::string overflow_option_usage();

// The embedded default model: next to the executable under ../share/tessera/models/, then in the
// source tree (resources/models/, when built with TESSERA_SOURCE_DIR). nullopt when neither exists.
std::optional<std::string> default_model_path();

// Loads the model into `engine` with the chosen backend. Prints notes (e.g. "running on the CPU")
// to stderr, and a note when the context is beyond the one the model was trained on (allowed: see
// option_ranges.h). The error is ready to print. `cuda` must outlive `engine` (declare it first).
Status load_model(Engine& engine, const ModelOptions& options, CudaPluginLoader& cuda, const char* command);

// Ctrl-C: the first SIGINT sets the flag (the command decides what it means); the process keeps
// running. install_interrupt_handler() is idempotent.
void install_interrupt_handler();
std::atomic<bool>& interrupt_flag();

// "prompt: 5 tokens in 1.20 ms (4166.7 tokens/s) ..." lines on stderr (and what the overflow
// policy dropped, when it did).
void print_timings(const GenerationResult& result);

}  // namespace tessera::cli

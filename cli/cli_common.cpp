#include "cli_common.h"

#include <fstream>
#include <sstream>

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>

#include "backend/kv_cache_type.h"
#include "download/model_ref.h"
#include "option_ranges.h"
#if defined(TESSERA_HAS_DOWNLOAD)
#include "hub_edge.h"
#endif
#include "terminal_text.h"

namespace tessera::cli {
namespace {

// The flag a signal handler can touch: lock-free atomic, process-wide by nature (signals are).
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_sigint(int) { g_interrupted.store(true); }

std::filesystem::path executable_dir() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : p.parent_path();
}

}  // namespace

void parse_kv_type_value(OptionReader& r, KvCacheType& type) {
  std::string v;
  if (!r.text(v)) return;
  if (const auto t = parse_kv_cache_type(v))
    type = *t;
  else
    r.fail("--kv-type: '" + v + "' is not a KV cache type (" + kv_cache_type_names() + ")");
}

std::string kv_type_usage() {
  return usage_line("--kv-type " + kv_cache_type_names(),
                    "KV cache element type (default f16; q8_0 and q4_0 keep blocks of 32 values with a scale, "
                    "0.53x and 0.28x the memory of f16)");
}

bool parse_model_option(OptionReader& r, ModelOptions& o) {
  if (r.is({"-m", "--model"})) {
    r.text(o.model_path);
  } else if (r.is({"-c", "--ctx"})) {
    r.integer(o.n_ctx, kContextRange);
  } else if (r.is({"-b", "--batch"})) {
    r.integer(o.n_batch, kBatchRange);
  } else if (r.is({"--kv-type"})) {
    parse_kv_type_value(r, o.kv_type);
  } else if (r.is({"--chat-template-file"})) {
    r.text(o.chat_template_file);
  } else {
    return parse_backend_option(r, o.backend);
  }
  return true;
}

bool parse_sampling_option(OptionReader& r, SamplingOptions& o) {
  SamplingParams& p = o.params;
  if (r.is({"-n", "--n-predict"})) r.integer(o.n_predict, kPredictRange);
  else if (r.is({"--temp"})) r.real(p.temperature, kTemperatureRange);
  else if (r.is({"--top-k"})) r.integer(p.top_k, kTopKRange);
  else if (r.is({"--top-p"})) r.real(p.top_p, kProbabilityRange);
  else if (r.is({"--min-p"})) r.real(p.min_p, kProbabilityRange);
  else if (r.is({"--repeat-penalty"})) r.real(p.repeat_penalty, kRepeatPenaltyRange);
  else if (r.is({"--repeat-last-n"})) r.integer(p.penalty_last_n, kRepeatLastNRange);
  else if (r.is({"--frequency-penalty"})) r.real(p.frequency_penalty, kCountPenaltyRange);
  else if (r.is({"--presence-penalty"})) r.real(p.presence_penalty, kCountPenaltyRange);
  else if (r.is({"--seed"})) r.unsigned64(p.seed, kSeedRange);
  else return false;
  return true;
}

bool parse_overflow_option(OptionReader& r, OverflowPolicy& policy) {
  if (!r.is({"--context-overflow"})) return false;
  std::string v;
  if (!r.text(v)) return true;
  if (auto p = parse_overflow_policy(v)) policy = *p;
  else r.fail("--context-overflow: '" + v + "' is not a policy (stop, truncate-middle or rolling)");
  return true;
}

void print_overflow_note(const Engine& engine, OverflowPolicy policy) {
  for (const OverflowPolicySupport& s : engine.overflow_support())
    if (s.policy == policy && !s.keeps_cache)
      std::fprintf(stderr, "context overflow (%s): %s\n", overflow_policy_name(policy), s.note.c_str());
}

std::string overflow_option_usage() {
  return usage_line("--context-overflow P",
                    "when the conversation outgrows the context: stop (default), truncate-middle (keep the "
                    "start and the most recent tokens) or rolling (keep the most recent)");
}

std::string model_options_usage() {
  return usage_line("-m, --model FILE", "GGUF model, any part of a split one (default: the embedded tessera-tiny model); "
                                        "hf:REPO[:QUANT] pulls it from the hub first (tessera-cli pull)") +
         usage_line("-c, --ctx N", "context size in tokens, " + range_text(kContextRange) +
                                       " (default: the model's, at most " + std::to_string(kDefaultMaxContext) + ")") +
         usage_line("-b, --batch N", "prompt tokens per step, " + range_text(kBatchRange) + " (default 512)") +
         usage_line("--chat-template-file FILE", "a Jinja chat template used instead of the model's") + kv_type_usage();
}

std::string sampling_options_usage() {
  const auto in = [](auto range) { return ", " + range_text(range); };
  return usage_line("-n, --n-predict N",
                    "tokens to generate" + in(kPredictRange) + " (default -1: until end of text or full context)") +
         usage_line("--temp T", "temperature" + in(kTemperatureRange) + " (default 0.8; 0 = greedy)") +
         usage_line("--top-k K", "keep the K most likely tokens" + in(kTopKRange) + " (default 40; 0 = off)") +
         usage_line("--top-p P", "nucleus sampling" + in(kProbabilityRange) + " (default 0.95; 1 = off)") +
         usage_line("--min-p P", "drop tokens below P x the top probability" + in(kProbabilityRange) +
                                     " (default 0.05; 0 = off)") +
         usage_line("--repeat-penalty R", "penalise recent tokens" + in(kRepeatPenaltyRange) + " (default 1.0 = off)") +
         usage_line("--repeat-last-n N", "tokens the penalties look back over" + in(kRepeatLastNRange) + " (default 64; -1 = all)") +
         usage_line("--frequency-penalty F", "subtract F x count" + in(kCountPenaltyRange) + " (default 0)") +
         usage_line("--presence-penalty P", "subtract P once per present token" + in(kCountPenaltyRange) + " (default 0)") +
         usage_line("--seed S", "random seed, " + range_text(kSeedRange) + " (default: random; printed with --verbose)");
}

std::optional<std::string> default_model_path() {
  std::vector<std::filesystem::path> candidates;
  const auto exe = executable_dir();
  if (!exe.empty()) candidates.push_back(exe / ".." / "share" / "tessera" / "models" / "tessera-tiny.gguf");
#ifdef TESSERA_SOURCE_DIR
  candidates.push_back(std::filesystem::path(TESSERA_SOURCE_DIR) / "resources" / "models" / "tessera-tiny.gguf");
#endif
  for (const auto& c : candidates) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(c, ec)) return std::filesystem::weakly_canonical(c, ec).string();
  }
  return std::nullopt;
}

Status load_model(Engine& engine, const ModelOptions& options, CudaPluginLoader& cuda, const char* command) {
  std::string path = options.model_path;
  if (path.empty()) {
    auto d = default_model_path();
    if (!d) return make_error(ErrorKind::InvalidArgument, "no model given; use -m FILE");
    path = *d;
  } else if (download::is_hub_model_argument(path)) {
#if defined(TESSERA_HAS_DOWNLOAD)
    TESSERA_ASSIGN_OR_RETURN(path, resolve_hub_model(path, command));
#else
    return make_error(ErrorKind::Unsupported, "this tessera-cli was built without the download library (libcurl): "
                                              "download " + path.substr(3) + " elsewhere and give its file to -m");
#endif
  }
  std::string note;
  TESSERA_ASSIGN_OR_RETURN(BackendFactory factory, make_backend_factory(options.backend, cuda, &note));
  if (!note.empty()) print_error(command, note);
  engine.register_backend("selected", std::move(factory));
  LoadSettings s;
  s.backend = "selected";
  s.n_ctx = options.n_ctx;
  s.n_batch = options.n_batch;
  s.n_threads = options.backend.n_threads;
  s.kv_type = options.kv_type;
  s.all_logits = options.all_logits;
  TESSERA_TRY(engine.load(path, s));
  if (!options.chat_template_file.empty()) {
    std::ifstream in(options.chat_template_file, std::ios::binary);
    if (!in) return make_error(ErrorKind::Io, "--chat-template-file: cannot read " + options.chat_template_file);
    std::stringstream text;
    text << in.rdbuf();
    TESSERA_TRY(engine.set_chat_template(text.str(), options.chat_template_file));
  }
  const ModelInfo& info = engine.info();
  if (options.n_ctx > 0 && info.n_ctx_train > 0 && options.n_ctx > info.n_ctx_train)
    print_error(command, "note: --ctx " + std::to_string(options.n_ctx) + " is beyond the " +
                             std::to_string(info.n_ctx_train) + " tokens of context " + path +
                             " was trained on; output may degrade past them");
  return {};
}

void install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a blocking read returns EINTR, so the prompt notices Ctrl-C
  sigaction(SIGINT, &sa, nullptr);
}

std::atomic<bool>& interrupt_flag() { return g_interrupted; }

void print_timings(const GenerationResult& r) {
  const auto& t = r.timings;
  std::fprintf(stderr, "prompt:     %d tokens (%d reused) in %.2f ms, %.1f tokens/s\n", t.prompt_tokens,
               t.prompt_tokens_reused, t.prompt_ms, t.prompt_tokens_per_s);
  std::fprintf(stderr, "generation: %d tokens in %.2f ms, %.1f tokens/s; first token after %.2f ms\n",
               t.generated_tokens, t.generation_ms, t.generation_tokens_per_s, t.time_to_first_token_ms);
  if (t.reasoning_tokens > 0)
    std::fprintf(stderr, "reasoning:  %d of the generated tokens, %.2f s\n", t.reasoning_tokens, t.reasoning_ms / 1000.0);
  std::fprintf(stderr, "stop:       %s\n", stop_reason_name(r.stop_reason));
  if (t.overflow_tokens_dropped > 0 || r.messages_dropped > 0)
    std::fprintf(stderr, "overflow:   %d tokens dropped (%d messages), %d context shifts, %d tokens re-evaluated\n",
                 t.overflow_tokens_dropped, r.messages_dropped, t.context_shifts, t.overflow_tokens_reevaluated);
}

}  // namespace tessera::cli

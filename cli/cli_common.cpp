#include "cli_common.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>

namespace tessera::cli {
namespace {

// The flag a signal handler can touch: lock-free atomic, process-wide by nature (signals are).
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_sigint(int) { g_interrupted.store(true); }

template <typename T>
bool parse_number(const std::string& option, const std::string& text, T& out, std::string& error) {
  try {
    size_t used = 0;
    if constexpr (std::is_floating_point_v<T>) {
      out = static_cast<T>(std::stod(text, &used));
    } else if constexpr (std::is_unsigned_v<T>) {
      if (!text.empty() && text[0] == '-') throw std::invalid_argument("negative");
      out = static_cast<T>(std::stoull(text, &used));
    } else {
      out = static_cast<T>(std::stoll(text, &used));
    }
    if (used != text.size()) throw std::invalid_argument("trailing");
    return true;
  } catch (...) {
    error = "option " + option + " needs a number, got '" + text + "'";
    return false;
  }
}

// args[i] is `option`: reads its value into `value`.
bool take_value(const std::vector<std::string>& args, size_t& i, std::string& value, std::string& error) {
  if (i + 1 >= args.size()) {
    error = "option " + args[i] + " needs a value";
    return false;
  }
  value = args[++i];
  return true;
}

template <typename T>
void numeric(const std::vector<std::string>& args, size_t& i, T& out, std::string& error) {
  const std::string option = args[i];
  std::string v;
  if (take_value(args, i, v, error)) parse_number(option, v, out, error);
}

std::filesystem::path executable_dir() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : p.parent_path();
}

}  // namespace

bool parse_model_option(const std::vector<std::string>& args, size_t& i, ModelOptions& o, std::string& error) {
  const std::string& a = args[i];
  if (a == "-m" || a == "--model") { take_value(args, i, o.model_path, error); return true; }
  if (a == "-c" || a == "--ctx") { numeric(args, i, o.n_ctx, error); return true; }
  if (a == "-b" || a == "--batch") { numeric(args, i, o.n_batch, error); return true; }
  if (a == "--kv-type") {
    std::string v;
    if (take_value(args, i, v, error)) {
      if (v == "f16" || v == "F16") o.kv_type = KvCacheType::F16;
      else if (v == "f32" || v == "F32") o.kv_type = KvCacheType::F32;
      else error = "option --kv-type takes f16 or f32, got '" + v + "'";
    }
    return true;
  }
  return parse_backend_option(args, i, o.backend, error);
}

bool parse_sampling_option(const std::vector<std::string>& args, size_t& i, SamplingOptions& o, std::string& error) {
  const std::string& a = args[i];
  SamplingParams& p = o.params;
  if (a == "-n" || a == "--n-predict") { numeric(args, i, o.n_predict, error); return true; }
  if (a == "--temp") { numeric(args, i, p.temperature, error); return true; }
  if (a == "--top-k") { numeric(args, i, p.top_k, error); return true; }
  if (a == "--top-p") { numeric(args, i, p.top_p, error); return true; }
  if (a == "--min-p") { numeric(args, i, p.min_p, error); return true; }
  if (a == "--repeat-penalty") { numeric(args, i, p.repeat_penalty, error); return true; }
  if (a == "--repeat-last-n") { numeric(args, i, p.penalty_last_n, error); return true; }
  if (a == "--frequency-penalty") { numeric(args, i, p.frequency_penalty, error); return true; }
  if (a == "--presence-penalty") { numeric(args, i, p.presence_penalty, error); return true; }
  if (a == "--seed") { numeric(args, i, p.seed, error); return true; }
  return false;
}

const char* model_options_usage() {
  return "  -m, --model FILE          GGUF model (default: the embedded tessera-tiny model)\n"
         "  -c, --ctx N               context size in tokens (default: the model's, at most 4096)\n"
         "  -b, --batch N             prompt tokens per step (default 512)\n"
         "  --kv-type f16|f32         KV cache precision (default f16)\n";
}

const char* sampling_options_usage() {
  return "  -n, --n-predict N         tokens to generate (default -1: until end of text or full context)\n"
         "  --temp T                  temperature (default 0.8; 0 = greedy)\n"
         "  --top-k K                 keep the K most likely tokens (default 40; 0 = off)\n"
         "  --top-p P                 nucleus sampling (default 0.95; 1 = off)\n"
         "  --min-p P                 drop tokens below P x the top probability (default 0.05; 0 = off)\n"
         "  --repeat-penalty R        penalise recent tokens (default 1.0 = off)\n"
         "  --repeat-last-n N         tokens the penalties look back over (default 64; -1 = all)\n"
         "  --frequency-penalty F     subtract F x count (default 0)\n"
         "  --presence-penalty P      subtract P once per present token (default 0)\n"
         "  --seed S                  random seed (default: random; printed with --verbose)\n";
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
  }
  std::string note;
  TESSERA_ASSIGN_OR_RETURN(BackendFactory factory, make_backend_factory(options.backend, cuda, &note));
  if (!note.empty()) std::fprintf(stderr, "tessera-cli %s: %s\n", command, note.c_str());
  engine.register_backend("selected", std::move(factory));
  LoadSettings s;
  s.backend = "selected";
  s.n_ctx = options.n_ctx;
  s.n_batch = options.n_batch;
  s.n_threads = options.backend.n_threads;
  s.kv_type = options.kv_type;
  return engine.load(path, s);
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
  std::fprintf(stderr, "stop:       %s\n", stop_reason_name(r.stop_reason));
}

}  // namespace tessera::cli

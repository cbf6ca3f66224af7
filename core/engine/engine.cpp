#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <new>

#include "backend/cpu_backend.h"
#include "engine/reply_constraint.h"
#include "gguf/gguf_file.h"
#include "model/model_loader.h"
#include "template/chat_template.h"
#include "tokenizer/streaming_decoder.h"
#include "tokenizer/tokenizer.h"

namespace tessera {
namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

bool stop_requested(const std::atomic<bool>* stop) { return stop != nullptr && stop->load(std::memory_order_relaxed); }

// How many prompt tokens' text tells a reply splitter how the generation prompt ended.
constexpr size_t kPromptTailTokens = 8;

}  // namespace

const char* stop_reason_name(StopReason reason) {
  switch (reason) {
    case StopReason::EndOfGeneration: return "end of generation";
    case StopReason::Length: return "length";
    case StopReason::Stopped: return "stopped";
    case StopReason::ContextFull: return "context full";
  }
  return "?";
}

Engine::Engine() { register_backend("cpu", cpu_backend_factory()); }

Engine::~Engine() { unload(); }

void Engine::register_backend(const std::string& name, BackendFactory factory) {
  for (auto& [n, f] : factories_)
    if (n == name) {
      f = std::move(factory);
      return;
    }
  factories_.emplace_back(name, std::move(factory));
}

std::vector<std::string> Engine::backend_names() const {
  std::vector<std::string> v;
  for (const auto& [n, f] : factories_) v.push_back(n);
  return v;
}

Result<std::unique_ptr<Backend>> Engine::make_backend(const std::string& requested, std::string* chosen) const {
  if (requested == "auto") {
    for (const auto& [name, factory] : factories_) {
      if (name == "cpu") continue;
      auto b = factory();
      if (b.ok()) {
        *chosen = name;
        return b;
      }
    }
    return make_backend("cpu", chosen);
  }
  for (const auto& [name, factory] : factories_)
    if (name == requested) {
      *chosen = name;
      return factory();
    }
  std::string list;
  for (const auto& n : backend_names()) list += (list.empty() ? "" : ", ") + n;
  return make_error(ErrorKind::InvalidArgument,
                    "backend '" + requested + "' is not available in this build (available: " + list + ", auto)");
}

Status Engine::load(const std::string& path, const LoadSettings& settings, const ProgressFn& progress) {
  // Host memory runs out as an exception (std::bad_alloc from a container), wherever a load needs
  // some: the tokenizer's tables, the chat template, a backend's staging buffers. The objects of a
  // half-done load are locals, so they are gone when it reaches here and nothing stays loaded.
  try {
    return load_file(path, settings, progress);
  } catch (const std::bad_alloc&) {
    unload();
    return make_error(ErrorKind::OutOfMemory, "loading " + path +
                                                  " ran out of host memory; close other programs, or choose a "
                                                  "smaller model or a shorter context");
  }
}

Status Engine::load_file(const std::string& path, const LoadSettings& settings, const ProgressFn& progress) {
  unload();
  if (progress && !progress(0.0f)) return make_error(ErrorKind::Cancelled, "loading " + path + " was cancelled");
  if (settings.n_ctx < 0)
    return make_error(ErrorKind::InvalidArgument, "context size must be positive (or 0 for the model's), got " +
                                                      std::to_string(settings.n_ctx));
  if (settings.n_batch <= 0)
    return make_error(ErrorKind::InvalidArgument, "batch size must be positive, got " + std::to_string(settings.n_batch));

  auto opened = gguf::GgufFile::open(path);
  if (!opened.ok()) return opened.take_error();
  std::shared_ptr<const gguf::GgufFile> file(std::move(opened).value());
  TESSERA_ASSIGN_OR_RETURN(ModelSpec spec, build_model_spec(file));

  std::unique_ptr<tokenizer::Tokenizer> tok;
  if (file->has("tokenizer.ggml.model")) {
    TESSERA_ASSIGN_OR_RETURN(tok, tokenizer::Tokenizer::from_gguf(*file));
    if (static_cast<int64_t>(tok->vocab_size()) > spec.n_vocab)
      return make_error(ErrorKind::BadFile, "the tokenizer of " + path + " has " + std::to_string(tok->vocab_size()) +
                                                " tokens but the model only " + std::to_string(spec.n_vocab) + " rows");
  }
  TESSERA_ASSIGN_OR_RETURN(std::string template_source, file->get_string_or("tokenizer.chat_template", ""));
  std::unique_ptr<chat::ChatTemplate> chat_template;
  std::string template_error;
  {
    const bool own = !template_source.empty();
    auto parsed = chat::ChatTemplate::parse(own ? template_source : chat::default_chat_template(),
                                            own ? "chat template of " + path : "default chat template");
    if (parsed.ok())
      chat_template = std::make_unique<chat::ChatTemplate>(std::move(parsed).value());
    else
      template_error = parsed.error().message;
  }

  std::string chosen;
  TESSERA_ASSIGN_OR_RETURN(std::unique_ptr<Backend> backend, make_backend(settings.backend, &chosen));
  BackendModelSettings bs;
  bs.n_ctx = load_context(spec, settings.n_ctx);
  bs.n_batch = load_batch(settings.n_batch, bs.n_ctx);
  bs.n_threads = settings.n_threads;
  bs.kv_type = settings.kv_type;
  bs.all_logits = settings.all_logits;
  TESSERA_ASSIGN_OR_RETURN(std::unique_ptr<BackendModel> model, backend->load_model(spec, bs, progress));

  info_ = describe_model(*file, spec);
  info_.n_ctx = model->n_ctx();
  info_.backend = model->describe();
  info_.memory = model->footprint();
  file_ = std::move(file);
  tokenizer_ = std::move(tok);
  chat_template_ = std::move(chat_template);
  chat_template_error_ = std::move(template_error);
  output_format_ = reasoning::detect_output_format(template_source, tokenizer_.get());
  vocabulary_trie_.reset();
  backend_ = std::move(backend);
  model_ = std::move(model);
  cached_tokens_.clear();
  return {};
}

void Engine::unload() {
  model_.reset();  // before the backend that made it
  backend_.reset();
  tokenizer_.reset();
  file_.reset();
  chat_template_.reset();
  chat_template_error_.clear();
  output_format_ = {};
  vocabulary_trie_.reset();
  cached_tokens_.clear();
  info_ = {};
}

std::string Engine::prompt_tail(const std::vector<int32_t>& prompt) const {
  if (!tokenizer_) return {};
  const size_t n = std::min(prompt.size(), kPromptTailTokens);
  tokenizer::DecodeOptions opts;
  opts.render_special = true;
  opts.strip_space_prefix = false;
  return tokenizer_->decode(std::span(prompt).last(n), opts);
}

Status Engine::set_chat_template(const std::string& source, const std::string& name) {
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  TESSERA_ASSIGN_OR_RETURN(chat::ChatTemplate parsed, chat::ChatTemplate::parse(source, name));
  chat_template_ = std::make_unique<chat::ChatTemplate>(std::move(parsed));
  chat_template_error_.clear();
  output_format_ = reasoning::detect_output_format(source, tokenizer_.get());
  info_.has_chat_template = true;
  return {};
}

std::shared_ptr<const grammar::VocabularyTrie> Engine::vocabulary_trie() {
  if (!vocabulary_trie_ && tokenizer_) vocabulary_trie_ = grammar::VocabularyTrie::from_tokenizer(*tokenizer_);
  return vocabulary_trie_;
}

int32_t Engine::n_ctx() const { return model_ ? model_->n_ctx() : 0; }

std::vector<OverflowPolicySupport> Engine::overflow_support() const {
  return model_ ? overflow_policy_support(*model_) : std::vector<OverflowPolicySupport>{};
}

void Engine::clear_cache() {
  if (model_) model_->kv_clear();
  cached_tokens_.clear();
}

Result<std::vector<int32_t>> Engine::tokenize(std::string_view text, bool add_special, bool parse_special) const {
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  if (!tokenizer_)
    return make_error(ErrorKind::InvalidArgument,
                      "the model " + info_.path + " has no tokenizer; give the prompt as token ids");
  return tokenizer_->encode(text, add_special, parse_special);
}

Status Engine::evaluate_prompt(const std::vector<int32_t>& prompt, const GenerationRequest& request,
                               const std::vector<int32_t>& checkpoints, int32_t* reused, bool* stopped,
                               GenerationTimings* timings) {
  // Longest shared prefix with what the cache holds; at least the last prompt token is evaluated,
  // because its logits are what the first sample needs.
  size_t common = 0;
  while (common < cached_tokens_.size() && common < prompt.size() && cached_tokens_[common] == prompt[common]) ++common;
  common = std::min(common, prompt.size() - 1);
  if (Status s = reuse_after_dropped_span(prompt, &common, request, timings); !s.ok()) {
    clear_cache();
    return s;
  }
  // A model with recurrent state goes back only as far as its last checkpoint at or before that.
  common = static_cast<size_t>(model_->restorable_position(static_cast<int32_t>(common)));
  if (Status s = model_->kv_keep(static_cast<int32_t>(common)); !s.ok()) {
    clear_cache();
    return s;
  }
  cached_tokens_.resize(common);
  *reused = static_cast<int32_t>(common);
  // Where the steps must end so the recurrent state can be kept there (sorted, inside the prompt).
  std::vector<size_t> stops;
  if (model_->has_recurrent_state()) {
    for (int32_t c : checkpoints)
      if (c > static_cast<int32_t>(common) && static_cast<size_t>(c) <= prompt.size()) stops.push_back(static_cast<size_t>(c));
    stops.push_back(prompt.size());
    std::sort(stops.begin(), stops.end());
    stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
  }
  size_t next_stop = 0;
  const size_t batch = static_cast<size_t>(model_->n_batch());
  const bool timed_steps = request.prompt_step_ms > 0.0;
  size_t step = timed_steps ? std::min(batch, static_cast<size_t>(kFirstPromptStep)) : batch;
  const auto total = static_cast<int32_t>(prompt.size() - common);
  Clock::time_point step_start{};
  for (size_t pos = common; pos < prompt.size();) {
    if (stop_requested(request.stop)) {
      *stopped = true;
      return {};
    }
    if (pos != common && timed_steps) {
      // Steps grow at most 4x at a time: a step's speed is a noisy guess of the next one's.
      const double ms = ms_between(step_start, Clock::now());
      const double fits = ms > 0.0 ? static_cast<double>(step) * request.prompt_step_ms / ms : 4.0 * step;
      step = std::clamp(static_cast<size_t>(std::min(fits, 4.0 * static_cast<double>(step))), size_t{1}, batch);
    }
    step_start = Clock::now();
    size_t n = std::min(step, prompt.size() - pos);
    if (next_stop < stops.size()) n = std::min(n, stops[next_stop] - pos);
    const bool last = pos + n == prompt.size();
    Status s = model_->eval(std::span(prompt).subspan(pos, n), static_cast<int32_t>(pos),
                            last ? LogitsRequest::Last : LogitsRequest::None);
    if (s.ok() && next_stop < stops.size() && pos + n == stops[next_stop]) {
      s = model_->save_checkpoint();
      ++next_stop;
    }
    if (!s.ok()) {
      clear_cache();
      return s;
    }
    cached_tokens_.insert(cached_tokens_.end(), prompt.begin() + static_cast<std::ptrdiff_t>(pos),
                          prompt.begin() + static_cast<std::ptrdiff_t>(pos + n));
    if (request.on_prompt_progress) request.on_prompt_progress(static_cast<int32_t>(pos + n - common), total);
    if (timed_steps) step = n;  // the next step is sized from this one's speed
    pos += n;
  }
  return {};
}

Result<GenerationResult> Engine::generate(const GenerationRequest& request, const TokenCallback& on_token) {
  const auto t_start = Clock::now();
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  if (std::string bad = request.sampling.validate(); !bad.empty())
    return make_error(ErrorKind::InvalidArgument, "invalid sampling settings: " + bad);
  if (!(request.prompt_step_ms >= 0.0))
    return make_error(ErrorKind::InvalidArgument, "prompt_step_ms is " + std::to_string(request.prompt_step_ms) +
                                                      ", expected 0 (full batches) or a positive duration");
  if (request.n_predict < -1)
    return make_error(ErrorKind::InvalidArgument,
                      "n_predict is " + std::to_string(request.n_predict) + ", expected -1 (no limit) or a count");

  if (request.top_logprobs < 0)
    return make_error(ErrorKind::InvalidArgument,
                      "top_logprobs is " + std::to_string(request.top_logprobs) + ", expected 0 or more");

  std::vector<int32_t> prompt;
  if (!request.prompt_tokens.empty()) {
    prompt = request.prompt_tokens;
    for (int32_t id : prompt)
      if (id < 0 || id >= info_.n_vocab)
        return make_error(ErrorKind::InvalidArgument, "prompt token id " + std::to_string(id) +
                                                          " is outside the vocabulary of " + std::to_string(info_.n_vocab));
  } else {
    TESSERA_ASSIGN_OR_RETURN(prompt, tokenize(request.prompt, request.add_special, request.parse_special));
  }
  if (prompt.empty())
    return make_error(ErrorKind::InvalidArgument,
                      "the prompt is empty (no tokens); give some text, or let the tokenizer add BOS");
  const int32_t n_ctx = model_->n_ctx();
  GenerationResult result;
  GenerationTimings& tm = result.timings;
  TESSERA_ASSIGN_OR_RETURN(prompt, fit_prompt(std::move(prompt), request, &tm));
  tm.prompt_tokens = static_cast<int32_t>(prompt.size());
  const int32_t keep = overflow_keep(request, prompt);

  bool stopped = false;
  const auto t_prompt = Clock::now();
  // Checkpoints of a recurrent state: where the caller expects the next prompt to part from this
  // one, and the start an overflow policy keeps (a context shift returns there).
  std::vector<int32_t> checkpoints = {request.state_checkpoint_at};
  if (request.overflow != OverflowPolicy::Stop) checkpoints.push_back(keep);
  TESSERA_TRY(evaluate_prompt(prompt, request, checkpoints, &tm.prompt_tokens_reused, &stopped, &tm));
  const auto t_prompt_done = Clock::now();
  tm.prompt_ms = ms_between(t_prompt, t_prompt_done);
  const int32_t evaluated = tm.prompt_tokens - tm.prompt_tokens_reused;
  tm.prompt_tokens_per_s = tm.prompt_ms > 0 ? evaluated / (tm.prompt_ms / 1000.0) : 0.0;
  if (stopped) {
    result.stop_reason = StopReason::Stopped;
    return result;
  }

  Sampler sampler(request.sampling);
  for (int32_t id : prompt) sampler.accept(id);
  std::unique_ptr<tokenizer::StreamingDecoder> decoder;
  if (tokenizer_) {
    tokenizer::DecodeOptions opts;
    opts.strip_space_prefix = false;  // a continuation: its first piece keeps its space
    decoder = std::make_unique<tokenizer::StreamingDecoder>(*tokenizer_, opts);
  }

  // The reply split into reasoning and content, and the JSON constraint of structured output.
  std::optional<reasoning::OutputSplitter> splitter;
  if (request.split_reply) splitter.emplace(output_format_, prompt_tail(prompt));
  // Structured output and strict tools (engine/reply_constraint.h).
  std::optional<ReplyConstraint> constraint;
  if (request.json_schema || !request.tool_schemas.empty()) {
    if (!tokenizer_)
      return make_error(ErrorKind::InvalidArgument,
                        "the model " + info_.path + " has no tokenizer, so its output cannot follow a JSON schema");
    // While a think-tag reply may still open its thinking, its open tag is allowed besides the JSON.
    const int32_t open_tag = splitter && output_format_.family == reasoning::Family::ThinkTags
                                 ? tokenizer_->find_token(output_format_.open)
                                 : tokenizer::kNoToken;
    constraint.emplace(request, output_format_, vocabulary_trie(), open_tag);
  }
  Clock::time_point t_reasoning_first{};
  Clock::time_point t_reasoning_last{};

  Clock::time_point t_first{};
  Clock::time_point t_last{};
  const int32_t limit = request.n_predict;
  result.stop_reason = StopReason::Length;
  for (;;) {
    if (limit >= 0 && static_cast<int32_t>(result.tokens.size()) >= limit) {
      result.stop_reason = StopReason::Length;
      break;
    }
    if (stop_requested(request.stop)) {
      result.stop_reason = StopReason::Stopped;
      break;
    }
    // The previous token (if any) must be evaluated first: it needs a position in the context.
    if (!result.tokens.empty()) {
      int32_t pos = model_->n_past();
      if (pos >= n_ctx) {
        if (request.overflow == OverflowPolicy::Stop) {
          result.stop_reason = StopReason::ContextFull;
          break;
        }
        // Context shift: drop the older half of what follows the kept start, then go on.
        const int32_t count = std::max(1, (pos - keep) / 2);
        if (Status s = drop_cached(keep, count, request, &tm); !s.ok()) {
          clear_cache();
          return s.take_error();
        }
        ++tm.context_shifts;
        tm.overflow_tokens_dropped += count;
        pos = model_->n_past();
      }
      const int32_t prev = result.tokens.back();
      Status s = model_->eval(std::span(&prev, 1), pos, LogitsRequest::Last);
      if (!s.ok()) {
        clear_cache();
        return s.take_error();
      }
      cached_tokens_.push_back(prev);
    }
    if (constraint) {
      const int32_t left = limit >= 0 ? limit - static_cast<int32_t>(result.tokens.size()) : -1;
      constraint->update(splitter ? &*splitter : nullptr, splitter ? result.reply.content : result.text, left);
    }
    int32_t token;
    if (sampler.is_plain_greedy()) {
      TESSERA_ASSIGN_OR_RETURN(token, model_->argmax());
    } else {
      TESSERA_ASSIGN_OR_RETURN(std::span<const float> logits, model_->logits());
      const std::span<const float> row = logits.last(static_cast<size_t>(info_.n_vocab));
      TESSERA_TRY(check_logits(row));  // the sampler would take a NaN for -inf and go on
      token = sampler.sample(row);
    }
    // Structured output: a draw the grammar refuses is drawn again from the allowed tokens only
    // (the same distribution as drawing from the allowed ones at once: a refusal is a rejection).
    if (constraint && constraint->active() && !constraint->allows(token)) {
      ++tm.constrained_redraws;
      const TokenMask& allowed = constraint->mask();
      TESSERA_ASSIGN_OR_RETURN(std::span<const float> logits, model_->logits());
      token = sampler.sample(logits.last(static_cast<size_t>(info_.n_vocab)), &allowed);
      if (token < 0)
        return make_error(ErrorKind::InvalidArgument,
                          "no token of the vocabulary continues the JSON the schema asks for after " +
                              std::to_string(result.tokens.size()) + " generated tokens");
    }
    std::span<const float> scored_row;  // the logits behind this token, when log-probs are asked for
    if (request.logprobs) {
      TESSERA_ASSIGN_OR_RETURN(std::span<const float> logits, model_->logits());
      scored_row = logits.last(static_cast<size_t>(info_.n_vocab));
    }
    const auto now = Clock::now();
    if (result.tokens.empty()) {
      t_first = now;
      tm.time_to_first_token_ms = ms_between(t_start, now);
    }
    if (request.stop_at_end_of_generation && tokenizer_ && tokenizer_->is_end_of_generation(token)) {
      result.stop_reason = StopReason::EndOfGeneration;
      break;
    }
    t_last = now;
    sampler.accept(token);
    if (constraint && constraint->active()) constraint->accept(token);
    result.tokens.push_back(token);
    TokenEvent ev;
    ev.token = token;
    ev.index = static_cast<int32_t>(result.tokens.size()) - 1;
    ev.elapsed_ms = ms_between(t_start, now);
    if (decoder) ev.text = decoder->push(token);
    if (splitter) {
      // Markers that are control tokens decode to "": the splitter (and a reader of the text) needs them.
      const auto& markers = output_format_.marker_tokens;
      if (std::find(markers.begin(), markers.end(), token) != markers.end())
        ev.text += tokenizer_->token_text(token);
      const bool was_reasoning = splitter->in_reasoning();
      ev.reply = splitter->push(ev.text);
      ev.reasoning = was_reasoning || splitter->in_reasoning();
      if (ev.reasoning) {
        if (tm.reasoning_tokens++ == 0) t_reasoning_first = now;
        t_reasoning_last = now;
      }
      result.reply.append(ev.reply);
    }
    if (request.logprobs) {
      ev.logprob = eval::token_log_prob(scored_row, token);
      ev.top_logprobs = eval::top_log_probs(scored_row, request.top_logprobs);
    }
    result.text += ev.text;
    if (on_token && !on_token(ev)) {
      result.stop_reason = StopReason::Stopped;
      break;
    }
    // The JSON value is complete: nothing but whitespace could follow, so the reply is done.
    if (constraint && constraint->ends_reply()) {
      result.stop_reason = StopReason::EndOfGeneration;
      break;
    }
  }
  {
    TokenEvent tail;
    if (decoder) tail.text = decoder->flush();
    if (splitter) {
      tail.reply = splitter->push(tail.text);
      tail.reply.append(splitter->finish());
      result.reply.append(tail.reply);
    }
    if (!tail.text.empty() || !tail.reply.empty()) {
      tail.index = static_cast<int32_t>(result.tokens.size());
      tail.elapsed_ms = ms_between(t_start, Clock::now());
      result.text += tail.text;
      if (on_token) on_token(tail);
    }
  }
  if (tm.reasoning_tokens > 0) tm.reasoning_ms = ms_between(t_reasoning_first, t_reasoning_last);
  // The reply's end: the next turn's prompt repeats this conversation (where its template renders
  // the reply as it was generated, the next turn reads only its new messages).
  if (model_->has_recurrent_state()) TESSERA_TRY(model_->save_checkpoint());
  tm.generated_tokens = static_cast<int32_t>(result.tokens.size());
  if (tm.generated_tokens > 0) {
    tm.generation_ms = ms_between(t_first, t_last);
    tm.generation_tokens_per_s =
        tm.generation_ms > 0 ? (tm.generated_tokens - 1) / (tm.generation_ms / 1000.0) : 0.0;
  }
  return result;
}

}  // namespace tessera

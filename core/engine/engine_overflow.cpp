// Context overflow: the policies of engine.h, and the Engine members that keep the KV cache across
// a drop (kv_remove) or evaluate again what the cache cannot keep.
#include <algorithm>

#include "engine/engine.h"
#include "engine/overflow.h"
#include "tokenizer/tokenizer.h"

namespace tessera {

const char* overflow_policy_name(OverflowPolicy policy) {
  switch (policy) {
    case OverflowPolicy::Stop: return "stop";
    case OverflowPolicy::TruncateMiddle: return "truncate-middle";
    case OverflowPolicy::RollingWindow: return "rolling";
  }
  return "?";
}

std::optional<OverflowPolicy> parse_overflow_policy(std::string_view name) {
  for (OverflowPolicy p : {OverflowPolicy::Stop, OverflowPolicy::TruncateMiddle, OverflowPolicy::RollingWindow})
    if (name == overflow_policy_name(p)) return p;
  return std::nullopt;
}

std::vector<OverflowPolicySupport> overflow_policy_support(const BackendModel& model) {
  std::vector<OverflowPolicySupport> v;
  for (OverflowPolicy p : {OverflowPolicy::Stop, OverflowPolicy::TruncateMiddle, OverflowPolicy::RollingWindow}) {
    OverflowPolicySupport s;
    s.policy = p;
    if (p != OverflowPolicy::Stop && !model.kv_remove_supported()) {
      s.keeps_cache = false;
      s.note = model.has_recurrent_state()
                   ? "the recurrent layers' state cannot drop tokens: each drop evaluates the kept tokens again "
                     "(from a checkpoint at the kept start)"
                   : "this KV cache type cannot be shifted: each drop evaluates the kept tokens again";
    }
    v.push_back(std::move(s));
  }
  return v;
}

int32_t overflow_prompt_budget(int32_t n_ctx, int32_t n_predict) {
  int32_t room = n_ctx / 4;
  if (n_predict >= 0) room = std::min(room, n_predict);
  return n_ctx - std::max(room, 1);
}

size_t overflow_head_messages(const std::vector<ChatMessage>& messages, OverflowPolicy policy) {
  size_t i = 0;
  while (i < messages.size() && messages[i].role == "system") ++i;
  if (policy == OverflowPolicy::TruncateMiddle && i < messages.size() && messages[i].role == "user") {
    ++i;
    if (i < messages.size() && messages[i].role == "assistant") ++i;
  }
  return i;
}

CachedRun find_cached_run(const std::vector<int32_t>& cached, const std::vector<int32_t>& prompt, size_t at,
                          size_t max_length) {
  CachedRun best;
  if (at >= prompt.size()) return best;
  max_length = std::min(max_length, prompt.size() - at);
  for (size_t from = at + 1; from < cached.size() && best.length < max_length; ++from) {
    if (cached[from] != prompt[at]) continue;
    size_t n = 0;
    while (n < max_length && from + n < cached.size() && cached[from + n] == prompt[at + n]) ++n;
    if (n > best.length) best = {from, n};
  }
  return best;
}

int32_t Engine::overflow_keep(const GenerationRequest& request, const std::vector<int32_t>& prompt) const {
  const auto n_prompt = static_cast<int32_t>(prompt.size());
  int32_t keep;
  if (request.overflow_keep >= 0)
    keep = request.overflow_keep;
  else if (request.overflow == OverflowPolicy::TruncateMiddle)
    keep = std::min(n_prompt, model_->n_ctx() / 4);
  else
    keep = tokenizer_ && !prompt.empty() && prompt.front() == tokenizer_->bos() ? 1 : 0;
  // At most half the context, so every shift frees something.
  return std::clamp(keep, 0, std::min(n_prompt, model_->n_ctx() / 2));
}

Result<std::vector<int32_t>> Engine::fit_prompt(std::vector<int32_t> prompt, const GenerationRequest& request,
                                                GenerationTimings* timings) const {
  const int32_t n_ctx = model_->n_ctx();
  const auto n_prompt = static_cast<int64_t>(prompt.size());
  if (request.overflow == OverflowPolicy::Stop) {
    if (n_prompt > n_ctx)
      return make_error(ErrorKind::InvalidArgument, "prompt of " + std::to_string(n_prompt) +
                                                        " tokens does not fit the context of " + std::to_string(n_ctx));
    return prompt;
  }
  const int32_t budget = overflow_prompt_budget(n_ctx, request.n_predict);
  if (n_prompt <= budget) return prompt;
  // Keep the first `keep` tokens and the most recent ones; drop the middle.
  const int32_t keep = overflow_keep(request, prompt);
  const auto dropped = static_cast<int32_t>(n_prompt - budget);
  prompt.erase(prompt.begin() + keep, prompt.begin() + keep + dropped);
  timings->overflow_tokens_dropped += dropped;
  return prompt;
}

Status Engine::drop_cached(int32_t begin, int32_t count, const GenerationRequest& request, GenerationTimings* timings) {
  if (count == 0) return {};
  if (request.shift_kv_cache && model_->kv_remove_supported()) {
    TESSERA_TRY(model_->kv_remove(begin, count));
    cached_tokens_.erase(cached_tokens_.begin() + begin, cached_tokens_.begin() + begin + count);
    return {};
  }
  // The fallback: forget everything from `begin` (from the last position before it the model can
  // return to: a checkpoint of its recurrent state) and evaluate the kept tokens again.
  const int32_t restart = model_->restorable_position(begin);
  std::vector<int32_t> tail(cached_tokens_.begin() + restart, cached_tokens_.begin() + begin);
  tail.insert(tail.end(), cached_tokens_.begin() + begin + count, cached_tokens_.end());
  TESSERA_TRY(model_->kv_keep(restart));
  cached_tokens_.resize(static_cast<size_t>(restart));
  const auto batch = static_cast<size_t>(model_->n_batch());
  for (size_t i = 0; i < tail.size(); i += batch) {
    const size_t n = std::min(batch, tail.size() - i);
    TESSERA_TRY(model_->eval(std::span(tail).subspan(i, n), model_->n_past(), LogitsRequest::None));
    cached_tokens_.insert(cached_tokens_.end(), tail.begin() + static_cast<std::ptrdiff_t>(i),
                          tail.begin() + static_cast<std::ptrdiff_t>(i + n));
  }
  timings->overflow_tokens_reevaluated += static_cast<int32_t>(tail.size());
  return {};
}

Status Engine::reuse_after_dropped_span(const std::vector<int32_t>& prompt, size_t* common,
                                        const GenerationRequest& request, GenerationTimings* timings) {
  if (request.overflow == OverflowPolicy::Stop || *common >= cached_tokens_.size()) return {};
  // The last prompt token is always evaluated (its logits start the reply).
  const CachedRun run = find_cached_run(cached_tokens_, prompt, *common, prompt.size() - 1 - *common);
  if (run.length < kMinCachedRun) return {};
  if (!request.shift_kv_cache || !model_->kv_remove_supported()) {
    timings->overflow_tokens_reevaluated += static_cast<int32_t>(run.length);
    return {};
  }
  TESSERA_TRY(model_->kv_keep(static_cast<int32_t>(run.from + run.length)));
  cached_tokens_.resize(run.from + run.length);
  TESSERA_TRY(model_->kv_remove(static_cast<int32_t>(*common), static_cast<int32_t>(run.from - *common)));
  cached_tokens_.erase(cached_tokens_.begin() + static_cast<std::ptrdiff_t>(*common),
                       cached_tokens_.begin() + static_cast<std::ptrdiff_t>(run.from));
  *common += run.length;
  return {};
}

}  // namespace tessera

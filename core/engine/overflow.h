// Context overflow rules shared by Engine::generate and Engine::chat (engine.h describes the
// policies; the Engine members that apply them are in engine_overflow.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/generation.h"

namespace tessera {

struct ChatMessage;
class BackendModel;

// What a loaded model does under each policy, for the app and `inspect` to show. Every policy works
// with every model; what differs is whether a drop keeps the cache (a context shift) or evaluates
// the kept tokens again (models with recurrent state, whose state cannot lose tokens; quantized KV
// caches the backend cannot shift).
struct OverflowPolicySupport {
  OverflowPolicy policy = OverflowPolicy::Stop;
  bool keeps_cache = true;  // drops shift the cache; false: the kept tokens are evaluated again
  std::string note;         // why not, when keeps_cache is false ("" otherwise)
};
std::vector<OverflowPolicySupport> overflow_policy_support(const BackendModel& model);

// The most prompt tokens a policy other than Stop lets into a context of n_ctx positions: the rest
// is room for the reply, a quarter of the context (n_predict's worth when it asks for less, at
// least one token).
int32_t overflow_prompt_budget(int32_t n_ctx, int32_t n_predict);

// The leading messages a policy never leaves out: the system messages, and for TruncateMiddle the
// first exchange (the first user message and the assistant reply that follows it).
size_t overflow_head_messages(const std::vector<ChatMessage>& messages, OverflowPolicy policy);

// A run of the cache that continues the prompt after a span the prompt no longer has: cached[from,
// from + length) == prompt[at, at + length) with from > at, the longest such run (the first of
// equal ones). length 0: none.
struct CachedRun {
  size_t from = 0;
  size_t length = 0;
};
CachedRun find_cached_run(const std::vector<int32_t>& cached, const std::vector<int32_t>& prompt, size_t at,
                          size_t max_length);

// Shorter runs are evaluated again rather than shifted: a short match is likely a coincidence of
// common tokens, not the conversation's continuation.
constexpr size_t kMinCachedRun = 8;

}  // namespace tessera

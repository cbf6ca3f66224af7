// Value types of a generation: the request, the per-token events, the result and its timings.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/log_probs.h"
#include "reasoning/output_splitter.h"
#include "reasoning/thinking_choice.h"
#include "sampling/sampler.h"

namespace tessera::grammar {
class JsonSchema;
}

namespace tessera {

// What the engine does when a conversation outgrows the context (engine.h describes each in full).
enum class OverflowPolicy {
  Stop,            // a prompt that does not fit is an error; a reply stops with StopReason::ContextFull
  TruncateMiddle,  // keep the start (system prompt + first exchange) and the most recent tokens
  RollingWindow,   // keep the system prompt (or only BOS) and the most recent tokens
};

// "stop", "truncate-middle", "rolling": the names the CLI, the GUI and conversation files use.
const char* overflow_policy_name(OverflowPolicy policy);
std::optional<OverflowPolicy> parse_overflow_policy(std::string_view name);

struct GenerationRequest {
  // The prompt: token ids when prompt_tokens is non-empty (used as given: no BOS added), else
  // `prompt` text, tokenized with the model's tokenizer.
  std::string prompt;
  std::vector<int32_t> prompt_tokens;
  bool add_special = true;     // text prompts: BOS (and EOS) as the tokenizer's add_bos/add_eos flags say
  bool parse_special = false;  // text prompts: "<|im_start|>"-style texts become their special tokens
  int32_t n_predict = 128;     // tokens to generate at most; -1: until end of generation or full context
  SamplingParams sampling;
  // Set from any thread to stop at the next token boundary (or between prompt steps).
  const std::atomic<bool>* stop = nullptr;
  // > 0: the prompt is evaluated in steps sized (from the speed of the steps before, at most the
  // load's n_batch tokens, the first one kFirstPromptStep) to take about this many milliseconds
  // each, so a stop lands and progress shows within about that time even where a full batch takes
  // seconds (a large model on the CPU). 0: steps of n_batch tokens.
  double prompt_step_ms = 0.0;
  // Called after each prompt step with the prompt tokens evaluated so far and how many are to be
  // evaluated in all (tokens reused from the KV cache count in neither); may be empty.
  std::function<void(int32_t evaluated, int32_t total)> on_prompt_progress;
  // End-of-generation tokens (EOS, EOT, <|im_end|>, ...) end the generation; they are not part of
  // the result's tokens or text. False: they are ordinary tokens (benchmarks, llama.cpp-style runs).
  bool stop_at_end_of_generation = true;
  // Each TokenEvent carries the chosen token's log-probability and the `top_logprobs` most likely
  // tokens (0: none). They are the model's own distribution (log-softmax of the raw logits, before
  // penalties, temperature and filters), as OpenAI's logprobs report them.
  // Costs a host copy of the logits per token on a GPU backend.
  bool logprobs = false;
  int32_t top_logprobs = 0;
  // Context overflow. Stop keeps today's behaviour; the other two drop tokens instead (engine.h).
  OverflowPolicy overflow = OverflowPolicy::Stop;
  // Tokens at the start of the prompt the policy never drops; -1: TruncateMiddle keeps the first
  // quarter of the context (at most the prompt), RollingWindow only a leading BOS. Engine::chat sets
  // it from the messages (system prompt, first exchange). At most half the context is kept.
  int32_t overflow_keep = -1;
  // true: keep the cache across a drop by shifting it (BackendModel::kv_remove) where the backend
  // can; false, or a backend that cannot: re-evaluate the kept tokens after the dropped span
  // (exact for every layer, slower; a shift is exact only for the first layer, backend.h).
  bool shift_kv_cache = true;
  // Models with recurrent state (backend.h): a prompt position where the engine keeps a checkpoint
  // of the state, besides the prompt's end and the reply's end, so a later prompt that shares only
  // that much of this one starts there instead of at 0. Engine::chat sets it to the end of the
  // conversation before the generation prompt (what the next turn's prompt repeats); -1: none.
  int32_t state_checkpoint_at = -1;

  // Reasoning models (reasoning/output_format.h). split_reply: the reply is split by the model's
  // output format into reasoning, content and tool calls (reasoning/output_splitter.h):
  // TokenEvent::reply and GenerationResult::reply carry the parts, the timings count the tokens
  // spent thinking, and the format's markers that are control tokens (gpt-oss's <|channel|>, ...)
  // are written out in TokenEvent::text, so the text can be split again by a reader of it.
  // Engine::chat splits by default. false: the text is as before (no markers, no parts).
  bool split_reply = false;
  // Engine::chat: template variables of reasoning models (reasoning/thinking_choice.h,
  // set_thinking_choice below). enable_thinking (Qwen3's switch; unset: the template's default) and
  // reasoning_effort (a key of an Effort choice, "low" ... "high": gpt-oss; "": default).
  std::optional<bool> enable_thinking;
  std::string reasoning_effort;
  // Structured output: the reply must be JSON that this schema accepts (grammar/json_schema.h).
  // With split_reply and a reasoning model the constraint starts where the answer starts (the
  // thinking is free); the generation ends when the JSON value is closed, and within n_predict
  // tokens it always is: near the end only tokens that leave room to close it are drawn.
  std::shared_ptr<const grammar::JsonSchema> json_schema;
  // Strict tools: the arguments of a call to one of these tools must match its schema. Applied where
  // the reply's format shows the arguments as they start: gpt-oss's commentary message to
  // functions.NAME, and a Qwen/Hermes `<tool_call>` block ({"name": NAME, "arguments": ...}).
  std::vector<std::pair<std::string, std::shared_ptr<const grammar::JsonSchema>>> tool_schemas;
};

// Sets the variable a person's choice steers: enable_thinking for On/Off, reasoning_effort for
// Low/Medium/High; Default sets nothing (the template's default). The app's Thinking row and the
// CLI's options go through this.
void set_thinking_choice(GenerationRequest& request, reasoning::ThinkingChoice choice);

// The first prompt step when GenerationRequest::prompt_step_ms sizes them: small enough to be quick
// on any backend (a pass over few tokens costs about what one token costs on a CPU).
constexpr int32_t kFirstPromptStep = 8;

// One generated token, delivered as soon as it is sampled. `text` is the UTF-8-complete text it
// made available (may be "" while a multi-byte character is pending). After the last token, an
// event with token == -1 carries any text that was still pending, when there is some.
struct TokenEvent {
  int32_t token = -1;
  std::string text;
  int32_t index = 0;         // 0 for the first generated token
  double elapsed_ms = 0.0;   // since generate() was called
  // With GenerationRequest::logprobs: log p(token), and the most likely tokens, most likely first.
  double logprob = 0.0;
  std::vector<eval::TokenLogProb> top_logprobs;
  // With GenerationRequest::split_reply: what this token added to the reasoning, the content and
  // the tool calls (text may come out a token later, once a marker is decided), and whether the
  // token was spent thinking (inside the thinking, its tags included).
  reasoning::ReplyParts reply;
  bool reasoning = false;
};

// Return false to stop the generation (StopReason::Stopped).
using TokenCallback = std::function<bool(const TokenEvent&)>;

enum class StopReason {
  EndOfGeneration,  // the model produced EOS/EOT
  Length,           // n_predict tokens were generated
  Stopped,          // the stop flag or the callback asked to stop
  ContextFull,      // the next token would not fit the context (OverflowPolicy::Stop)
};

const char* stop_reason_name(StopReason reason);

struct GenerationTimings {
  int32_t prompt_tokens = 0;            // tokens of the prompt
  int32_t prompt_tokens_reused = 0;     // of which already in the KV cache (shared prefix, and a run
                                        // kept after a dropped span: engine.h)
  double prompt_ms = 0.0;               // evaluating the rest of the prompt
  double prompt_tokens_per_s = 0.0;     // evaluated prompt tokens / prompt_ms
  double time_to_first_token_ms = 0.0;  // from the call to the first sampled token
  int32_t generated_tokens = 0;
  double generation_ms = 0.0;           // from the first token to the last
  // (generated_tokens - 1) / generation_ms: each token after the first costs one decode step.
  double generation_tokens_per_s = 0.0;
  // Context overflow: tokens the policy dropped (from the prompt, and from the cache mid-reply),
  // context shifts mid-reply (the reply went on past the end of the context), and tokens evaluated
  // again because the cache could not keep them in place (0 where the backend shifts its cache).
  int32_t overflow_tokens_dropped = 0;
  int32_t context_shifts = 0;
  int32_t overflow_tokens_reevaluated = 0;
  // With GenerationRequest::split_reply: generated tokens spent thinking (counted in
  // generated_tokens too), and the time from the first of them to the last ("Thought for N s").
  int32_t reasoning_tokens = 0;
  double reasoning_ms = 0.0;
  // With a json_schema or strict tools: tokens whose first draw the grammar refused (drawn again
  // from the allowed ones).
  int32_t constrained_redraws = 0;
};

struct GenerationResult {
  std::vector<int32_t> tokens;  // generated ids (no end-of-generation token)
  std::string text;             // their text
  StopReason stop_reason = StopReason::Length;
  GenerationTimings timings;
  int32_t messages_dropped = 0;  // Engine::chat: messages the overflow policy left out of the prompt
  // With GenerationRequest::split_reply: the whole reply's parts (text is then the raw reply, with
  // the format's markers written out).
  reasoning::ReplyParts reply;
};

}  // namespace tessera

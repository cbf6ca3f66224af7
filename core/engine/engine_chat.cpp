// Engine::render_chat and Engine::chat: a conversation -> the model's prompt format -> a reply.
#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "engine/overflow.h"
#include "template/chat_template.h"
#include "tokenizer/tokenizer.h"

namespace tessera {

chat::ChatTemplateInput Engine::chat_input(const std::vector<ChatMessage>& messages, bool add_generation_prompt,
                                           const GenerationRequest& request) const {
  chat::ChatTemplateInput in;
  for (const auto& m : messages) {
    nlohmann::ordered_json msg = {{"role", m.role}, {"content", m.content}};
    // Qwen3 and DeepSeek-style templates read reasoning_content, gpt-oss's reads thinking; each
    // decides itself which turns keep it.
    if (!m.reasoning.empty()) {
      msg["reasoning_content"] = m.reasoning;
      msg["thinking"] = m.reasoning;
    }
    in.messages.push_back(std::move(msg));
  }
  in.add_generation_prompt = add_generation_prompt;
  using reasoning::ThinkingControl;
  if (request.enable_thinking) in.extra[reasoning::control_name(ThinkingControl::Toggle)] = *request.enable_thinking;
  if (!request.reasoning_effort.empty())
    in.extra[reasoning::control_name(ThinkingControl::Effort)] = request.reasoning_effort;
  return in;
}

Result<std::string> Engine::render_chat(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const {
  return render_chat_input(chat_input(messages, add_generation_prompt));
}

Result<std::string> Engine::render_chat_input(const chat::ChatTemplateInput& input) const {
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  if (!chat_template_)
    return make_error(ErrorKind::Unsupported, "the chat template of " + info_.path +
                                                  " cannot be used: " + chat_template_error_);
  chat::ChatTemplateInput in = input;
  if (tokenizer_) {
    if (in.bos_token.empty() && tokenizer_->bos() != tokenizer::kNoToken)
      in.bos_token = std::string(tokenizer_->token_text(tokenizer_->bos()));
    if (in.eos_token.empty() && tokenizer_->eos() != tokenizer::kNoToken)
      in.eos_token = std::string(tokenizer_->token_text(tokenizer_->eos()));
  }
  return chat_template_->render(in);
}

Result<std::vector<int32_t>> Engine::chat_prompt_tokens(std::string_view rendered) const {
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  if (!tokenizer_)
    return make_error(ErrorKind::InvalidArgument, "the model " + info_.path + " has no tokenizer, so it cannot chat");
  // Templates write their special tokens as text (BOS included, for those that want it).
  std::vector<int32_t> tokens = tokenizer_->encode(rendered, /*add_special=*/false, /*parse_special=*/true);
  const int32_t bos = tokenizer_->bos();
  if (tokenizer_->add_bos() && bos != tokenizer::kNoToken && (tokens.empty() || tokens.front() != bos))
    tokens.insert(tokens.begin(), bos);
  return tokens;
}

int32_t Engine::conversation_checkpoint(const chat::ChatTemplateInput& input, const std::vector<int32_t>& prompt) const {
  if (!model_ || !model_->has_recurrent_state()) return -1;
  // The next turn's prompt repeats this conversation up to where this one's generation prompt
  // begins (as far as the template renders the same): a checkpoint there is where it starts.
  chat::ChatTemplateInput head = input;
  head.add_generation_prompt = false;
  auto text = render_chat_input(head);
  if (!text.ok()) return -1;
  auto tokens = chat_prompt_tokens(*text);
  if (!tokens.ok()) return -1;
  size_t n = 0;
  while (n < tokens->size() && n < prompt.size() && (*tokens)[n] == prompt[n]) ++n;
  return static_cast<int32_t>(n);
}

Result<GenerationResult> Engine::chat(const std::vector<ChatMessage>& messages, const GenerationRequest& request,
                                      const TokenCallback& on_token) {
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  if (!tokenizer_)
    return make_error(ErrorKind::InvalidArgument, "the model " + info_.path + " has no tokenizer, so it cannot chat");
  auto render = [&](const std::vector<ChatMessage>& m, bool agp) { return render_chat_input(chat_input(m, agp, request)); };
  TESSERA_ASSIGN_OR_RETURN(std::string text, render(messages, true));
  TESSERA_ASSIGN_OR_RETURN(std::vector<int32_t> tokens, chat_prompt_tokens(text));
  GenerationRequest r = request;
  r.prompt.clear();
  r.split_reply = true;
  int32_t messages_dropped = 0;
  int32_t tokens_dropped = 0;
  std::vector<ChatMessage> conversation = messages;  // what the prompt renders (after any drops)
  if (request.overflow != OverflowPolicy::Stop) {
    // The kept start: the tokens the head messages render to, as far as they agree with the whole
    // conversation's (a template may render a message differently when more follow).
    const size_t head = overflow_head_messages(messages, request.overflow);
    r.overflow_keep = -1;
    // A template that refuses the head alone (one that wants a user message last) keeps the default.
    if (head > 0) {
      const std::vector<ChatMessage> head_messages(messages.begin(), messages.begin() + static_cast<std::ptrdiff_t>(head));
      if (auto head_text = render(head_messages, false); head_text.ok()) {
        TESSERA_ASSIGN_OR_RETURN(std::vector<int32_t> head_tokens, chat_prompt_tokens(*head_text));
        size_t n = 0;
        while (n < head_tokens.size() && n < tokens.size() && head_tokens[n] == tokens[n]) ++n;
        r.overflow_keep = static_cast<int32_t>(n);
      }
    }
    // Leave out whole messages, the oldest after the head, never the last; the kept part starts
    // with a user message so templates that insist on alternating roles still render it.
    const size_t budget = static_cast<size_t>(overflow_prompt_budget(model_->n_ctx(), request.n_predict));
    const size_t n_all = tokens.size();
    std::vector<ChatMessage> kept = messages;
    while (tokens.size() > budget && head + 1 < kept.size()) {
      do {
        kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(head));
        ++messages_dropped;
      } while (head + 1 < kept.size() && kept[head].role != "user");
      TESSERA_ASSIGN_OR_RETURN(text, render(kept, true));
      TESSERA_ASSIGN_OR_RETURN(tokens, chat_prompt_tokens(text));
    }
    tokens_dropped = static_cast<int32_t>(n_all) - static_cast<int32_t>(tokens.size());
    if (model_->has_recurrent_state()) conversation = std::move(kept);
  }
  if (model_->has_recurrent_state()) {
    chat::ChatTemplateInput in;
    for (const auto& m : conversation) in.messages.push_back({{"role", m.role}, {"content", m.content}});
    r.state_checkpoint_at = conversation_checkpoint(in, tokens);
  }
  r.prompt_tokens = std::move(tokens);
  auto result = generate(r, on_token);
  if (result.ok()) {
    result->messages_dropped = messages_dropped;
    result->timings.overflow_tokens_dropped += tokens_dropped;
  }
  return result;
}

void set_thinking_choice(GenerationRequest& request, reasoning::ThinkingChoice choice) {
  using reasoning::ThinkingChoice;
  using reasoning::ThinkingControl;
  switch (reasoning::thinking_control_of(choice)) {
    case ThinkingControl::Toggle: request.enable_thinking = choice == ThinkingChoice::On; break;
    case ThinkingControl::Effort: request.reasoning_effort = std::string(reasoning::thinking_choice_key(choice)); break;
    case ThinkingControl::None: break;
  }
}

}  // namespace tessera

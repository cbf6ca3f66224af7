// Engine::render_chat and Engine::chat: a conversation -> the model's prompt format -> a reply.
#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "template/chat_template.h"
#include "tokenizer/tokenizer.h"

namespace tessera {

Result<std::string> Engine::render_chat(const std::vector<ChatMessage>& messages, bool add_generation_prompt) const {
  chat::ChatTemplateInput in;
  for (const auto& m : messages) in.messages.push_back({{"role", m.role}, {"content", m.content}});
  in.add_generation_prompt = add_generation_prompt;
  return render_chat_input(in);
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

Result<GenerationResult> Engine::chat(const std::vector<ChatMessage>& messages, const GenerationRequest& request,
                                      const TokenCallback& on_token) {
  if (!model_) return make_error(ErrorKind::InvalidArgument, "no model is loaded");
  if (!tokenizer_)
    return make_error(ErrorKind::InvalidArgument, "the model " + info_.path + " has no tokenizer, so it cannot chat");
  TESSERA_ASSIGN_OR_RETURN(std::string text, render_chat(messages, true));
  TESSERA_ASSIGN_OR_RETURN(std::vector<int32_t> tokens, chat_prompt_tokens(text));
  GenerationRequest r = request;
  r.prompt.clear();
  r.prompt_tokens = std::move(tokens);
  return generate(r, on_token);
}

}  // namespace tessera

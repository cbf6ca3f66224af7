// How a person names a model on the hub: REPO[:QUANT], as `ollama pull hf.co/{user}/{repo}:{quant}`
// and llama.cpp's `-hf` do. `tessera-cli run -m hf:REPO[:QUANT]` marks it with "hf:".
#pragma once

#include <string>
#include <string_view>

#include "common/error.h"

namespace tessera::download {

inline constexpr std::string_view kHubModelPrefix = "hf:";

struct ModelRef {
  std::string repo;   // "owner/name"
  std::string quant;  // "Q4_K_M"; "" for the default choice (gguf_choice.h)
};

// "owner/name", "owner/name:Q4_K_M"; a leading "hf:", "hf.co/", "huggingface.co/" or
// "https://huggingface.co/" is accepted and dropped.
Result<ModelRef> parse_model_ref(std::string_view text);

// Whether a -m argument names a hub model ("hf:...") rather than a file. Inline: the CLI asks it
// in builds without the download library too, to say why such a name cannot be used there.
inline bool is_hub_model_argument(std::string_view model_argument) {
  return model_argument.rfind(kHubModelPrefix, 0) == 0;
}

}  // namespace tessera::download

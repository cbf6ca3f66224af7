#include "download/model_ref.h"

#include "download/hub_listing.h"

namespace tessera::download {

Result<ModelRef> parse_model_ref(std::string_view text) {
  std::string_view rest = text;
  for (std::string_view prefix : {kHubModelPrefix, std::string_view("https://huggingface.co/"),
                                  std::string_view("huggingface.co/"), std::string_view("hf.co/")}) {
    if (rest.rfind(prefix, 0) == 0) {
      rest.remove_prefix(prefix.size());
      break;
    }
  }
  ModelRef ref;
  const size_t colon = rest.find(':');
  ref.repo = std::string(rest.substr(0, colon));
  if (colon != std::string_view::npos) {
    ref.quant = std::string(rest.substr(colon + 1));
    if (ref.quant.empty() || ref.quant.find_first_of(":/ ") != std::string::npos) {
      return make_error(ErrorKind::InvalidArgument, "'" + std::string(text) +
                                                        "': after the ':' comes a quantization such as Q4_K_M");
    }
  }
  if (Status ok = check_repo_id(ref.repo); !ok.ok()) {
    return make_error(ErrorKind::InvalidArgument, "'" + std::string(text) + "' does not name a model on the hub: expected "
                                                      "OWNER/NAME or OWNER/NAME:QUANT (" + ok.error().message + ")");
  }
  return ref;
}

}  // namespace tessera::download

// The model section of `tessera-cli inspect`: whether Tessera can run the file, and if so the
// architecture's hyperparameters and block choices as the engine reads them (core's
// architecture_facts), without loading any weights.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/model_info.h"
#include "gguf/gguf_file.h"

namespace tessera::cli {

struct InspectedModel {
  bool runs = false;
  std::string why_not;  // the loader's error when it cannot run the file
  std::vector<ModelFact> facts;
};

InspectedModel inspect_model(std::shared_ptr<const gguf::GgufFile> file);

}  // namespace tessera::cli

#include "inspect_model.h"

#include "model/model_loader.h"

namespace tessera::cli {

InspectedModel inspect_model(std::shared_ptr<const gguf::GgufFile> file) {
  InspectedModel m;
  auto spec = build_model_spec(std::move(file));
  if (!spec.ok()) {
    m.why_not = spec.error().describe();
    return m;
  }
  m.runs = true;
  m.facts = architecture_facts(*spec);
  return m;
}

}  // namespace tessera::cli

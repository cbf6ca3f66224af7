// A model shape and weight type named on the command line (`synth --shape S --type T`,
// `bench --synth S --type T`), looked up once for both commands.
#pragma once

#include <string>

#include "common/error.h"
#include "quant/ggml_type.h"
#include "synth/model_shapes.h"

namespace tessera::cli {

struct SynthTarget {
  const synth::ModelShape* shape = nullptr;
  GgmlType type = GgmlType::F32;
  std::string type_name;  // as the type table spells it
};

// Error{InvalidArgument} naming the unknown shape (with the known ones) or the type Tessera cannot
// compute with.
Result<SynthTarget> find_synth_target(const std::string& shape_name, const std::string& type_name_arg);

}  // namespace tessera::cli

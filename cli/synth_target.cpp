#include "synth_target.h"

namespace tessera::cli {

Result<SynthTarget> find_synth_target(const std::string& shape_name, const std::string& type_name_arg) {
  SynthTarget t;
  t.shape = synth::find_shape(shape_name);
  if (t.shape == nullptr)
    return make_error(ErrorKind::InvalidArgument, "unknown shape '" + shape_name + "'; known: " + synth::shape_names());
  const TypeInfo* info = find_type_by_name(type_name_arg);
  if (info == nullptr || info->support != TypeSupport::Supported)
    return make_error(ErrorKind::InvalidArgument, "type '" + type_name_arg + "' is not one Tessera can compute with");
  t.type = static_cast<GgmlType>(info->id);
  t.type_name = std::string(info->name);
  return t;
}

}  // namespace tessera::cli

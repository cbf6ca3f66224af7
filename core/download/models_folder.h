// The models folder: where `tessera-cli pull` (and the app's downloads) put models by default,
// one folder per repository: MODELS/OWNER/NAME/FILE.gguf.
//   $XDG_DATA_HOME/tessera/models, or ~/.local/share/tessera/models (the XDG default)
// The caller reads the variables and passes their values ("" when unset).
#pragma once

#include <string>
#include <string_view>

#include "common/error.h"

namespace tessera::download {

Result<std::string> default_models_folder(std::string_view xdg_data_home, std::string_view home);

// MODELS/OWNER/NAME for repository "OWNER/NAME" (checked with check_repo_id).
Result<std::string> repo_folder(std::string_view models_folder, std::string_view repo);

}  // namespace tessera::download

// The CLI's edge to the download library: the environment read here (HF_ENDPOINT, HF_TOKEN, the
// proxy variables through download::hub_settings_from_environment; XDG_DATA_HOME and HOME for the
// models folder), and a model pulled with progress on stderr, for `pull` and `run -m hf:...`.
#pragma once

#include <string>

#include "common/error.h"
#include "download/download_job.h"
#include "download/hub_settings.h"
#include "download/model_ref.h"

namespace tessera::cli {

Result<download::HubSettings> hub_settings_from_env();
// $XDG_DATA_HOME/tessera/models or ~/.local/share/tessera/models.
Result<std::string> models_folder_from_env();

struct PullOptions {
  std::string folder;  // "" : MODELS/OWNER/NAME
  std::string revision = "main";
  download::RetryPolicy retry;
  bool quiet = false;  // no progress
};

// Lists the repository, picks the files of ref.quant, downloads what is missing (Ctrl-C pauses:
// the partial files stay, the next pull resumes them) and returns the model's path (a split set's
// first part). `command` prefixes the lines on stderr.
Result<std::string> pull_model(const download::ModelRef& ref, const PullOptions& options, const char* command);

// For `-m hf:REPO[:QUANT]`: the model pulled first. When the hub cannot be reached (a network
// error, not a refusal) and the repository's folder holds a copy of that quantization from an
// earlier pull, that copy is used, with a note.
Result<std::string> resolve_hub_model(const std::string& argument, const char* command);

}  // namespace tessera::cli

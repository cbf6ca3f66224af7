// "Will it fit?" before a download: the GGUF header of every file of a model (metadata and tensor
// table, no weights), fetched with Range requests, read by the GGUF reader as the model (a split
// set's parts as one), turned into a shape-only ModelSpec, and placed by plan_for_load for the
// person's GPUs and split: the same figures the split preview shows for a file on disk.
//
// This file is the download library's one use of the placement (core/placement): a view asks
// plan_remote_model, nothing else here calls plan_for_load.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "backend/model_spec.h"
#include "common/error.h"
#include "download/gguf_choice.h"
#include "download/hub_client.h"
#include "gguf/gguf_file.h"
#include "placement/placement.h"

namespace tessera::download {

struct RemoteModel {
  std::shared_ptr<const gguf::GgufFile> header;  // has_tensor_data() is false
  ModelSpec spec;                                // shapes and types; no weights behind it
};

struct HeaderFetchLimits {
  uint64_t first_bytes = 1u << 20;  // asked for first; doubled while the header goes on
  uint64_t max_bytes = 64u << 20;   // per file: real headers (a 150k-token vocabulary) are ~10 MB
};

// The headers of `choice`'s files, read as one model. Errors name the file and the URL; a model
// the engine cannot run (unknown architecture, tensor type) is an error too, as it is for a file.
Result<RemoteModel> fetch_remote_model(HubClient& hub, std::string_view repo, std::string_view revision,
                                       const GgufChoice& choice, const KeepGoing& keep_going = {},
                                       HeaderFetchLimits limits = {});

// The placement of the model on `devices` with `settings` (fits, bytes per device, the problem
// when it does not fit).
Result<Placement> plan_remote_model(const RemoteModel& model, const std::vector<DeviceDescription>& devices,
                                    const SplitSettings& settings);

}  // namespace tessera::download

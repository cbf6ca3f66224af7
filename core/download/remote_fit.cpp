#include "download/remote_fit.h"

#include "engine/model_info.h"
#include "model/model_loader.h"

namespace tessera::download {

Result<RemoteModel> fetch_remote_model(HubClient& hub, std::string_view repo, std::string_view revision,
                                       const GgufChoice& choice, const KeepGoing& keep_going,
                                       HeaderFetchLimits limits) {
  std::vector<gguf::ImagePart> parts;
  for (const RepoFile& f : choice.files) {
    const std::string name = hub.file_url(repo, revision, f.path);
    std::vector<uint8_t> bytes;
    uint64_t want = std::min(limits.first_bytes, f.size);
    while (true) {
      TESSERA_ASSIGN_OR_RETURN(auto more, hub.read_range(repo, revision, f.path, bytes.size(), want - bytes.size(), keep_going));
      if (more.empty() && bytes.size() < want) {
        return make_error(ErrorKind::Io, display_url(name) + " sent no bytes from " + std::to_string(bytes.size()) + " on");
      }
      bytes.insert(bytes.end(), more.begin(), more.end());
      // Read this part alone to learn whether its header is whole (a part of a set is refused
      // alone, after its header was read: that is enough here).
      bool incomplete = false;
      std::vector<gguf::ImagePart> alone;
      alone.push_back({bytes, name, f.size});
      (void)gguf::GgufFile::from_parts(std::move(alone), {}, &incomplete);
      if (!incomplete || bytes.size() >= f.size) break;
      if (want >= limits.max_bytes) {
        return make_error(ErrorKind::BadFile, "the GGUF header of " + f.path + " in " + std::string(repo) + " goes on past " +
                                                  format_bytes(limits.max_bytes) + " (" + display_url(name) + ")");
      }
      want = std::min({want * 2, limits.max_bytes, f.size});
    }
    parts.push_back({std::move(bytes), name, f.size});
  }
  TESSERA_ASSIGN_OR_RETURN(auto file, gguf::GgufFile::from_parts(std::move(parts)));
  std::shared_ptr<const gguf::GgufFile> header(std::move(file));
  TESSERA_ASSIGN_OR_RETURN(ModelSpec spec, build_model_spec(header));
  return RemoteModel{header, std::move(spec)};
}

Result<Placement> plan_remote_model(const RemoteModel& model, const std::vector<DeviceDescription>& devices,
                                    const SplitSettings& settings) {
  return plan_for_load(model.spec, devices, settings);
}

}  // namespace tessera::download

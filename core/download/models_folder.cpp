#include "download/models_folder.h"

#include <filesystem>

#include "download/hub_listing.h"

namespace tessera::download {

Result<std::string> default_models_folder(std::string_view xdg_data_home, std::string_view home) {
  namespace fs = std::filesystem;
  // XDG: a relative XDG_DATA_HOME is invalid and ignored.
  if (!xdg_data_home.empty() && xdg_data_home.front() == '/') return (fs::path(xdg_data_home) / "tessera" / "models").string();
  if (!home.empty() && home.front() == '/') return (fs::path(home) / ".local" / "share" / "tessera" / "models").string();
  return make_error(ErrorKind::InvalidArgument,
                    "no models folder: neither XDG_DATA_HOME nor HOME is an absolute path; give a folder (--dir)");
}

Result<std::string> repo_folder(std::string_view models_folder, std::string_view repo) {
  TESSERA_TRY(check_repo_id(repo));
  return (std::filesystem::path(models_folder) / repo).string();
}

}  // namespace tessera::download

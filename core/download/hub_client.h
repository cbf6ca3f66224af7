// The Hugging Face hub's API (or a mirror's, HubSettings::endpoint): search, a repository's files,
// file URLs, and the errors its answers mean.
//
// HTTP statuses and the hub's X-Error-Code header become Errors a person can act on, naming the URL:
//   GatedRepo, or 401/403 on a gated repository: "this model is gated: accept its licence on the
//     website and give a token" (or, with a token: the token has no access yet);
//   RepoNotFound / RevisionNotFound / EntryNotFound, 404: what is missing;
//   429 and 5xx: the hub is busy or failing (is_retryable_status; the caller retries).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "download/hub_listing.h"
#include "download/hub_settings.h"
#include "download/http_client.h"

namespace tessera::download {

// 408, 429 and 5xx: worth asking again after a while.
bool is_retryable_status(long status);

class HubClient {
 public:
  explicit HubClient(HubSettings settings);

  const HubSettings& settings() const { return settings_; }
  HttpClient& http() { return http_; }

  // GGUF repositories matching `text`, most downloaded first.
  Result<std::vector<HubModel>> search(std::string_view text, int limit = 50, const KeepGoing& keep_going = {});
  // Every file of `repo` at `revision` (all pages, folders included).
  Result<std::vector<RepoFile>> list_files(std::string_view repo, std::string_view revision = "main",
                                           const KeepGoing& keep_going = {});
  // {endpoint}/{repo}/resolve/{revision}/{path}: the file's bytes, after redirects.
  std::string file_url(std::string_view repo, std::string_view revision, std::string_view path) const;
  // The header lines every request to the hub carries (the token, when there is one).
  std::vector<std::string> request_headers() const;
  // Bytes [offset, offset + length) of a file (fewer at its end), with a Range request.
  Result<std::vector<uint8_t>> read_range(std::string_view repo, std::string_view revision, std::string_view path,
                                          uint64_t offset, uint64_t length, const KeepGoing& keep_going = {});

  // The Error for an answer with status 300 or more from `url`, for `repo` (and `path`, "" for
  // the repository itself). InvalidArgument for what the person must change (a name, a token, a
  // licence to accept), Io for the hub's own trouble.
  Error http_error(const HttpResponse& response, std::string_view url, std::string_view repo,
                   std::string_view path = {}) const;

 private:
  Result<HttpResponse> get_json(const std::string& url, std::string_view repo, const KeepGoing& keep_going);

  HubSettings settings_;
  HttpClient http_;
};

}  // namespace tessera::download

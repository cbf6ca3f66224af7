// What the hub's API answers, parsed and checked (no network here):
//   GET /api/models?search=TEXT&filter=gguf   a JSON array of models: id, downloads, likes, tags
//   GET /api/models/{repo}/tree/{revision}    a JSON array of entries: type ("file" or
//        "directory"), path, size, oid (the git blob id), and for files in Git LFS
//        lfs: {oid: the SHA-256 of the content, size}; long listings come in pages, the next
//        page's URL in a Link header (rel="next").
// Anything malformed is a BadFile error naming the URL and the field: the answer is untrusted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "download/content_digest.h"

namespace tessera::download {

struct HubModel {
  std::string id;  // "owner/name"
  uint64_t downloads = 0;
  uint64_t likes = 0;
  std::vector<std::string> tags;
  std::string gated;  // "" (open), "auto" or "manual" when the listing says
  std::string last_modified;
};

struct RepoFile {
  std::string path;  // inside the repository, '/'-separated
  uint64_t size = 0;
  std::string sha256;   // lower-case hex; "" for a file kept in git itself
  std::string git_oid;  // the git blob id (SHA-1 hex)

  // What a download of this file is checked against: the SHA-256 when there is one, else the git
  // blob id; nullopt when the listing gave neither.
  std::optional<ExpectedDigest> digest() const;
  // The file's name without its folders.
  std::string name() const;
};

Result<std::vector<HubModel>> parse_search_results(std::string_view json, std::string_view url);
// The files (not directories) of a tree listing. Paths must be relative, without "." or ".."
// parts, control characters or backslashes (they become local file names).
Result<std::vector<RepoFile>> parse_repo_tree(std::string_view json, std::string_view url);
// The URL of a Link header's rel="next", "" when there is none.
std::string next_page_url(std::string_view link_header);

// "owner/name" with the characters the hub allows ([A-Za-z0-9._-], not starting with '.' or '-');
// an error that says what is wrong otherwise.
Status check_repo_id(std::string_view repo);

}  // namespace tessera::download

#include "download/hub_listing.h"

#include "common/json_input.h"
#include "download/http_client.h"

#include <cctype>

#include <nlohmann/json.hpp>

namespace tessera::download {
namespace {

using nlohmann::json;

Error bad(std::string_view url, const std::string& what) {
  return make_error(ErrorKind::BadFile, "the hub's answer from " + display_url(url) + " " + what);
}

// The hub's answer is JSON from the network: read as every outside JSON is (common/json_input.h,
// nesting bounded), then it must be an array.
Result<json> hub_array(std::string_view text, std::string_view url) {
  auto j = tessera::parse_json<json>(text);
  if (!j.ok()) return bad(url, j.error().message);
  if (!j->is_array()) return bad(url, "is not a JSON array");
  return std::move(j).value();
}

bool is_hex(std::string_view s, size_t length) {
  if (s.size() != length) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  return true;
}

std::string lower_hex(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::optional<uint64_t> count_of(const json& j) {
  if (j.is_number_unsigned()) return j.get<uint64_t>();
  if (j.is_number_integer() && j.get<int64_t>() >= 0) return static_cast<uint64_t>(j.get<int64_t>());
  return std::nullopt;
}

bool safe_path(std::string_view p) {
  if (p.empty() || p.front() == '/' || p.size() > 4096) return false;
  size_t start = 0;
  while (start <= p.size()) {
    const size_t end = std::min(p.find('/', start), p.size());
    const std::string_view part = p.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  for (char c : p)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\') return false;
  return true;
}

}  // namespace

std::optional<ExpectedDigest> RepoFile::digest() const {
  if (!sha256.empty()) return ExpectedDigest{DigestKind::Sha256, sha256};
  if (!git_oid.empty()) return ExpectedDigest{DigestKind::GitBlobSha1, git_oid};
  return std::nullopt;
}

std::string RepoFile::name() const {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Result<std::vector<HubModel>> parse_search_results(std::string_view text, std::string_view url) {
  TESSERA_ASSIGN_OR_RETURN(json j, hub_array(text, url));
  std::vector<HubModel> out;
  for (size_t i = 0; i < j.size(); ++i) {
    const json& m = j[i];
    const std::string where = "has a model entry " + std::to_string(i);
    if (!m.is_object()) return bad(url, where + " that is not an object");
    HubModel model;
    const auto id = m.find("id");
    if (id == m.end() || !id->is_string()) return bad(url, where + " without an id");
    model.id = id->get<std::string>();
    if (!check_repo_id(model.id).ok()) return bad(url, where + " with the id '" + model.id + "', not owner/name");
    for (const char* key : {"downloads", "likes"}) {
      const auto v = m.find(key);
      if (v == m.end() || v->is_null()) continue;
      const auto n = count_of(*v);
      if (!n) return bad(url, where + " (" + model.id + ") whose '" + key + "' is not a count");
      (std::string_view(key) == "downloads" ? model.downloads : model.likes) = *n;
    }
    if (const auto tags = m.find("tags"); tags != m.end() && tags->is_array()) {
      for (const json& t : *tags)
        if (t.is_string()) model.tags.push_back(t.get<std::string>());
    }
    if (const auto g = m.find("gated"); g != m.end() && g->is_string()) model.gated = g->get<std::string>();
    if (const auto lm = m.find("lastModified"); lm != m.end() && lm->is_string()) model.last_modified = lm->get<std::string>();
    out.push_back(std::move(model));
  }
  return out;
}

Result<std::vector<RepoFile>> parse_repo_tree(std::string_view text, std::string_view url) {
  TESSERA_ASSIGN_OR_RETURN(json j, hub_array(text, url));
  std::vector<RepoFile> out;
  for (size_t i = 0; i < j.size(); ++i) {
    const json& e = j[i];
    const std::string where = "has an entry " + std::to_string(i);
    if (!e.is_object()) return bad(url, where + " that is not an object");
    const auto type = e.find("type");
    if (type == e.end() || !type->is_string()) return bad(url, where + " without a type");
    if (*type != "file") continue;  // directories (and anything newer) are not files to fetch
    RepoFile f;
    const auto path = e.find("path");
    if (path == e.end() || !path->is_string()) return bad(url, where + " without a path");
    f.path = path->get<std::string>();
    if (!safe_path(f.path)) return bad(url, where + " with the path '" + f.path + "', not a plain relative path");
    const auto size = e.find("size");
    const auto n = size == e.end() ? std::nullopt : count_of(*size);
    if (!n) return bad(url, "lists '" + f.path + "' without a size");
    f.size = *n;
    if (const auto oid = e.find("oid"); oid != e.end() && oid->is_string() && is_hex(oid->get<std::string>(), 40))
      f.git_oid = lower_hex(oid->get<std::string>());
    if (const auto lfs = e.find("lfs"); lfs != e.end() && lfs->is_object()) {
      const auto sha = lfs->find("oid");
      if (sha == lfs->end() || !sha->is_string() || !is_hex(sha->get<std::string>(), 64))
        return bad(url, "lists '" + f.path + "' in Git LFS without a SHA-256 (lfs.oid)");
      f.sha256 = lower_hex(sha->get<std::string>());
      if (const auto lsize = lfs->find("size"); lsize != lfs->end()) {
        const auto m = count_of(*lsize);
        if (!m || *m != f.size)
          return bad(url, "lists '" + f.path + "' with size " + std::to_string(f.size) + " but lfs.size " +
                              (m ? std::to_string(*m) : std::string("that is not a count")));
      }
    }
    out.push_back(std::move(f));
  }
  return out;
}

std::string next_page_url(std::string_view link) {
  // <url>; rel="next", <url>; rel="prev"
  size_t pos = 0;
  while (pos < link.size()) {
    const size_t open = link.find('<', pos);
    if (open == std::string_view::npos) break;
    const size_t close = link.find('>', open);
    if (close == std::string_view::npos) break;
    const size_t end = std::min(link.find(',', close), link.size());
    const std::string_view params = link.substr(close + 1, end - close - 1);
    if (params.find("rel=\"next\"") != std::string_view::npos || params.find("rel=next") != std::string_view::npos)
      return std::string(link.substr(open + 1, close - open - 1));
    pos = end + 1;
  }
  return {};
}

Status check_repo_id(std::string_view repo) {
  const size_t slash = repo.find('/');
  auto part_ok = [](std::string_view p) {
    if (p.empty() || p.size() > 96 || p.front() == '.' || p.front() == '-' || p.find("..") != std::string_view::npos)
      return false;
    for (char c : p)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) return false;
    return true;
  };
  if (slash == std::string_view::npos || repo.find('/', slash + 1) != std::string_view::npos ||
      !part_ok(repo.substr(0, slash)) || !part_ok(repo.substr(slash + 1))) {
    return make_error(ErrorKind::InvalidArgument,
                      "'" + std::string(repo) + "' is not a repository name: expected OWNER/NAME, each of letters, "
                      "digits, '.', '_' and '-'");
  }
  return {};
}

}  // namespace tessera::download

#include "download/hub_client.h"

namespace tessera::download {
namespace {

constexpr size_t kMaxListingBytes = 64u << 20;  // a listing of tens of thousands of files
constexpr int kMaxListingPages = 1000;

std::string status_text(const HttpResponse& r) {
  std::string s = "HTTP " + std::to_string(r.status);
  if (const std::string msg = r.header("x-error-message"); !msg.empty()) s += " (" + msg + ")";
  return s;
}

}  // namespace

bool is_retryable_status(long status) { return status == 408 || status == 429 || (status >= 500 && status <= 599); }

HubClient::HubClient(HubSettings settings) : settings_(std::move(settings)), http_(settings_.http) {
  while (!settings_.endpoint.empty() && settings_.endpoint.back() == '/') settings_.endpoint.pop_back();
}

std::vector<std::string> HubClient::request_headers() const {
  std::vector<std::string> h;
  if (!settings_.token.empty()) h.push_back("Authorization: Bearer " + settings_.token);
  return h;
}

std::string HubClient::file_url(std::string_view repo, std::string_view revision, std::string_view path) const {
  return settings_.endpoint + "/" + std::string(repo) + "/resolve/" + url_escape(revision) + "/" + url_escape(path, true);
}

Error HubClient::http_error(const HttpResponse& r, std::string_view url, std::string_view repo,
                            std::string_view path) const {
  std::string where = display_url(url);
  if (!r.url.empty() && display_url(r.url) != where) where += " (redirected to " + display_url(r.url) + ")";
  where += " answered " + status_text(r);
  const std::string code = r.header("x-error-code");
  const std::string page = settings_.endpoint + "/" + std::string(repo);
  const bool token = !settings_.token.empty();
  auto person = [&](const std::string& what) { return make_error(ErrorKind::InvalidArgument, what + " (" + where + ")"); };
  if (code == "GatedRepo") {
    if (!token) {
      return person("this model is gated: accept its licence on the website (" + page +
                    ") and give a token (HF_TOKEN) of the account that accepted it");
    }
    return person("this model is gated and the token given has no access to it: accept its licence on the website (" +
                  page + ") with the account the token belongs to, or wait until the request is approved");
  }
  if (code == "RepoNotFound" || (r.status == 401 && code.empty() && path.empty())) {
    return person("there is no repository " + std::string(repo) + " on " + settings_.endpoint +
                  (token ? " that the token given can see" : " (or it is private or gated: give a token, HF_TOKEN)"));
  }
  if (code == "RevisionNotFound") return person(std::string(repo) + " has no revision of that name");
  if (code == "EntryNotFound" || r.status == 404) {
    return person(path.empty() ? std::string(repo) + " is not there" : std::string(repo) + " has no file " + std::string(path));
  }
  if (r.status == 401) {
    return person(token ? "the hub refused the token given" : "the hub wants a token for this (HF_TOKEN)");
  }
  if (r.status == 403) return person("the hub refused access" + std::string(token ? "" : " (give a token: HF_TOKEN)"));
  if (r.status == 429) {
    const std::string wait = r.header("retry-after");
    return make_error(ErrorKind::Io, "the hub asks to slow down" + (wait.empty() ? std::string() : " (retry after " + wait + " s)") +
                                         " (" + where + ")");
  }
  if (r.status >= 500) return make_error(ErrorKind::Io, "the hub failed to answer (" + where + ")");
  return make_error(ErrorKind::Io, "unexpected answer (" + where + ")");
}

Result<HttpResponse> HubClient::get_json(const std::string& url, std::string_view repo, const KeepGoing& keep_going) {
  HttpRequest req;
  req.url = url;
  req.headers = request_headers();
  req.headers.push_back("Accept: application/json");
  TESSERA_ASSIGN_OR_RETURN(HttpResponse r, http_.get(req, kMaxListingBytes, keep_going));
  if (r.status != 200) return http_error(r, url, repo);
  return r;
}

Result<std::vector<HubModel>> HubClient::search(std::string_view text, int limit, const KeepGoing& keep_going) {
  const std::string url = settings_.endpoint + "/api/models?search=" + url_escape(text) +
                          "&filter=gguf&sort=downloads&direction=-1&limit=" + std::to_string(limit);
  TESSERA_ASSIGN_OR_RETURN(HttpResponse r, get_json(url, "", keep_going));
  return parse_search_results(r.body, url);
}

Result<std::vector<RepoFile>> HubClient::list_files(std::string_view repo, std::string_view revision,
                                                    const KeepGoing& keep_going) {
  TESSERA_TRY(check_repo_id(repo));
  std::string url = settings_.endpoint + "/api/models/" + std::string(repo) + "/tree/" + url_escape(revision) +
                    "?recursive=true";
  std::vector<RepoFile> files;
  for (int page = 0; !url.empty(); ++page) {
    if (page == kMaxListingPages) {
      return make_error(ErrorKind::BadFile, "the file listing of " + std::string(repo) + " goes on past " +
                                                std::to_string(kMaxListingPages) + " pages");
    }
    TESSERA_ASSIGN_OR_RETURN(HttpResponse r, get_json(url, repo, keep_going));
    TESSERA_ASSIGN_OR_RETURN(auto more, parse_repo_tree(r.body, url));
    files.insert(files.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    std::string next = next_page_url(r.header("link"));
    // Only pages of the same hub: a listing must not send the token elsewhere.
    if (!next.empty() && next.rfind(settings_.endpoint + "/", 0) != 0) {
      return make_error(ErrorKind::BadFile, "the file listing of " + std::string(repo) + " points its next page to " +
                                                display_url(next) + ", outside " + settings_.endpoint);
    }
    url = std::move(next);
  }
  return files;
}

Result<std::vector<uint8_t>> HubClient::read_range(std::string_view repo, std::string_view revision,
                                                   std::string_view path, uint64_t offset, uint64_t length,
                                                   const KeepGoing& keep_going) {
  std::vector<uint8_t> out;
  if (length == 0) return out;
  const std::string url = file_url(repo, revision, path);
  HttpRequest req;
  req.url = url;
  req.headers = request_headers();
  req.range_begin = offset;
  req.range_end = offset + length - 1;
  // A server that ignores the range sends the whole file from its start: keep what was asked for
  // (right when it starts at 0) and stop at the first byte beyond it.
  bool overflow = false;
  const BodySink sink = [&](const uint8_t* data, size_t n) {
    const size_t take = std::min<uint64_t>(n, length - out.size());
    out.insert(out.end(), data, data + take);
    overflow = take < n;
    return !overflow;
  };
  auto r = http_.fetch(req, sink, keep_going);
  bool ignored_range = false;
  if (!r.ok()) {
    if (!overflow) return r.take_error();
    ignored_range = true;
  } else if (r->status != 206 && r->status != 200) {
    return http_error(*r, url, repo, path);
  } else {
    ignored_range = r->status == 200;
  }
  if (ignored_range && offset != 0) {
    return make_error(ErrorKind::Io, display_url(url) + " ignored the Range request for bytes " + std::to_string(offset) +
                                         " on");
  }
  return out;
}

}  // namespace tessera::download

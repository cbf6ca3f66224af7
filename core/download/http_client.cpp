#include "download/http_client.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <mutex>

namespace tessera::download {
namespace {

constexpr size_t kMaxErrorBody = 64 * 1024;
constexpr auto kPollInterval = std::chrono::milliseconds(100);

// libcurl's process-wide initialisation must run once before the first handle, and is not
// thread-safe in every version; it is never undone because other code in the process (Qt's
// network stack, a plugin) may use libcurl too.
void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n')) --e;
  return std::string(s.substr(b, e - b));
}

std::string bytes_text(uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

std::string seconds_text(std::chrono::milliseconds ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", static_cast<double>(ms.count()) / 1000.0);
  return buf;
}

#ifdef CURL_WRITEFUNC_ERROR
constexpr size_t kStopWriting = CURL_WRITEFUNC_ERROR;
#else
constexpr size_t kStopWriting = 0;  // any count other than the one given stops the transfer
#endif

}  // namespace

std::string HttpResponse::header(std::string_view name) const {
  const auto it = headers.find(std::string(name));
  return it == headers.end() ? std::string() : it->second;
}

std::string display_url(std::string_view url) {
  const size_t cut = url.find_first_of("?#");
  return std::string(url.substr(0, cut));
}

std::string url_escape(std::string_view text, bool keep_slash) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || (keep_slash && c == '/')) {
      out.push_back(ch);
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out;
}

struct HttpClient::Multi {
  CURLM* handle = nullptr;
  ~Multi() {
    if (handle != nullptr) curl_multi_cleanup(handle);
  }
};

// One request's state, shared with libcurl's callbacks.
struct HttpClient::Transfer {
  CURL* easy = nullptr;
  const BodySink* sink = nullptr;  // fetch(): where a 2xx body goes
  const ResponseCheck* check = nullptr;
  bool checked = false;
  size_t max_body = 0;             // get(): the body's limit
  HttpResponse response;
  bool sink_stopped = false;
  bool too_large = false;
  uint64_t received = 0;  // body bytes of the final response
  std::chrono::steady_clock::time_point last_activity = std::chrono::steady_clock::now();

  bool success_status() const {
    long status = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    return status >= 200 && status < 300;
  }

  static size_t on_header(char* data, size_t size, size_t count, void* self) {
    auto& t = *static_cast<Transfer*>(self);
    const size_t n = size * count;
    t.last_activity = std::chrono::steady_clock::now();
    const std::string_view line(data, n);
    if (line.rfind("HTTP/", 0) == 0) {
      t.response.headers.clear();  // a new response: a redirect's, or the final one
      t.received = 0;
      return n;
    }
    const size_t colon = line.find(':');
    if (colon != std::string_view::npos) t.response.headers[lower(trim(line.substr(0, colon)))] = trim(line.substr(colon + 1));
    return n;
  }

  static size_t on_body(char* data, size_t size, size_t count, void* self) {
    auto& t = *static_cast<Transfer*>(self);
    const size_t n = size * count;
    t.last_activity = std::chrono::steady_clock::now();
    const bool ok = t.success_status();
    if (t.sink != nullptr && ok && t.check != nullptr && *t.check && !t.checked) {
      t.checked = true;
      curl_easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &t.response.status);
      if (!(*t.check)(t.response)) {
        t.sink_stopped = true;
        return kStopWriting;
      }
    }
    if (t.sink != nullptr && ok) {
      if (!(*t.sink)(reinterpret_cast<const uint8_t*>(data), n)) {
        t.sink_stopped = true;
        return kStopWriting;
      }
    } else {
      const size_t limit = ok ? t.max_body : kMaxErrorBody;
      if (t.response.body.size() + n > limit) {
        if (ok) {
          t.too_large = true;
          return kStopWriting;
        }
        t.response.body.append(data, limit - t.response.body.size());  // an error page's start is enough
      } else {
        t.response.body.append(data, n);
      }
    }
    t.received += n;
    return n;
  }
};

HttpClient::HttpClient(HttpSettings settings) : settings_(std::move(settings)), multi_(std::make_unique<Multi>()) {
  init_curl_once();
  multi_->handle = curl_multi_init();
}

HttpClient::~HttpClient() = default;

void HttpClient::wake() {
  if (multi_->handle != nullptr) curl_multi_wakeup(multi_->handle);
}

Result<HttpResponse> HttpClient::get(const HttpRequest& request, size_t max_body, const KeepGoing& keep_going) {
  Transfer t;
  t.max_body = max_body;
  return perform(request, t, keep_going);
}

Result<HttpResponse> HttpClient::fetch(const HttpRequest& request, const BodySink& sink, const KeepGoing& keep_going,
                                       const ResponseCheck& check) {
  Transfer t;
  t.sink = &sink;
  t.check = &check;
  return perform(request, t, keep_going);
}

Result<HttpResponse> HttpClient::perform(const HttpRequest& request, Transfer& t, const KeepGoing& keep_going) {
  const std::string shown = display_url(request.url);
  if (multi_->handle == nullptr) return make_error(ErrorKind::Io, "cannot start a transfer for " + shown + " (libcurl)");
  std::unique_ptr<CURL, void (*)(CURL*)> easy(curl_easy_init(), curl_easy_cleanup);
  if (!easy) return make_error(ErrorKind::Io, "cannot start a transfer for " + shown + " (libcurl)");
  t.easy = easy.get();
  CURL* e = easy.get();
  char error_text[CURL_ERROR_SIZE] = {0};
  curl_slist* headers = nullptr;
  for (const auto& h : request.headers) headers = curl_slist_append(headers, h.c_str());
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_list(headers, curl_slist_free_all);
  const bool https = request.url.rfind("https://", 0) == 0;
  std::string range;
  if (request.range_begin > 0 || request.range_end) {
    range = std::to_string(request.range_begin) + "-" + (request.range_end ? std::to_string(*request.range_end) : "");
  }

  curl_easy_setopt(e, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, error_text);
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(e, CURLOPT_MAXREDIRS, static_cast<long>(settings_.max_redirects));
  curl_easy_setopt(e, CURLOPT_USERAGENT, settings_.user_agent.c_str());
  curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(settings_.connect_timeout.count()));
  curl_easy_setopt(e, CURLOPT_TCP_KEEPALIVE, 1L);
  // Always set, so that libcurl does not read the proxy environment variables itself.
  curl_easy_setopt(e, CURLOPT_PROXY, (https ? settings_.proxy.https : settings_.proxy.http).c_str());
  curl_easy_setopt(e, CURLOPT_NOPROXY, settings_.proxy.no_proxy.c_str());
  if (!settings_.ca_file.empty()) curl_easy_setopt(e, CURLOPT_CAINFO, settings_.ca_file.c_str());
  if (header_list) curl_easy_setopt(e, CURLOPT_HTTPHEADER, header_list.get());
  if (!range.empty()) curl_easy_setopt(e, CURLOPT_RANGE, range.c_str());
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, &Transfer::on_header);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &Transfer::on_body);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, &t);

  CURLM* m = multi_->handle;
  if (curl_multi_add_handle(m, e) != CURLM_OK) return make_error(ErrorKind::Io, "cannot start a transfer for " + shown);
  bool cancelled = false, stalled = false;
  t.last_activity = std::chrono::steady_clock::now();
  while (true) {
    int running = 0;
    if (curl_multi_perform(m, &running) != CURLM_OK) break;
    if (running == 0) break;
    if (keep_going && !keep_going()) {
      cancelled = true;
      break;
    }
    if (std::chrono::steady_clock::now() - t.last_activity > settings_.stall_timeout) {
      stalled = true;
      break;
    }
    curl_multi_poll(m, nullptr, 0, static_cast<int>(kPollInterval.count()), nullptr);
  }
  CURLcode code = CURLE_OK;
  int left = 0;
  while (CURLMsg* msg = curl_multi_info_read(m, &left)) {
    if (msg->msg == CURLMSG_DONE && msg->easy_handle == e) code = msg->data.result;
  }
  curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &t.response.status);
  char* effective = nullptr;
  curl_easy_getinfo(e, CURLINFO_EFFECTIVE_URL, &effective);
  t.response.url = effective != nullptr ? effective : request.url;
  curl_multi_remove_handle(m, e);

  if (cancelled) return make_error(ErrorKind::Cancelled, "the transfer of " + shown + " was stopped");
  if (stalled) {
    return make_error(ErrorKind::Io, shown + ": no data for " + seconds_text(settings_.stall_timeout) + " after " +
                                         bytes_text(t.received) + "; the connection stalled");
  }
  if (t.sink_stopped) return make_error(ErrorKind::Cancelled, "the transfer of " + shown + " was stopped by its receiver");
  if (t.too_large) {
    return make_error(ErrorKind::Io, shown + " answered more than " + bytes_text(t.max_body) + ", more than expected");
  }
  if (code != CURLE_OK) {
    const std::string detail = error_text[0] != 0 ? trim(error_text) : curl_easy_strerror(code);
    if (code == CURLE_URL_MALFORMAT || code == CURLE_UNSUPPORTED_PROTOCOL) {
      return make_error(ErrorKind::InvalidArgument, "cannot fetch " + shown + ": " + detail);
    }
    std::string what = shown + ": " + detail;
    if (code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR || code == CURLE_GOT_NOTHING)
      what += " (the connection closed after " + bytes_text(t.received) + ")";
    return make_error(ErrorKind::Io, what);
  }
  return std::move(t.response);
}

}  // namespace tessera::download

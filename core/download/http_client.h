// HTTP for the download library, through libcurl (only this file's .cpp includes curl).
//
// Settings come from the caller. The library reads no environment variable: the proxy is always
// set explicitly (an empty one means none), which also keeps libcurl from reading http_proxy and
// friends itself; the CLI and the app read those at the edge and pass them in (hub_settings.h).
//
// Redirects are followed (http and https only). A custom Authorization header goes to the first
// host only: libcurl drops it when a redirect leaves that host, scheme or port, so a token for the
// hub never reaches the CDN it redirects to.
//
// A failed request is an Error only when no HTTP response came (Io: DNS, connect, TLS, reset,
// a stall, a body cut short; Cancelled; InvalidArgument: an unusable URL). A response with status
// 400 or more is a response; the caller decides what it means. Every message names the URL (with
// its query string left out: signed CDN URLs are long and carry credentials).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"

namespace tessera::download {

struct ProxySettings {
  std::string http;      // proxy for http:// URLs ("" none), e.g. "http://proxy.example:3128"
  std::string https;     // proxy for https:// URLs
  std::string no_proxy;  // comma-separated hosts that bypass the proxy ("*": all), as curl reads it
};

struct HttpSettings {
  ProxySettings proxy;
  std::string user_agent = "tessera/" TESSERA_VERSION;
  std::string ca_file;  // "" : the system's certificates
  std::chrono::milliseconds connect_timeout{15000};
  // A transfer that receives nothing for this long fails as a network error (and is retried).
  std::chrono::milliseconds stall_timeout{30000};
  int max_redirects = 10;
};

struct HttpRequest {
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  // Bytes [range_begin, range_end] (inclusive end), or from range_begin to the end without an end.
  // No Range header when range_begin is 0 and there is no end.
  uint64_t range_begin = 0;
  std::optional<uint64_t> range_end;
};

struct HttpResponse {
  long status = 0;
  std::string url;  // the URL that answered (after redirects)
  std::map<std::string, std::string> headers;  // of the final response; names in lower case
  std::string body;  // get(): the body; fetch(): the body of an error response (at most 64 KiB)

  // The header's value, "" when absent (`name` in lower case).
  std::string header(std::string_view name) const;
};

// Receives the body of a 2xx response as it arrives; returning false stops the transfer (the
// caller keeps the reason, e.g. a failed write).
using BodySink = std::function<bool(const uint8_t* data, size_t size)>;
// Asked between bursts of data and at least every 100 ms; false stops the transfer: Cancelled.
using KeepGoing = std::function<bool()>;
// Shown the final response's status and headers before its first body byte reaches a BodySink
// (url and body not filled in); returning false stops the transfer as a sink would.
using ResponseCheck = std::function<bool(const HttpResponse& head)>;

// The URL without its query string and fragment, for messages.
std::string display_url(std::string_view url);
// "%XX" escapes for a query parameter value or a path (`keep_slash`: '/' stays).
std::string url_escape(std::string_view text, bool keep_slash = false);

class HttpClient {
 public:
  explicit HttpClient(HttpSettings settings);
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;

  const HttpSettings& settings() const { return settings_; }

  // The whole body in memory; a body above `max_body` bytes fails (Io).
  Result<HttpResponse> get(const HttpRequest& request, size_t max_body, const KeepGoing& keep_going = {});
  // Streams a 2xx body into `sink`. A sink returning false ends the call with Error{Cancelled}
  // whose message says the transfer was stopped; the caller knows why.
  Result<HttpResponse> fetch(const HttpRequest& request, const BodySink& sink, const KeepGoing& keep_going = {},
                             const ResponseCheck& check = {});

  // Wakes a transfer in progress so that it asks keep_going at once. Any thread.
  void wake();

 private:
  struct Transfer;
  Result<HttpResponse> perform(const HttpRequest& request, Transfer& transfer, const KeepGoing& keep_going);

  HttpSettings settings_;
  struct Multi;
  std::unique_ptr<Multi> multi_;
};

}  // namespace tessera::download

#include "request_reader.h"

#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/error.hpp>

#include <algorithm>

namespace tessera::server::http {
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using boost::beast::error_code;

namespace {

// A chunk-size line with its extensions must fit in this many bytes (Beast needs it whole).
constexpr size_t kMaxChunkLine = 4096;
// The least a chunked body still to come can be: the last chunk "0\r\n\r\n". Beast's parser,
// once it has seen the last chunk's size line, assumes every later call hands it at least that
// (an assertion in basic_parser.ipp's parse_chunk_header, which aborts a build with assertions
// on); a body that arrives a byte at a time would give it fewer.
constexpr size_t kMinChunkedRest = 5;

std::string str(boost::beast::string_view v) { return std::string(v.data(), v.size()); }

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decoded(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      const int hi = hex_digit(s[i + 1]), lo = hex_digit(s[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

}  // namespace

bool BodyBudget::take(size_t n) {
  size_t used = used_.load();
  do {
    if (n > limit_ || used > limit_ - n) return false;
  } while (!used_.compare_exchange_weak(used, used + n));
  return true;
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

bool media_type_is(std::string_view value, std::string_view type) {
  return iequals(trim(value.substr(0, value.find(';'))), type);
}

// Beast's parser with this server's callbacks: keeps the few fields the server acts on, counts
// the rest, and appends the body (Content-Length or chunked) within the limits.
class RequestReader::Parser : public bhttp::basic_parser<true> {
 public:
  explicit Parser(RequestReader& r) : r_(r) {}

 private:
  // Sets `ec` so that put() stops; the reader already holds the status to answer.
  void refuse(error_code& ec, int status, std::string message, const char* code) {
    r_.fail(status, std::move(message), code);
    ec = bhttp::error::bad_value;
  }

  void on_request_impl(bhttp::verb, beast::string_view method, beast::string_view target, int version,
                       error_code& ec) override {
    r_.request_line_seen_ = true;
    HttpRequest& q = r_.request_;
    q.method = str(method);
    q.target = str(target);
    q.version = version;
    if (target.size() > r_.limits_.max_request_line_bytes)
      return refuse(ec, 414, "the request target is longer than " + std::to_string(r_.limits_.max_request_line_bytes) + " bytes",
                    "request_line_too_long");
    if (version != 10 && version != 11)
      return refuse(ec, 505, "HTTP/" + std::to_string(version / 10) + "." + std::to_string(version % 10) +
                                 " is not supported; this server speaks HTTP/1.1 and HTTP/1.0",
                    "http_version_not_supported");
    if (q.target == "*" && q.method == "OPTIONS") {
      q.path = "*";
    } else if (!q.target.empty() && q.target.front() == '/') {
      q.path = percent_decoded(std::string_view(q.target).substr(0, q.target.find('?')));
    } else {
      return refuse(ec, 400, "the request target must be a path starting with '/'", "bad_request_target");
    }
  }

  void on_response_impl(int, beast::string_view, int, error_code& ec) override { ec = bhttp::error::bad_version; }

  void on_field_impl(bhttp::field name, beast::string_view name_text, beast::string_view value, error_code& ec) override {
    if (++r_.fields_ > r_.limits_.max_header_fields)
      return refuse(ec, 431, "the request has more than " + std::to_string(r_.limits_.max_header_fields) + " header fields",
                    "header_fields_too_large");
    HttpRequest& q = r_.request_;
    auto once = [&](std::string& slot, bool& seen, const char* field) {
      if (seen) return refuse(ec, 400, std::string("the request has more than one ") + field + " header", "duplicate_header");
      seen = true;
      slot = str(value);
    };
    switch (name) {
      case bhttp::field::host: return once(q.host, seen_host_, "Host");
      case bhttp::field::origin: return once(q.origin, q.has_origin, "Origin");
      case bhttp::field::authorization: return once(q.authorization, seen_authorization_, "Authorization");
      case bhttp::field::content_type: return once(q.content_type, seen_content_type_, "Content-Type");
      case bhttp::field::content_length:
        // Beast refuses two different lengths; a repeated one, or a list ("5, 5"), is refused
        // here too: a proxy in front may have read it differently (request smuggling).
        if (++r_.content_lengths_ > 1)
          return refuse(ec, 400, "the request has more than one Content-Length header", "duplicate_header");
        if (value.empty() || !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
          return refuse(ec, 400, "the Content-Length header is not a number", "bad_content_length");
        return;
      case bhttp::field::transfer_encoding:
        if (!iequals(trim(std::string_view(value.data(), value.size())), "chunked"))
          return refuse(ec, 501, "Transfer-Encoding '" + str(value).substr(0, 64) + "' is not supported; only chunked is",
                        "unsupported_transfer_encoding");
        return;
      case bhttp::field::content_encoding:
        if (!q.content_encoding.empty()) q.content_encoding += ", ";
        q.content_encoding += str(value).substr(0, 64);
        return;
      case bhttp::field::expect:
        if (!iequals(trim(std::string_view(value.data(), value.size())), "100-continue"))
          return refuse(ec, 417, "the expectation '" + str(value).substr(0, 64) + "' is not supported", "expectation_failed");
        q.expect_continue = true;
        return;
      case bhttp::field::access_control_request_method: q.cors_request_method = str(value); return;
      case bhttp::field::access_control_request_headers: q.cors_request_headers = str(value); return;
      default: (void)name_text; return;
    }
  }

  void on_header_impl(error_code& ec) override {
    HttpRequest& q = r_.request_;
    if (q.version == 11 && !seen_host_)
      return refuse(ec, 400, "an HTTP/1.1 request must have a Host header", "missing_host");
    q.keep_alive = keep_alive();
  }

  void on_body_init_impl(boost::optional<std::uint64_t> const& length, error_code& ec) override {
    if (length && *length > r_.limits_.max_body_bytes)
      return too_large(ec);
    // Reserved up to 1 MiB: a larger announced length grows as it arrives (and may never).
    if (length && *length > 0) r_.request_.body.reserve(std::min<std::uint64_t>(*length, 1u << 20));
  }

  std::size_t on_body_impl(beast::string_view body, error_code& ec) override { return append(body, ec); }

  void on_chunk_header_impl(std::uint64_t size, beast::string_view, error_code& ec) override {
    if (size > r_.limits_.max_body_bytes - std::min(r_.limits_.max_body_bytes, r_.request_.body.size())) too_large(ec);
  }

  std::size_t on_chunk_body_impl(std::uint64_t, beast::string_view body, error_code& ec) override { return append(body, ec); }

  void on_finish_impl(error_code&) override {}

  void too_large(error_code& ec) {
    refuse(ec, 413, "the request body is larger than this server's limit of " + std::to_string(r_.limits_.max_body_bytes) + " bytes",
           "request_too_large");
  }

  size_t append(beast::string_view body, error_code& ec) {
    std::string& b = r_.request_.body;
    if (body.size() > r_.limits_.max_body_bytes - std::min(r_.limits_.max_body_bytes, b.size())) {
      too_large(ec);
      return 0;
    }
    if (r_.budget_) {
      if (!r_.budget_->take(body.size())) {
        refuse(ec, 503, "the server is receiving too many request bodies at once; retry shortly", "server_busy");
        return 0;
      }
      r_.budget_taken_ += body.size();
    }
    b.append(body.data(), body.size());
    return body.size();
  }

  RequestReader& r_;
  bool seen_host_ = false;
  bool seen_authorization_ = false;
  bool seen_content_type_ = false;
};

RequestReader::RequestReader(const HttpLimits& limits, BodyBudget* budget) : limits_(limits), budget_(budget) { reset(); }

RequestReader::~RequestReader() { release_budget(); }

void RequestReader::fail(int status, std::string message, const char* code) {
  if (state_ == State::Failed) return;
  state_ = State::Failed;
  status_ = status;
  message_ = std::move(message);
  code_ = code;
}

void RequestReader::reset() {
  release_budget();
  parser_ = std::make_unique<Parser>(*this);
  parser_->header_limit(static_cast<std::uint32_t>(std::min<size_t>(limits_.max_header_bytes, UINT32_MAX)));
  parser_->body_limit(static_cast<std::uint64_t>(limits_.max_body_bytes));
  parser_->eager(false);  // stop after the header: the caller accepts or refuses before the body
  state_ = State::NeedMore;
  started_ = false;
  request_line_seen_ = false;
  fields_ = 0;
  content_lengths_ = 0;
  request_ = HttpRequest();
  status_ = 0;
  message_.clear();
  code_ = "";
}

void RequestReader::release_budget() {
  if (budget_ && budget_taken_) budget_->give(budget_taken_);
  budget_taken_ = 0;
}

bool RequestReader::body_pending() const {
  return (state_ == State::HeaderDone || state_ == State::NeedMore) && parser_->is_header_done() && !parser_->is_done();
}

void RequestReader::read_body() {
  if (state_ != State::HeaderDone) return;
  parser_->eager(true);
  state_ = parser_->is_done() ? State::Complete : State::NeedMore;
}

HttpRequest RequestReader::take() {
  HttpRequest out = std::move(request_);
  request_ = HttpRequest();
  return out;
}

size_t RequestReader::feed(std::string_view data) {
  size_t used = 0;
  while (state_ == State::NeedMore && used < data.size()) {
    const std::string_view rest = data.substr(used);
    started_ = true;
    if (!request_line_seen_) {
      // Beast waits for the whole header before it looks at the request line: bound the line
      // itself first, so that a long target is told apart from many fields.
      const size_t window = std::min(rest.size(), limits_.max_request_line_bytes + 2);
      if (rest.substr(0, window).find('\n') == std::string_view::npos && rest.size() > limits_.max_request_line_bytes) {
        fail(414, "the request line is longer than " + std::to_string(limits_.max_request_line_bytes) + " bytes",
             "request_line_too_long");
        break;
      }
    }
    // Every well-formed chunked body has at least kMinChunkedRest bytes left while it is not
    // complete, so waiting for them never stalls one.
    if (parser_->is_header_done() && parser_->chunked() && rest.size() < kMinChunkedRest) break;
    error_code ec;
    const size_t n = parser_->put(boost::asio::const_buffer(rest.data(), rest.size()), ec);
    used += n;
    if (state_ == State::Failed) break;  // a callback refused
    if (ec == bhttp::error::need_more) {
      const size_t pending = data.size() - used;
      if (parser_->is_header_done() && pending > kMaxChunkLine)
        fail(400, "a chunk-size line of the body is longer than " + std::to_string(kMaxChunkLine) + " bytes", "bad_chunk");
      else if (!parser_->is_header_done() && pending >= limits_.max_header_bytes)
        fail(431, "the request's header is larger than " + std::to_string(limits_.max_header_bytes) + " bytes",
             "header_fields_too_large");
      break;
    }
    if (ec == bhttp::error::header_limit) {
      fail(431, "the request's header is larger than " + std::to_string(limits_.max_header_bytes) + " bytes",
           "header_fields_too_large");
      break;
    }
    if (ec == bhttp::error::body_limit) {
      fail(413, "the request body is larger than this server's limit of " + std::to_string(limits_.max_body_bytes) + " bytes",
           "request_too_large");
      break;
    }
    if (ec == bhttp::error::bad_version) {
      fail(505, "the HTTP version is not supported; this server speaks HTTP/1.1 and HTTP/1.0", "http_version_not_supported");
      break;
    }
    if (ec) {
      fail(400, "the request is not valid HTTP/1.1 (" + ec.message() + ")", "bad_request");
      break;
    }
    if (parser_->is_header_done() && !parser_->eager()) {
      state_ = State::HeaderDone;
      break;
    }
    if (parser_->is_done()) {
      state_ = State::Complete;
      break;
    }
    if (n == 0) break;
  }
  return used;
}

}  // namespace tessera::server::http

// The fuzz entry of the server's HTTP front (fuzz_entries.h, http_one_input): a connection's
// bytes through the request reader, the access policy and the response framing, as
// server/http/http_server.cpp drives them, with small limits so that every limit is reachable.
#include <algorithm>
#include <string>
#include <string_view>

#include "api_error.h"
#include "fuzz_check.h"
#include "fuzz_entries.h"
#include "http/access_policy.h"
#include "http/request_reader.h"

namespace tessera::fuzz {
namespace {

using namespace tessera::server::http;

bool known_refusal(int status) {
  for (int s : {400, 413, 414, 417, 431, 501, 503, 505})
    if (s == status) return true;
  return false;
}

// Serializes `r` as the connection would and checks the framing it announces.
size_t frame(const HttpResponse& r, const HttpRequest& q) {
  const std::string head = serialize_head(r, q.version == 10 ? 10 : 11, false, true, !q.keep_alive);
  FUZZ_CHECK(head.size() >= 4 && head.compare(head.size() - 4, 4, "\r\n\r\n") == 0);
  // No field a client sent can split the head into more fields or a second response.
  FUZZ_CHECK(std::count(head.begin(), head.end(), '\n') == static_cast<std::ptrdiff_t>(r.headers.size()) + 2 +
                                                            (r.content_type.empty() || r.status == 204 ? 0 : 1) +
                                                            (r.status == 204 ? 0 : 1) + (q.keep_alive ? 0 : 1));
  return head.size() + chunk_frame(r.body).size();
}

}  // namespace

bool has_http_entry() { return true; }

void http_one_input(const uint8_t* data, size_t size) {
  if (size == 0) return;
  // The first byte: how many bytes arrive at a time (1..128), as reads on a socket would split them.
  const size_t step = 1 + data[0] % 128;
  const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);

  HttpLimits limits;
  limits.max_request_line_bytes = 512;
  limits.max_header_bytes = 2048;
  limits.max_header_fields = 16;
  limits.max_body_bytes = 4096;
  BodyBudget budget(6000);
  const AccessRules rules{"127.0.0.1", "key", {"http://ok.example", "https://*.dev:*"}};
  size_t checksum = 0;
  {
    RequestReader reader(limits, &budget);
    std::string pending;
    size_t given = 0;
    for (int answered = 0; answered < 64;) {
      if (reader.state() == RequestReader::State::HeaderDone) {
        const HttpRequest& q = reader.request();
        FUZZ_CHECK(q.path == "*" || (!q.path.empty() && q.path.front() == '/'));
        FUZZ_CHECK(q.version == 10 || q.version == 11);
        if (auto refused = check_access(q, rules)) {
          HttpResponse r = *refused;
          add_cors_headers(q, rules, r);
          FUZZ_CHECK(r.status == 204 || r.status == 401 || r.status == 403 || r.status == 415);
          checksum += frame(r, q);
          if (reader.body_pending()) break;  // the connection closes: the body is never read
          reader.reset();
          ++answered;
          continue;
        }
        reader.read_body();
        continue;
      }
      if (reader.state() == RequestReader::State::Complete) {
        HttpRequest q = reader.take();
        FUZZ_CHECK(q.body.size() <= limits.max_body_bytes);
        FUZZ_CHECK(budget.used() >= q.body.size());
        HttpResponse r;
        r.body = server::without_server_paths(q.body);
        add_cors_headers(q, rules, r);
        checksum += frame(r, q);
        reader.reset();
        FUZZ_CHECK(budget.used() == 0);
        ++answered;
        continue;
      }
      if (reader.state() == RequestReader::State::Failed) {
        FUZZ_CHECK(known_refusal(reader.status()));
        FUZZ_CHECK(!reader.message().empty() && reader.code()[0] != '\0');
        checksum += frame(error_response(reader.status(), reader.message(), reader.code()), reader.request());
        break;
      }
      if (given == input.size()) break;
      const size_t n = std::min(step, input.size() - given);
      pending.append(input.substr(given, n));
      given += n;
      const size_t used = reader.feed(pending);
      FUZZ_CHECK(used <= pending.size());
      pending.erase(0, used);
      // What waits unparsed stays within a header (or a chunk-size line) and one read.
      FUZZ_CHECK(pending.size() < std::max<size_t>(limits.max_header_bytes, 4096) + step);
    }
  }
  FUZZ_CHECK(budget.used() == 0);
  // The origin patterns and the list parser on the same bytes.
  const auto list = parse_origin_list(input.substr(0, 256));
  checksum += check_origin_list(list).size() + origin_allowed(input.substr(0, 256), list);
  volatile size_t sink = checksum;
  (void)sink;
}

}  // namespace tessera::fuzz

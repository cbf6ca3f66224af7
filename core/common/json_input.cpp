#include "common/json_input.h"

namespace tessera {
namespace {

// Thrown from the parser callback to stop at the first container past the limit (nlohmann's
// parser is iterative and lets it through; the partial document is destroyed without recursion).
struct TooDeep {};

// The longest prefix of `s` of at most `n` bytes that does not end inside a UTF-8 sequence.
size_t utf8_cut(std::string_view s, size_t n) {
  if (n >= s.size()) return s.size();
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return n;
}

template <typename J>
class Excerpt {
 public:
  explicit Excerpt(size_t max_bytes) : max_(max_bytes) {}

  std::string take(const J& value) {
    write(value, 0);
    if (out_.size() <= max_) return std::move(out_);
    out_.resize(utf8_cut(out_, max_));
    out_ += "...";
    return std::move(out_);
  }

 private:
  bool full() const { return out_.size() > max_; }

  void write_string(const std::string& s) {
    // Only what can show: a long string is cut before it is escaped.
    const std::string_view shown(s.data(), utf8_cut(s, max_ + 1));
    out_ += J(std::string(shown)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }

  void write(const J& v, int depth) {
    if (full()) return;
    if (v.is_string()) return write_string(v.template get_ref<const std::string&>());
    if (!v.is_structured()) {
      out_ += v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
    const bool object = v.is_object();
    if (depth >= kMaxJsonDepth) {
      out_ += object ? "{...}" : "[...]";
      return;
    }
    out_ += object ? '{' : '[';
    bool first = true;
    for (auto it = v.begin(); it != v.end() && !full(); ++it) {
      if (!first) out_ += ',';
      first = false;
      if (object) {
        write_string(it.key());
        out_ += ':';
      }
      write(it.value(), depth + 1);
    }
    if (!full()) out_ += object ? '}' : ']';
  }

  size_t max_;
  std::string out_;
};

}  // namespace

template <typename J>
Result<J> parse_json(std::string_view text, int max_depth) {
  // `depth` is the number of arrays and objects around the one that starts.
  typename J::parser_callback_t refuse_deep = [max_depth](int depth, nlohmann::json::parse_event_t event, J&) {
    if ((event == nlohmann::json::parse_event_t::object_start || event == nlohmann::json::parse_event_t::array_start) &&
        depth >= max_depth)
      throw TooDeep{};
    return true;
  };
  try {
    return J::parse(text.begin(), text.end(), refuse_deep, /*allow_exceptions=*/true);
  } catch (const TooDeep&) {
    return make_error(ErrorKind::Unsupported, "nests arrays and objects more than " + std::to_string(max_depth) +
                                                  " levels deep (the limit for JSON input)");
  } catch (const nlohmann::json::parse_error& e) {
    // Not e.what(): it quotes the last token read, which may be the whole text.
    return make_error(ErrorKind::InvalidArgument, "is not valid JSON (syntax error at byte " + std::to_string(e.byte) + ")");
  } catch (const nlohmann::json::exception&) {
    return make_error(ErrorKind::InvalidArgument, "is not valid JSON");
  }
}

template <typename J>
std::string json_excerpt(const J& value, size_t max_bytes) {
  return Excerpt<J>(max_bytes).take(value);
}

template Result<nlohmann::json> parse_json<nlohmann::json>(std::string_view, int);
template Result<nlohmann::ordered_json> parse_json<nlohmann::ordered_json>(std::string_view, int);
template std::string json_excerpt<nlohmann::json>(const nlohmann::json&, size_t);
template std::string json_excerpt<nlohmann::ordered_json>(const nlohmann::ordered_json&, size_t);

}  // namespace tessera

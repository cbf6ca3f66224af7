#include "option_parse.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace tessera::cli {
namespace {

Error refuse(std::string message) { return make_error(ErrorKind::InvalidArgument, std::move(message)); }

std::string real_text(double v) {
  // Shortest text that reads back as v, in fixed notation ("1000000", not "1e+06").
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  return r.ec == std::errc() ? std::string(buf, r.ptr) : std::to_string(v);
}

// Whole-text conversion with std::from_chars, which takes no sign '+', no spaces and no prefix.
template <typename T>
std::errc convert(std::string_view text, T& out) {
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, out);
  if (r.ec != std::errc()) return r.ec;
  return r.ptr == end ? std::errc() : std::errc::invalid_argument;
}

// Splits at commas; "" gives one empty item (refused by the item check).
std::vector<std::string_view> split_list(std::string_view text) {
  std::vector<std::string_view> items;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

// Why a text is not a value: its subject ("4294967296", "'4x'") and what is wrong with it
// ("is out of range (1..16777216)"). An empty predicate: it is a value.
struct Problem {
  std::string subject, predicate;
  bool ok() const { return predicate.empty(); }
};

// Built by appending: `"'" + std::string` trips GCC 12's false -Wrestrict warning.
template <typename Range>
Problem out_of_range(std::string_view text, Range range) {
  Problem p{std::string(text), "is out of range ("};
  p.predicate.append(range_text(range)).append(")");
  return p;
}

template <typename Range>
Problem malformed(std::string_view text, const char* kind, Range range) {
  Problem p{"'", "is not "};
  p.subject.append(text).append("'");
  p.predicate.append(kind).append(" (").append(range_text(range)).append(")");
  return p;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

Problem check(std::string_view text, IntRange range, int64_t& v) {
  const std::errc ec = convert(text, v);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && (v < range.min || v > range.max)))
    return out_of_range(text, range);
  if (ec != std::errc()) return malformed(text, "an integer", range);
  return {};
}

Problem check(std::string_view text, UintRange range, uint64_t& v) {
  // "-1" is a number below the range, not a malformed one.
  if (text.size() > 1 && text[0] == '-' && all_digits(text.substr(1))) return out_of_range(text, range);
  const std::errc ec = convert(text, v);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && (v < range.min || v > range.max)))
    return out_of_range(text, range);
  if (ec != std::errc()) return malformed(text, "an integer", range);
  return {};
}

Problem check(std::string_view text, RealRange range, double& v) {
  const std::errc ec = convert(text, v);
  if (ec == std::errc() && std::isnan(v)) return malformed(text, "a number", range);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && (v < range.min || v > range.max)))
    return out_of_range(text, range);
  if (ec != std::errc()) return malformed(text, "a number", range);
  return {};
}

template <typename T, typename Range>
Result<T> parse_one(std::string_view option, std::string_view text, Range range) {
  T v{};
  const Problem p = check(text, range, v);
  if (!p.ok()) return refuse(std::string(option) + ": " + p.subject + " " + p.predicate);
  return v;
}

// A refused item names its list: "-p: '128,x' holds 'x', which is not an integer (0..16777216)".
template <typename T, typename Range>
Result<std::vector<T>> parse_list(std::string_view option, std::string_view text, Range each) {
  const auto items = split_list(text);
  if (items.size() == 1) {
    auto one = parse_one<T>(option, text, each);
    if (!one.ok()) return one.take_error();
    return std::vector<T>{*one};
  }
  std::vector<T> out;
  for (std::string_view item : items) {
    T v{};
    const Problem p = check(item, each, v);
    if (!p.ok())
      return refuse(std::string(option) + ": '" + std::string(text) + "' holds " + p.subject + ", which " + p.predicate);
    out.push_back(v);
  }
  return out;
}

}  // namespace

std::string range_text(IntRange r) { return std::to_string(r.min) + ".." + std::to_string(r.max); }
std::string range_text(UintRange r) { return std::to_string(r.min) + ".." + std::to_string(r.max); }
std::string range_text(RealRange r) { return real_text(r.min) + ".." + real_text(r.max); }

Result<int64_t> parse_integer(std::string_view option, std::string_view text, IntRange range) {
  return parse_one<int64_t>(option, text, range);
}

Result<uint64_t> parse_unsigned(std::string_view option, std::string_view text, UintRange range) {
  return parse_one<uint64_t>(option, text, range);
}

Result<double> parse_real(std::string_view option, std::string_view text, RealRange range) {
  return parse_one<double>(option, text, range);
}

Result<std::vector<int64_t>> parse_integer_list(std::string_view option, std::string_view text, IntRange each) {
  return parse_list<int64_t>(option, text, each);
}

Result<std::vector<double>> parse_real_list(std::string_view option, std::string_view text, RealRange each) {
  return parse_list<double>(option, text, each);
}

std::string usage_line(std::string_view spelling, std::string_view help) {
  std::string line = "  ";
  line += spelling;
  line.append(spelling.size() < 26 ? 26 - spelling.size() : 1, ' ');
  line += help;
  line += '\n';
  return line;
}

bool OptionReader::next() {
  if (failed()) return false;
  if (started_) ++i_;
  started_ = true;
  return i_ < args_.size();
}

bool OptionReader::is(std::initializer_list<std::string_view> names) const {
  for (std::string_view n : names)
    if (arg() == n) return true;
  return false;
}

void OptionReader::fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
}

bool OptionReader::take(std::string& value, const std::string& range_hint) {
  if (i_ + 1 >= args_.size()) {
    fail(arg() + " needs a value" + (range_hint.empty() ? "" : " (" + range_hint + ")"));
    return false;
  }
  value = args_[++i_];
  return true;
}

bool OptionReader::text(std::string& out) { return take(out, ""); }

bool OptionReader::integer64(int64_t& out, IntRange range) {
  const std::string option = arg();
  std::string v;
  if (!take(v, range_text(range))) return false;
  auto r = parse_integer(option, v, range);
  if (!r.ok()) {
    fail(r.error().message);
    return false;
  }
  out = *r;
  return true;
}

bool OptionReader::unsigned64(uint64_t& out, UintRange range) {
  const std::string option = arg();
  std::string v;
  if (!take(v, range_text(range))) return false;
  auto r = parse_unsigned(option, v, range);
  if (!r.ok()) {
    fail(r.error().message);
    return false;
  }
  out = *r;
  return true;
}

bool OptionReader::real(float& out, RealRange range) {
  const std::string option = arg();
  std::string v;
  if (!take(v, range_text(range))) return false;
  auto r = parse_real(option, v, range);
  if (!r.ok()) {
    fail(r.error().message);
    return false;
  }
  out = static_cast<float>(*r);
  return true;
}

bool OptionReader::integer_list(std::vector<int32_t>& out, IntRange each) {
  const std::string option = arg();
  if (each.min < std::numeric_limits<int32_t>::min() || each.max > std::numeric_limits<int32_t>::max()) {
    fail(option + ": range " + range_text(each) + " does not fit the option's type");
    return false;
  }
  std::string v;
  if (!take(v, range_text(each))) return false;
  auto r = parse_integer_list(option, v, each);
  if (!r.ok()) {
    fail(r.error().message);
    return false;
  }
  out.assign(r->begin(), r->end());
  return true;
}

bool OptionReader::real_list(std::vector<float>& out, RealRange each) {
  const std::string option = arg();
  std::string v;
  if (!take(v, range_text(each))) return false;
  auto r = parse_real_list(option, v, each);
  if (!r.ok()) {
    fail(r.error().message);
    return false;
  }
  out.assign(r->begin(), r->end());
  return true;
}

}  // namespace tessera::cli

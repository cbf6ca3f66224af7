// Strict parsing of tessera-cli option values, the one place every command reads numbers through.
//
// A number must be the whole text, in plain decimal (no "4x", no spaces, no leading '+', no hex)
// and within the option's range; ranges are inclusive. A refusal names the option, the text as
// given and the accepted range, ready to print after "tessera-cli COMMAND: ":
//   --ctx: 4294967296 is out of range (1..16777216)
//   --threads: '4x' is not an integer (1..1024)
//   --top-p: 'high' is not a number (0..1)
//   -p: '128,x' holds 'x', which is not an integer (0..16777216)
//   --ctx needs a value (1..16777216)
// The ranges themselves are listed once, in option_ranges.h.
//
// Why not CLI11 (Debian's libcli11-dev 2.1): it refuses multi-letter single-dash names, so the
// documented -sm/-ts/-mg spellings (README, tools/gpu/*.sh) cannot be declared and "-sm row" would
// parse as "-s m"; its refusals have their own wording, not the one above.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common/error.h"

namespace tessera::cli {

struct IntRange {
  int64_t min, max;
};
struct UintRange {
  uint64_t min, max;
};
struct RealRange {
  double min, max;
};

// "1..16777216", "0..1", "0.01..10".
std::string range_text(IntRange r);
std::string range_text(UintRange r);
std::string range_text(RealRange r);

// The value of `option` given as `text`; Error{InvalidArgument} with the message above otherwise.
// Reals must be finite ("nan" is not a number, "inf" is out of every range).
Result<int64_t> parse_integer(std::string_view option, std::string_view text, IntRange range);
Result<uint64_t> parse_unsigned(std::string_view option, std::string_view text, UintRange range);
Result<double> parse_real(std::string_view option, std::string_view text, RealRange range);
// Comma-separated, at least one item, each within `each` ("128,512").
Result<std::vector<int64_t>> parse_integer_list(std::string_view option, std::string_view text, IntRange each);
Result<std::vector<double>> parse_real_list(std::string_view option, std::string_view text, RealRange each);

// One line of an options list: "  " + `spelling` padded to 26 columns + `help` + "\n".
std::string usage_line(std::string_view spelling, std::string_view help);

// Walks one command's arguments:
//   OptionReader r(args);
//   while (r.next()) {
//     if (r.is({"-c", "--ctx"})) r.integer(o.n_ctx, kContextRange);
//     else if (...) ...
//     else r.fail("unknown option '" + r.arg() + "'");
//   }
//   if (r.failed()) { print r.error(); return 2; }
// The value readers take the argument after the option at hand (so a value may start with '-':
// "-n -1"). On a missing or refused value they record the error and return false, and next()
// returns false from then on; the first error is kept.
class OptionReader {
 public:
  explicit OptionReader(const std::vector<std::string>& args) : args_(args) {}

  bool next();
  const std::string& arg() const { return args_[i_]; }
  bool is(std::initializer_list<std::string_view> names) const;

  bool text(std::string& out);
  template <typename T>
  bool integer(T& out, IntRange range) {
    static_assert(std::is_integral_v<T> && std::is_signed_v<T>);
    // The range must fit T, so a value in range never wraps.
    if (range.min < std::numeric_limits<T>::min() || range.max > std::numeric_limits<T>::max()) {
      fail(arg() + ": range " + range_text(range) + " does not fit the option's type");
      return false;
    }
    int64_t v = 0;
    if (!integer64(v, range)) return false;
    out = static_cast<T>(v);
    return true;
  }
  bool unsigned64(uint64_t& out, UintRange range);
  bool real(float& out, RealRange range);
  bool integer_list(std::vector<int32_t>& out, IntRange each);
  bool real_list(std::vector<float>& out, RealRange each);

  void fail(std::string message);
  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }

 private:
  bool integer64(int64_t& out, IntRange range);
  // The value after the option at hand; false (with "OPTION needs a value (RANGE)") when missing.
  bool take(std::string& value, const std::string& range_hint);

  const std::vector<std::string>& args_;
  size_t i_ = 0;
  bool started_ = false;
  std::string error_;
};

}  // namespace tessera::cli

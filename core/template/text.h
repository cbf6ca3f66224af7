// Python `str` semantics on UTF-8 strings, for the template interpreter.
//
// Templates are rendered as Python's jinja2 renders them, so string operations must behave like
// Python's: lengths, indices and slices count code points (not bytes), `strip()` without arguments
// removes Unicode whitespace, `split()` without a separator splits on runs of whitespace, and so on.
// Strings are kept as UTF-8 everywhere; functions decode to code points only where they must.
//
// Invalid UTF-8 bytes decode to U+DC80..U+DCFF (Python's "surrogateescape") and encode back to the
// same byte, so no input byte is ever lost or changed by a round trip.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::jinja::text {

std::u32string decode(std::string_view s);
std::string encode(std::u32string_view s);
void append_utf8(std::string& out, char32_t c);
// Number of code points.
size_t length(std::string_view s);

// Python str.isspace() for one code point.
bool is_space(char32_t c);
// Upper/lower case mappings: ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic, Armenian and
// full-width Latin. Other scripts are returned unchanged (approximation of Python's full tables).
char32_t to_upper(char32_t c);
char32_t to_lower(char32_t c);
bool is_cased(char32_t c);  // has a different upper or lower form
bool is_upper(char32_t c);
bool is_lower(char32_t c);
bool is_digit(char32_t c);  // ASCII digits
bool is_alpha(char32_t c);  // letters (approximation outside the scripts above: any non-space, non-punctuation)
// Regex `\w` (word character) as Python's re module matches it on str (approximation).
bool is_word(char32_t c);

std::string upper(std::string_view s);      // str.upper() ('ß' -> "SS")
std::string lower(std::string_view s);      // str.lower()
std::string capitalize(std::string_view s); // str.capitalize(): first upper, rest lower
std::string title(std::string_view s);      // str.title(): upper after every uncased character

// str.strip/lstrip/rstrip. `chars` absent: Unicode whitespace; present: any of its code points.
std::string strip(std::string_view s, bool left, bool right, const std::optional<std::string>& chars = std::nullopt);
// str.split(sep, maxsplit) / str.rsplit. sep absent: runs of whitespace, empty parts dropped.
// An empty `sep` is the caller's error (Python raises ValueError); this returns {s}.
std::vector<std::string> split(std::string_view s, const std::optional<std::string>& sep, int64_t maxsplit = -1);
std::vector<std::string> rsplit(std::string_view s, const std::optional<std::string>& sep, int64_t maxsplit = -1);
// str.splitlines(keepends): splits on \n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, U+2028, U+2029.
std::vector<std::string> splitlines(std::string_view s, bool keepends = false);
// str.replace(old, new, count); count < 0 replaces all. An empty `old` inserts between code points.
std::string replace(std::string_view s, std::string_view old_text, std::string_view new_text, int64_t count = -1);
// str.find: code point index of the first occurrence at or after `start`, or -1.
int64_t find(std::string_view s, std::string_view needle);
// str.count(sub): non-overlapping occurrences.
int64_t count(std::string_view s, std::string_view needle);

// markupsafe.escape: & < > " ' as &amp; &lt; &gt; &#34; &#39;. escaped_size gives the length first.
size_t html_escaped_size(std::string_view s);
std::string html_escape(std::string_view s);

// Python repr() of a str: 'abc', "it's", with \n, \t, \\, \xNN escapes.
std::string repr(std::string_view s);
// Python repr() of a float: shortest round-trip digits, "1.0", "1e+16", "1e-05", "inf", "nan".
std::string format_float(double v);

// Python int(str) (base 10): surrounding whitespace, sign, digits with single '_' separators.
std::optional<int64_t> parse_int(std::string_view s, int base = 10);
// Python float(str): surrounding whitespace, sign, decimal/exponent forms, "inf", "nan".
std::optional<double> parse_float(std::string_view s);

}  // namespace tessera::jinja::text

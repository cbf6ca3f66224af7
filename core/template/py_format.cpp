#include "template/py_format.h"

#include <cmath>
#include <cstdio>
#include <optional>

#include "template/operators.h"
#include "template/text.h"

namespace tessera::jinja {

namespace {

std::string pad(const std::string& s, size_t width, char align, const std::string& fill = " ") {
  const size_t len = text::length(s);
  if (len >= width) return s;
  const size_t total = width - len;
  auto rep = [&](size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i) out += fill;
    return out;
  };
  if (align == '<') return s + rep(total);
  if (align == '^') return rep(total / 2) + s + rep(total - total / 2);
  return rep(total) + s;
}

std::string truncate_cp(const std::string& s, size_t n) {
  std::u32string cps = text::decode(s);
  if (cps.size() <= n) return s;
  return text::encode(std::u32string_view(cps).substr(0, n));
}

// A width or precision: digits up to the first non-digit. Values beyond the string limit are
// refused (a result that wide could not be built anyway).
Result<size_t> parse_count(std::string_view s, size_t& i, const RenderLimits& limits, const char* what) {
  uint64_t n = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    n = n * 10 + static_cast<uint64_t>(s[i++] - '0');
    if (n > limits.max_string_bytes)
      return value_error(std::string("format ") + what + " is larger than " +
                         limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
  }
  return static_cast<size_t>(n);
}

Result<int64_t> as_integer(const Value& v, char conv) {
  if (v.is_int() || v.is_bool()) return v.get_int();
  if (v.is_float()) {
    const double d = v.get_float();
    if (std::isnan(d) || std::isinf(d)) return value_error("cannot convert float " + to_str(v) + " to integer");
    // Python's ints are unbounded; ours are 64-bit, so larger floats are refused, not wrapped.
    if (!(std::fabs(d) < 9223372036854775808.0))
      return value_error(std::string("%") + conv + " format: " + to_str(v) + " is outside the 64-bit integer range");
    return static_cast<int64_t>(d);
  }
  return value_error(std::string("%") + conv + " format: a real number is required, not " + type_name(v));
}

Result<double> as_real(const Value& v, char conv) {
  if (v.is_numeric()) return v.to_double();
  return value_error(std::string("%") + conv + " format: a real number is required, not " + type_name(v));
}

// snprintf into a string of exactly the needed size (the format's width and precision are at
// most max_string_bytes, so the length is known to fit before anything is allocated).
template <typename T>
Result<std::string> c_format(const std::string& f, T v, const RenderLimits& limits) {
  const int n = std::snprintf(nullptr, 0, f.c_str(), v);
  if (n < 0) return value_error("invalid format '" + f + "'");
  if (static_cast<size_t>(n) > limits.max_string_bytes)
    return value_error("formatted value would be longer than " +
                       limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), f.c_str(), v);
  out.resize(static_cast<size_t>(n));
  return out;
}

Result<std::string> c_format_int(const std::string& flags, std::optional<size_t> width, std::optional<size_t> prec,
                                 char conv, int64_t v, const RenderLimits& limits) {
  std::string f = "%" + flags;
  if (width) f += std::to_string(*width);
  if (prec) f += "." + std::to_string(*prec);
  f += "ll";
  f += (conv == 'i' || conv == 'u') ? 'd' : conv;
  return c_format(f, static_cast<long long>(v), limits);
}

Result<std::string> c_format_real(const std::string& flags, std::optional<size_t> width, std::optional<size_t> prec,
                                  char conv, double v, const RenderLimits& limits) {
  std::string f = "%" + flags;
  if (width) f += std::to_string(*width);
  f += "." + std::to_string(prec.value_or(6));
  f += conv;
  return c_format(f, v, limits);
}

}  // namespace

Result<std::string> percent_format(const std::string& format, const Value& args, const RenderLimits& limits) {
  std::vector<Value> values;
  if (args.is_tuple()) values = args.items();
  else values.push_back(args);
  const Value* mapping = args.is_mapping() ? &args : nullptr;
  size_t next_arg = 0;
  bool used_mapping = false;
  std::string out;
  const size_t n = format.size();
  for (size_t i = 0; i < n; ++i) {
    if (format[i] != '%') {
      out.push_back(format[i]);
      continue;
    }
    if (++i >= n) return value_error("incomplete format");
    std::optional<Value> keyed;
    if (format[i] == '(') {
      size_t close = format.find(')', i);
      if (close == std::string::npos) return value_error("incomplete format key");
      if (!mapping) return value_error("format requires a mapping");
      const Value* v = mapping->dict_data().find(std::string_view(format).substr(i + 1, close - i - 1));
      if (!v) return value_error("KeyError: " + text::repr(format.substr(i + 1, close - i - 1)));
      keyed = *v;
      used_mapping = true;
      i = close + 1;
    }
    std::string flags;
    while (i < n && std::string_view("-+ #0").find(format[i]) != std::string_view::npos) flags.push_back(format[i++]);
    std::optional<size_t> width, prec;
    if (i < n && std::isdigit(static_cast<unsigned char>(format[i]))) {
      TESSERA_ASSIGN_OR_RETURN(width, parse_count(format, i, limits, "width"));
    }
    if (i < n && format[i] == '.') {
      ++i;
      TESSERA_ASSIGN_OR_RETURN(prec, parse_count(format, i, limits, "precision"));
    }
    while (i < n && (format[i] == 'h' || format[i] == 'l' || format[i] == 'L')) ++i;
    if (i >= n) return value_error("incomplete format");
    const char conv = format[i];
    if (conv == '%') {
      out.push_back('%');
      continue;
    }
    Value v;
    if (keyed) {
      v = *keyed;
    } else {
      if (next_arg >= values.size()) return value_error("not enough arguments for format string");
      v = values[next_arg++];
    }
    const bool left = flags.find('-') != std::string::npos;
    switch (conv) {
      case 's':
      case 'r':
      case 'a': {
        TESSERA_ASSIGN_OR_RETURN(std::string s, to_text(v, limits, conv != 's'));
        if (prec) s = truncate_cp(s, *prec);
        out += pad(s, static_cast<size_t>(width.value_or(0)), left ? '<' : '>');
        break;
      }
      case 'd':
      case 'i':
      case 'u':
      case 'x':
      case 'X':
      case 'o': {
        TESSERA_ASSIGN_OR_RETURN(int64_t x, as_integer(v, conv));
        TESSERA_ASSIGN_OR_RETURN(std::string formatted, c_format_int(flags, width, prec, conv, x, limits));
        out += formatted;
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G': {
        TESSERA_ASSIGN_OR_RETURN(double x, as_real(v, conv));
        TESSERA_ASSIGN_OR_RETURN(std::string formatted, c_format_real(flags, width, prec, conv, x, limits));
        out += formatted;
        break;
      }
      case 'c': {
        std::string s;
        if (v.is_string() && text::length(v.get_string()) == 1) s = v.get_string();
        else if (v.is_int() && v.get_int() >= 0 && v.get_int() <= 0x10FFFF) text::append_utf8(s, static_cast<char32_t>(v.get_int()));
        else if (v.is_int()) return value_error("%c arg not in range(0x110000)");
        else return value_error("%c requires int or char");
        out += pad(s, static_cast<size_t>(width.value_or(0)), left ? '<' : '>');
        break;
      }
      default:
        return value_error(std::string("unsupported format character '") + conv + "'");
    }
    if (out.size() > limits.max_string_bytes)
      return value_error("formatted string longer than " +
                         limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
  }
  if (!used_mapping && !mapping && next_arg < values.size())
    return value_error("not all arguments converted during string formatting");
  return out;
}

namespace {

struct Spec {
  std::string fill = " ";
  char align = 0;
  char sign = '-';
  bool alternate = false;
  bool zero = false;
  size_t width = 0;
  char grouping = 0;
  std::optional<int> precision;
  char type = 0;
};

Result<Spec> parse_spec(const std::string& s, const RenderLimits& limits) {
  Spec spec;
  std::u32string cps = text::decode(s);
  size_t i = 0;
  auto is_align = [](char32_t c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (cps.size() >= 2 && is_align(cps[1])) {
    spec.fill.clear();
    text::append_utf8(spec.fill, cps[0]);
    spec.align = static_cast<char>(cps[1]);
    i = 2;
  } else if (!cps.empty() && is_align(cps[0])) {
    spec.align = static_cast<char>(cps[0]);
    i = 1;
  }
  if (i < cps.size() && (cps[i] == '+' || cps[i] == '-' || cps[i] == ' ')) spec.sign = static_cast<char>(cps[i++]);
  if (i < cps.size() && cps[i] == '#') {
    spec.alternate = true;
    ++i;
  }
  if (i < cps.size() && cps[i] == '0') {
    spec.zero = true;
    ++i;
  }
  while (i < cps.size() && text::is_digit(cps[i])) {
    spec.width = spec.width * 10 + (cps[i++] - '0');
    if (spec.width > limits.max_string_bytes)
      return value_error("format width is larger than " +
                         limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
  }
  if (i < cps.size() && (cps[i] == ',' || cps[i] == '_')) spec.grouping = static_cast<char>(cps[i++]);
  if (i < cps.size() && cps[i] == '.') {
    ++i;
    int p = 0;
    bool any = false;
    while (i < cps.size() && text::is_digit(cps[i])) {
      p = p * 10 + static_cast<int>(cps[i++] - '0');
      any = true;
      if (static_cast<size_t>(p) > std::min<size_t>(limits.max_string_bytes, 1u << 20))
        return value_error("format precision is larger than " +
                           limit_text("max_string_bytes", std::min<size_t>(limits.max_string_bytes, 1u << 20), " digits"));
    }
    if (!any) return value_error("format specifier missing precision");
    spec.precision = p;
  }
  if (i < cps.size()) spec.type = static_cast<char>(cps[i++]);
  if (i != cps.size()) return value_error("invalid format specifier '" + s + "'");
  return spec;
}

std::string group_digits(const std::string& digits, char sep) {
  std::string out;
  const size_t n = digits.size();
  for (size_t i = 0; i < n; ++i) {
    if (i && (n - i) % 3 == 0) out.push_back(sep);
    out.push_back(digits[i]);
  }
  return out;
}

Result<std::string> format_value(const Value& v, const std::string& spec_text, const RenderLimits& limits) {
  if (spec_text.empty()) return to_text(v, limits);
  TESSERA_ASSIGN_OR_RETURN(Spec spec, parse_spec(spec_text, limits));
  if (v.is_string() || (!v.is_numeric())) {
    if (!v.is_string()) return value_error("unsupported format string passed to " + type_name(v) + ".__format__");
    if (spec.type && spec.type != 's') return value_error(std::string("unknown format code '") + spec.type + "' for str");
    std::string s = v.get_string();
    if (spec.precision) s = truncate_cp(s, static_cast<size_t>(*spec.precision));
    return pad(s, spec.width, spec.align ? spec.align : '<', spec.fill);
  }
  // numbers
  std::string body;
  bool negative = false;
  const bool integer_type = spec.type == 0 || std::string_view("dxXobnc").find(spec.type) != std::string_view::npos;
  if ((v.is_int() || v.is_bool()) && integer_type) {
    int64_t x = v.get_int();
    negative = x < 0;
    const uint64_t mag = negative ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    char buf[80];
    switch (spec.type) {
      case 'x': std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(mag)); body = spec.alternate ? std::string("0x") + buf : buf; break;
      case 'X': std::snprintf(buf, sizeof buf, "%llX", static_cast<unsigned long long>(mag)); body = spec.alternate ? std::string("0X") + buf : buf; break;
      case 'o': std::snprintf(buf, sizeof buf, "%llo", static_cast<unsigned long long>(mag)); body = spec.alternate ? std::string("0o") + buf : buf; break;
      case 'b': {
        std::string bits;
        for (uint64_t m = mag; m; m >>= 1) bits.insert(bits.begin(), static_cast<char>('0' + (m & 1)));
        body = (spec.alternate ? "0b" : "") + (bits.empty() ? std::string("0") : bits);
        break;
      }
      case 'c':
        if (negative || mag > 0x10FFFF) return value_error("%c arg not in range(0x110000)");
        text::append_utf8(body, static_cast<char32_t>(mag));
        break;
      default:
        std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(mag));
        body = spec.grouping ? group_digits(buf, spec.grouping) : buf;
    }
  } else {
    if (!(std::string_view("eEfFgG%").find(spec.type) != std::string_view::npos || spec.type == 0))
      return value_error(std::string("unknown format code '") + spec.type + "' for float");
    double x = v.to_double();
    negative = std::signbit(x) && !std::isnan(x);
    x = std::fabs(x);
    char t = spec.type;
    if (t == '%') x *= 100;
    if (t == 0) {
      if (!spec.precision) {
        body = text::format_float(x);
      } else {
        TESSERA_ASSIGN_OR_RETURN(body, c_format("%." + std::to_string(std::max(*spec.precision, 1)) + "g", x, limits));
        if (body.find_first_of(".en") == std::string::npos) body += ".0";
      }
    } else {
      const char conv = t == '%' ? 'f' : t;
      TESSERA_ASSIGN_OR_RETURN(body,
                               c_format("%." + std::to_string(spec.precision.value_or(6)) + conv, x, limits));
      if (t == '%') body += "%";
    }
    if (spec.grouping) {
      size_t end = body.find_first_not_of("0123456789");
      body = group_digits(body.substr(0, end), spec.grouping) + (end == std::string::npos ? "" : body.substr(end));
    }
  }
  std::string sign;
  if (negative) sign = "-";
  else if (spec.sign == '+') sign = "+";
  else if (spec.sign == ' ') sign = " ";
  if (spec.zero && !spec.align) {
    spec.align = '=';
    spec.fill = "0";
  }
  if (spec.align == '=') {
    const size_t len = text::length(sign) + text::length(body);
    std::string fill;
    for (size_t i = len; i < spec.width; ++i) fill += spec.fill;
    return sign + fill + body;
  }
  return pad(sign + body, spec.width, spec.align ? spec.align : '>', spec.fill);
}

}  // namespace

Result<std::string> brace_format(const std::string& format, const CallArgs& args, const RenderLimits& limits) {
  std::string out;
  size_t auto_index = 0;
  const size_t n = format.size();
  for (size_t i = 0; i < n; ++i) {
    const char c = format[i];
    if (c == '}') {
      if (i + 1 < n && format[i + 1] == '}') {
        out.push_back('}');
        ++i;
        continue;
      }
      return value_error("Single '}' encountered in format string");
    }
    if (c != '{') {
      out.push_back(c);
      continue;
    }
    if (i + 1 < n && format[i + 1] == '{') {
      out.push_back('{');
      ++i;
      continue;
    }
    size_t close = format.find('}', i);
    if (close == std::string::npos) return value_error("Single '{' encountered in format string");
    std::string field = format.substr(i + 1, close - i - 1);
    i = close;
    std::string spec, conversion;
    if (size_t colon = field.find(':'); colon != std::string::npos) {
      spec = field.substr(colon + 1);
      field.resize(colon);
    }
    if (size_t bang = field.find('!'); bang != std::string::npos) {
      conversion = field.substr(bang + 1);
      field.resize(bang);
    }
    size_t name_end = field.find_first_of(".[");
    std::string name = field.substr(0, name_end);
    Value v;
    if (name.empty()) {
      if (auto_index >= args.positional.size())
        return value_error("Replacement index " + std::to_string(auto_index) + " out of range for positional args tuple");
      v = args.positional[auto_index++];
    } else if (std::isdigit(static_cast<unsigned char>(name[0]))) {
      auto idx = text::parse_int(name);
      if (!idx || *idx < 0 || static_cast<size_t>(*idx) >= args.positional.size())
        return value_error("Replacement index " + name + " out of range for positional args tuple");
      v = args.positional[static_cast<size_t>(*idx)];
    } else {
      bool found = false;
      for (const auto& [k, val] : args.named)
        if (k == name) {
          v = val;
          found = true;
        }
      if (!found) return value_error("KeyError: " + text::repr(name));
    }
    // .attr and [key] accessors
    size_t p = name_end;
    while (p != std::string::npos && p < field.size()) {
      if (field[p] == '.') {
        size_t e = field.find_first_of(".[", p + 1);
        std::string attr = field.substr(p + 1, e == std::string::npos ? std::string::npos : e - p - 1);
        TESSERA_ASSIGN_OR_RETURN(v, get_attr(v, attr));
        p = e;
      } else {
        size_t e = field.find(']', p);
        if (e == std::string::npos) return value_error("Missing ']' in format string");
        std::string key = field.substr(p + 1, e - p - 1);
        auto idx = text::parse_int(key);
        TESSERA_ASSIGN_OR_RETURN(v, get_item(v, idx ? Value::integer(*idx) : Value::string(key)));
        p = e + 1;
      }
    }
    if (conversion == "r" || conversion == "a" || conversion == "s") {
      TESSERA_ASSIGN_OR_RETURN(std::string converted, to_text(v, limits, conversion != "s"));
      v = Value::string(std::move(converted));
    } else if (!conversion.empty()) {
      return value_error("Unknown conversion specifier " + conversion);
    }
    TESSERA_ASSIGN_OR_RETURN(std::string formatted, format_value(v, spec, limits));
    if (uint64_t(out.size()) + formatted.size() > limits.max_string_bytes)
      return value_error("formatted string longer than " +
                         limit_text("max_string_bytes", limits.max_string_bytes, " bytes"));
    out += formatted;
  }
  return out;
}

}  // namespace tessera::jinja

// Python string formatting used by templates: "%s %d" % args and "{} {name}".format(...).
#pragma once

#include <string>

#include "common/error.h"
#include "template/render_limits.h"
#include "template/value.h"

namespace tessera::jinja {

// printf-style: %s %r %d %i %u %f %F %e %E %g %G %x %X %o %c %%, flags "-+ 0#", width and
// precision, and %(name)s with a dict. `args` is a tuple, a dict, or a single value.
// Widths and precisions are honoured in full; a result longer than limits.max_string_bytes is an
// error (checked before it is built).
Result<std::string> percent_format(const std::string& format, const Value& args, const RenderLimits& limits = {});
// str.format: {} {0} {name} with format specs [[fill]align][sign][0][width][,][.precision][type].
Result<std::string> brace_format(const std::string& format, const CallArgs& args, const RenderLimits& limits = {});

}  // namespace tessera::jinja

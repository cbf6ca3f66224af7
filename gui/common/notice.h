// A message for the window's banner, as the parts of the app that are not widgets hand it over: its
// severity, its texts (asked for again when the interface language changes), and optionally a
// button and what the button does.
#pragma once

#include <functional>

#include "error_banner.h"

namespace tessera::gui {

struct Notice {
  ErrorBanner::Severity severity = ErrorBanner::Severity::Info;
  ErrorBanner::TextSource text;
  ErrorBanner::ActionSource action;  // empty: no button
  std::function<void()> on_action;
};

}  // namespace tessera::gui

#include "reasoning/thinking_choice.h"

#include <array>
#include <utility>

namespace tessera::reasoning {
namespace {

constexpr std::array<std::pair<ThinkingChoice, std::string_view>, 6> kKeys{{
    {ThinkingChoice::Default, ""},
    {ThinkingChoice::On, "on"},
    {ThinkingChoice::Off, "off"},
    {ThinkingChoice::Low, "low"},
    {ThinkingChoice::Medium, "medium"},
    {ThinkingChoice::High, "high"},
}};

}  // namespace

std::string_view thinking_choice_key(ThinkingChoice choice) {
  for (const auto& [c, key] : kKeys)
    if (c == choice) return key;
  return {};
}

std::optional<ThinkingChoice> parse_thinking_choice(std::string_view key) {
  for (const auto& [c, k] : kKeys)
    if (k == key) return c;
  return std::nullopt;
}

ThinkingControl thinking_control_of(ThinkingChoice choice) {
  switch (choice) {
    case ThinkingChoice::Default: return ThinkingControl::None;
    case ThinkingChoice::On:
    case ThinkingChoice::Off: return ThinkingControl::Toggle;
    case ThinkingChoice::Low:
    case ThinkingChoice::Medium:
    case ThinkingChoice::High: return ThinkingControl::Effort;
  }
  return ThinkingControl::None;
}

std::vector<ThinkingChoice> thinking_choices(ThinkingControl control) {
  std::vector<ThinkingChoice> out{ThinkingChoice::Default};
  for (const auto& [c, key] : kKeys)
    if (c != ThinkingChoice::Default && thinking_control_of(c) == control) out.push_back(c);
  return out;
}

}  // namespace tessera::reasoning

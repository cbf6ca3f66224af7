// A person's choice of how a reasoning model thinks, for the control its chat template offers
// (ThinkingControl, output_format.h): the template's default, thinking on or off (the template
// variable `enable_thinking`), or an effort (`reasoning_effort`). The words written here are the
// ones the app's settings, `tessera-cli chat --thinking / --reasoning-effort` and the server's
// `reasoning_effort` field use; nothing else spells them.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "reasoning/output_format.h"

namespace tessera::reasoning {

enum class ThinkingChoice { Default, On, Off, Low, Medium, High };

// "" (Default), "on", "off", "low", "medium", "high".
std::string_view thinking_choice_key(ThinkingChoice choice);
// The choice a key names; nullopt for any other word ("" is Default).
std::optional<ThinkingChoice> parse_thinking_choice(std::string_view key);
// The control a choice steers: Toggle for On/Off, Effort for Low/Medium/High, None for Default.
ThinkingControl thinking_control_of(ThinkingChoice choice);
// The choices a control offers, the template's default first (only Default for None).
std::vector<ThinkingChoice> thinking_choices(ThinkingControl control);

}  // namespace tessera::reasoning

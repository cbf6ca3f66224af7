// The thinking choices of the app's Thinking row, tessera-cli chat's --thinking /
// --reasoning-effort and the server's reasoning_effort: one list of words, each for one control.
#include <gtest/gtest.h>

#include "reasoning/thinking_choice.h"

namespace tessera::reasoning {
namespace {

TEST(ThinkingChoice, EachKeyNamesOneChoiceOfOneControl) {
  for (ThinkingChoice c : {ThinkingChoice::Default, ThinkingChoice::On, ThinkingChoice::Off, ThinkingChoice::Low,
                           ThinkingChoice::Medium, ThinkingChoice::High})
    EXPECT_EQ(parse_thinking_choice(thinking_choice_key(c)), c) << thinking_choice_key(c);
  EXPECT_EQ(thinking_choice_key(ThinkingChoice::Default), "");
  EXPECT_EQ(thinking_choice_key(ThinkingChoice::On), "on");
  EXPECT_EQ(thinking_choice_key(ThinkingChoice::High), "high");
  EXPECT_FALSE(parse_thinking_choice("maximum").has_value());
  EXPECT_FALSE(parse_thinking_choice("On").has_value()) << "the words are as written";
  EXPECT_EQ(thinking_control_of(ThinkingChoice::Off), ThinkingControl::Toggle);
  EXPECT_EQ(thinking_control_of(ThinkingChoice::Medium), ThinkingControl::Effort);
  EXPECT_EQ(thinking_control_of(ThinkingChoice::Default), ThinkingControl::None);
}

TEST(ThinkingChoice, EachControlOffersItsOwnChoicesAfterTheDefault) {
  EXPECT_EQ(thinking_choices(ThinkingControl::None), std::vector<ThinkingChoice>{ThinkingChoice::Default});
  EXPECT_EQ(thinking_choices(ThinkingControl::Toggle),
            (std::vector<ThinkingChoice>{ThinkingChoice::Default, ThinkingChoice::On, ThinkingChoice::Off}));
  EXPECT_EQ(thinking_choices(ThinkingControl::Effort),
            (std::vector<ThinkingChoice>{ThinkingChoice::Default, ThinkingChoice::Low, ThinkingChoice::Medium,
                                         ThinkingChoice::High}));
}

}  // namespace
}  // namespace tessera::reasoning

// StateCheckpoints: which copy a save writes and a restore reads (backend.h's checkpoint contract,
// the rules the CPU backend's RecurrentState keeps and the CUDA backend's host copies follow).
#include "backend/state_checkpoints.h"

#include <gtest/gtest.h>

namespace tessera {
namespace {

TEST(StateCheckpoints, SavesReplaceTheSamePositionThenFreeSlotsThenTheOldest) {
  StateCheckpoints c(3);
  EXPECT_EQ(c.list(), "none");
  const int32_t a = c.save(6), b = c.save(13), d = c.save(20);
  EXPECT_NE(a, b);
  EXPECT_NE(b, d);
  EXPECT_NE(a, d);
  EXPECT_EQ(c.save(13), b);  // the same position: the same slot
  EXPECT_EQ(c.save(30), a);  // full: the oldest saved (6) goes
  EXPECT_EQ(c.list(), "13, 20, 30");
  EXPECT_EQ(c.save(40), d);  // 13 was saved again after 20, so 20 is now the oldest
  EXPECT_EQ(c.list(), "13, 30, 40");
  EXPECT_EQ(c.slot_of(30), a);
  EXPECT_EQ(c.slot_of(20), -1);
  EXPECT_EQ(c.slot_of(-1), -1);
}

TEST(StateCheckpoints, ForgettingAndLookingUp) {
  StateCheckpoints c(4);
  c.save(6);
  c.save(13);
  c.save(20);
  EXPECT_EQ(c.at_or_before(19), 13);
  EXPECT_EQ(c.at_or_before(20), 20);
  EXPECT_EQ(c.at_or_before(5), -1);
  c.forget_after(13);  // an eval from 13 rewrites what follows
  EXPECT_EQ(c.list(), "6, 13");
  EXPECT_EQ(c.at_or_before(100), 13);
  c.clear();
  EXPECT_EQ(c.list(), "none");
  EXPECT_EQ(c.at_or_before(100), -1);
  StateCheckpoints none;
  EXPECT_EQ(none.save(3), -1);
  EXPECT_EQ(none.list(), "none");
}

}  // namespace
}  // namespace tessera

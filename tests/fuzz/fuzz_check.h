// FUZZ_CHECK(cond): an invariant of a fuzz entry (fuzz_entries.h). A broken one traps, so that
// libFuzzer records the input as a crash and a regression test fails on it; it never returns.
#pragma once

#define FUZZ_CHECK(cond)           \
  do {                             \
    if (!(cond)) __builtin_trap(); \
  } while (0)

// The accepted range of every numeric tessera-cli option, stated once: the parsers check against
// these and the usage texts print them. Ranges are inclusive.
//
// Limits that depend on the model or the machine are checked where those are known, after this:
// the host/GPU memory check of the backend refuses a context whose KV cache does not fit, the split
// planner refuses a --main-gpu beyond the devices it sees. A context beyond the one the model was
// trained on is allowed (as llama.cpp allows it, for RoPE-scaled experiments), with a note from
// load_model (cli_common.h) naming both numbers.
#pragma once

#include <cstdint>
#include <limits>

#include "backend/backend.h"
#include "option_parse.h"

namespace tessera::cli {

// Context and token counts: 2^24 positions is above every released model's context, and a larger
// number is a typo (or a wrapped 32-bit value), not a plan.
inline constexpr int32_t kMaxContextOption = 1 << 24;

inline constexpr IntRange kThreadsRange{1, kMaxThreads};                    // -t/--threads (absent: all cores)
inline constexpr IntRange kContextRange{1, kMaxContextOption};              // -c/--ctx
inline constexpr IntRange kBatchRange{1, kMaxContextOption};                // -b/--batch
inline constexpr IntRange kPredictRange{-1, kMaxContextOption};             // -n/--n-predict (-1: no limit)
inline constexpr IntRange kTopKRange{0, std::numeric_limits<int32_t>::max()};  // --top-k (0: off)
inline constexpr RealRange kProbabilityRange{0.0, 1.0};                     // --top-p, --min-p
// Above 10 the distribution is all but uniform; "--temp 80" is a typo for 0.8.
inline constexpr RealRange kTemperatureRange{0.0, 10.0};                     // --temp (0: greedy)
// Must be positive (it divides); "--repeat-penalty 11" is a typo for 1.1.
inline constexpr RealRange kRepeatPenaltyRange{0.01, 10.0};                  // --repeat-penalty (1: off)
inline constexpr RealRange kCountPenaltyRange{-2.0, 2.0};                    // --frequency/presence-penalty (OpenAI's range)
inline constexpr IntRange kRepeatLastNRange{-1, std::numeric_limits<int32_t>::max()};  // --repeat-last-n (-1: all)
inline constexpr UintRange kSeedRange{0, std::numeric_limits<uint64_t>::max()};        // --seed
inline constexpr IntRange kDeviceIndexRange{0, 255};                         // -mg/--main-gpu
inline constexpr RealRange kSplitShareRange{0.0, 1e6};                       // each -ts/--tensor-split share
inline constexpr IntRange kBenchTokensRange{0, kMaxContextOption};           // each bench -p/-n item (0: skip)
inline constexpr IntRange kRepetitionsRange{1, 1000};                        // bench -r
inline constexpr IntRange kChunksRange{1, std::numeric_limits<int32_t>::max()};  // perplexity --chunks
// OpenAI's API allows 20; more than a hundred alternatives per token is a typo, not a plan.
inline constexpr IntRange kTopLogprobsRange{0, 100};                          // run --top-logprobs
// Retries in a row that receive nothing, with waits doubling from 1 s (at most a minute each).
inline constexpr IntRange kRetriesRange{0, 100};                              // pull --retries

// File inputs (regular files only: common/input_file.h) and standard input, in bytes: far above any
// real input, so a larger one is a mistake (a device, a wrong file) refused by name, not read.
inline constexpr uint64_t kMaxTemplateFileBytes = uint64_t{16} << 20;   // template --file (real ones: 1-100 KiB)
inline constexpr uint64_t kMaxJsonFileBytes = uint64_t{64} << 20;       // template --messages, --tools
inline constexpr uint64_t kMaxTextInputBytes = uint64_t{256} << 20;     // perplexity -f, tokenize -, a chat line

}  // namespace tessera::cli

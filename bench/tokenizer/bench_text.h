// Synthetic benchmark text: sentences assembled from small word lists written for this benchmark
// (no copied prose), with a fixed seed so every run tokenizes the same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessera::bench {

enum class TextMix {
  Mixed,    // English, German, Russian, Chinese, Japanese, code, numbers, emoji
  English,  // Latin-only English prose with some numbers and punctuation
};

// About `target_bytes` of text (stops at the first paragraph end past the target).
std::string make_bench_text(TextMix mix, size_t target_bytes, uint32_t seed = 12345);

}  // namespace tessera::bench

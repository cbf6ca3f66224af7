// libFuzzer target: arbitrary bytes as untrusted text to tokenize (fuzz_entries.h,
// tokenizer_one_input).
#include <string_view>

#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::tokenizer_one_input(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}

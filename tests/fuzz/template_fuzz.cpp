// libFuzzer target: arbitrary text as an untrusted chat template (fuzz_entries.h,
// template_one_input). Run with -max_len=65536 so that long chains and deep nesting are reachable.
#include <string_view>

#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::template_one_input(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}

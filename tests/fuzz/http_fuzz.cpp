// libFuzzer target: arbitrary bytes as what one client sends the server (fuzz_entries.h,
// http_one_input; the first byte sets how the bytes are split into reads).
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::http_one_input(data, size);
  return 0;
}

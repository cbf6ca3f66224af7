// libFuzzer target: a model's output through the server's reply encoder (fuzz_entries.h,
// reply_one_input).
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::reply_one_input(data, size);
  return 0;
}

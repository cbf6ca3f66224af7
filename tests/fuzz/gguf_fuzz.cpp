// libFuzzer target: arbitrary bytes as a GGUF image (fuzz_entries.h, gguf_one_input).
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::gguf_one_input(data, size);
  return 0;
}

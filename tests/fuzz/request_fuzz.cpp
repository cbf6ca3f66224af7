// libFuzzer target: an OpenAI request body as a client sends it (fuzz_entries.h, request_one_input).
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::request_one_input(data, size);
  return 0;
}

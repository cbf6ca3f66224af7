// libFuzzer target: a client's JSON schema and a reply under it (fuzz_entries.h, schema_one_input).
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  tessera::fuzz::schema_one_input(data, size);
  return 0;
}

// Placeholder until the 'bench' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_bench(const Args&) {
  std::fprintf(stderr, "tessera-cli bench: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

// Placeholder until the 'run' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_run(const Args&) {
  std::fprintf(stderr, "tessera-cli run: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

// Placeholder until the 'synth' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_synth(const Args&) {
  std::fprintf(stderr, "tessera-cli synth: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

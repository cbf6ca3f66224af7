// Placeholder until the 'devices' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_devices(const Args&) {
  std::fprintf(stderr, "tessera-cli devices: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

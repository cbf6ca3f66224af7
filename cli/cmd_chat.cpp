// Placeholder until the 'chat' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_chat(const Args&) {
  std::fprintf(stderr, "tessera-cli chat: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

// Placeholder until the 'tokenize' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_tokenize(const Args&) {
  std::fprintf(stderr, "tessera-cli tokenize: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

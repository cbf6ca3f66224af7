// Placeholder until the 'template' command lands; replaced wholesale by its implementation.
#include <cstdio>

#include "commands.h"

namespace tessera::cli {

int cmd_template(const Args&) {
  std::fprintf(stderr, "tessera-cli template: not available in this build yet\n");
  return 1;
}

}  // namespace tessera::cli

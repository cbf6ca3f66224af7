#include "placement/kernel_workspaces.h"

namespace tessera {

uint64_t q8_vector_bytes(int64_t cols) {
  const uint64_t raw = static_cast<uint64_t>(cols) + static_cast<uint64_t>(cols / 32) * 8;
  return (raw + 15) & ~uint64_t{15};
}

uint64_t q8_activations_bytes(int64_t cols, int n_vec) {
  return q8_vector_bytes(cols) * static_cast<uint64_t>(n_vec > 0 ? n_vec : 0);
}

int argmax_partial_blocks(int64_t n) {
  const int64_t b = (n + kArgmaxThreads * 8 - 1) / (kArgmaxThreads * 8);
  return static_cast<int>(b < 1 ? 1 : (b > kArgmaxMaxBlocks ? kArgmaxMaxBlocks : b));
}

uint64_t argmax_workspace_bytes(int64_t n) {
  return static_cast<uint64_t>(argmax_partial_blocks(n)) * (sizeof(float) + sizeof(int64_t)) + 16;
}

}  // namespace tessera

// The bytes the CUDA kernels' buffers take, as pure functions of shapes: the kernels check their
// buffers against these functions and the placement (placement.h) sizes its scratch regions with
// them, so what is planned is what the kernels need by construction (attention_split.h does the same
// for the attention kernel's split-K workspace). core knows no CUDA; these are plain arithmetic.
#pragma once

#include <cstdint>

namespace tessera {

// The fused dequantize + matrix-vector kernels take up to this many vectors at once; a larger
// batch goes through the dequantize-to-f16 + tensor-core GEMM path.
inline constexpr int kMaxMatvecVectors = 8;

// Activations quantized for the fused matvec (q8): per vector `cols` int8 values then one 8-byte
// scale record per 32 values, vectors 16-byte aligned apart. `cols` must be a multiple of 32.
uint64_t q8_vector_bytes(int64_t cols);
uint64_t q8_activations_bytes(int64_t cols, int n_vec);

// The argmax kernel's two passes: up to kArgmaxMaxBlocks partial results of kArgmaxThreads threads.
inline constexpr int kArgmaxThreads = 256;
inline constexpr int kArgmaxMaxBlocks = 128;
int argmax_partial_blocks(int64_t n);
// Its workspace for a row of n logits: one (float, int64) partial per block, plus 16 bytes.
uint64_t argmax_workspace_bytes(int64_t n);

// cuBLAS' workspace per handle (its recommendation for Hopper), handed to cuBLAS so that it never
// allocates inside a call (which also keeps the calls capturable in a CUDA graph).
inline constexpr uint64_t kCublasWorkspaceBytes = uint64_t{32} << 20;

}  // namespace tessera

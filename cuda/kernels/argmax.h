// Argmax over a row of logits on the device, so a decode step copies back one integer.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "common/error.h"
#include "placement/kernel_workspaces.h"

namespace tessera::cuda {

// The workspace it needs is argmax_workspace_bytes(n) (placement/kernel_workspaces.h).
// *out_index = the index of the largest of x[0..n) (device memory), the lowest index among equal
// maxima; -1 when x holds a NaN (nan_logits_error, backend.h). Two small kernels, no host
// synchronisation.
Status argmax(const float* x, int64_t n, int32_t* out_index, void* workspace, size_t workspace_bytes,
              cudaStream_t stream);

}  // namespace tessera::cuda

// Helpers for the CUDA suites: skipping without a GPU, device memory, random quantized data.
#pragma once

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "device_buffer.h"
#include "quant/ggml_type.h"

namespace tessera::cuda::test {

// Empty when a device is usable, else why not ("no NVIDIA driver/GPU found (...)").
const std::string& gpu_unavailable_reason();

#define TESSERA_REQUIRE_GPU()                                                                     \
  do {                                                                                            \
    if (!::tessera::cuda::test::gpu_unavailable_reason().empty())                                 \
      GTEST_SKIP() << "needs a CUDA device: " << ::tessera::cuda::test::gpu_unavailable_reason(); \
  } while (0)

// Asserts a Status/Result is ok, printing its error otherwise.
#define TESSERA_ASSERT_OK(expr)                                            \
  do {                                                                     \
    const auto& tessera_st_ = (expr);                                      \
    ASSERT_TRUE(tessera_st_.ok()) << tessera_st_.error().describe();       \
  } while (0)

#define TESSERA_ASSERT_CUDA(expr)                                                           \
  do {                                                                                      \
    const cudaError_t tessera_e_ = (expr);                                                  \
    ASSERT_EQ(tessera_e_, cudaSuccess) << #expr << ": " << cudaGetErrorString(tessera_e_);  \
  } while (0)

// Every type with a CUDA kernel.
const std::vector<GgmlType>& all_kernel_types();
bool is_quantized(GgmlType t);

// Random rows of `type` exactly as GGUF stores them (row_stride bytes apart; pad bytes random):
// quantized blocks get random bytes with finite fp16 scales of magnitude ~1e-2 (so every quant bit
// pattern occurs), float types get normal values (stddev 1).
std::vector<uint8_t> random_rows(GgmlType type, int64_t rows, int64_t cols, size_t row_stride, uint32_t seed);

// The CPU reference (core/quant dequantize_row) of every row.
std::vector<float> dequantize_ref(GgmlType type, const std::vector<uint8_t>& data, int64_t rows, int64_t cols,
                                  size_t row_stride);

// A device copy of a host vector (16-byte aligned: cudaMalloc).
template <typename T>
DeviceBuffer to_device(const std::vector<T>& host, size_t extra_bytes = 0) {
  auto buf = DeviceBuffer::allocate(0, host.size() * sizeof(T) + extra_bytes, "test data");
  EXPECT_TRUE(buf.ok()) << buf.error().describe();
  if (!buf.ok()) return DeviceBuffer();
  if (!host.empty()) EXPECT_EQ(cudaMemcpy(buf->data(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return std::move(buf).value();
}

template <typename T>
std::vector<T> from_device(const DeviceBuffer& buf, size_t count) {
  std::vector<T> host(count);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(host.data(), buf.data(), count * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return host;
}

// A device buffer of n floats set to NaN, so unwritten outputs cannot pass.
DeviceBuffer poisoned_floats(size_t n);

// max_i |a_i - b_i| / max_i |b_i|.
double max_rel_error(const std::vector<float>& a, const std::vector<double>& b);
double max_rel_error(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace tessera::cuda::test

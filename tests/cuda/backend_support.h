// Helpers for the CUDA backend suites (backend_*.cpp): loading GGUF models, writing synthetic
// ones, greedy decoding, comparing logits.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/cuda_backend.h"
#include "gguf/gguf_file.h"
#include "synth/model_shapes.h"

namespace tessera::cuda::test {

struct LoadedSpec {
  std::shared_ptr<const gguf::GgufFile> file;
  ModelSpec spec;
};

// Opens and describes a GGUF file; ADD_FAILURE on error (spec.n_layer == 0 then).
LoadedSpec open_model(const std::filesystem::path& path);

// Writes a synthetic model of `shape` with every matrix of `type` (Q6_K output for K-quants).
void write_synthetic(const synth::ModelShape& shape, GgmlType type, const std::filesystem::path& path);

// A small Llama shape with enough layers and heads to split 2-4 ways.
synth::ModelShape split_test_shape();

// A CUDA backend over `n_virtual` virtual devices (0: the physical GPUs) with the given split;
// `experimental` as CudaBackendOptions::experimental.
std::unique_ptr<CudaBackend> make_cuda_backend(int n_virtual, SplitMode mode, uint64_t quota_bytes = 0,
                                               const std::string& experimental = {});

BackendModelSettings test_settings(int n_ctx, int n_batch, bool all_logits);

// Greedy continuation: evaluates `prompt` (one batch, or token by token), then n steps of argmax.
std::vector<int32_t> greedy(BackendModel& model, const std::vector<int32_t>& prompt, int n, bool prompt_one_by_one);

// max_i |a_i - b_i| / max_i |b_i|.
double rel_error(std::span<const float> a, std::span<const float> b);

// Live free bytes of physical device 0.
uint64_t free_device_bytes();

}  // namespace tessera::cuda::test

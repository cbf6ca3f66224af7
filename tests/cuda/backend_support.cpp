#include "backend_support.h"

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>

#include "model/model_loader.h"
#include "synth/synthetic_model.h"

namespace tessera::cuda::test {

LoadedSpec open_model(const std::filesystem::path& path) {
  LoadedSpec out;
  auto f = gguf::GgufFile::open(path.string());
  if (!f.ok()) {
    ADD_FAILURE() << f.error().describe();
    return out;
  }
  out.file = std::shared_ptr<const gguf::GgufFile>(std::move(f).value());
  auto spec = build_model_spec(out.file);
  if (!spec.ok()) {
    ADD_FAILURE() << spec.error().describe();
    return out;
  }
  out.spec = std::move(spec).value();
  return out;
}

void write_synthetic(const synth::ModelShape& shape, GgmlType type, const std::filesystem::path& path) {
  synth::SynthOptions o;
  o.type = type;
  o.seed = 77;
  auto w = synth::make_synthetic_writer(shape, o);
  ASSERT_TRUE(w.ok()) << w.error().describe();
  auto st = w->write_file(path.string());
  ASSERT_TRUE(st.ok()) << st.error().describe();
}

synth::ModelShape split_test_shape() {
  synth::ModelShape s = *synth::find_shape("tiny");
  s.name = "split-test";
  s.n_embd = 256;
  s.n_layer = 6;
  s.n_head = 8;
  s.n_head_kv = 4;
  s.n_ff = 768;
  s.n_vocab = 1024;
  return s;
}

std::unique_ptr<CudaBackend> make_cuda_backend(int n_virtual, SplitMode mode, uint64_t quota_bytes,
                                               const std::string& experimental) {
  CudaBackendOptions o;
  o.experimental = experimental;
  o.virtual_devices = VirtualDevices{n_virtual, quota_bytes};
  if (n_virtual == 0) o.device_ids = {0};
  o.split.mode = mode;
  o.split.ratios.assign(static_cast<size_t>(std::max(n_virtual, 1)), 1.0f);
  auto b = CudaBackend::create(o);
  if (!b.ok()) {
    ADD_FAILURE() << b.error().describe();
    return nullptr;
  }
  return std::move(b).value();
}

BackendModelSettings test_settings(int n_ctx, int n_batch, bool all_logits) {
  BackendModelSettings s;
  s.n_ctx = n_ctx;
  s.n_batch = n_batch;
  s.all_logits = all_logits;
  s.n_threads = 2;
  return s;
}

std::vector<int32_t> greedy(BackendModel& model, const std::vector<int32_t>& prompt, int n, bool prompt_one_by_one) {
  std::vector<int32_t> out;
  model.kv_clear();
  if (prompt_one_by_one) {
    for (size_t i = 0; i < prompt.size(); ++i) {
      auto st = model.eval(std::span<const int32_t>(&prompt[i], 1), static_cast<int32_t>(i),
                           i + 1 == prompt.size() ? LogitsRequest::Last : LogitsRequest::None);
      if (!st.ok()) {
        ADD_FAILURE() << st.error().describe();
        return out;
      }
    }
  } else {
    auto st = model.eval(prompt, 0, LogitsRequest::Last);
    if (!st.ok()) {
      ADD_FAILURE() << st.error().describe();
      return out;
    }
  }
  int32_t pos = static_cast<int32_t>(prompt.size());
  for (int i = 0; i < n; ++i) {
    auto id = model.argmax();
    if (!id.ok()) {
      ADD_FAILURE() << id.error().describe();
      return out;
    }
    out.push_back(*id);
    if (i + 1 == n) break;
    auto st = model.eval(std::span<const int32_t>(&out.back(), 1), pos++, LogitsRequest::Last);
    if (!st.ok()) {
      ADD_FAILURE() << st.error().describe();
      return out;
    }
  }
  return out;
}

double rel_error(std::span<const float> a, std::span<const float> b) {
  if (a.size() != b.size() || b.empty()) return INFINITY;
  double num = 0.0, den = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!std::isfinite(a[i])) return INFINITY;
    num = std::max(num, std::fabs(static_cast<double>(a[i]) - b[i]));
    den = std::max(den, std::fabs(static_cast<double>(b[i])));
  }
  return num / std::max(den, 1e-30);
}

uint64_t free_device_bytes() {
  size_t free_b = 0, total_b = 0;
  (void)cudaSetDevice(0);
  EXPECT_EQ(cudaMemGetInfo(&free_b, &total_b), cudaSuccess);
  return free_b;
}

}  // namespace tessera::cuda::test

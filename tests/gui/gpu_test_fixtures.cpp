#include "gpu_test_fixtures.h"

#include "device_source.h"
#include "synth/shape_spec.h"

namespace tessera::gui::test {

QList<GpuDevice> twoGpus() {
  return {fakeGpu(0, QStringLiteral("NVIDIA H200"), QStringLiteral("GPU-aaaaaaaa-0000-0000-0000-000000000001"), 139.8, 131.0),
          fakeGpu(1, QStringLiteral("NVIDIA GeForce RTX 4090"), QStringLiteral("GPU-bbbbbbbb-0000-0000-0000-000000000002"), 23.6, 21.9, 8, 9)};
}

QList<GpuDevice> threeGpus() {
  return {fakeGpu(0, QStringLiteral("NVIDIA A100-SXM4-80GB"), QStringLiteral("GPU-cccccccc-0000-0000-0000-000000000003"), 79.2, 77.5, 8, 0),
          fakeGpu(1, QStringLiteral("NVIDIA L40S"), QStringLiteral("GPU-dddddddd-0000-0000-0000-000000000004"), 44.4, 40.1, 8, 9),
          fakeGpu(2, QStringLiteral("NVIDIA GeForce RTX 4090"), QStringLiteral("GPU-bbbbbbbb-0000-0000-0000-000000000002"), 23.6, 19.8, 8, 9)};
}

QList<GpuDevice> fourGpus() {
  return {fakeGpu(0, QStringLiteral("NVIDIA H200"), QStringLiteral("GPU-aaaaaaaa-0000-0000-0000-000000000001"), 139.8, 135.2),
          fakeGpu(1, QStringLiteral("NVIDIA A100-SXM4-80GB"), QStringLiteral("GPU-cccccccc-0000-0000-0000-000000000003"), 79.2, 70.4, 8, 0),
          fakeGpu(2, QStringLiteral("NVIDIA L40S"), QStringLiteral("GPU-dddddddd-0000-0000-0000-000000000004"), 44.4, 42.0, 8, 9),
          fakeGpu(3, QStringLiteral("NVIDIA GeForce RTX 4090"), QStringLiteral("GPU-bbbbbbbb-0000-0000-0000-000000000002"), 23.6, 11.5, 8, 9)};
}

QList<GpuDevice> gpus(int count) {
  switch (count) {
    case 2: return twoGpus();
    case 3: return threeGpus();
    default: return fourGpus();
  }
}

namespace {

std::shared_ptr<const ModelSpec> shapeSpec(const char* name) {
  const synth::ModelShape* shape = synth::find_shape(name);
  if (shape == nullptr) return nullptr;
  synth::SynthOptions options;
  options.type = GgmlType::Q4_K;
  return std::make_shared<ModelSpec>(synth::shape_spec(*shape, options).value());
}

}  // namespace

std::shared_ptr<const ModelSpec> llama70bSpec() { return shapeSpec("llama2-70b"); }
std::shared_ptr<const ModelSpec> llama8bSpec() { return shapeSpec("llama3-8b"); }
std::shared_ptr<const ModelSpec> qwen36HybridSpec() { return shapeSpec("qwen3.6-27b"); }

}  // namespace tessera::gui::test

#include "gpu_test_fixtures.h"

#include <cmath>

#include "device_source.h"
#include "synth/shape_spec.h"
#include "throughput_plot.h"

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

void feedRecordedReplies(ThroughputPlot* plot, int first, int last) {
  for (int reply = first; reply <= last; ++reply) {
    plot->onReplyStarted(reply);
    const double ttft = 0.35 + 0.05 * reply;
    for (double t = 0.1; t < ttft; t += 0.1) plot->onPromptProgress(reply, t);
    plot->onFirstToken(reply, ttft);
    int tokens = 0;
    for (int i = 1; i <= 16; ++i) {
      const double rate = 58.0 + 6.0 * std::sin(i * 0.7 + reply) - 0.4 * i + reply;
      tokens += static_cast<int>(rate * 0.25);
      plot->onSample(ThroughputSample{reply, ttft + 0.25 * i, rate, tokens});
    }
    ReplyRecord r;
    r.reply = reply;
    r.prompt_tokens = 180 + 40 * reply;
    r.prompt_tokens_per_second = r.prompt_tokens / (ttft - 0.02);
    r.generated_tokens = tokens;
    r.generation_tokens_per_second = tokens / (0.25 * 16);
    r.time_to_first_token = ttft - 0.01;
    r.seen_first_token = ttft;
    r.seconds = ttft + 4.0;
    plot->onReplyFinished(r);
  }
}

}  // namespace tessera::gui::test

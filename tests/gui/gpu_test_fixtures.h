// Fake GPU lists for the GPU panel, split editor and plot suites: 2, 3 and 4 GPUs of different
// sizes and free memory, with fixed UUIDs.
#pragma once

#include <QList>

#include <memory>

#include "backend/model_spec.h"
#include "gpu_device.h"

namespace tessera::gui {
class ThroughputPlot;
}

namespace tessera::gui::test {

QList<GpuDevice> twoGpus();
QList<GpuDevice> threeGpus();
QList<GpuDevice> fourGpus();
QList<GpuDevice> gpus(int count);  // 2, 3 or 4

// The shape of Llama 2 70B with Q4_K weights (about 38 GiB): large enough to need several GPUs.
std::shared_ptr<const ModelSpec> llama70bSpec();
// Llama 3 8B, Q4_K (about 4.6 GiB).
std::shared_ptr<const ModelSpec> llama8bSpec();
// Qwen3.6-27B (qwen35: Gated DeltaNet layers with a fixed recurrent state beside attention layers).
std::shared_ptr<const ModelSpec> qwen36HybridSpec();

// Replies first..last of a model at ~60 tok/s as the plot records them (prompt progress, first
// token, 16 samples, the finished record): the scripted engine is too quick to draw.
void feedRecordedReplies(ThroughputPlot* plot, int first, int last);

}  // namespace tessera::gui::test

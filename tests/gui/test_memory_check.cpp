// The CPU memory check before a load (issue 21: a 36 GiB model "loaded" on a 23 GiB machine
// without a word): the planned bytes against the available memory, a warning with both numbers,
// and Load Anyway.
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "backend/kv_cache_type.h"
#include "backend/model_spec.h"
#include "engine/engine.h"
#include "error_banner.h"
#include "gpu_list_model.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "memory_check.h"
#include "model_panel.h"
#include "scripted_session.h"
#include "synth/model_shapes.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

TEST(MemoryCheck, ReadsMemAvailable) {
  const QByteArray meminfo = "MemTotal:       24000000 kB\nMemFree:         1000000 kB\nMemAvailable:   23000000 kB\n";
  ASSERT_TRUE(parseMemAvailable(meminfo).has_value());
  EXPECT_EQ(*parseMemAvailable(meminfo), 23000000ull * 1024);
  EXPECT_FALSE(parseMemAvailable("MemTotal: 5 kB\n").has_value());
}

TEST(MemoryCheck, PlansTheWeightsAndTheKvCache) {
  auto spec = std::make_shared<ModelSpec>();
  spec->n_layer = 2;
  spec->n_embd = 64;
  spec->n_head = 8;
  spec->n_head_kv = 4;
  spec->head_dim = 8;  // kv width 32
  spec->layers.resize(2);  // two attention layers
  ModelPreview p;
  p.file_size = 1000;
  p.spec = spec;
  // K and V, 2 layers x 32 wide x 16 positions in F32.
  EXPECT_EQ(plannedCpuBytes(p, 16, KvCacheType::F32), 1000u + 2u * 2 * 32 * 16 * 4);
  // Q8_0 / Q4_0: one block of 32 values per row, 34 / 18 bytes.
  EXPECT_EQ(plannedCpuBytes(p, 16, KvCacheType::Q8_0), 1000u + 2u * 2 * 16 * 34);
  EXPECT_EQ(plannedCpuBytes(p, 16, KvCacheType::Q4_0), 1000u + 2u * 2 * 16 * 18);
  // A file the engine cannot run plans nothing.
  EXPECT_EQ(plannedCpuBytes(ModelPreview{}, 16, KvCacheType::F16), 0u);
}

// Issue 32: the head size is the model's own, not n_embd / n_head (Gemma 2 9B: 3584 / 16 = 224,
// its heads are 256 wide), as core sizes the cache.
TEST(MemoryCheck, UsesTheModelsOwnHeadSize) {
  const synth::ModelShape* shape = synth::find_shape("gemma2-9b");
  ASSERT_NE(shape, nullptr);
  auto spec = synth::shape_hyperparameters(*shape);
  ASSERT_TRUE(spec.ok()) << spec.error().message;
  ASSERT_EQ(spec->head_dim, 256);
  ASSERT_NE(spec->n_embd / spec->n_head, spec->head_dim);
  ModelPreview p;
  p.file_size = 5'000'000'000ull;
  p.spec = std::make_shared<const ModelSpec>(std::move(spec).value());
  const int64_t n_layer = p.spec->n_layer;
  EXPECT_EQ(plannedCpuBytes(p, 4096, KvCacheType::F16),
            p.file_size + kv_cache_bytes(n_layer, p.spec->n_head_kv * 256, 4096, KvCacheType::F16));
}

// A hybrid model (Qwen3.6-27B): only its attention layers (one in four) keep a KV cache that grows
// with the context; its Gated DeltaNet layers keep a fixed state. The plan counts each layer as it is
// (it counted a KV cache for every layer before).
TEST(MemoryCheck, CountsAHybridModelsLayersAsTheyAre) {
  const synth::ModelShape* shape = synth::find_shape("qwen3.6-27b");
  ASSERT_NE(shape, nullptr);
  auto spec = synth::shape_hyperparameters(*shape);
  ASSERT_TRUE(spec.ok()) << spec.error().message;
  ASSERT_GT(spec->recurrent_layer_count(), 0);
  ModelPreview p;
  p.file_size = 16'000'000'000ull;
  p.spec = std::make_shared<const ModelSpec>(std::move(spec).value());
  const uint64_t every_layer = kv_cache_bytes(p.spec->n_layer, p.spec->kv_dim(), 32768, KvCacheType::F16);
  const uint64_t short_ctx = plannedCpuBytes(p, 4096, KvCacheType::F16) - p.file_size;
  const uint64_t long_ctx = plannedCpuBytes(p, 32768, KvCacheType::F16) - p.file_size;
  EXPECT_LT(long_ctx, every_layer / 2);
  // Eight times the context: the attention quarter's cache grows eightfold, the fixed state not.
  EXPECT_LT(long_ctx, 8 * short_ctx);
  EXPECT_GT(long_ctx, short_ctx);
}

TEST(MemoryCheck, ALoadLargerThanTheFreeMemoryIsWarnedAboutWithTheNumbers) {
  test::FreshSettings settings;
  auto script = std::make_shared<test::SessionScript>();
  MainWindow window(std::make_unique<test::ScriptedSession>(script));
  window.show();
  if (window.gpuWorkspace()->gpuModel()->rowCount() > 0) GTEST_SKIP() << "a GPU is present: the model goes there";
  window.setAvailableMemoryProbe([] { return std::optional<quint64>(512 * 1024); });  // 512 KiB free
  QSignalSpy preview(&window, &MainWindow::previewFinished);
  window.openModel(test::fixturePath(QStringLiteral("models/stories260K-f32.gguf")), true);  // 1.13 MiB
  ASSERT_TRUE(waitUntil([&] { return preview.count() == 1; }));
  ErrorBanner* banner = window.banner();
  ASSERT_TRUE(waitUntil([&] { return banner->isVisible(); }));
  EXPECT_EQ(banner->severity(), ErrorBanner::Severity::Warning);
  EXPECT_TRUE(banner->detail().contains(QStringLiteral("512 KiB")) || banner->detail().contains(QStringLiteral("512.00 KiB")))
      << banner->detail().toStdString();
  EXPECT_TRUE(banner->detail().contains(QStringLiteral("MiB"))) << banner->detail().toStdString();
  test::processPendingEvents();
  EXPECT_EQ(script->loads.load(), 0);  // nothing was loaded
  EXPECT_EQ(window.engine()->state(), EngineClient::State::Empty);
  QPushButton* anyway = nullptr;
  for (QPushButton* b : banner->findChildren<QPushButton*>())
    if (b->text() == QStringLiteral("Load Anyway")) anyway = b;
  ASSERT_NE(anyway, nullptr);
  QTest::mouseClick(anyway, Qt::LeftButton);
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }));
  EXPECT_EQ(script->loads.load(), 1);

  // Enough memory: no warning.
  window.engine()->unload();
  window.setAvailableMemoryProbe([] { return std::optional<quint64>(8ull << 30); });
  window.loadOpenModel();
  ASSERT_TRUE(waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }));
  EXPECT_FALSE(banner->isVisible());
}

}  // namespace
}  // namespace tessera::gui

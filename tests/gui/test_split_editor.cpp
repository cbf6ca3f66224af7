// Split editor: slider -> planner -> projection with 2, 3 and 4 fake GPUs (the bytes shown equal
// tessera::plan_for_load's), overflow warnings appearing and disappearing, presets, per-UUID memory
// of the ratios, split mode and main GPU, and the choice handed to the load.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QTest>

#include <cmath>

#include <gtest/gtest.h>

#include <tuple>

#include "display_format.h"
#include "gpu_test_fixtures.h"
#include "gui_test_support.h"
#include "memory_bar.h"
#include "placement/placement.h"
#include "split_editor.h"
#include "split_preview_model.h"

namespace tessera::gui {
namespace {

using Preset = SplitPreviewModel::Preset;

// The planner's answer computed here, independently of the editor: the devices as the monitor
// reported them, the ratios as the sliders show them.
tessera::Placement expectedPlan(const ModelSpec& spec, const QList<GpuDevice>& gpus, const QList<double>& ratios,
                                tessera::SplitMode mode, int main_device, int n_ctx,
                                tessera::KvCacheType kv = tessera::KvCacheType::F16) {
  std::vector<tessera::DeviceDescription> devices;
  for (const GpuDevice& g : gpus) {
    tessera::DeviceDescription d;
    d.id = g.index;
    d.name = g.name.toStdString();
    d.uuid = g.uuid.toStdString();
    d.free_bytes = g.free_bytes;
    d.total_bytes = g.total_bytes;
    devices.push_back(d);
  }
  tessera::SplitSettings s;
  s.mode = mode;
  for (double r : ratios) s.ratios.push_back(static_cast<float>(r));
  s.main_device = main_device;
  s.n_ctx = n_ctx;
  s.n_batch = std::min(512, n_ctx);
  s.kv_type = kv;
  auto plan = tessera::plan_for_load(spec, devices, s);
  EXPECT_TRUE(plan) << plan.error().message;
  return *plan;
}

QList<double> sliderRatios(const SplitEditor& editor) {
  QList<double> out;
  for (int i = 0; i < editor.rowCount(); ++i) out.append(editor.spinBox(i)->value());
  return out;
}

// The numbers shown, added up (in tenths, so 33.4 + 33.3 + 33.3 is exactly 100.0).
int shownTenths(const SplitEditor& editor) {
  int sum = 0;
  for (int i = 0; i < editor.rowCount(); ++i) sum += static_cast<int>(std::lround(editor.spinBox(i)->value() * 10.0));
  return sum;
}

// Every row of the editor shows exactly the planner's bytes: in the bar, in the text, in the tooltip.
void expectShows(const SplitEditor& editor, const tessera::Placement& plan) {
  ASSERT_EQ(editor.rowCount(), static_cast<int>(plan.devices.size()));
  const QLocale locale;
  for (int i = 0; i < editor.rowCount(); ++i) {
    SCOPED_TRACE(i);
    const tessera::DevicePlacement& d = plan.devices[static_cast<size_t>(i)];
    const ProjectionBar* bar = editor.projection(i);
    EXPECT_EQ(bar->weights(), d.bytes.weights);
    EXPECT_EQ(bar->kvCache(), d.bytes.kv_cache + d.bytes.recurrent_state);  // all that is kept per sequence
    EXPECT_EQ(bar->scratch(), d.bytes.scratch);
    EXPECT_EQ(bar->overflow(), !d.fits);
    const QString text = editor.bytesLabel(i)->text();
    EXPECT_TRUE(text.startsWith(SplitEditor::bytesText(d))) << text.toStdString();
    if (d.bytes.total() > 0) {
      EXPECT_TRUE(text.contains(DisplayFormat::bytes(d.bytes.weights))) << text.toStdString();
    }
    const QString tip = editor.bytesLabel(i)->toolTip();
    for (quint64 v : {quint64(d.bytes.weights), quint64(d.bytes.kv_cache), quint64(d.bytes.recurrent_state),
                      quint64(d.bytes.scratch), quint64(d.bytes.total())})
      EXPECT_TRUE(tip.contains(locale.toString(v))) << tip.toStdString() << " lacks " << v;
    EXPECT_EQ(editor.warningLabel(i)->isVisibleTo(&editor), !d.fits);
  }
}

struct Editor {
  test::FreshSettings settings;
  SplitPreviewModel model;
  SplitEditor editor{&model};

  explicit Editor(const QList<GpuDevice>& gpus, std::shared_ptr<const ModelSpec> spec = test::llama70bSpec()) {
    model.setDevices(gpus);
    model.setModel(std::move(spec), QStringLiteral("Llama 2 70B Q4_K"));
    editor.resize(700, 600);
    editor.show();
  }
};

class SplitEditorGpus : public testing::TestWithParam<int> {};

TEST_P(SplitEditorGpus, SliderMovesReplanAndShowThePlannersBytes) {
  const int n = GetParam();
  const QList<GpuDevice> gpus = test::gpus(n);
  Editor e(gpus);
  ASSERT_EQ(e.editor.rowCount(), n);
  ASSERT_TRUE(e.model.plan().has_value());
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));

  // Drag each slider somewhere else, as a user would; the number follows and the plan with it,
  // and the other GPUs' numbers make up the rest of 100 %.
  for (int i = 0; i < n; ++i) {
    SCOPED_TRACE(i);
    const int value = 150 + 170 * i;  // slider units: 15.0, 32.0, 49.0, 66.0 %
    e.editor.slider(i)->setValue(value);
    EXPECT_DOUBLE_EQ(e.editor.spinBox(i)->value(), value / 10.0);
    EXPECT_DOUBLE_EQ(e.model.ratio(i), value / 10.0);
    EXPECT_EQ(shownTenths(e.editor), 1000);
    expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));
  }
  // The numeric field drives the slider too.
  e.editor.spinBox(n - 1)->setValue(7.5);
  EXPECT_EQ(e.editor.slider(n - 1)->value(), 75);
  EXPECT_EQ(shownTenths(e.editor), 1000);
  const auto plan = expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096);
  expectShows(e.editor, plan);
  // The shares shown are the planner's normalised ones.
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(e.editor.shareLabel(i)->text(),
              QStringLiteral("%1 %").arg(QLocale().toString(100.0 * plan.devices[i].share, 'f', 1)));
}

TEST_P(SplitEditorGpus, RowModeAndMainGpuAreHonoured) {
  const int n = GetParam();
  const QList<GpuDevice> gpus = test::gpus(n);
  Editor e(gpus, test::llama8bSpec());
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("row")));
  e.editor.mainGpuCombo()->setCurrentIndex(n - 1);
  EXPECT_EQ(e.model.mode(), tessera::SplitMode::Row);
  EXPECT_EQ(e.model.mainDevice(), n - 1);
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Row, n - 1, 4096));
  // None: everything on the main GPU, the sliders are disabled.
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("none")));
  EXPECT_FALSE(e.editor.slider(0)->isEnabled());
  const auto plan = expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::None, n - 1, 4096);
  expectShows(e.editor, plan);
  // All weights on the main GPU: the weight pieces a layer split spreads over all of them (each
  // GPU of a split also holds its own rotary tables, so the allocations differ by those).
  const auto spread = expectedPlan(*e.model.spec(), gpus, {}, tessera::SplitMode::Layer, 0, 4096);
  auto piece_bytes = [](const tessera::DevicePlacement& d) {
    uint64_t b = 0;
    for (const auto& w : d.weights) b += w.bytes;
    return b;
  };
  uint64_t all_weights = 0;
  for (const auto& d : spread.devices) all_weights += piece_bytes(d);
  for (int i = 0; i < n - 1; ++i) EXPECT_EQ(e.editor.projection(i)->weights(), 0u);
  EXPECT_EQ(piece_bytes(plan.devices[static_cast<size_t>(n - 1)]), all_weights);
  EXPECT_EQ(e.editor.projection(n - 1)->weights(), plan.devices[static_cast<size_t>(n - 1)].bytes.weights);
  EXPECT_GT(all_weights, 4ull << 30);
}

INSTANTIATE_TEST_SUITE_P(FakeGpus, SplitEditorGpus, testing::Values(2, 3, 4),
                         [](const testing::TestParamInfo<int>& info) { return std::to_string(info.param) + "Gpus"; });

TEST(SplitEditor, ContextLengthAndKvTypeFeedThePlan) {
  const QList<GpuDevice> gpus = test::threeGpus();
  Editor e(gpus);
  e.model.setContextLength(16384);
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 16384));
  e.editor.kvTypeCombo()->setCurrentIndex(1);  // F32
  EXPECT_EQ(e.model.kvCacheType(), tessera::KvCacheType::F32);
  const auto plan = expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 16384,
                                 tessera::KvCacheType::F32);
  expectShows(e.editor, plan);
  // 0 = the model's own context (4096 for this shape).
  e.model.setContextLength(0);
  EXPECT_EQ(e.model.effectiveContextLength(), 4096);
}

// A hybrid model (Qwen3.6-27B: three Gated DeltaNet layers to one attention layer): each GPU's line
// names its recurrent state, which does not grow with the context, beside the KV cache, which does.
TEST(SplitEditor, AHybridModelShowsItsRecurrentStateApartFromTheKvCache) {
  const QList<GpuDevice> gpus = test::threeGpus();
  Editor e(gpus, test::qwen36HybridSpec());
  ASSERT_TRUE(e.model.plan().has_value());
  const tessera::Placement short_ctx =
      expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096);
  expectShows(e.editor, short_ctx);
  for (int i = 0; i < e.editor.rowCount(); ++i) {
    const tessera::DevicePlacement& d = short_ctx.devices[static_cast<size_t>(i)];
    ASSERT_GT(d.bytes.recurrent_state, 0u) << i;
    EXPECT_TRUE(e.editor.bytesLabel(i)->text().contains(
        QStringLiteral("Recurrent state %1").arg(DisplayFormat::bytes(d.bytes.recurrent_state))))
        << e.editor.bytesLabel(i)->text().toStdString();
  }
  e.model.setContextLength(16384);
  const tessera::Placement long_ctx =
      expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 16384);
  expectShows(e.editor, long_ctx);
  for (size_t i = 0; i < long_ctx.devices.size(); ++i) {
    EXPECT_EQ(long_ctx.devices[i].bytes.recurrent_state, short_ctx.devices[i].bytes.recurrent_state);
    EXPECT_EQ(long_ctx.devices[i].bytes.kv_cache, 4 * short_ctx.devices[i].bytes.kv_cache);
  }
}

// The quantized caches are selectable and preview their own bytes: the planner's, and for this
// Llama shape (whole blocks per row) 34 (Q8_0) or 18 (Q4_0) bytes per 32 values instead of 64.
TEST(SplitEditor, QuantizedKvTypesAreSelectableWithTheirBytes) {
  const QList<GpuDevice> gpus = test::threeGpus();
  Editor e(gpus);
  QComboBox* combo = e.editor.kvTypeCombo();
  ASSERT_EQ(combo->count(), 4);
  EXPECT_EQ(combo->itemText(2), QStringLiteral("Q8_0"));
  EXPECT_EQ(combo->itemText(3), QStringLiteral("Q4_0"));
  const auto f16 = expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096);
  for (auto [index, type, block_bytes] : {std::tuple{2, tessera::KvCacheType::Q8_0, 34u},
                                          std::tuple{3, tessera::KvCacheType::Q4_0, 18u}}) {
    combo->setCurrentIndex(index);
    EXPECT_EQ(e.model.kvCacheType(), type);
    EXPECT_EQ(kvCacheTypeKey(e.model.kvCacheType()), combo->currentData().toString());
    const auto plan =
        expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096, type);
    expectShows(e.editor, plan);
    for (size_t d = 0; d < plan.devices.size(); ++d)
      EXPECT_EQ(plan.devices[d].bytes.kv_cache * 64, f16.devices[d].bytes.kv_cache * block_bytes) << d;
  }
  // Saved by its name: a second preview model on the same settings starts with Q4_0.
  SplitPreviewModel reread;
  EXPECT_EQ(reread.kvCacheType(), tessera::KvCacheType::Q4_0);
}

// Issue 35 item 10: a GPU whose row share is too small for a whole KV head printed "KV heads 8–7"
// (an empty range, reversed); it shows only what it holds.
TEST(SplitEditor, RowSplitLeavesOutAnEmptyRangeOfHeads) {
  const QList<GpuDevice> gpus = test::twoGpus();
  Editor e(gpus, test::llama8bSpec());  // 8 KV heads
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("row")));
  e.editor.spinBox(1)->setValue(2.0);  // 2 % of 8 heads: none
  const auto& plan = e.model.plan();
  ASSERT_TRUE(plan.has_value());
  ASSERT_TRUE(plan->devices[1].kv_heads.empty());
  const QString shown = e.editor.bytesLabel(1)->text();
  EXPECT_FALSE(shown.contains(QStringLiteral("KV heads 8"))) << shown.toStdString();
  EXPECT_FALSE(shown.contains(QStringLiteral("KV head"))) << shown.toStdString();
  if (!plan->devices[1].ffn_rows.empty()) {
    EXPECT_TRUE(shown.contains(QStringLiteral("FFN row"))) << shown.toStdString();
  }
  EXPECT_TRUE(e.editor.bytesLabel(0)->text().contains(QStringLiteral("KV heads 0–7"))) << e.editor.bytesLabel(0)->text().toStdString();
}

TEST(SplitEditor, OverflowWarningAppearsAndDisappears) {
  const QList<GpuDevice> gpus = test::fourGpus();
  Editor e(gpus);
  ASSERT_TRUE(e.model.fits());
  for (int i = 0; i < 4; ++i) EXPECT_FALSE(e.editor.warningLabel(i)->isVisibleTo(&e.editor));
  EXPECT_TRUE(e.editor.summaryLabel()->text().startsWith(QStringLiteral("Fits:")));

  // Everything on the RTX 4090 (11.5 GiB free): it overflows.
  for (int i = 0; i < 3; ++i) e.editor.slider(i)->setValue(0);
  e.editor.slider(3)->setValue(1000);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(3)->value(), 100.0);
  ASSERT_FALSE(e.model.fits());
  const auto plan = expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096);
  ASSERT_FALSE(plan.fits);
  expectShows(e.editor, plan);
  EXPECT_TRUE(e.editor.warningLabel(3)->isVisibleTo(&e.editor));
  EXPECT_TRUE(e.editor.warningLabel(3)->text().contains(QStringLiteral("Would overflow")));
  EXPECT_TRUE(e.editor.warningLabel(3)->text().contains(DisplayFormat::bytes(plan.devices[3].bytes.total())));
  EXPECT_EQ(e.editor.summaryLabel()->text(), QStringLiteral("Does not fit: ") + QString::fromStdString(plan.problem));
  EXPECT_TRUE(e.editor.projection(3)->overflow());

  // Give most of it back to the H200: the warning goes (90 % there leaves the 4090 10 %, then 5 %
  // for the 4090 leaves the H200 the other 95 %).
  e.editor.slider(0)->setValue(900);
  e.editor.slider(3)->setValue(50);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(0)->value(), 95.0);
  ASSERT_TRUE(e.model.fits());
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));
  EXPECT_FALSE(e.editor.warningLabel(3)->isVisibleTo(&e.editor));
  EXPECT_TRUE(e.editor.summaryLabel()->text().startsWith(QStringLiteral("Fits:")));

  // A GPU whose free memory drops (another program) overflows without a slider moving.
  QList<GpuDevice> busy = gpus;
  busy[0].free_bytes = 2ull << 30;
  e.model.setDevices(busy);
  EXPECT_FALSE(e.model.fits());
  EXPECT_TRUE(e.editor.warningLabel(0)->isVisibleTo(&e.editor));
}

TEST(SplitEditor, Presets) {
  const QList<GpuDevice> gpus = test::fourGpus();
  Editor e(gpus);
  e.editor.presetButton(Preset::Even)->click();
  for (int i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(e.editor.spinBox(i)->value(), 25.0);
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));

  // Each number is the exact proportion to within the 0.1 % the rounding needs, and they add up to 100.
  auto expectProportional = [&](auto bytes_of) {
    double sum = 0.0;
    for (const GpuDevice& g : gpus) sum += static_cast<double>(bytes_of(g));
    for (int i = 0; i < 4; ++i) {
      const double exact = 100.0 * bytes_of(gpus[i]) / sum;
      EXPECT_NEAR(e.editor.spinBox(i)->value(), exact, 0.1) << i;
      EXPECT_EQ(e.editor.slider(i)->value(), static_cast<int>(std::lround(e.editor.spinBox(i)->value() * 10.0))) << i;
    }
    EXPECT_EQ(shownTenths(e.editor), 1000);
  };
  e.editor.presetButton(Preset::ByTotalMemory)->click();
  expectProportional([](const GpuDevice& g) { return g.total_bytes; });
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));
  e.editor.presetButton(Preset::ByFreeMemory)->click();
  expectProportional([](const GpuDevice& g) { return g.free_bytes; });
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));
}

TEST(SplitEditor, RatiosAreRememberedPerGpuUuidNotPerIndex) {
  test::FreshSettings settings;
  const QList<GpuDevice> gpus = test::fourGpus();
  QHash<QString, double> chosen;
  {
    SplitPreviewModel model;
    SplitEditor editor(&model);
    model.setDevices(gpus);
    // Typed one after the other, each rescaling the rest: what is remembered is where they end.
    const double values[] = {40.0, 30.0, 20.0, 10.0};
    for (int i = 0; i < 4; ++i) editor.spinBox(i)->setValue(values[i]);
    EXPECT_DOUBLE_EQ(model.ratio(3), 10.0);
    for (int i = 0; i < 4; ++i) chosen[gpus[i].uuid] = model.ratio(i);
    model.setMainDevice(2);  // the L40S
  }
  // The machine comes back with its GPUs in another order (and one index renumbered).
  QList<GpuDevice> reordered = {gpus[3], gpus[1], gpus[0], gpus[2]};
  for (int i = 0; i < 4; ++i) reordered[i].index = i;
  SplitPreviewModel model;
  SplitEditor editor(&model);
  model.setDevices(reordered);
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(reordered[i].name.toStdString());
    EXPECT_DOUBLE_EQ(model.ratio(i), chosen[reordered[i].uuid]);
    EXPECT_DOUBLE_EQ(editor.spinBox(i)->value(), chosen[reordered[i].uuid]);
  }
  EXPECT_EQ(model.devices()[model.mainDevice()].uuid, gpus[2].uuid);
  EXPECT_EQ(editor.mainGpuCombo()->currentIndex(), 3);
  // The load gets the ratios by the new ordinals.
  const SplitChoice c = model.choice();
  ASSERT_EQ(c.ratios.size(), 4);
  EXPECT_FLOAT_EQ(c.ratios[0], static_cast<float>(chosen[gpus[3].uuid]));
  EXPECT_FLOAT_EQ(c.ratios[2], static_cast<float>(chosen[gpus[0].uuid]));
  EXPECT_FLOAT_EQ(c.ratios[0], 10.0f);
  EXPECT_EQ(c.main_gpu, 3);
  EXPECT_EQ(c.uuids[0], gpus[3].uuid);

  // Issue 35 item 10: a GPU never seen before joins: the set starts from its free memory (the mean
  // of the old shares overflowed the smallest card of four), which fits what a proportional split can.
  QList<GpuDevice> grown = reordered;
  GpuDevice extra = grown[0];
  extra.uuid = QStringLiteral("GPU-eeeeeeee-0000-0000-0000-000000000005");
  extra.index = 4;
  grown.append(extra);
  model.setDevices(grown);
  double free_sum = 0.0;
  for (const GpuDevice& d : grown) free_sum += static_cast<double>(d.free_bytes);
  for (int i = 0; i < 5; ++i)
    EXPECT_NEAR(model.ratio(i), 100.0 * grown[i].free_bytes / free_sum, 0.11) << i;
  model.setModel(test::llama70bSpec(), QStringLiteral("Llama 2 70B"));
  EXPECT_TRUE(model.fits());
}

TEST(SplitEditor, FirstStartSplitsByFreeMemory) {
  test::FreshSettings settings;
  SplitPreviewModel model;
  model.setDevices(test::twoGpus());
  const auto gpus = test::twoGpus();
  const double sum = static_cast<double>(gpus[0].free_bytes + gpus[1].free_bytes);
  EXPECT_DOUBLE_EQ(model.ratio(0), std::round(1000.0 * gpus[0].free_bytes / sum) / 10.0);
}

TEST(SplitEditor, NoGpuSaysSoAndNoModelAsksForOne) {
  test::FreshSettings settings;
  SplitPreviewModel model;
  SplitEditor editor(&model);
  editor.show();
  model.setDevices({});
  EXPECT_EQ(editor.rowCount(), 0);
  EXPECT_TRUE(editor.findChild<QLabel*>(QStringLiteral("splitNoGpu"))->isVisible());
  model.setDevices(test::twoGpus());
  EXPECT_FALSE(editor.findChild<QLabel*>(QStringLiteral("splitNoGpu"))->isVisible());
  EXPECT_FALSE(model.plan().has_value());
  EXPECT_EQ(editor.projection(0)->weights(), 0u);
  EXPECT_EQ(editor.projection(0)->others(), test::twoGpus()[0].usedBytes());
}

TEST(SplitEditor, ApplyIsOfferedForALoadedModelWhenTheSplitChanged) {
  Editor e(test::twoGpus());
  EXPECT_FALSE(e.editor.applyButton()->isEnabled());  // nothing loaded
  e.editor.setModelLoaded(true);
  e.editor.setLoadedChoice(e.model.choice());
  EXPECT_FALSE(e.editor.applyButton()->isEnabled());  // loaded with this very split
  e.editor.slider(1)->setValue(e.editor.slider(1)->value() + 50);
  EXPECT_TRUE(e.editor.applyButton()->isEnabled());
  SplitChoice applied;
  QObject::connect(&e.editor, &SplitEditor::applyRequested, [&](const SplitChoice& c) { applied = c; });
  e.editor.applyButton()->click();
  EXPECT_EQ(applied, e.model.choice());
  // A split that does not fit is not offered.
  e.editor.slider(0)->setValue(0);
  e.editor.slider(1)->setValue(1000);
  EXPECT_FALSE(e.model.fits());
  EXPECT_FALSE(e.editor.applyButton()->isEnabled());
}

TEST(SplitEditor, MemoryOfTheLoadedModelCountsAsFreeForAReload) {
  QList<GpuDevice> gpus = test::twoGpus();
  Editor e(gpus);
  const quint64 held = 30ull << 30;
  gpus[0].free_bytes -= held;  // the loaded model holds 30 GiB on the H200
  e.model.setDevices(gpus);
  e.model.setReclaimable({{gpus[0].uuid, held}});
  EXPECT_EQ(e.model.planDevices()[0].free_bytes, gpus[0].free_bytes + held);
  EXPECT_EQ(e.editor.projection(0)->others(), gpus[0].total_bytes - (gpus[0].free_bytes + held));
}


// Issue 21: in mode None the sliders must not keep their old, misleading positions: the main GPU
// shows 100 and the others 0 (all disabled); another mode brings the user's ratios back.
TEST(SplitEditor, NoneShowsTheMainGpuFullAndRestoresTheRatiosAfterwards) {
  const QList<GpuDevice> gpus = test::threeGpus();
  Editor e(gpus, test::llama8bSpec());
  for (int i = 0; i < 3; ++i) e.editor.spinBox(i)->setValue(QList<double>{12.5, 30.0, 57.5}[i]);
  const QList<double> mine = e.model.ratios();  // each typed share rescaled the others
  EXPECT_DOUBLE_EQ(mine[2], 57.5);
  e.editor.mainGpuCombo()->setCurrentIndex(1);
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("none")));
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(i);
    const double shown = i == 1 ? SplitPreviewModel::kMaxRatio : 0.0;
    EXPECT_DOUBLE_EQ(e.editor.spinBox(i)->value(), shown);
    EXPECT_EQ(e.editor.slider(i)->value(), i == 1 ? SplitEditor::kSliderSteps : 0);
    EXPECT_FALSE(e.editor.slider(i)->isEnabled());
    EXPECT_FALSE(e.editor.spinBox(i)->isEnabled());
    EXPECT_DOUBLE_EQ(e.model.ratio(i), mine[i]);  // only shown, not forgotten
  }
  // Choosing another main GPU while None is chosen moves the full one.
  e.editor.mainGpuCombo()->setCurrentIndex(2);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(2)->value(), SplitPreviewModel::kMaxRatio);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(1)->value(), 0.0);
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("layer")));
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE(i);
    EXPECT_DOUBLE_EQ(e.editor.spinBox(i)->value(), mine[i]);
    EXPECT_EQ(e.editor.slider(i)->value(), static_cast<int>(std::lround(mine[i] * 10)));
    EXPECT_TRUE(e.editor.slider(i)->isEnabled());
  }
}


// Issue 21: with the sliders disabled (None) "move share" cannot be followed; the advice fits the mode.
TEST(SplitEditor, OverflowAdviceInModeNoneSuggestsSplittingNotMovingShare) {
  const QList<GpuDevice> gpus = test::threeGpus();
  Editor e(gpus);  // 70B: far more than the RTX 4090 holds alone
  e.editor.mainGpuCombo()->setCurrentIndex(2);
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("none")));
  ASSERT_TRUE(e.editor.warningLabel(2)->isVisibleTo(&e.editor));
  const QString none_advice = e.editor.warningLabel(2)->text();
  EXPECT_TRUE(none_advice.contains(QStringLiteral("Would overflow"))) << none_advice.toStdString();
  EXPECT_FALSE(none_advice.contains(QStringLiteral("Move share"))) << none_advice.toStdString();
  EXPECT_TRUE(none_advice.contains(QStringLiteral("Layer"))) << none_advice.toStdString();
  EXPECT_TRUE(none_advice.contains(QStringLiteral("context"))) << none_advice.toStdString();
  // With the sliders enabled, moving share is the advice again.
  e.editor.modeCombo()->setCurrentIndex(e.editor.modeCombo()->findData(QStringLiteral("layer")));
  for (int i = 0; i < 3; ++i) e.editor.spinBox(i)->setValue(i == 2 ? 100.0 : 0.0);
  ASSERT_TRUE(e.editor.warningLabel(2)->isVisibleTo(&e.editor));
  EXPECT_TRUE(e.editor.warningLabel(2)->text().contains(QStringLiteral("Move share")));
}

// Issue 21: the number beside a slider is the GPU's share in percent, not the raw ratio (it
// showed 100.0 while the share was 51.9 %). Typing 60 gives that GPU 60 % and the others the rest
// in proportion to their ratios; the numbers add up to 100; arrow keys and Page Up/Down work.
TEST(SplitEditor, TheNumbersAreSharesInPercentThatAddUpTo100) {
  {
    Editor e(test::twoGpus(), test::llama8bSpec());
    e.model.setRatio(0, 100.0);
    e.model.setRatio(1, 92.7);
    EXPECT_DOUBLE_EQ(e.editor.spinBox(0)->value(), 51.9);
    EXPECT_DOUBLE_EQ(e.editor.spinBox(1)->value(), 48.1);
    EXPECT_TRUE(e.editor.spinBox(0)->text().contains(QLocale().toString(51.9, 'f', 1))) << e.editor.spinBox(0)->text().toStdString();
    EXPECT_TRUE(e.editor.spinBox(0)->text().endsWith(QStringLiteral("%"))) << e.editor.spinBox(0)->text().toStdString();
    EXPECT_EQ(e.editor.slider(0)->value(), 519);
    EXPECT_EQ(e.editor.shareLabel(0)->text(), QStringLiteral("%1 %").arg(QLocale().toString(51.9, 'f', 1)));
  }
  const QList<GpuDevice> gpus = test::threeGpus();
  Editor e(gpus, test::llama8bSpec());
  e.model.setRatio(0, 50.0);
  e.model.setRatio(1, 30.0);
  e.model.setRatio(2, 20.0);
  // Typed, as a person types: select, "60", Enter.
  QDoubleSpinBox* first = e.editor.spinBox(0);
  first->setFocus();
  first->selectAll();
  QTest::keyClicks(first, QStringLiteral("60"));
  QTest::keyClick(first, Qt::Key_Return);
  EXPECT_DOUBLE_EQ(first->value(), 60.0);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(1)->value(), 24.0);  // 40 % in the ratio 30 : 20
  EXPECT_DOUBLE_EQ(e.editor.spinBox(2)->value(), 16.0);
  EXPECT_EQ(e.editor.slider(1)->value(), 240);
  EXPECT_EQ(shownTenths(e.editor), 1000);
  expectShows(e.editor, expectedPlan(*e.model.spec(), gpus, sliderRatios(e.editor), tessera::SplitMode::Layer, 0, 4096));
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(e.editor.shareLabel(i)->text(),
              QStringLiteral("%1 %").arg(QLocale().toString(e.editor.spinBox(i)->value(), 'f', 1)));

  // The arrow key: one percent more for the second GPU; the other two keep their proportion.
  QTest::keyClick(e.editor.spinBox(1), Qt::Key_Up);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(1)->value(), 25.0);
  EXPECT_EQ(shownTenths(e.editor), 1000);
  EXPECT_NEAR(e.editor.spinBox(0)->value() / e.editor.spinBox(2)->value(), 60.0 / 16.0, 0.05);
  // The slider by keyboard: Page Up is 5 % more.
  const double third = e.editor.spinBox(2)->value();
  QTest::keyClick(e.editor.slider(2), Qt::Key_PageUp);
  EXPECT_NEAR(e.editor.spinBox(2)->value(), third + 5.0, 1e-9);
  EXPECT_EQ(shownTenths(e.editor), 1000);

  // Even over three: 33.4 + 33.3 + 33.3, visibly 100.
  e.editor.presetButton(Preset::Even)->click();
  EXPECT_EQ(shownTenths(e.editor), 1000);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(e.editor.spinBox(i)->value(), 100.0 / 3.0, 0.1);
  // All of it on one GPU, then some back: the others, with nothing left to go by, share evenly.
  e.editor.spinBox(2)->setValue(100.0);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(0)->value(), 0.0);
  e.editor.spinBox(2)->setValue(50.0);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(0)->value(), 25.0);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(1)->value(), 25.0);
}

TEST(SplitEditor, TheOnlyGpuAlwaysHoldsAllOfIt) {
  QList<GpuDevice> one = test::twoGpus();
  one.removeLast();
  Editor e(one, test::llama8bSpec());
  EXPECT_DOUBLE_EQ(e.editor.spinBox(0)->value(), 100.0);
  e.editor.spinBox(0)->setValue(60.0);
  EXPECT_DOUBLE_EQ(e.editor.spinBox(0)->value(), 100.0);  // snaps back: there is no other GPU
  EXPECT_EQ(e.editor.slider(0)->value(), SplitEditor::kSliderSteps);
}

}  // namespace
}  // namespace tessera::gui

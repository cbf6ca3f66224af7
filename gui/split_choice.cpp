#include "split_choice.h"

namespace tessera::gui {

tessera::KvCacheType SplitChoice::kvCacheType() const {
  return kv_cache_type == QLatin1String("f32") ? tessera::KvCacheType::F32 : tessera::KvCacheType::F16;
}

tessera::SplitSettings SplitChoice::toSplitSettings() const {
  tessera::SplitSettings s;
  auto mode_or = tessera::parse_split_mode(mode.toStdString());
  s.mode = mode_or ? *mode_or : tessera::SplitMode::Layer;
  s.ratios.assign(ratios.begin(), ratios.end());
  s.main_device = main_gpu;
  s.kv_type = kvCacheType();
  return s;
}

}  // namespace tessera::gui

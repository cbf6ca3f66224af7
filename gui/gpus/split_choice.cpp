#include "split_choice.h"

#include "backend/kv_cache_type.h"

namespace tessera::gui {

QString kvCacheTypeKey(tessera::KvCacheType type) {
  const std::string_view name = tessera::kv_cache_type_name(type);
  return QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
}

tessera::KvCacheType kvCacheTypeFromKey(const QString& key) {
  return tessera::parse_kv_cache_type(key.toStdString()).value_or(tessera::KvCacheType::F16);
}

tessera::SplitSettings SplitChoice::toSplitSettings() const {
  tessera::SplitSettings s;
  auto mode_or = tessera::parse_split_mode(mode.toStdString());
  s.mode = mode_or ? *mode_or : tessera::SplitMode::Layer;
  s.ratios.assign(ratios.begin(), ratios.end());
  s.main_device = main_gpu;
  return s;
}

bool SplitChoice::loadsLike(const SplitChoice& other) const {
  if (mode != other.mode || main_gpu != other.main_gpu) return false;
  return mode == QLatin1String("none") || ratios == other.ratios;
}

}  // namespace tessera::gui

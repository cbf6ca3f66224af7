#include "split_store.h"

#include "split_choice.h"

namespace tessera::gui {
namespace {

// QSettings treats '/' and '\' in keys as separators; UUIDs hold neither, but be safe.
QString ratioKey(const QString& uuid) {
  QString k = uuid;
  k.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
  return QStringLiteral("gpuSplit/ratios/") + k;
}

}  // namespace

SplitStore::SplitStore() : settings_(QStringLiteral("Tessera"), QStringLiteral("Tessera")) {}

std::optional<double> SplitStore::ratio(const QString& uuid) const {
  const QVariant v = settings_.value(ratioKey(uuid));
  if (!v.isValid()) return std::nullopt;
  bool ok = false;
  const double r = v.toDouble(&ok);
  if (!ok || r < 0.0) return std::nullopt;
  return r;
}

void SplitStore::setRatio(const QString& uuid, double ratio) { settings_.setValue(ratioKey(uuid), ratio); }

QString SplitStore::mode() const {
  const QString m = settings_.value(QStringLiteral("gpuSplit/mode")).toString();
  return m == QLatin1String("none") || m == QLatin1String("row") ? m : QStringLiteral("layer");
}

void SplitStore::setMode(const QString& mode) { settings_.setValue(QStringLiteral("gpuSplit/mode"), mode); }

QString SplitStore::mainGpu() const { return settings_.value(QStringLiteral("gpuSplit/mainGpu")).toString(); }

void SplitStore::setMainGpu(const QString& uuid) { settings_.setValue(QStringLiteral("gpuSplit/mainGpu"), uuid); }

QString SplitStore::kvCacheType() const {
  return kvCacheTypeKey(kvCacheTypeFromKey(settings_.value(QStringLiteral("gpuSplit/kvCacheType")).toString()));
}

void SplitStore::setKvCacheType(const QString& type) {
  settings_.setValue(QStringLiteral("gpuSplit/kvCacheType"), type);
}

}  // namespace tessera::gui

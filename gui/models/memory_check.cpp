#include "memory_check.h"

#include <QFile>
#include <QFileInfo>

#include "display_format.h"
#include "backend/kv_cache_type.h"
#include "backend/layer_state.h"
#include "backend/model_spec.h"

namespace tessera::gui {

std::optional<quint64> parseMemAvailable(const QByteArray& meminfo) {
  for (const QByteArray& line : meminfo.split('\n')) {
    if (!line.startsWith("MemAvailable:")) continue;
    const QList<QByteArray> parts = line.mid(13).simplified().split(' ');
    bool ok = false;
    const quint64 value = parts.value(0).toULongLong(&ok);
    if (!ok) return std::nullopt;
    const bool kib = parts.size() > 1 && parts.at(1).toLower() == "kb";
    return kib ? value * 1024 : value;
  }
  return std::nullopt;
}

std::optional<quint64> availableSystemMemory() {
  QFile file(QStringLiteral("/proc/meminfo"));
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  return parseMemAvailable(file.readAll());
}

quint64 plannedCpuBytes(const ModelPreview& p, int n_ctx, tessera::KvCacheType kv_type) {
  if (!p.spec) return 0;
  const tessera::ModelSpec& spec = *p.spec;
  quint64 bytes = p.file_size;  // the weights are mapped and every page is read
  // Each layer's own state, as the CPU backend keeps it (backend/layer_state.h): K and V of its own
  // head size, latent rows for latent attention, nothing for a layer reading another's cache, the
  // fixed state of a recurrent layer.
  if (n_ctx > 0) bytes += tessera::model_state_bytes(spec, n_ctx, kv_type).total();
  return bytes;
}

ErrorText MemoryCheck::tooLarge(const QString& file, quint64 planned, quint64 available) {
  ErrorText text;
  text.title = tr("%1 may not fit in memory").arg(QFileInfo(file).fileName());
  //: Planned bytes of the load, then the bytes the system has available ("36.20 GiB", "23.10 GiB").
  text.detail = tr("Loading it on the CPU needs about %1 (weights and context), but only %2 of memory is available.")
                    .arg(DisplayFormat::bytes(planned), DisplayFormat::bytes(available));
  text.advice = tr("Choose a smaller or more strongly quantized model, or a shorter context. Loading anyway can make "
                   "the computer swap until it barely responds.");
  return text;
}

}  // namespace tessera::gui

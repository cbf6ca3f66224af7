// The CPU memory check before a load: what loading a model on the CPU will take (the mapped
// weights, which are all read, plus the KV cache) against the memory the system has available.
// On a GPU the split preview does this job per device; the CPU had no check at all, so a 36 GiB
// model "loaded" on a 23 GiB machine and then swapped the desktop to a halt.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>

#include "error_text.h"
#include "model_preview.h"

namespace tessera {
enum class KvCacheType;
}

namespace tessera::gui {

// Bytes available for new allocations without swapping; nullopt when the system does not say.
using AvailableMemoryProbe = std::function<std::optional<quint64>()>;

// MemAvailable from /proc/meminfo (Linux); nullopt elsewhere or when it cannot be read.
std::optional<quint64> availableSystemMemory();
// Parses the text of /proc/meminfo ("MemAvailable:   23456789 kB").
std::optional<quint64> parseMemAvailable(const QByteArray& meminfo);

// Bytes the CPU backend will hold for `preview` with a context of `n_ctx` tokens: the mapped file
// and the KV cache as core sizes it (the spec's own head size and KV heads). The app's only CPU
// memory estimate: the check below and any preview of it call this one function. 0 for a file the
// engine cannot run (no spec).
quint64 plannedCpuBytes(const ModelPreview& preview, int n_ctx, tessera::KvCacheType kv_type);

class MemoryCheck {
  Q_DECLARE_TR_FUNCTIONS(MemoryCheck)

 public:
  // The warning for a load that needs `planned` bytes where `available` are free.
  static ErrorText tooLarge(const QString& file, quint64 planned, quint64 available);
};

}  // namespace tessera::gui

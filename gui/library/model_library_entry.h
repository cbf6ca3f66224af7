// What the model library knows about one .gguf file, and how it finds and reads them. Both run off
// the GUI thread (LibraryScanner): finding walks folders, reading is the model panel's preview
// (readModelPreview: core's reader and model loader, as `tessera-cli inspect`), so the library says
// exactly what opening the file would say.
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <functional>

#include "model_preview.h"

namespace tessera::gui {

// One file of the library: what opening it would show (the model panel's preview of it).
using LibraryEntry = ModelPreview;

// The form every path of the library is kept and compared in: absolute, clean.
QString libraryPath(const QString& path);

// Reads one file (readModelPreview of its library path). Never fails: what goes wrong is the
// entry's problem and reason.
LibraryEntry readLibraryEntry(const QString& path);

struct LibraryScanLimits {
  int max_depth = 8;            // folders below a chosen folder that are still walked
  int max_files = 2000;         // .gguf files listed at most (over all folders)
  int max_visited = 200000;     // directory entries looked at, at most (a home folder is large)
};

struct FoundFiles {
  QStringList paths;       // absolute, clean, in walk order, no duplicates
  bool truncated = false;  // a limit stopped the walk: there may be more
};

// Every *.gguf file (any case) under `folders`, recursively within `limits`; symbolic links to
// folders are not followed (no cycles). `cancelled` is asked between entries; when it says yes,
// what was found so far is returned.
FoundFiles findModelFiles(const QStringList& folders, const LibraryScanLimits& limits,
                          const std::function<bool()>& cancelled);

}  // namespace tessera::gui

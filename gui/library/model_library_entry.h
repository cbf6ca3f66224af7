// What the model library knows about one .gguf file, and how it finds and reads them. Both run off
// the GUI thread (LibraryScanner): finding walks folders, reading opens each file's header with the
// GGUF reader (describeModelFile, as the model panel's preview) and builds its ModelSpec with the
// model loader (as `tessera-cli inspect` and the split preview do), so the library says exactly what
// opening the file would say.
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

#include "model_preview.h"

namespace tessera {
struct ModelSpec;
}

namespace tessera::gui {

// Why a file of the library cannot be opened.
enum class LibraryProblem {
  None,
  Unreadable,               // not a GGUF file, truncated or corrupt: the reader refused its header
  UnsupportedArchitecture,  // general.architecture is none the engine runs
  UnsupportedType,          // a tensor type the engine cannot compute with
  Invalid,                  // a supported architecture with missing or misshaped tensors
};

struct LibraryEntry {
  QString path;  // absolute, clean
  quint64 file_size = 0;
  std::optional<ModelPreview> preview;  // the header, when the reader accepted it
  // Shapes and types only (the mapping is let go: the planner sizes tensors from type and shape);
  // null when the engine cannot run the file.
  std::shared_ptr<const ModelSpec> spec;
  LibraryProblem problem = LibraryProblem::None;
  QString reason;  // the reader's or loader's message when problem != None

  bool usable() const { return problem == LibraryProblem::None; }
  QString name() const;  // general.name, else the file's base name
};

// The form every path of the library is kept and compared in: absolute, clean.
QString libraryPath(const QString& path);

// Reads one file. Never fails: what goes wrong is the entry's problem and reason.
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

Q_DECLARE_METATYPE(tessera::gui::LibraryEntry)

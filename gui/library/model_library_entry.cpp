#include "model_library_entry.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <utility>

#include "backend/model_spec.h"
#include "gguf/gguf_file.h"
#include "model/model_loader.h"

namespace tessera::gui {
namespace {

// The library keeps a spec per file for the "fits?" column; hundreds of mapped files (and their
// parsed vocabularies) would stay in memory for it, so only shapes and types are kept.
void dropWeights(ModelSpec& spec) {
  auto drop = [](TensorRef& t) { t.data = {}; };
  drop(spec.token_embd);
  drop(spec.output_norm);
  drop(spec.output);
  for (LayerSpec& layer : spec.layers)
    for (TensorRef& t : layer.tensors) drop(t);
  spec.weights_owner.reset();
}

}  // namespace

QString libraryPath(const QString& path) { return QDir::cleanPath(QFileInfo(path).absoluteFilePath()); }

QString LibraryEntry::name() const { return preview ? preview->name : QFileInfo(path).completeBaseName(); }

LibraryEntry readLibraryEntry(const QString& path) {
  LibraryEntry entry;
  entry.path = libraryPath(path);
  entry.file_size = static_cast<quint64>(QFileInfo(entry.path).size());
  auto opened = gguf::GgufFile::open(entry.path.toStdString());
  if (!opened) {
    entry.problem = LibraryProblem::Unreadable;
    entry.reason = QString::fromStdString(opened.error().message);
    return entry;
  }
  std::shared_ptr<const gguf::GgufFile> file(std::move(opened).value());
  entry.preview = describeModelFile(*file, entry.path);
  entry.file_size = entry.preview->file_size;
  auto spec = build_model_spec(file);
  if (!spec) {
    entry.reason = QString::fromStdString(spec.error().message);
    if (!is_supported_architecture(file->architecture()))
      entry.problem = LibraryProblem::UnsupportedArchitecture;
    else if (!entry.preview->unsupportedTypes().isEmpty())
      entry.problem = LibraryProblem::UnsupportedType;
    else
      entry.problem = LibraryProblem::Invalid;
    return entry;
  }
  dropWeights(*spec);
  entry.spec = std::make_shared<const ModelSpec>(std::move(spec).value());
  return entry;
}

FoundFiles findModelFiles(const QStringList& folders, const LibraryScanLimits& limits,
                          const std::function<bool()>& cancelled) {
  FoundFiles found;
  QSet<QString> seen;
  int visited = 0;
  // Depth-first with an explicit stack: (folder, depth below the chosen one).
  QList<std::pair<QString, int>> stack;
  for (auto it = folders.crbegin(); it != folders.crend(); ++it) stack.append({libraryPath(*it), 0});
  while (!stack.isEmpty()) {
    auto [folder, depth] = stack.takeLast();
    const QFileInfoList entries =
        QDir(folder).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Readable,
                                   QDir::Name | QDir::DirsLast);
    QList<std::pair<QString, int>> below;
    for (const QFileInfo& info : entries) {
      if (cancelled && cancelled()) return found;
      if (++visited > limits.max_visited) {
        found.truncated = true;
        return found;
      }
      if (info.isDir()) {
        if (info.isSymLink()) continue;
        if (depth < limits.max_depth) below.append({info.absoluteFilePath(), depth + 1});
        else found.truncated = true;
        continue;
      }
      if (info.suffix().compare(QLatin1String("gguf"), Qt::CaseInsensitive) != 0) continue;
      const QString path = libraryPath(info.absoluteFilePath());
      if (seen.contains(path)) continue;
      if (found.paths.size() >= limits.max_files) {
        found.truncated = true;
        return found;
      }
      seen.insert(path);
      found.paths.append(path);
    }
    // Sub-folders in name order: pushed in reverse so the first is walked first.
    for (auto it = below.crbegin(); it != below.crend(); ++it) stack.append(*it);
  }
  return found;
}

}  // namespace tessera::gui

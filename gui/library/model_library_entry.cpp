#include "model_library_entry.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <utility>

#include "gguf/gguf_split.h"

namespace tessera::gui {

QString libraryPath(const QString& path) { return QDir::cleanPath(QFileInfo(path).absoluteFilePath()); }

LibraryEntry readLibraryEntry(const QString& path) { return readModelPreview(libraryPath(path)); }

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
      // A multi-part model is listed once, by its first part (which opens the whole set).
      if (tessera::gguf::is_later_split_part(info.fileName().toStdString())) continue;
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

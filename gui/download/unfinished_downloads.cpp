#include "unfinished_downloads.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace tessera::gui {

QList<UnfinishedDownload> findUnfinishedDownloads(const QString& models_folder) {
  QList<UnfinishedDownload> found;
  if (models_folder.isEmpty()) return found;
  const QDir models(models_folder);
  const auto dirs = QDir::Dirs | QDir::NoDotAndDotDot;
  for (const QString& owner : models.entryList(dirs)) {
    const QDir owner_dir(models.filePath(owner));
    for (const QString& name : owner_dir.entryList(dirs)) {
      const QDir repo_dir(owner_dir.filePath(name));
      for (const QFileInfo& part : repo_dir.entryInfoList({QStringLiteral("*.part")}, QDir::Files)) {
        UnfinishedDownload d;
        d.repo = owner + QLatin1Char('/') + name;
        d.name = part.fileName().chopped(5);
        d.part = part.filePath();
        d.bytes = static_cast<quint64>(part.size());
        found << d;
      }
    }
  }
  std::sort(found.begin(), found.end(), [](const UnfinishedDownload& a, const UnfinishedDownload& b) {
    return a.repo != b.repo ? a.repo < b.repo : a.name < b.name;
  });
  return found;
}

}  // namespace tessera::gui

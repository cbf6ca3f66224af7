// Downloads left unfinished in the models folder (download/models_folder.h: MODELS/OWNER/NAME/FILE):
// the FILE.part files a quit, a pause or a dropped connection left behind. The Download view offers
// to resume them: the repository comes from the folder names, and queueing the model again resumes
// from the .part (download_job.h), its bytes checked again first.
#pragma once

#include <QList>
#include <QString>

namespace tessera::gui {

struct UnfinishedDownload {
  QString repo;  // "OWNER/NAME"
  QString name;  // the file's name once complete (without ".part")
  QString part;  // the .part file's path
  quint64 bytes = 0;
};

// Sorted by repository and name; a folder that does not exist has none.
QList<UnfinishedDownload> findUnfinishedDownloads(const QString& models_folder);

}  // namespace tessera::gui

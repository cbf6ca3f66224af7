// The Download view: find a GGUF model on the Hugging Face hub (or the mirror the settings name),
// see which quantization fits the GPUs with the split chosen now, and download it into the models
// folder, from where it appears in the Library. A tab of the main area beside the Library.
//
//   search box -> repositories (HubSearchModel: id, downloads, likes)
//   a repository -> its models (GgufChoiceModel: quantization, size, "fits on GPU 0 + 1 with this
//                   split" from the selected model's header, fetched with Range requests)
//   Download -> the queue (DownloadQueueModel: progress, speed, time left; Pause, Resume, Cancel)
//   unfinished downloads found in the models folder (.part files, from a quit or an earlier run),
//   with Resume: the model is queued again and continues from its .part.
//
// Network work runs off the GUI thread (HubBrowser's pool, the DownloadQueue's thread); answers come
// back by signals. Errors are shown in the view's banner with the download library's own message
// (it names the URL and the reason; a gated model says to accept its licence and give a token).
// The hub's address and the access token are edited here and kept in AppSettings; empty, the
// environment's (DownloadEnvironment, read at the app's edge).
//
// GUI thread only.
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include <memory>

#include "app_settings.h"
#include "download/download_job.h"
#include "download/gguf_choice.h"
#include "download/hub_listing.h"
#include "download_environment.h"
#include "unfinished_downloads.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableView;

namespace tessera::gui {

class DownloadQueueModel;
class ErrorBanner;
class GgufChoiceModel;
class HubBrowser;
class HubSearchModel;
class LibraryPanel;
class SplitPreviewModel;

class DownloadView : public QWidget {
  Q_OBJECT

 public:
  explicit DownloadView(QWidget* parent = nullptr);
  ~DownloadView() override;

  // The name of the main area's tab ("Download"), in the interface language.
  static QString title();

  // Where the hub is and where models go (the edge's reading of the environment).
  void setEnvironment(const DownloadEnvironment& environment);
  const QString& modelsFolder() const { return environment_.models_folder; }
  // The settings requests are made with now (the environment's, then the saved address and token).
  tessera::download::HubSettings hubSettings() const;
  // "Fits?" follows this split model from now on (every plan change).
  void followSplit(const SplitPreviewModel* split);
  // Tests shorten the progress interval and the retry waits.
  void setDownloadOptions(const tessera::download::DownloadOptions& options);

  // Searches the hub for `text` (the search box shows it).
  void search(const QString& text);
  // Lists `repo`'s models.
  void showRepository(const QString& repo);
  // Queues the model of `row` of the repository's models (the selected one without an argument).
  void downloadChoice(int row);
  void downloadSelected();
  // Of the selected row of the queue.
  void pauseSelected();
  void resumeSelected();
  void cancelSelected();
  // Reads the models folder for .part files again (also when the environment is set and after
  // every job that ends).
  void refreshUnfinished();
  const QList<UnfinishedDownload>& unfinished() const { return unfinished_; }
  // Queues the model the unfinished file `index` belongs to (after listing its repository).
  void resumeUnfinished(int index);

  HubBrowser* browser() const { return browser_; }
  HubSearchModel* searchModel() const { return search_model_; }
  GgufChoiceModel* choiceModel() const { return choice_model_; }
  DownloadQueueModel* queueModel() const { return queue_model_; }
  ErrorBanner* banner() const { return banner_; }
  QLineEdit* searchBox() const { return search_box_; }
  QTableView* resultsView() const { return results_view_; }
  QTableView* choicesView() const { return choices_view_; }
  QTableView* queueView() const { return queue_view_; }
  QPushButton* downloadButton() const { return download_; }
  QPushButton* pauseButton() const { return pause_; }
  QPushButton* resumeButton() const { return resume_; }
  QPushButton* cancelButton() const { return cancel_; }
  QListWidget* unfinishedList() const { return unfinished_list_; }
  QPushButton* resumeUnfinishedButton() const { return resume_unfinished_; }
  QLineEdit* endpointEdit() const { return endpoint_; }
  QLineEdit* tokenEdit() const { return token_; }
  QLabel* statusLabel() const { return status_; }

 signals:
  // A model's files are all in place (paths in order; the first opens the model).
  void modelDownloaded(const QStringList& paths);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void applyHubSettings();
  void showError(const QString& title, const QString& detail);
  void onSearchFinished(const QString& text, const std::vector<tessera::download::HubModel>& models,
                        const QString& error);
  void onFilesListed(const QString& repo, const std::vector<tessera::download::GgufChoice>& choices,
                     const QString& error);
  void onChoiceSelected();
  void fillUnfinishedList();
  void updateButtons();
  int selectedQueueRow() const;

  AppSettings settings_;
  DownloadEnvironment environment_;
  HubBrowser* browser_;
  HubSearchModel* search_model_;
  GgufChoiceModel* choice_model_;
  DownloadQueueModel* queue_model_;
  QList<UnfinishedDownload> unfinished_;
  QString pending_resume_;  // the file whose repository is being listed to resume it

  ErrorBanner* banner_;
  QLineEdit* search_box_;
  QPushButton* search_button_;
  QTableView* results_view_;
  QLabel* choices_label_;
  QTableView* choices_view_;
  QPushButton* download_;
  QLabel* queue_label_;
  QTableView* queue_view_;
  QPushButton* pause_;
  QPushButton* resume_;
  QPushButton* cancel_;
  QLabel* unfinished_label_;
  QListWidget* unfinished_list_;
  QPushButton* resume_unfinished_;
  QLabel* endpoint_label_;
  QLineEdit* endpoint_;
  QLabel* token_label_;
  QLineEdit* token_;
  QLabel* status_;
};

// A finished download shows in `library`: the models folder joins its folders (or is read again).
void showDownloadsInLibrary(DownloadView* view, LibraryPanel* library);

}  // namespace tessera::gui

#include "download_view.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "display_format.h"
#include "download/models_folder.h"
#include "download_queue_model.h"
#include "error_banner.h"
#include "gguf_choice_model.h"
#include "hub_browser.h"
#include "hub_search_model.h"
#include "library_panel.h"
#include "split_preview_model.h"

namespace tessera::gui {

using namespace tessera::download;

namespace {

QTableView* makeTable(const QString& name, QAbstractItemModel* model) {
  auto* view = new QTableView;
  view->setObjectName(name);
  view->setModel(model);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view->setAlternatingRowColors(true);
  view->verticalHeader()->hide();
  // Columns as wide as their title and figures, in every language (at Qt's 100 px "Downloads" and
  // "Geschwindigkeit" were cut); each table stretches its column of names.
  view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view->horizontalHeader()->setStretchLastSection(false);
  return view;
}

int selectedRow(const QTableView* view) {
  const QModelIndexList rows = view->selectionModel()->selectedRows();
  return rows.isEmpty() ? -1 : rows.front().row();
}

}  // namespace

DownloadView::DownloadView(QWidget* parent)
    : QWidget(parent),
      browser_(new HubBrowser(this)),
      search_model_(new HubSearchModel(this)),
      choice_model_(new GgufChoiceModel(this)),
      queue_model_(new DownloadQueueModel(this)) {
  setObjectName(QStringLiteral("downloadView"));
  banner_ = new ErrorBanner;
  banner_->setObjectName(QStringLiteral("downloadBanner"));

  search_box_ = new QLineEdit;
  search_box_->setObjectName(QStringLiteral("downloadSearch"));
  search_box_->setClearButtonEnabled(true);
  search_button_ = new QPushButton;
  auto* top = new QHBoxLayout;
  top->addWidget(search_box_, 1);
  top->addWidget(search_button_);

  results_view_ = makeTable(QStringLiteral("downloadResults"), search_model_);
  results_view_->horizontalHeader()->setSectionResizeMode(HubSearchModel::Repository, QHeaderView::Stretch);

  choices_label_ = new QLabel;
  choices_view_ = makeTable(QStringLiteral("downloadChoices"), choice_model_);
  choices_view_->horizontalHeader()->setSectionResizeMode(GgufChoiceModel::File, QHeaderView::Stretch);
  download_ = new QPushButton;
  download_->setObjectName(QStringLiteral("downloadButton"));
  auto* choices_box = new QWidget;
  auto* choices_layout = new QVBoxLayout(choices_box);
  choices_layout->setContentsMargins(0, 0, 0, 0);
  choices_layout->addWidget(choices_label_);
  choices_layout->addWidget(choices_view_, 1);
  auto* download_row = new QHBoxLayout;
  download_row->addStretch(1);
  download_row->addWidget(download_);
  choices_layout->addLayout(download_row);

  auto* browse = new QSplitter(Qt::Horizontal);
  browse->addWidget(results_view_);
  browse->addWidget(choices_box);
  browse->setStretchFactor(0, 2);
  browse->setStretchFactor(1, 3);

  queue_label_ = new QLabel;
  queue_view_ = makeTable(QStringLiteral("downloadQueue"), queue_model_);
  queue_view_->horizontalHeader()->setSectionResizeMode(DownloadQueueModel::Model, QHeaderView::Stretch);
  pause_ = new QPushButton;
  resume_ = new QPushButton;
  cancel_ = new QPushButton;
  auto* queue_buttons = new QHBoxLayout;
  queue_buttons->addStretch(1);
  queue_buttons->addWidget(pause_);
  queue_buttons->addWidget(resume_);
  queue_buttons->addWidget(cancel_);

  unfinished_label_ = new QLabel;
  unfinished_list_ = new QListWidget;
  unfinished_list_->setObjectName(QStringLiteral("downloadUnfinished"));
  unfinished_list_->setMaximumHeight(90);
  resume_unfinished_ = new QPushButton;

  endpoint_label_ = new QLabel;
  endpoint_ = new QLineEdit(settings_.hubEndpoint());
  endpoint_->setObjectName(QStringLiteral("downloadEndpoint"));
  endpoint_label_->setBuddy(endpoint_);
  token_label_ = new QLabel;
  token_ = new QLineEdit(settings_.hubToken());
  token_->setObjectName(QStringLiteral("downloadToken"));
  token_->setEchoMode(QLineEdit::PasswordEchoOnEdit);
  token_label_->setBuddy(token_);
  auto* hub_row = new QHBoxLayout;
  hub_row->addWidget(endpoint_label_);
  hub_row->addWidget(endpoint_, 2);
  hub_row->addWidget(token_label_);
  hub_row->addWidget(token_, 1);

  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("downloadStatus"));
  status_->setWordWrap(true);

  auto* queue_box = new QWidget;
  auto* queue_layout = new QVBoxLayout(queue_box);
  queue_layout->setContentsMargins(0, 0, 0, 0);
  queue_layout->addWidget(queue_label_);
  queue_layout->addWidget(queue_view_, 1);
  queue_layout->addLayout(queue_buttons);
  queue_layout->addWidget(unfinished_label_);
  auto* unfinished_row = new QHBoxLayout;
  unfinished_row->addWidget(unfinished_list_, 1);
  unfinished_row->addWidget(resume_unfinished_, 0, Qt::AlignTop);
  queue_layout->addLayout(unfinished_row);

  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(browse);
  split->addWidget(queue_box);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);

  // In a scroll area: the view asks for no height of its own, so the main area's tabs (and the
  // window, on a 1366x768 laptop) stay as small as the chat needs.
  auto* content = new QWidget;
  auto* content_layout = new QVBoxLayout(content);
  content_layout->addWidget(banner_);
  content_layout->addLayout(top);
  content_layout->addWidget(split, 1);
  content_layout->addLayout(hub_row);
  content_layout->addWidget(status_);
  auto* scroll = new QScrollArea;
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidgetResizable(true);
  scroll->setWidget(content);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll);

  connect(search_box_, &QLineEdit::returnPressed, this, [this] { search(search_box_->text()); });
  connect(search_button_, &QPushButton::clicked, this, [this] { search(search_box_->text()); });
  connect(results_view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
    const int row = selectedRow(results_view_);
    if (row >= 0) showRepository(search_model_->repo(row));
  });
  connect(choices_view_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &DownloadView::onChoiceSelected);
  connect(choices_view_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    downloadChoice(index.row());
  });
  connect(download_, &QPushButton::clicked, this, &DownloadView::downloadSelected);
  connect(pause_, &QPushButton::clicked, this, &DownloadView::pauseSelected);
  connect(resume_, &QPushButton::clicked, this, &DownloadView::resumeSelected);
  connect(cancel_, &QPushButton::clicked, this, &DownloadView::cancelSelected);
  connect(resume_unfinished_, &QPushButton::clicked, this, [this] { resumeUnfinished(unfinished_list_->currentRow()); });
  connect(queue_view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &DownloadView::updateButtons);
  connect(unfinished_list_, &QListWidget::currentRowChanged, this, &DownloadView::updateButtons);
  connect(endpoint_, &QLineEdit::editingFinished, this, [this] {
    settings_.setHubEndpoint(endpoint_->text());
    applyHubSettings();
  });
  connect(token_, &QLineEdit::editingFinished, this, [this] {
    settings_.setHubToken(token_->text());
    applyHubSettings();
  });

  connect(browser_, &HubBrowser::searchFinished, this, &DownloadView::onSearchFinished);
  connect(browser_, &HubBrowser::filesListed, this, &DownloadView::onFilesListed);
  connect(browser_, &HubBrowser::headerFetched, this,
          [this](const QString& repo, const QString& label, const std::shared_ptr<const RemoteModel>& model,
                 const QString& error) {
            if (repo != choice_model_->repo()) return;  // another repository is shown now
            choice_model_->setHeader(choice_model_->rowOf(label), model, error);
          });
  connect(queue_model_, &DownloadQueueModel::jobChanged, this, [this](const DownloadQueueModel::Job& job) {
    using State = DownloadQueueModel::JobState;
    if (job.state != State::Queued && job.state != State::Running) refreshUnfinished();
    updateButtons();
  });
  connect(queue_model_, &DownloadQueueModel::jobDone, this, [this](const QStringList& paths) {
    //: %1: the downloaded model's file.
    status_->setText(tr("Downloaded %1: it is in the Library.").arg(QFileInfo(paths.front()).fileName()));
    emit modelDownloaded(paths);
  });
  connect(queue_model_, &DownloadQueueModel::jobFailed, this, [this](const QString& model, const QString& message) {
    //: %1: the model's file.
    const QString title = tr("The download of %1 failed").arg(model);
    showError(title, message);
  });
  connect(queue_model_, &QAbstractItemModel::rowsRemoved, this, &DownloadView::updateButtons);

  applyHubSettings();
  retranslateUi();
  updateButtons();
}

DownloadView::~DownloadView() = default;

QString DownloadView::title() { return tr("Download"); }

void DownloadView::setEnvironment(const DownloadEnvironment& environment) {
  environment_ = environment;
  applyHubSettings();
  if (!environment_.problem.isEmpty())
    showError(tr("The environment's hub settings cannot be used"), environment_.problem);
  refreshUnfinished();
}

HubSettings DownloadView::hubSettings() const {
  return effectiveHubSettings(environment_.hub, endpoint_->text(), token_->text());
}

void DownloadView::applyHubSettings() {
  const HubSettings settings = hubSettings();
  browser_->setSettings(settings);
  queue_model_->setHubSettings(settings);
  endpoint_->setPlaceholderText(QString::fromStdString(environment_.hub.endpoint));
}

void DownloadView::followSplit(const SplitPreviewModel* split) {
  choice_model_->setSplitTarget(splitTargetOf(*split));
  connect(split, &SplitPreviewModel::planChanged, this,
          [this, split] { choice_model_->setSplitTarget(splitTargetOf(*split)); });
}

void DownloadView::setDownloadOptions(const DownloadOptions& options) { queue_model_->setOptions(options); }

void DownloadView::showError(const QString& title, const QString& detail) {
  banner_->showMessage(ErrorBanner::Severity::Error, ErrorText{title, detail, QString()});
}

void DownloadView::search(const QString& text) {
  if (search_box_->text() != text) search_box_->setText(text);
  banner_->dismiss();
  //: %1: the text searched for on the hub.
  status_->setText(tr("Searching for “%1”…").arg(text.trimmed()));
  browser_->search(text);
}

void DownloadView::onSearchFinished(const QString& text, const std::vector<HubModel>& models, const QString& error) {
  if (!error.isEmpty()) {
    status_->clear();
    showError(tr("The search failed"), error);
    return;
  }
  search_model_->setResults(models);
  choice_model_->clear();
  //: %1: how many repositories the hub found; %2: the text searched for.
  status_->setText(tr("%1 repositories with GGUF models for “%2”.").arg(models.size()).arg(text.trimmed()));
  updateButtons();
}

void DownloadView::showRepository(const QString& repo) {
  if (repo.isEmpty()) return;
  banner_->dismiss();
  choice_model_->setChoices(repo, {});
  //: %1: a hub repository (OWNER/NAME).
  choices_label_->setText(tr("Models of %1 (listing…)").arg(repo));
  browser_->listFiles(repo);
  updateButtons();
}

void DownloadView::onFilesListed(const QString& repo, const std::vector<GgufChoice>& choices, const QString& error) {
  choices_label_->setText(tr("Models of %1").arg(repo));
  if (!error.isEmpty()) {
    showError(tr("The files of %1 could not be listed").arg(repo), error);
    pending_resume_.clear();
    return;
  }
  choice_model_->setChoices(repo, choices);
  if (choices.empty()) status_->setText(tr("%1 has no GGUF model.").arg(repo));
  // The model a download without a quantization takes (Q4_K_M, else the first) is selected, and
  // so its header is read for "fits?".
  std::vector<RepoFile> files;
  for (const GgufChoice& c : choices) files.insert(files.end(), c.files.begin(), c.files.end());
  if (auto chosen = choose_gguf(files, "", repo.toStdString()); chosen.ok()) {
    const int row = choice_model_->rowOf(QString::fromStdString(chosen->label()));
    if (row >= 0) choices_view_->selectRow(row);
  }
  if (!pending_resume_.isEmpty()) {
    const QString name = pending_resume_;
    pending_resume_.clear();
    for (int row = 0; row < choice_model_->rowCount(); ++row) {
      for (const RepoFile& f : choice_model_->choice(row).files) {
        if (QString::fromStdString(f.name()) == name) {
          downloadChoice(row);
          return;
        }
      }
    }
    showError(tr("%1 cannot be resumed").arg(name),
              //: %1: a file name; %2: a hub repository.
              tr("The repository %2 no longer lists %1.").arg(name, repo));
  }
  updateButtons();
}

void DownloadView::onChoiceSelected() {
  const int row = selectedRow(choices_view_);
  updateButtons();
  if (row < 0 || choice_model_->fit(row) != GgufChoiceModel::Fit::Unknown) return;
  choice_model_->setReading(row);
  browser_->fetchHeader(choice_model_->repo(), choice_model_->choice(row));
}

void DownloadView::downloadSelected() { downloadChoice(selectedRow(choices_view_)); }

void DownloadView::downloadChoice(int row) {
  if (row < 0 || row >= choice_model_->rowCount()) return;
  const QString repo = choice_model_->repo();
  const GgufChoice& choice = choice_model_->choice(row);
  if (environment_.models_folder.isEmpty()) {
    showError(tr("There is no models folder"), environment_.problem);
    return;
  }
  auto folder = repo_folder(environment_.models_folder.toStdString(), repo.toStdString());
  if (!folder.ok()) {
    showError(tr("The download cannot start"), QString::fromStdString(folder.error().message));
    return;
  }
  const QString name = QString::fromStdString(choice.files.front().name());
  const int queued = queue_model_->rowOf(repo, name);
  if (queued >= 0) {
    const auto state = queue_model_->job(queued).state;
    if (state == DownloadQueueModel::JobState::Paused) queue_model_->resume(queued);
    if (state != DownloadQueueModel::JobState::Failed && state != DownloadQueueModel::JobState::Done) return;
  }
  banner_->dismiss();
  queue_model_->add(DownloadRequest{repo.toStdString(), "main", choice.files, *folder});
  queue_view_->selectRow(queue_model_->rowCount() - 1);
  // Files being downloaded again are not offered for resuming.
  fillUnfinishedList();
}

void DownloadView::pauseSelected() { queue_model_->pause(selectedQueueRow()); }
void DownloadView::resumeSelected() { queue_model_->resume(selectedQueueRow()); }
void DownloadView::cancelSelected() { queue_model_->cancel(selectedQueueRow()); }

int DownloadView::selectedQueueRow() const { return selectedRow(queue_view_); }

void DownloadView::refreshUnfinished() {
  unfinished_ = findUnfinishedDownloads(environment_.models_folder);
  fillUnfinishedList();
}

void DownloadView::fillUnfinishedList() {
  unfinished_list_->clear();
  for (const UnfinishedDownload& d : unfinished_) {
    auto* item = new QListWidgetItem(QStringLiteral("%1 — %2 (%3)").arg(d.repo, d.name, DisplayFormat::bytes(d.bytes)));
    // One in the queue resumes there.
    const bool queued = queue_model_->rowOf(d.repo, d.name) >= 0;
    item->setFlags(queued ? Qt::ItemFlags() : Qt::ItemFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
    unfinished_list_->addItem(item);
  }
  const bool any = !unfinished_.isEmpty();
  unfinished_label_->setVisible(any);
  unfinished_list_->setVisible(any);
  resume_unfinished_->setVisible(any);
  updateButtons();
}

void DownloadView::resumeUnfinished(int index) {
  if (index < 0 || index >= unfinished_.size()) return;
  const UnfinishedDownload& d = unfinished_.at(index);
  if (queue_model_->rowOf(d.repo, d.name) >= 0) return;
  pending_resume_ = d.name;
  showRepository(d.repo);
}

void DownloadView::updateButtons() {
  using State = DownloadQueueModel::JobState;
  download_->setEnabled(selectedRow(choices_view_) >= 0);
  const int row = selectedQueueRow();
  const bool has = row >= 0 && row < queue_model_->rowCount();
  const State state = has ? queue_model_->job(row).state : State::Done;
  pause_->setEnabled(has && (state == State::Queued || state == State::Running));
  resume_->setEnabled(has && state == State::Paused);
  cancel_->setEnabled(has && state != State::Done);
  const int current = unfinished_list_->currentRow();
  resume_unfinished_->setEnabled(current >= 0 && current < unfinished_.size() &&
                                 unfinished_list_->item(current)->flags().testFlag(Qt::ItemIsEnabled));
}

void DownloadView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

void DownloadView::retranslateUi() {
  //: Placeholder of the Download view's search box.
  search_box_->setPlaceholderText(tr("Search the hub for GGUF models, e.g. Qwen3 8B"));
  search_button_->setText(tr("&Search"));
  if (choice_model_->repo().isEmpty()) choices_label_->setText(tr("Pick a repository to see its models."));
  download_->setText(tr("&Download"));
  queue_label_->setText(tr("Downloads"));
  pause_->setText(tr("&Pause"));
  resume_->setText(tr("&Resume"));
  cancel_->setText(tr("&Cancel"));
  unfinished_label_->setText(tr("Unfinished downloads in the models folder:"));
  resume_unfinished_->setText(tr("Resume &Unfinished"));
  endpoint_label_->setText(tr("Hub &address:"));
  token_label_->setText(tr("Access &token:"));
  //: Tooltip of the access token field.
  token_->setToolTip(tr("For gated models: accept the licence on the model's page and give a token of your account."));
  choice_model_->retranslate();
  emit search_model_->headerDataChanged(Qt::Horizontal, 0, HubSearchModel::ColumnCount - 1);
  emit queue_model_->headerDataChanged(Qt::Horizontal, 0, DownloadQueueModel::ColumnCount - 1);
}

void showDownloadsInLibrary(DownloadView* view, LibraryPanel* library) {
  QObject::connect(view, &DownloadView::modelDownloaded, library, [view, library] {
    const QString folder = QDir::cleanPath(view->modelsFolder());
    bool listed = false;
    for (const QString& f : library->folders()) listed = listed || QDir::cleanPath(f) == folder;
    if (listed)
      library->rescan();
    else
      library->addFolder(folder);
  });
}

}  // namespace tessera::gui

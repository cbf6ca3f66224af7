#include "library_panel.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "split_preview_model.h"

namespace tessera::gui {
namespace {

bool isUnder(const QString& path, const QString& folder) {
  return path.startsWith(folder.endsWith(QLatin1Char('/')) ? folder : folder + QLatin1Char('/'));
}

}  // namespace

LibraryPanel::LibraryPanel(QWidget* parent)
    : QWidget(parent),
      folders_(settings_.libraryFolders()),
      removed_(settings_.libraryRemovedFiles()),
      model_(new LibraryModel(this)),
      filter_(new LibraryFilterModel(this)),
      scanner_(new LibraryScanner(this)) {
  setObjectName(QStringLiteral("libraryPanel"));
  choose_folder_ = [this] { return QFileDialog::getExistingDirectory(this, tr("Add a Model Folder"), QDir::homePath()); };
  open_url_ = [](const QUrl& url) { QDesktopServices::openUrl(url); };
  filter_->setSourceModel(model_);

  search_ = new QLineEdit;
  search_->setObjectName(QStringLiteral("librarySearch"));
  search_->setClearButtonEnabled(true);
  show_label_ = new QLabel;
  show_ = new QComboBox;
  show_->setObjectName(QStringLiteral("libraryShow"));
  show_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // as wide as its words in every language
  show_->addItem(QString());
  show_->addItem(QString());
  show_label_->setBuddy(show_);
  auto* top = new QHBoxLayout;
  top->addWidget(search_, 1);
  top->addWidget(show_label_);
  top->addWidget(show_);

  folder_list_ = new QListWidget;
  folder_list_->setObjectName(QStringLiteral("libraryFolders"));
  add_folder_ = new QPushButton;
  remove_folder_ = new QPushButton;
  rescan_ = new QPushButton;
  // One above the other: side by side they set the folder column's width (280 px for one short
  // folder), and the table beside it scrolled sideways with its status column cut.
  auto* folder_buttons = new QVBoxLayout;
  folder_buttons->addWidget(add_folder_);
  folder_buttons->addWidget(remove_folder_);
  folder_buttons->addWidget(rescan_);
  auto* folder_box = new QWidget;
  auto* folder_layout = new QVBoxLayout(folder_box);
  folder_layout->setContentsMargins(0, 0, 0, 0);
  folder_layout->addWidget(folder_list_, 1);
  folder_layout->addLayout(folder_buttons);

  view_ = new QTableView;
  view_->setObjectName(QStringLiteral("libraryView"));
  view_->setModel(filter_);
  view_->setSortingEnabled(true);
  view_->sortByColumn(LibraryModel::Name, Qt::AscendingOrder);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view_->setAlternatingRowColors(true);
  view_->setWordWrap(false);
  view_->verticalHeader()->hide();
  // Every column as wide as what it shows; the reason a file cannot be opened takes the rest.
  view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view_->horizontalHeader()->setStretchLastSection(true);

  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(folder_box);
  splitter->addWidget(view_);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({180, 820});

  open_ = new QPushButton;
  open_->setObjectName(QStringLiteral("libraryOpen"));
  remove_ = new QPushButton;
  reveal_ = new QPushButton;
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("libraryStatus"));
  // On a line of its own above the buttons, wrapping: beside them, its width was added to the
  // buttons' row and made the main window's central tabs (and so the window) wider than 1024 px.
  status_->setWordWrap(true);
  detail_ = new QLabel;
  detail_->setObjectName(QStringLiteral("libraryDetail"));
  detail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  detail_->setWordWrap(true);
  auto* bottom = new QHBoxLayout;
  bottom->addStretch(1);
  bottom->addWidget(open_);
  bottom->addWidget(remove_);
  bottom->addWidget(reveal_);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(splitter, 1);
  layout->addWidget(status_);
  layout->addLayout(bottom);
  layout->addWidget(detail_);

  connect(search_, &QLineEdit::textChanged, this, [this](const QString& text) {
    filter_->setSearchText(text);
    updateStatus();  // "N shown of M"
  });
  connect(show_, &QComboBox::currentIndexChanged, this, [this](int index) {
    filter_->setRecentOnly(index == 1);
    updateStatus();
  });
  connect(add_folder_, &QPushButton::clicked, this, &LibraryPanel::chooseFolder);
  connect(remove_folder_, &QPushButton::clicked, this, [this] {
    if (QListWidgetItem* item = folder_list_->currentItem()) removeFolder(item->data(Qt::UserRole).toString());
  });
  connect(folder_list_, &QListWidget::currentRowChanged, this, &LibraryPanel::updateButtons);
  connect(rescan_, &QPushButton::clicked, this, &LibraryPanel::rescan);
  connect(view_, &QTableView::doubleClicked, this, &LibraryPanel::openSelected);
  connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LibraryPanel::updateButtons);
  connect(filter_, &QAbstractItemModel::modelReset, this, &LibraryPanel::updateButtons);
  connect(filter_, &QAbstractItemModel::dataChanged, this, &LibraryPanel::updateButtons);
  connect(filter_, &QAbstractItemModel::rowsRemoved, this, &LibraryPanel::updateButtons);
  connect(open_, &QPushButton::clicked, this, &LibraryPanel::openSelected);
  connect(remove_, &QPushButton::clicked, this, &LibraryPanel::removeSelected);
  connect(reveal_, &QPushButton::clicked, this, &LibraryPanel::revealSelected);
  connect(scanner_, &LibraryScanner::entriesFound, this, &LibraryPanel::onEntries);
  connect(scanner_, &LibraryScanner::finished, this, &LibraryPanel::onScanFinished);
  connect(scanner_, &LibraryScanner::progressChanged, this, &LibraryPanel::updateStatus);

  model_->setRecentFiles(settings_.recentFiles());
  retranslateUi();
  fillFolderList();
  rescan();
}

LibraryPanel::~LibraryPanel() { scanner_->disconnect(this); }

QString LibraryPanel::title() { return tr("Library"); }

void LibraryPanel::followSplit(const SplitPreviewModel* split) {
  model_->setSplitTarget(splitTargetOf(*split));
  connect(split, &SplitPreviewModel::planChanged, this, [this, split] { model_->setSplitTarget(splitTargetOf(*split)); });
}

void LibraryPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

void LibraryPanel::retranslateUi() {
  search_->setPlaceholderText(tr("Search by name, architecture, quantization or path"));
  //: Label of the choice between all models and the recent ones.
  show_label_->setText(tr("&Show:"));
  show_->setItemText(0, tr("All models"));
  show_->setItemText(1, tr("Recent models"));
  add_folder_->setText(tr("Add Folder…"));
  remove_folder_->setText(tr("Remove Folder"));
  rescan_->setText(tr("Rescan"));
  open_->setText(tr("&Open"));
  remove_->setText(tr("Remove from List"));
  remove_->setToolTip(tr("The file stays on disk; adding its folder again brings it back."));
  reveal_->setText(tr("Reveal in File Manager"));
  model_->retranslate();
  updateStatus();
  updateButtons();
}

void LibraryPanel::setFolders(const QStringList& folders) {
  settings_.setLibraryFolders(folders);
  folders_ = settings_.libraryFolders();  // cleaned, without duplicates
  fillFolderList();
  rescan();
}

void LibraryPanel::fillFolderList() {
  folder_list_->clear();
  for (const QString& folder : folders_) {
    auto* item = new QListWidgetItem(QDir::toNativeSeparators(folder), folder_list_);
    item->setData(Qt::UserRole, folder);
    item->setToolTip(QDir::toNativeSeparators(folder));
  }
  updateButtons();
}

void LibraryPanel::addFolder(const QString& folder) {
  if (folder.isEmpty()) return;
  const QString clean = libraryPath(folder);
  // Adding a folder again brings back the files removed from the list under it.
  QStringList kept;
  for (const QString& path : removed_)
    if (!isUnder(path, clean)) kept << path;
  if (kept != removed_) {
    removed_ = kept;
    settings_.setLibraryRemovedFiles(removed_);
  }
  setFolders(folders_ + QStringList{clean});
}

void LibraryPanel::removeFolder(const QString& folder) {
  QStringList folders = folders_;
  folders.removeAll(libraryPath(folder));
  setFolders(folders);
}

void LibraryPanel::chooseFolder() {
  if (choose_folder_) addFolder(choose_folder_());
}

void LibraryPanel::rescan() {
  model_->beginRefresh();
  scanner_->start(folders_, settings_.recentFiles());
  updateStatus();
}

void LibraryPanel::refreshRecent() {
  const QStringList recent = settings_.recentFiles();
  model_->setRecentFiles(recent);
  for (const QString& path : recent) {
    if (model_->rowOf(path) < 0 && !removed_.contains(path) && QFileInfo(path).isFile()) {
      rescan();
      return;
    }
  }
}

void LibraryPanel::onEntries(const QList<LibraryEntry>& entries) {
  QList<LibraryEntry> shown;
  for (const LibraryEntry& e : entries)
    if (!removed_.contains(e.path)) shown << e;
  model_->addEntries(shown);
  updateStatus();
}

void LibraryPanel::onScanFinished(bool completed) {
  if (completed) model_->endRefresh();
  updateStatus();
}

QString LibraryPanel::selectedPath() const {
  const QModelIndexList rows = view_->selectionModel()->selectedRows();
  return rows.isEmpty() ? QString() : rows.first().data(LibraryModel::PathRole).toString();
}

bool LibraryPanel::select(const QString& path) {
  const int row = model_->rowOf(path);
  if (row < 0) return false;
  const QModelIndex index = filter_->mapFromSource(model_->index(row, 0));
  if (!index.isValid()) return false;
  view_->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  view_->setCurrentIndex(index);
  return true;
}

void LibraryPanel::openSelected() {
  const int row = model_->rowOf(selectedPath());
  if (row < 0 || !model_->entry(row).usable()) return;
  emit openRequested(model_->entry(row).path);
}

void LibraryPanel::removeSelected() {
  const QString path = selectedPath();
  if (path.isEmpty()) return;
  removed_ << path;
  settings_.setLibraryRemovedFiles(removed_);
  model_->removePath(path);
  updateStatus();
}

void LibraryPanel::revealSelected() {
  const QString path = selectedPath();
  if (!path.isEmpty() && open_url_) open_url_(QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
}

void LibraryPanel::updateButtons() {
  const int row = model_->rowOf(selectedPath());
  const bool selected = row >= 0;
  open_->setEnabled(selected && model_->entry(row).usable());
  remove_->setEnabled(selected);
  reveal_->setEnabled(selected);
  remove_folder_->setEnabled(folder_list_->currentItem() != nullptr);
  if (!selected) {
    detail_->clear();
    return;
  }
  const LibraryEntry& e = model_->entry(row);
  if (e.usable())
    detail_->setText(QDir::toNativeSeparators(e.path));
  else
    //: A file of the model library that cannot be opened: the short reason, then the reader's message.
    detail_->setText(tr("%1: %2").arg(ModelProblems::text(e), e.reason));
}

void LibraryPanel::updateStatus() {
  const QLocale locale;
  if (scanner_->isScanning()) {
    const int total = scanner_->filesToRead();
    if (total > 0)
      //: Files of the model library read so far, of all found.
      status_->setText(tr("Reading models… %1 of %2").arg(locale.toString(scanner_->filesRead()), locale.toString(total)));
    else
      status_->setText(tr("Looking for models…"));
    return;
  }
  if (folders_.isEmpty() && model_->rowCount() == 0) {
    status_->setText(tr("Add a folder that holds .gguf models."));
    return;
  }
  QString text = tr("%n model(s)", nullptr, model_->rowCount());
  if (filter_->rowCount() != model_->rowCount())
    //: How many rows the search or filter shows, of all (the second argument is "N models").
    text = tr("%1 shown of %2").arg(locale.toString(filter_->rowCount()), text);
  if (scanner_->truncated()) text += QLatin1Char(' ') + tr("(the search stopped at its limit; there may be more)");
  status_->setText(text);
}

}  // namespace tessera::gui

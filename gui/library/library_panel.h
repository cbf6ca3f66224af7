// The model library: the .gguf files under the folders the user chose (plus the recent models),
// in a sortable, searchable table (LibraryModel through LibraryFilterModel) with Open, Remove from
// List and Reveal in File Manager; a folder list with Add Folder… and Remove Folder; a "Show" choice
// of all or only the recent models.
//
// Folders, removed files and recent models persist through AppSettings. Scanning runs off the GUI
// thread (LibraryScanner) and starts again whenever the folder list changes (the old scan is
// cancelled); closing the window cancels it. Opening goes through the main window
// (openRequested), which loads the file (it becomes recent once loaded). The main window shows the
// panel as a tab of its main area ("Library"): a wide table needs the room.
//
// GUI thread only.
#pragma once

#include <QStringList>
#include <QUrl>
#include <QWidget>

#include <functional>

#include "app_settings.h"
#include "library_model.h"
#include "library_scanner.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableView;

namespace tessera::gui {

class SplitPreviewModel;

class LibraryPanel : public QWidget {
  Q_OBJECT

 public:
  explicit LibraryPanel(QWidget* parent = nullptr);
  ~LibraryPanel() override;

  // The name of the main area's tab that holds the panel ("Library"), in the interface language.
  static QString title();
  // "Fits?" follows this split model from now on (every plan change).
  void followSplit(const SplitPreviewModel* split);

  QStringList folders() const { return folders_; }
  void addFolder(const QString& folder);
  void removeFolder(const QString& folder);
  // Asks for a folder (setFolderChooser) and adds it.
  void chooseFolder();
  // Reads the folders again (also at construction).
  void rescan();
  // The recent models changed (AppSettings::recentFiles); ones not listed yet are read.
  void refreshRecent();

  // Of the selected row (or none): opens it, removes it from the list, shows its folder.
  void openSelected();
  void removeSelected();
  void revealSelected();
  // Selects the row of `path` (false when it is not shown).
  bool select(const QString& path);
  QString selectedPath() const;

  // Tests replace the folder dialog and the desktop's URL handler.
  void setFolderChooser(std::function<QString()> chooser) { choose_folder_ = std::move(chooser); }
  void setUrlOpener(std::function<void(const QUrl&)> opener) { open_url_ = std::move(opener); }

  LibraryModel* model() const { return model_; }
  LibraryFilterModel* filterModel() const { return filter_; }
  LibraryScanner* scanner() const { return scanner_; }
  QTableView* view() const { return view_; }
  QLineEdit* searchBox() const { return search_; }
  QComboBox* showBox() const { return show_; }
  QListWidget* folderList() const { return folder_list_; }
  QPushButton* openButton() const { return open_; }
  QPushButton* removeButton() const { return remove_; }
  QPushButton* revealButton() const { return reveal_; }
  QLabel* statusLabel() const { return status_; }
  QLabel* detailLabel() const { return detail_; }

 signals:
  void openRequested(const QString& path);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void setFolders(const QStringList& folders);
  void fillFolderList();
  void onEntries(const QList<LibraryEntry>& entries);
  void onScanFinished(bool completed);
  void updateButtons();
  void updateStatus();

  AppSettings settings_;
  QStringList folders_;
  QStringList removed_;  // files the user removed from the list
  LibraryModel* model_;
  LibraryFilterModel* filter_;
  LibraryScanner* scanner_;
  std::function<QString()> choose_folder_;
  std::function<void(const QUrl&)> open_url_;

  QLineEdit* search_;
  QComboBox* show_;
  QLabel* show_label_;
  QListWidget* folder_list_;
  QPushButton* add_folder_;
  QPushButton* remove_folder_;
  QPushButton* rescan_;
  QTableView* view_;
  QPushButton* open_;
  QPushButton* remove_;
  QPushButton* reveal_;
  QLabel* status_;
  QLabel* detail_;
};

}  // namespace tessera::gui

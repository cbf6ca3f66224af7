// The history sidebar: the conversations kept in a ConversationStore, newest first, with a search
// box (titles and texts), and Rename and Delete. Opening, deleting and renaming go through the
// main window (it owns the open conversation); the panel lists and asks.
#pragma once

#include <QWidget>

#include "conversation_store.h"

class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace tessera::gui {

class HistoryPanel : public QWidget {
  Q_OBJECT

 public:
  explicit HistoryPanel(const ConversationStore* store, QWidget* parent = nullptr);

  // Reads the store again (after a save), marking `current` (the open conversation's id).
  void refresh(const QString& current);
  void setSearch(const QString& query);
  // The ids listed, in order (tests).
  QStringList ids() const;
  QString titleAt(int row) const;
  // What the row shows beside its title: the time it last changed today, its date before.
  QString whenAt(int row) const;
  // Starts editing the title of the selected conversation in place.
  void renameSelected();

  QLineEdit* searchBox() const { return search_; }
  QListWidget* list() const { return list_; }
  QPushButton* renameButton() const { return rename_; }
  QPushButton* deleteButton() const { return delete_; }

 signals:
  void openRequested(const QString& id);
  void renameRequested(const QString& id, const QString& title);
  void deleteRequested(const QString& id);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void fill();
  void updateButtons();
  QString selectedId() const;

  const ConversationStore* store_;
  QString current_;
  bool filling_ = false;
  QLineEdit* search_;
  QListWidget* list_;
  QPushButton* rename_;
  QPushButton* delete_;
};

}  // namespace tessera::gui

// Help ▸ Guide and Shortcuts: a short guide to the app (opening and loading a model, the split
// workspace, the split benchmark, editing a message) and the keyboard shortcuts, read from the
// window's own actions so the list never disagrees with the menus. Not modal; re-worded on a
// language switch.
#pragma once

#include <QDialog>
#include <QList>

class QAction;
class QTextBrowser;

namespace tessera::gui {

class GuideDialog : public QDialog {
  Q_OBJECT

 public:
  // `shortcuts`: the actions whose shortcuts are listed (texts and keys as they are when shown).
  explicit GuideDialog(const QList<QAction*>& shortcuts, QWidget* parent = nullptr);

  QTextBrowser* browser() const { return browser_; }
  // The guide as HTML, in the interface language.
  QString html() const;

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslateUi();

  QList<QAction*> shortcuts_;
  QTextBrowser* browser_;
};

}  // namespace tessera::gui

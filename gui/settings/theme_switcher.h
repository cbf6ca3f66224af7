// Settings ▸ Theme: System default, Light or Dark. Light and Dark are Qt's Fusion style with a
// light or a dark palette of its own, so they look the same on every desktop; System default is the
// style and palette the app started with (the desktop's). The widgets take their colours from the
// palette (ThemeColors) and follow a switch at once, without a restart.
//
// The main window owns one; the style and palette the app started with come back when it goes.
// GUI thread only.
#pragma once

#include <QObject>
#include <QPalette>
#include <QString>

class QAction;
class QActionGroup;
class QMenu;

namespace tessera::gui {

class ThemeSwitcher : public QObject {
  Q_OBJECT

 public:
  enum class Theme { System, Light, Dark };
  Q_ENUM(Theme)

  explicit ThemeSwitcher(QObject* parent = nullptr);
  ~ThemeSwitcher() override;

  // "system", "light", "dark": how a choice is saved; anything else reads as System.
  static QString key(Theme theme);
  static Theme fromKey(const QString& key);
  // The palettes Light and Dark use.
  static QPalette lightPalette();
  static QPalette darkPalette();

  // Applies `theme` to the application at once.
  void apply(Theme theme);
  void apply(const QString& key) { apply(fromKey(key)); }
  Theme theme() const { return theme_; }

  // Settings ▸ Theme, added to `parent`: one checkable entry per theme, texts in the interface
  // language. Choosing one applies it and emits themeChosen.
  QMenu* createMenu(QMenu* parent);
  QMenu* menu() const { return menu_; }
  QAction* action(Theme theme) const;

 signals:
  void themeChosen(const QString& key);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void retranslateUi();
  void updateMenu();

  Theme theme_ = Theme::System;
  QString system_style_;    // the style the app started with
  QPalette system_palette_;  // and its palette
  QMenu* menu_ = nullptr;
  QActionGroup* group_ = nullptr;
};

}  // namespace tessera::gui

// The user-interface language: which translations Tessera ships, where their .qm files are looked
// for, and swapping the application's translators at run time (Tessera's own tessera_XX.qm and Qt's
// qtbase_XX.qm, which translates the standard dialogs and buttons). English is the source language;
// its tessera_en.qm holds only the plural forms of "%n" strings.
//
// Installing or removing a QTranslator makes Qt send QEvent::LanguageChange to every widget; each
// widget re-sets its texts in changeEvent() (its retranslateUi()), so a switch needs no restart.
// Numbers and sizes follow the chosen language too (QLocale::setDefault), so "1,5 GiB" reads right
// in German text.
//
// The main window owns one. Its translators are removed and the previous default locale restored
// when it goes, so nothing of a switch outlives the switcher. GUI thread only.
#pragma once

#include <QList>
#include <QLocale>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTranslator>

namespace tessera::gui {

struct UiLanguage {
  QString code;         // "en", "de", "fr", "es", "ja", "zh_CN"
  QString native_name;  // the language named in itself: "Deutsch", "日本語", ...
};

class LanguageSwitcher : public QObject {
  Q_OBJECT

 public:
  explicit LanguageSwitcher(QObject* parent = nullptr);
  ~LanguageSwitcher() override;

  // English (the source language) first, then every shipped translation.
  static QList<UiLanguage> languages();
  // The supported language that `locale` asks for: its first UI language Tessera has ("en" when
  // English comes first or nothing matches).
  static QString matchLocale(const QLocale& locale);
  // Where tessera_XX.qm files are looked for, in order: the installed share folder next to the
  // executable, then the build tree's output folder (so a build runs from its build directory).
  static QStringList searchPaths();
  // The .qm file for `code` ("de"), or empty when none is found.
  static QString findTranslation(const QString& code);

  // Shows the interface in `code`; empty (or an unknown code) follows the system locale.
  // Returns the language now shown. Falls back to English when a .qm file is missing.
  QString apply(const QString& code);
  QString choice() const { return choice_; }  // as last given to apply(); empty = the system's
  QString active() const { return active_; }  // the language shown

 signals:
  void languageChanged(const QString& active);

 private:
  void removeTranslators();

  QTranslator app_;
  QTranslator qt_;
  bool app_installed_ = false;
  bool qt_installed_ = false;
  QLocale previous_default_;
  QString choice_;
  QString active_ = QStringLiteral("en");
};

}  // namespace tessera::gui

#include "language_switcher.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLibraryInfo>

#include <algorithm>

namespace tessera::gui {
namespace {

const QString kEnglish = QStringLiteral("en");

bool isShipped(const QString& code) {
  const QList<UiLanguage> all = LanguageSwitcher::languages();
  return std::any_of(all.begin(), all.end(), [&](const UiLanguage& l) { return l.code == code; });
}

}  // namespace

LanguageSwitcher::LanguageSwitcher(QObject* parent) : QObject(parent) {}

LanguageSwitcher::~LanguageSwitcher() {
  removeTranslators();
  // No LocaleChange event: the window that owns this is going away with it.
  QLocale::setDefault(previous_default_);
}

QList<UiLanguage> LanguageSwitcher::languages() {
  // Named in themselves, never translated: someone who cannot read the current language must still
  // find their own.
  return {
      {QStringLiteral("en"), QStringLiteral("English")},
      {QStringLiteral("de"), QStringLiteral("Deutsch")},
      {QStringLiteral("fr"), QStringLiteral("Français")},
      {QStringLiteral("es"), QStringLiteral("Español")},
      {QStringLiteral("ja"), QStringLiteral("日本語")},
      {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
  };
}

QString LanguageSwitcher::matchLocale(const QLocale& locale) {
  // uiLanguages() is the user's order of preference (LANGUAGE=fr:de, then LC_MESSAGES/LANG); the
  // first one Tessera speaks wins, and English counts, so "en:de" stays English.
  for (const QString& name : locale.uiLanguages()) {
    const QLocale l(name);
    switch (l.language()) {
      case QLocale::English: return kEnglish;
      case QLocale::German: return QStringLiteral("de");
      case QLocale::French: return QStringLiteral("fr");
      case QLocale::Spanish: return QStringLiteral("es");
      case QLocale::Japanese: return QStringLiteral("ja");
      case QLocale::Chinese:
        // Only Simplified Chinese is shipped; Traditional Chinese readers get their next choice.
        if (l.script() == QLocale::SimplifiedHanScript) return QStringLiteral("zh_CN");
        break;
      default: break;
    }
  }
  return kEnglish;
}

QStringList LanguageSwitcher::searchPaths() {
  QStringList dirs;
  if (QCoreApplication::instance() != nullptr)
    dirs << QDir::cleanPath(QDir(QCoreApplication::applicationDirPath())
                                .filePath(QStringLiteral("../" TESSERA_INSTALL_TRANSLATIONS_SUBDIR)));
  dirs << QStringLiteral(TESSERA_BUILD_TRANSLATIONS_DIR);
  return dirs;
}

QString LanguageSwitcher::findTranslation(const QString& code) {
  const QString file = QStringLiteral("tessera_%1.qm").arg(code);
  for (const QString& dir : searchPaths()) {
    const QString candidate = QDir(dir).filePath(file);
    if (QFileInfo(candidate).isFile()) return candidate;
  }
  return {};
}

QString LanguageSwitcher::apply(const QString& code) {
  const bool explicit_choice = isShipped(code);
  choice_ = explicit_choice ? code : QString();  // an unknown code (a language since removed) = the system's
  const QString wanted = explicit_choice ? code : matchLocale(QLocale::system());
  const bool had_translators = app_installed_ || qt_installed_;
  removeTranslators();
  QString shown = kEnglish;
  const QString file = findTranslation(wanted);
  if (!file.isEmpty() && app_.load(file)) {
    app_installed_ = QCoreApplication::installTranslator(&app_);
    shown = wanted;
    // Qt's own strings (standard buttons, file dialogs, context menus); optional, none for English.
    if (wanted != kEnglish &&
        qt_.load(QStringLiteral("qtbase_%1").arg(wanted), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
      qt_installed_ = QCoreApplication::installTranslator(&qt_);
  } else if (wanted != kEnglish) {
    qWarning("Tessera: no translation file tessera_%s.qm found in %s; showing English", qPrintable(wanted),
             qPrintable(searchPaths().join(QStringLiteral(", "))));
  }
  // (English needs tessera_en.qm only for its plural forms: "1 GPU", "2 GPUs" from "%n GPU(s)".)
  const QLocale formats = explicit_choice ? QLocale(shown) : previous_default_;
  const bool formats_changed = formats != QLocale();
  QLocale::setDefault(formats);
  active_ = shown;
  if (formats_changed && QCoreApplication::instance() != nullptr) {
    // Widgets keep the locale they inherited from their window (spin boxes format with it): a
    // LocaleChange makes QApplication hand every window, and so every widget, the new default.
    QEvent locale_change(QEvent::LocaleChange);
    QCoreApplication::sendEvent(QCoreApplication::instance(), &locale_change);
    // Installing or removing a translator already announced a language change; when neither
    // happened, announce one so the texts that contain numbers are re-rendered too.
    if (!had_translators && !app_installed_) {
      QEvent language_change(QEvent::LanguageChange);
      QCoreApplication::sendEvent(QCoreApplication::instance(), &language_change);
    }
  }
  emit languageChanged(active_);
  return active_;
}

void LanguageSwitcher::removeTranslators() {
  if (app_installed_) QCoreApplication::removeTranslator(&app_);
  if (qt_installed_) QCoreApplication::removeTranslator(&qt_);
  app_installed_ = false;
  qt_installed_ = false;
}

}  // namespace tessera::gui

// The shipped translations (translations/tessera_XX.ts): complete, current and well-formed.
//  - Stale check: lupdate run over gui/ into temporary copies of the shipped .ts files must find
//    nothing new, unfinished, empty or vanished in any language. A string added or changed in gui/
//    without `cmake --build <build> --target update_translations` and a translation fails here,
//    naming it. The committed files are never touched.
//  - Every message keeps its placeholders, accelerator and HTML tags; numerus messages have as
//    many plural forms as the language has (one for Japanese and Chinese).
//  - Each language's .qm was built and is found where the app looks, and the locale matching
//    picks the right one.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <map>

#include "language_switcher.h"

namespace tessera::gui {
namespace {

const QString kTranslationsDir = QStringLiteral(TESSERA_TRANSLATIONS_SOURCE_DIR);
const QString kGuiDir = QStringLiteral(TESSERA_GUI_SOURCE_DIR);

struct TsMessage {
  QString context;
  QString source;
  bool numerus = false;
  QString type;           // "", "unfinished", "vanished", "obsolete"
  QStringList forms;      // one translation, or the numerus forms
};

QList<TsMessage> readTs(const QString& path, QString* language, QString* error) {
  QList<TsMessage> messages;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = file.errorString();
    return messages;
  }
  QXmlStreamReader xml(&file);
  QString context;
  TsMessage message;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) {
      if (xml.isEndElement() && xml.name() == QLatin1String("message")) messages.append(message);
      continue;
    }
    const auto name = xml.name();
    if (name == QLatin1String("TS")) {
      *language = xml.attributes().value(QLatin1String("language")).toString();
    } else if (name == QLatin1String("name")) {
      context = xml.readElementText();
    } else if (name == QLatin1String("message")) {
      message = TsMessage{};
      message.context = context;
      message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
    } else if (name == QLatin1String("source")) {
      message.source = xml.readElementText();
    } else if (name == QLatin1String("translation")) {
      message.type = xml.attributes().value(QLatin1String("type")).toString();
      if (!message.numerus) message.forms << xml.readElementText();
    } else if (name == QLatin1String("numerusform")) {
      message.forms << xml.readElementText();
    }
  }
  if (xml.hasError()) *error = xml.errorString();
  return messages;
}

struct Shipped {
  QString code;
  int plural_forms;  // Qt's numerus forms for the language
  bool plurals_only;
};

const std::vector<Shipped>& shipped() {
  static const std::vector<Shipped> all{
      {QStringLiteral("de"), 2, false}, {QStringLiteral("fr"), 2, false}, {QStringLiteral("es"), 2, false},
      {QStringLiteral("ja"), 1, false}, {QStringLiteral("zh_CN"), 1, false},
      {QStringLiteral("en"), 2, true},  // the source language: plural forms only
  };
  return all;
}

QString tsPath(const QString& dir, const QString& code) { return QDir(dir).filePath(QStringLiteral("tessera_%1.ts").arg(code)); }

// What is wrong with one message, empty when nothing.
QString problemOf(const TsMessage& m, int plural_forms) {
  if (m.type == QLatin1String("unfinished")) return m.forms.join(QString()).isEmpty() ? QStringLiteral("new") : QStringLiteral("unfinished");
  if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
    return QStringLiteral("%1 (no longer in the sources)").arg(m.type);
  if (m.forms.isEmpty()) return QStringLiteral("no translation");
  for (const QString& f : m.forms)
    if (f.trimmed().isEmpty() && !m.source.trimmed().isEmpty()) return QStringLiteral("empty translation");
  if (m.numerus && m.forms.size() != plural_forms)
    return QStringLiteral("%1 plural forms, the language has %2").arg(m.forms.size()).arg(plural_forms);
  return {};
}

QStringList problems(const QString& dir, const Shipped& lang) {
  QString language, error;
  const QList<TsMessage> messages = readTs(tsPath(dir, lang.code), &language, &error);
  QStringList out;
  if (!error.isEmpty()) out << QStringLiteral("%1: %2").arg(lang.code, error);
  for (const TsMessage& m : messages) {
    const QString problem = problemOf(m, lang.plural_forms);
    if (!problem.isEmpty()) out << QStringLiteral("%1: %2: \"%3\": %4").arg(lang.code, m.context, m.source, problem);
  }
  return out;
}

QByteArray contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// lupdate over gui/ into `ts`, the way update_translations runs it but keeping what left the
// sources (marked vanished), so the check sees it.
bool runLupdate(const QString& ts, bool plurals_only, QString* output) {
  QStringList args;
  // Every feature folder of gui/ (gui/CMakeLists.txt).
  QDirIterator it(kGuiDir, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) args << it.next();
  args << QStringLiteral("-locations") << QStringLiteral("relative") << QStringLiteral("-source-language")
       << QStringLiteral("en");
  if (plurals_only) args << QStringLiteral("-pluralonly");
  args << QStringLiteral("-ts") << ts;
  QProcess lupdate;
  lupdate.setProcessChannelMode(QProcess::MergedChannels);
  lupdate.start(QStringLiteral(TESSERA_LUPDATE_PATH), args);
  const bool ok = lupdate.waitForFinished(60000) && lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0;
  *output = QString::fromLocal8Bit(lupdate.readAll());
  return ok;
}

TEST(Translations, EverySourceStringHasAFinishedTranslationInEveryLanguage) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  QStringList found;
  for (const Shipped& lang : shipped()) {
    const QString committed = tsPath(kTranslationsDir, lang.code);
    const QByteArray before = contents(committed);
    ASSERT_FALSE(before.isEmpty()) << committed.toStdString();
    const QString copy = tsPath(dir.path(), lang.code);
    ASSERT_TRUE(QFile::copy(committed, copy));
    QFile::setPermissions(copy, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QString output;
    ASSERT_TRUE(runLupdate(copy, lang.plurals_only, &output)) << output.toStdString();
    found << problems(dir.path(), lang);
    EXPECT_EQ(contents(committed), before) << "the check must not modify " << committed.toStdString();
  }
  EXPECT_TRUE(found.isEmpty()) << "Strings without a finished translation (run `cmake --build <build> --target "
                                  "update_translations`, then translate them):\n"
                               << found.join(QLatin1Char('\n')).toStdString();
}

TEST(Translations, ShippedFilesAreCompleteAndNameTheirLanguage) {
  for (const Shipped& lang : shipped()) {
    QString language, error;
    const QList<TsMessage> messages = readTs(tsPath(kTranslationsDir, lang.code), &language, &error);
    EXPECT_TRUE(error.isEmpty()) << lang.code.toStdString() << ": " << error.toStdString();
    EXPECT_FALSE(messages.isEmpty()) << lang.code.toStdString();
    // lrelease picks the plural rules from this attribute.
    EXPECT_EQ(QLocale(language).language(), QLocale(lang.code).language()) << lang.code.toStdString();
    const QStringList found = problems(kTranslationsDir, lang);
    EXPECT_TRUE(found.isEmpty()) << found.join(QLatin1Char('\n')).toStdString();
    if (lang.plurals_only) {
      for (const TsMessage& m : messages) EXPECT_TRUE(m.numerus) << m.source.toStdString();
    }
  }
}

// Placeholders (%1, %n, %Ln, %p), accelerators (&X) and HTML tags of a text, to compare.
std::multiset<QString> markers(const QString& text) {
  static const QRegularExpression placeholder(QStringLiteral("%(L?n|\\d+|p)"));
  static const QRegularExpression tag(QStringLiteral("</?[a-zA-Z][a-zA-Z0-9]*"));
  std::multiset<QString> out;
  for (const auto& re : {placeholder, tag}) {
    auto it = re.globalMatch(text);
    while (it.hasNext()) out.insert(it.next().captured(0));
  }
  // A mnemonic: '&' before a character, but not "&&" (a literal ampersand) or an HTML entity.
  static const QRegularExpression mnemonic(QStringLiteral("&(?!&)(?![a-zA-Z]+;|#[0-9]+;)\\S"));
  QString plain = text;
  plain.replace(QStringLiteral("&&"), QString());
  if (plain.contains(mnemonic)) out.insert(QStringLiteral("&"));
  return out;
}

std::string show(const std::multiset<QString>& s) {
  QStringList l(s.begin(), s.end());
  return l.join(QLatin1Char(' ')).toStdString();
}

TEST(Translations, KeepPlaceholdersAcceleratorsAndHtml) {
  for (const Shipped& lang : shipped()) {
    QString language, error;
    for (const TsMessage& m : readTs(tsPath(kTranslationsDir, lang.code), &language, &error)) {
      const auto expected = markers(m.source);
      for (const QString& form : m.forms) {
        std::multiset<QString> got = markers(form);
        // A plural form may spell out the number instead of %n ("one GPU"); Japanese and Chinese
        // accelerators read "(&F)" after the word, which markers() counts the same.
        if (m.numerus && expected.count(QStringLiteral("%n")) + expected.count(QStringLiteral("%Ln")) > 0 &&
            got.count(QStringLiteral("%n")) + got.count(QStringLiteral("%Ln")) == 0)
          got.insert(expected.count(QStringLiteral("%n")) ? QStringLiteral("%n") : QStringLiteral("%Ln"));
        EXPECT_EQ(show(got), show(expected))
            << lang.code.toStdString() << ": " << m.context.toStdString() << ": \"" << m.source.toStdString()
            << "\" -> \"" << form.toStdString() << "\"";
      }
    }
  }
}

TEST(Translations, EveryLanguageIsBuiltAndFoundWhereTheAppLooks) {
  const QList<UiLanguage> languages = LanguageSwitcher::languages();
  ASSERT_EQ(languages.size(), 6);
  std::map<QString, QString> file_menu{{QStringLiteral("de"), QStringLiteral("&Datei")},
                                       {QStringLiteral("fr"), QStringLiteral("&Fichier")},
                                       {QStringLiteral("es"), QStringLiteral("&Archivo")},
                                       {QStringLiteral("ja"), QStringLiteral("ファイル(&F)")},
                                       {QStringLiteral("zh_CN"), QStringLiteral("文件(&F)")}};
  for (const UiLanguage& language : languages) {
    const QString qm = LanguageSwitcher::findTranslation(language.code);
    ASSERT_FALSE(qm.isEmpty()) << language.code.toStdString() << " not in "
                               << LanguageSwitcher::searchPaths().join(QStringLiteral(", ")).toStdString();
    QTranslator translator;
    ASSERT_TRUE(translator.load(qm)) << qm.toStdString();
    if (language.code == QLatin1String("en")) {
      // English carries the plural forms only.
      EXPECT_EQ(translator.translate("tessera::gui::SplitEditor", "Fits: %1 in total on %n GPU(s).", nullptr, 1),
                QStringLiteral("Fits: %1 in total on %n GPU."));
      EXPECT_EQ(translator.translate("tessera::gui::SplitEditor", "Fits: %1 in total on %n GPU(s).", nullptr, 2),
                QStringLiteral("Fits: %1 in total on %n GPUs."));
      EXPECT_TRUE(translator.translate("tessera::gui::MainWindow", "&File").isEmpty());
    } else {
      EXPECT_EQ(translator.translate("tessera::gui::MainWindow", "&File"), file_menu[language.code])
          << language.code.toStdString();
    }
  }
}

TEST(Translations, TheSystemLocalePicksTheLanguage) {
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("de_DE"))), QStringLiteral("de"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("de_AT"))), QStringLiteral("de"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("fr_CA"))), QStringLiteral("fr"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("es_MX"))), QStringLiteral("es"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("ja_JP"))), QStringLiteral("ja"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("zh_CN"))), QStringLiteral("zh_CN"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("zh_SG"))), QStringLiteral("zh_CN"));
  // Traditional Chinese is not shipped: English rather than the wrong script.
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("zh_TW"))), QStringLiteral("en"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("en_GB"))), QStringLiteral("en"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale(QStringLiteral("pt_BR"))), QStringLiteral("en"));
  EXPECT_EQ(LanguageSwitcher::matchLocale(QLocale::c()), QStringLiteral("en"));
}

}  // namespace
}  // namespace tessera::gui

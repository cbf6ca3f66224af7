#include "gui_test_support.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QDir>
#include <QMutex>
#include <QSettings>
#include <QTest>

#include <atomic>

#include "app_settings.h"
#include "support/test_support.h"

namespace tessera::gui::test {
namespace {

QString g_settings_root;
std::atomic<int> g_settings_counter{0};

// QAbstractItemModelTester in Warning mode reports through qWarning in category qt.modeltest;
// one process-wide handler forwards those to whichever checker is active.
QMutex g_mutex;
QStringList* g_sink = nullptr;
QtMessageHandler g_previous = nullptr;

void handler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  {
    QMutexLocker lock(&g_mutex);
    if (g_sink != nullptr && context.category != nullptr && QByteArray(context.category) == "qt.modeltest" &&
        type != QtDebugMsg && type != QtInfoMsg)
      g_sink->append(message);
  }
  if (g_previous != nullptr) g_previous(type, context, message);
}

}  // namespace

void setSettingsRoot(const QString& root) { g_settings_root = root; }

FreshSettings::FreshSettings() {
  path_ = QDir(g_settings_root).filePath(QStringLiteral("settings-%1").arg(g_settings_counter++));
  QDir().mkpath(path_);
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, path_);
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, path_);
  // Conversations are saved automatically: each test keeps its own (and never the user's).
  AppSettings().setConversationsFolder(QDir(path_).filePath(QStringLiteral("conversations")));
}

bool waitUntil(const std::function<bool()>& done, int timeout_ms) { return QTest::qWaitFor(done, timeout_ms); }

struct ModelChecker::Impl {
  QStringList problems;
  std::unique_ptr<QAbstractItemModelTester> tester;
};

ModelChecker::ModelChecker(QAbstractItemModel* model) : impl_(std::make_unique<Impl>()) {
  {
    QMutexLocker lock(&g_mutex);
    g_sink = &impl_->problems;
  }
  g_previous = qInstallMessageHandler(handler);
  impl_->tester = std::make_unique<QAbstractItemModelTester>(model, QAbstractItemModelTester::FailureReportingMode::Warning);
}

ModelChecker::~ModelChecker() {
  impl_->tester.reset();
  qInstallMessageHandler(g_previous);
  QMutexLocker lock(&g_mutex);
  g_sink = nullptr;
}

QStringList ModelChecker::problems() const {
  QMutexLocker lock(&g_mutex);
  return impl_->problems;
}

ReplySettings greedyReply(int max_tokens) {
  ReplySettings s;
  s.sampling.temperature = 0.0f;
  s.sampling.repeat_penalty = 1.0f;
  s.sampling.seed = 1;
  s.max_tokens = max_tokens;
  return s;
}

void processPendingEvents() {
  // A pass can post more (a layout that resizes a child posts its own request): a few passes settle
  // every chain the windows make.
  for (int pass = 0; pass < 4; ++pass) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents(QEventLoop::AllEvents);
  }
}

QString fixturePath(const QString& relative) {
  return QString::fromStdString(tessera::test::fixture(relative.toStdString()).string());
}

}  // namespace tessera::gui::test

// Helpers shared by the GUI suites: fresh settings per test, waiting on the event loop, model
// checking, fixture paths.
#pragma once

#include <QAbstractItemModel>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

#include "engine_types.h"

namespace tessera::gui::test {

// Where gui_test_main put the suites' settings; each FreshSettings gets its own folder below.
void setSettingsRoot(const QString& root);

// Points QSettings (native and INI, user scope) at a new empty folder for the object's lifetime,
// with the conversations kept in a folder of its own below it.
class FreshSettings {
 public:
  FreshSettings();
  const QString& path() const { return path_; }

 private:
  QString path_;
};

// Runs the event loop until `done()` or `timeout_ms` passes; returns done().
bool waitUntil(const std::function<bool()>& done, int timeout_ms = 10000);
// Delivers every event already posted (layout requests, deferred deletes, queued calls) until none
// is left: what a fixed sleep was used for after a resize or a change, without the clock.
void processPendingEvents();

// Attaches a QAbstractItemModelTester (warning mode) and collects what it reports.
class ModelChecker {
 public:
  explicit ModelChecker(QAbstractItemModel* model);
  ~ModelChecker();
  QStringList problems() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Absolute path of a fixture file (honours $TESSERA_FIXTURES_DIR).
QString fixturePath(const QString& relative);

// Greedy sampling (temperature 0, no repetition penalty, seed 1) for at most max_tokens tokens.
ReplySettings greedyReply(int max_tokens);

}  // namespace tessera::gui::test

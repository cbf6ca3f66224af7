// Settings ▸ Local server: the app serves the model it has loaded over the OpenAI-compatible API,
// through its own engine (requests queue on the engine worker thread with the chat's own). The
// clients are real: the app's own OpenAI client and cpp-httplib, over loopback.
#include <gtest/gtest.h>
#include <httplib.h>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QLabel>
#include <QTemporaryDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>

#include <atomic>
#include <chrono>
#include <thread>

#include <QAction>

#include "local_server.h"
#include "network_settings.h"
#include "child_server.h"
#include "engine_worker.h"
#include "local_server_dialog.h"
#include "metrics.h"
#include "openai_client.h"
#include "remote_fixture.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

struct ServingWindow {
  test::FreshSettings settings;
  MainWindow window{makeTesseraEngineSession()};
  ServingWindow() { window.show(); }
  LocalServer* server() const { return window.findChild<LocalServer*>(); }
  QString statusLine() const {
    auto* label = window.findChild<QLabel*>(QStringLiteral("serverStatusLabel"));
    return label->isVisible() ? label->text() : QString();
  }
  LocalServerDialog* openDialog() {
    window.findChild<QAction*>(QStringLiteral("localServerAction"))->trigger();
    return window.findChild<LocalServerDialog*>();
  }
  bool load() {
    window.openModel(test::tinyModelPath(), true);
    return waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready; }, 30000);
  }
  LocalServerSettings serve(const QString& key = {}) {
    LocalServerSettings s;
    s.enabled = true;
    s.port = 0;
    s.api_key = key;
    server()->setSettings(s);
    return s;
  }
  int port() const { return server()->address().section(QLatin1Char(':'), -1).toInt(); }
};

TEST(LocalServer, IsOffByDefault) {
  ServingWindow w;
  EXPECT_FALSE(loadLocalServerSettings().enabled);
  EXPECT_EQ(w.server()->state(), LocalServer::State::Off);
  EXPECT_TRUE(w.statusLine().isEmpty());
}

TEST(LocalServer, ComesBackOnAtTheNextStart) {
  test::FreshSettings settings;
  LocalServerSettings s;
  s.enabled = true;
  s.port = 0;
  s.api_key = QStringLiteral("sk-kept");
  saveLocalServerSettings(s);
  MainWindow window(makeTesseraEngineSession());
  LocalServer* server = window.findChild<LocalServer*>();
  EXPECT_EQ(server->settings(), s);
  EXPECT_EQ(server->state(), LocalServer::State::WaitingForModel);  // no model loaded yet
}

TEST(LocalServer, ServesTheLoadedModelAndQueuesBehindTheChat) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  w.serve(QStringLiteral("sk-app"));
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving) << w.statusLine().toStdString();
  const QString address = w.server()->address();
  EXPECT_EQ(w.statusLine(), QStringLiteral("Serving at %1").arg(address));
  EXPECT_TRUE(address.startsWith(QLatin1String("http://127.0.0.1:")));
  EXPECT_GT(w.port(), 0);

  // The app's own chat first, then a client of the server: the client's request waits on the
  // engine thread until the chat's reply is done (one engine, one model, one line).
  w.window.chat()->setReplySettings(test::greedyReply(32));
  const server::ServerMetrics* metrics = w.server()->metrics();
  ASSERT_NE(metrics, nullptr);
  using Clock = std::chrono::steady_clock;
  std::atomic<int64_t> chat_done_at{0}, server_active_then{-1};
  // On the engine thread itself, the moment the chat's generation returns.
  QObject::connect(w.window.engine()->worker(), &EngineWorker::generationFinished, w.window.engine()->worker(),
                   [&](quint64, const ReplyStats&) {
                     if (chat_done_at.load() != 0) return;
                     server_active_then = metrics->active.load();
                     chat_done_at = Clock::now().time_since_epoch().count();
                   }, Qt::DirectConnection);
  QSignalSpy finished(w.window.chat(), &ChatController::replyFinished);
  ASSERT_TRUE(w.window.chat()->send(QStringLiteral("Hello!")));
  RemoteEndpoint endpoint{address + QStringLiteral("/v1"), QStringLiteral("sk-app"), {}, 60};
  std::atomic<bool> stop{false}, done{false};
  std::atomic<int64_t> first_text_at{0};
  QStringList models;
  Result<ReplyStats> reply = Error(ErrorKind::Io, "not run");
  std::string text;
  std::thread client([&] {
    OpenAiClient api(endpoint);
    if (auto m = api.listModels(); m.ok()) models = *m;
    endpoint.model = models.value(0);
    tessera::GenerationRequest request;
    request.sampling = test::greedyReply(16).sampling;
    request.n_predict = 16;
    reply = OpenAiClient(endpoint).streamChat({{"user", "Hello!"}}, request,
                                              [&](std::string_view t, std::string_view) {
                                                if (first_text_at.load() == 0)
                                                  first_text_at = Clock::now().time_since_epoch().count();
                                                text += t;
                                              },
                                              stop);
    done = true;
  });
  waitUntil([&] { return done.load() && finished.count() == 1; }, 60000);
  client.join();
  // The server's generation began after the chat's had ended, on the same thread.
  EXPECT_EQ(server_active_then.load(), 0);
  EXPECT_GT(first_text_at.load(), chat_done_at.load());
  ASSERT_EQ(finished.count(), 1);
  EXPECT_EQ(models, QStringList{QStringLiteral("tessera-tiny")});
  ASSERT_TRUE(reply.ok()) << reply.error().message;
  EXPECT_FALSE(text.empty());
  EXPECT_GT(reply->timings.generated_tokens, 0);
  EXPECT_EQ(metrics->generations(), 1);
  // The chat still works after the server's turn.
  ASSERT_TRUE(w.window.chat()->send(QStringLiteral("And again?")));
  EXPECT_TRUE(waitUntil([&] { return finished.count() == 2; }, 60000));
}

TEST(LocalServer, NeedsItsKey) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  w.serve(QStringLiteral("sk-app"));
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  httplib::Client client("127.0.0.1", w.port());
  auto none = client.Get("/v1/models");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 401);
  auto good = client.Get("/v1/models", httplib::Headers{{"Authorization", "Bearer sk-app"}});
  ASSERT_TRUE(good);
  EXPECT_EQ(good->status, 200) << good->body;
  EXPECT_NE(good->body.find("tessera-tiny"), std::string::npos);
}

TEST(LocalServer, RefusesWebPagesUnlessTheirOriginIsAllowed) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  LocalServerSettings s = w.serve();
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  {
    httplib::Client client("127.0.0.1", w.port());
    auto page = client.Get("/v1/models", httplib::Headers{{"Origin", "https://app.example"}});
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 403);
    EXPECT_NE(page->body.find("forbidden_origin"), std::string::npos);
  }
  s.allowed_origins = QStringLiteral("https://app.example, http://localhost:*");
  w.server()->setSettings(s);
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  // The restarted server takes the loaded model with its queue's first task (503 until then).
  ASSERT_TRUE(test::waitUntil([&] {
    httplib::Client probe("127.0.0.1", w.port());
    auto models = probe.Get("/v1/models");
    return models && models->status == 200;
  }));
  httplib::Client client("127.0.0.1", w.port());
  auto page = client.Get("/v1/models", httplib::Headers{{"Origin", "https://app.example"}});
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Access-Control-Allow-Origin"), "https://app.example");
  // An entry that is not an origin: not started, and the status says which entry.
  s.allowed_origins = QStringLiteral("app.example");
  w.server()->setSettings(s);
  EXPECT_EQ(w.server()->state(), LocalServer::State::Failed);
  EXPECT_TRUE(w.server()->errorText().contains(QLatin1String("'app.example' is not an origin")));
}

TEST(LocalServer, RefusesAnotherMachinesHostWithoutAKey) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  LocalServerSettings s;
  s.enabled = true;
  s.host = QStringLiteral("0.0.0.0");
  s.port = 0;
  w.server()->setSettings(s);
  EXPECT_EQ(w.server()->state(), LocalServer::State::Failed);
  EXPECT_TRUE(w.statusLine().startsWith(QLatin1String("Local server not started: ")));
  EXPECT_TRUE(w.server()->errorText().contains(QLatin1String("0.0.0.0")));
  EXPECT_TRUE(w.server()->address().isEmpty());
}

// Issue 35 item 7: settings that cannot serve are refused in the dialog, in its own words, and the
// server that was running goes on running.
TEST(LocalServer, TheDialogRefusesSettingsThatCannotServeAndKeepsTheRunningServer) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  LocalServerDialog* dialog = w.openDialog();
  ASSERT_NE(dialog, nullptr);
  dialog->enabledBox()->setChecked(true);
  dialog->portBox()->setValue(0);
  dialog->accept();
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  const QString address = w.server()->address();
  ASSERT_EQ(w.openDialog(), dialog);
  dialog->hostEdit()->setText(QStringLiteral("0.0.0.0"));
  dialog->keyEdit()->clear();
  dialog->insecureBox()->setChecked(false);
  dialog->accept();
  EXPECT_TRUE(dialog->isVisible()) << "the dialog stays open to fix the settings";
  const QString why = dialog->statusLabel()->text();
  EXPECT_TRUE(why.contains(QStringLiteral("API key"))) << why.toStdString();
  EXPECT_TRUE(why.contains(QStringLiteral("Allow other machines without an API key"))) << why.toStdString();
  EXPECT_FALSE(why.contains(QStringLiteral("--"))) << "no command-line flags: " << why.toStdString();
  EXPECT_EQ(w.server()->state(), LocalServer::State::Serving);
  EXPECT_EQ(w.server()->address(), address);
  EXPECT_FALSE(loadLocalServerSettings().host == QStringLiteral("0.0.0.0"));
  dialog->reject();
  // Set straight (not through the dialog), the refusal is the dialog's words too, and the status
  // bar shows it whole in the tooltip.
  LocalServerSettings s = w.server()->settings();
  s.host = QStringLiteral("0.0.0.0");
  w.server()->setSettings(s);
  EXPECT_EQ(w.server()->state(), LocalServer::State::Failed);
  EXPECT_FALSE(w.server()->errorText().contains(QStringLiteral("--api-key")));
  auto* label = w.window.findChild<QLabel*>(QStringLiteral("serverStatusLabel"));
  EXPECT_EQ(label->toolTip(), w.server()->statusText());
  EXPECT_LE(label->fontMetrics().horizontalAdvance(label->text()), label->maximumWidth());
}

// Issue 35 item 1: a file refused before the loaded model is touched leaves the server serving it.
TEST(LocalServer, AFileThatCannotBeLoadedLeavesTheServerServing) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  w.serve();
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("not-a-model.gguf"));
  QFile file(bad);
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.write("GGUF but nothing a model needs");
  file.close();
  QSignalSpy failed(w.window.engine(), &EngineClient::loadFailed);
  w.window.engine()->load(bad, LoadRequest{});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }, 30000));
  EXPECT_EQ(w.window.engine()->state(), EngineClient::State::Ready);
  EXPECT_EQ(w.server()->state(), LocalServer::State::Serving);
  httplib::Client client("127.0.0.1", w.port());
  EXPECT_TRUE(waitUntil([&] {
    auto r = client.Get("/health");
    return r && r->status == 200;
  }));
}

TEST(LocalServer, WaitsForAModelAndStopsBeforeAnUnload) {
  ServingWindow w;
  w.serve();
  EXPECT_EQ(w.server()->state(), LocalServer::State::WaitingForModel);
  EXPECT_FALSE(w.statusLine().isEmpty());
  ASSERT_TRUE(w.load());
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  const int port = w.port();
  httplib::Client client("127.0.0.1", port);
  ASSERT_TRUE(waitUntil([&] {
    auto r = client.Get("/health");
    return r && r->status == 200;
  }));
  w.window.engine()->unload();
  EXPECT_EQ(w.server()->state(), LocalServer::State::WaitingForModel);
  auto gone = client.Get("/health");
  EXPECT_FALSE(gone);  // nothing listens there now
  // Loaded again, it serves again.
  ASSERT_TRUE(w.load());
  EXPECT_EQ(w.server()->state(), LocalServer::State::Serving);
}

TEST(LocalServer, TheDialogShowsTheAddressCopiesItAndApplies) {
  ServingWindow w;
  ASSERT_TRUE(w.load());
  LocalServerDialog* dialog = w.openDialog();
  ASSERT_NE(dialog, nullptr);
  EXPECT_TRUE(dialog->isVisible());
  EXPECT_FALSE(dialog->enabledBox()->isChecked());
  EXPECT_EQ(dialog->hostEdit()->text(), QStringLiteral("127.0.0.1"));
  EXPECT_FALSE(dialog->copyButton()->isEnabled());
  dialog->enabledBox()->setChecked(true);
  dialog->portBox()->setValue(0);
  dialog->keyEdit()->setText(QStringLiteral("sk-dialog"));
  EXPECT_TRUE(dialog->originsEdit()->text().isEmpty()) << "no web page is allowed by default";
  dialog->originsEdit()->setText(QStringLiteral("http://localhost:3000"));
  dialog->accept();
  ASSERT_EQ(w.server()->state(), LocalServer::State::Serving);
  EXPECT_EQ(w.statusLine(), QStringLiteral("Serving at %1").arg(w.server()->address()));
  const LocalServerSettings saved = loadLocalServerSettings();  // remembered for the next start
  EXPECT_TRUE(saved.enabled);
  EXPECT_EQ(saved.port, 0);
  EXPECT_EQ(saved.api_key, QStringLiteral("sk-dialog"));
  EXPECT_EQ(saved.allowed_origins, QStringLiteral("http://localhost:3000"));
  // Opened again, it shows the address and copies it.
  ASSERT_EQ(w.openDialog(), dialog);
  EXPECT_TRUE(dialog->statusLabel()->text().contains(w.server()->address()));
  ASSERT_TRUE(dialog->copyButton()->isEnabled());
  dialog->copyButton()->click();
  EXPECT_EQ(QApplication::clipboard()->text(), w.server()->address());
  dialog->reject();
}

}  // namespace
}  // namespace tessera::gui

// The app's "OpenAI-compatible server" mode against llama.cpp's llama-server, built on the CPU by
// tools/llama-server/build.sh and named by $TESSERA_LLAMA_SERVER (the suite skips without it),
// serving the tiny model as "tiny" on a loopback port with an API key: the model list, a streamed
// reply with timings, Stop, a wrong key and an unknown model.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QSignalSpy>

#include "child_server.h"
#include "error_banner.h"
#include "remote_endpoint_panel.h"
#include "remote_fixture.h"

namespace tessera::gui {
namespace {

using test::ChildServer;
using test::RemoteWindow;
using test::waitUntil;

constexpr char kKey[] = "sk-llama-test";

class LlamaServer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const QString binary = qEnvironmentVariable("TESSERA_LLAMA_SERVER");
    if (binary.isEmpty()) return;
    QString error;
    server_ = ChildServer::startLlama(binary, {QStringLiteral("--api-key"), QString::fromLatin1(kKey)}, &error).release();
    if (!server_) start_error_ = new QString(error);
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override {
    if (qEnvironmentVariable("TESSERA_LLAMA_SERVER").isEmpty())
      GTEST_SKIP() << "TESSERA_LLAMA_SERVER is not set: build llama-server with tools/llama-server/build.sh and "
                      "point TESSERA_LLAMA_SERVER at it";
    ASSERT_NE(server_, nullptr) << start_error_->toStdString();
  }
  static ChildServer* server_;
  static QString* start_error_;
};

ChildServer* LlamaServer::server_ = nullptr;
QString* LlamaServer::start_error_ = nullptr;

TEST_F(LlamaServer, ListsTheModel) {
  RemoteWindow w;
  ASSERT_TRUE(w.listModels(server_->baseUrl(), QString::fromLatin1(kKey)))
      << w.panel()->statusText().toStdString();
  EXPECT_TRUE(w.panel()->modelBox()->findText(QStringLiteral("tiny")) >= 0);
}

TEST_F(LlamaServer, StreamsAReplyIntoTheChatWithTimings) {
  RemoteWindow w;
  ASSERT_TRUE(w.connectTo(server_->baseUrl(), QString::fromLatin1(kKey), QStringLiteral("tiny")))
      << w.window.banner()->detail().toStdString();
  w.window.chat()->setReplySettings(test::greedyReply(24));
  QSignalSpy text(w.window.engine(), &EngineClient::textGenerated);
  QSignalSpy finished(w.window.chat(), &ChatController::replyFinished);
  ASSERT_TRUE(w.window.chat()->send(QStringLiteral("Hello! Who are you?")));
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 60000)) << w.window.banner()->detail().toStdString();
  EXPECT_GE(text.count(), 1);
  const ChatEntry& reply = w.window.chatModel()->message(1);
  EXPECT_FALSE(reply.text().isEmpty());
  EXPECT_EQ(reply.status, ChatEntry::Status::Complete);
  ASSERT_TRUE(reply.stats.has_value());
  EXPECT_GT(reply.stats->timings.prompt_tokens, 0);
  EXPECT_GT(reply.stats->timings.generated_tokens, 0);
  EXPECT_LE(reply.stats->timings.generated_tokens, 24);
  EXPECT_GT(reply.stats->timings.time_to_first_token_ms, 0.0);
}

TEST_F(LlamaServer, StopEndsTheReply) {
  RemoteWindow w;
  ASSERT_TRUE(w.connectTo(server_->baseUrl(), QString::fromLatin1(kKey), QStringLiteral("tiny")));
  w.window.chat()->setReplySettings(test::greedyReply(200));
  // With one slot, the window's request waits behind another client's long completion.
  auto busy = std::make_unique<test::BusyClient>(server_->port(), QString::fromLatin1(kKey));
  ASSERT_TRUE(waitUntil([&] { return busy->streaming(); }, 30000));
  QSignalSpy finished(w.window.chat(), &ChatController::replyFinished);
  ASSERT_TRUE(w.window.chat()->send(QStringLiteral("Hello")));
  waitUntil([] { return false; }, 300);
  w.window.chat()->stop();
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 10000));
  EXPECT_EQ(w.window.chatModel()->message(1).status, ChatEntry::Status::Stopped);
  EXPECT_EQ(w.window.engine()->state(), EngineClient::State::Ready);
  busy.reset();
  // The next reply is not held up by the stopped one.
  w.window.chat()->setReplySettings(test::greedyReply(8));
  ASSERT_TRUE(w.window.chat()->send(QStringLiteral("Hello again")));
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 2; }, 60000)) << w.window.banner()->detail().toStdString();
  EXPECT_EQ(w.window.chatModel()->message(3).status, ChatEntry::Status::Complete);
}

TEST_F(LlamaServer, AWrongKeyIsReportedAs401) {
  RemoteWindow w;
  // llama-server lists its models without a key (/v1/models is public there), so the wrong key
  // shows with the first reply.
  ASSERT_TRUE(w.connectTo(server_->baseUrl(), QStringLiteral("sk-wrong"), QStringLiteral("tiny")));
  QSignalSpy failed(w.window.chat(), &ChatController::replyFailed);
  ASSERT_TRUE(w.window.chat()->send(QStringLiteral("Hello")));
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }, 30000));
  EXPECT_TRUE(w.window.banner()->detail().contains(QLatin1String("refused the API key (HTTP 401")))
      << w.window.banner()->detail().toStdString();
}

TEST_F(LlamaServer, AnUnknownModelIsNamed) {
  RemoteWindow w;
  EXPECT_FALSE(w.connectTo(server_->baseUrl(), QString::fromLatin1(kKey), QStringLiteral("gpt-17")));
  EXPECT_TRUE(w.window.banner()->detail().contains(QLatin1String("does not serve the model 'gpt-17'; it serves: ")))
      << w.window.banner()->detail().toStdString();
}

}  // namespace
}  // namespace tessera::gui

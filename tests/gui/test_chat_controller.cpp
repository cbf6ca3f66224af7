// ChatController with a scripted session: send, stream into the model at a bounded rate, stop,
// regenerate, clear, and conversations.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "chat_controller.h"
#include "engine_client.h"
#include "engine_worker.h"
#include "gui_test_support.h"
#include "scripted_session.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

struct Chat {
  std::shared_ptr<test::SessionScript> script = std::make_shared<test::SessionScript>();
  EngineClient engine{std::make_unique<test::ScriptedSession>(script)};
  ChatModel model;
  ChatController controller{&engine, &model};

  Chat() {
    engine.load(QStringLiteral("/m/fake.gguf"), LoadSettings{});
    waitUntil([&] { return engine.state() == EngineClient::State::Ready; });
  }
  bool waitIdle(int ms = 20000) {
    return waitUntil([&] { return !controller.isStreaming() && engine.state() == EngineClient::State::Ready; }, ms);
  }
};

TEST(ChatController, SendStreamsAReplyIntoTheModel) {
  Chat c;
  test::ModelChecker checker(&c.model);
  ASSERT_EQ(c.engine.state(), EngineClient::State::Ready);
  c.script->pieces = {"Once", " upon", " a", " time"};
  c.controller.setSystemPrompt(QStringLiteral("You tell stories."));
  SamplingSettings s;
  s.temperature = 0.3;
  s.max_tokens = 64;
  c.controller.setSampling(s);
  QSignalSpy finished(&c.controller, &ChatController::replyFinished);
  ASSERT_TRUE(c.controller.send(QStringLiteral("Tell me a story")));
  EXPECT_TRUE(c.controller.isStreaming());
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(1).status, ChatMessage::Status::Streaming);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  EXPECT_EQ(c.model.message(1).text, QStringLiteral("Once upon a time"));
  EXPECT_EQ(c.model.message(1).status, ChatMessage::Status::Complete);
  EXPECT_TRUE(c.model.message(1).has_timings);
  EXPECT_EQ(c.model.message(1).timings.generated_tokens, 4);
  EXPECT_EQ(c.script->last_request.system_prompt, QStringLiteral("You tell stories."));
  EXPECT_DOUBLE_EQ(c.script->last_request.sampling.temperature, 0.3);
  ASSERT_EQ(c.script->last_request.turns.size(), 1);
  EXPECT_EQ(c.script->last_request.turns[0].text, QStringLiteral("Tell me a story"));
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join('\n').toStdString();
}

TEST(ChatController, RepaintsAtABoundedRateNotPerToken) {
  Chat c;
  c.script->pieces = {"w "};
  c.script->repeat = 2000;
  c.script->token_ms = 0;  // as fast as the worker can go
  c.engine.worker()->setBatchIntervalMs(1);  // even when the worker sends small batches...
  c.controller.setRepaintIntervalMs(50);
  SamplingSettings s;
  s.max_tokens = 100000;
  c.controller.setSampling(s);
  QSignalSpy changed(&c.model, &QAbstractItemModel::dataChanged);
  QElapsedTimer clock;
  clock.start();
  ASSERT_TRUE(c.controller.send(QStringLiteral("go")));
  ASSERT_TRUE(c.waitIdle());
  const qint64 elapsed = clock.elapsed();
  EXPECT_EQ(c.model.message(1).text.size(), 4000);
  // ...the model (and so the view) changes at most once per 50 ms tick, plus the final flush.
  EXPECT_LE(c.controller.flushCount(), elapsed / 50 + 2) << c.controller.flushCount() << " flushes in " << elapsed << " ms";
  EXPECT_LT(changed.count(), 2000 / 4);
}

TEST(ChatController, StopKeepsThePartialReply) {
  Chat c;
  c.script->pieces = {"la "};
  c.script->repeat = 100000;
  c.script->token_ms = 1;
  ASSERT_TRUE(c.controller.send(QStringLiteral("sing")));
  ASSERT_TRUE(waitUntil([&] { return c.model.message(1).text.size() > 10; }));
  c.controller.stop();
  ASSERT_TRUE(c.waitIdle());
  EXPECT_EQ(c.model.message(1).status, ChatMessage::Status::Stopped);
  EXPECT_TRUE(c.model.message(1).text.startsWith(QStringLiteral("la la")));
  EXPECT_TRUE(c.model.message(1).timings.stopped);
  EXPECT_TRUE(c.controller.canSend());
}

TEST(ChatController, RegenerateReplacesTheLastReply) {
  Chat c;
  c.script->pieces = {"first"};
  ASSERT_TRUE(c.controller.send(QStringLiteral("q1")));
  ASSERT_TRUE(c.waitIdle());
  c.script->pieces = {"second"};
  ASSERT_TRUE(c.controller.regenerate());
  ASSERT_TRUE(c.waitIdle());
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(1).text, QStringLiteral("second"));
  ASSERT_EQ(c.script->last_request.turns.size(), 1);
  EXPECT_EQ(c.script->last_request.turns[0].text, QStringLiteral("q1"));
}

TEST(ChatController, FollowUpSendsTheWholeConversation) {
  Chat c;
  c.script->pieces = {"A1"};
  ASSERT_TRUE(c.controller.send(QStringLiteral("Q1")));
  ASSERT_TRUE(c.waitIdle());
  ASSERT_TRUE(c.controller.send(QStringLiteral("Q2")));
  ASSERT_TRUE(c.waitIdle());
  const auto& turns = c.script->last_request.turns;
  ASSERT_EQ(turns.size(), 3);
  EXPECT_EQ(turns[0].role, ChatRole::User);
  EXPECT_EQ(turns[1].role, ChatRole::Assistant);
  EXPECT_EQ(turns[1].text, QStringLiteral("A1"));
  EXPECT_EQ(turns[2].text, QStringLiteral("Q2"));
}

TEST(ChatController, FailedReplyIsMarkedAndReported) {
  Chat c;
  c.script->generate_error = Error(ErrorKind::OutOfMemory, "the context of 512 tokens is full");
  QSignalSpy failed(&c.controller, &ChatController::replyFailed);
  ASSERT_TRUE(c.controller.send(QStringLiteral("x")));
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_EQ(c.model.message(1).status, ChatMessage::Status::Failed);
  EXPECT_EQ(c.model.message(1).error, QStringLiteral("the context of 512 tokens is full"));
  // Regenerate answers the same user message again.
  c.script->generate_error.reset();
  c.script->pieces = {"ok"};
  ASSERT_TRUE(c.controller.regenerate());
  ASSERT_TRUE(c.waitIdle());
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(1).text, QStringLiteral("ok"));
}

TEST(ChatController, ClearWhileStreamingEmptiesAndStaysUsable) {
  Chat c;
  c.script->pieces = {"z"};
  c.script->repeat = 100000;
  ASSERT_TRUE(c.controller.send(QStringLiteral("go")));
  ASSERT_TRUE(waitUntil([&] { return !c.model.message(1).text.isEmpty(); }));
  c.controller.clear();
  EXPECT_EQ(c.model.rowCount(), 0);
  ASSERT_TRUE(c.waitIdle());
  EXPECT_EQ(c.model.rowCount(), 0);  // late text of the dropped reply does not come back
  c.script->repeat = 1;
  ASSERT_TRUE(c.controller.send(QStringLiteral("again")));
  ASSERT_TRUE(c.waitIdle());
  EXPECT_EQ(c.model.rowCount(), 2);
}

TEST(ChatController, SendIsRefusedWithoutAModelOrText) {
  Chat c;
  EXPECT_FALSE(c.controller.send(QStringLiteral("   ")));
  c.engine.unload();
  EXPECT_FALSE(c.controller.send(QStringLiteral("hello")));
  EXPECT_EQ(c.model.rowCount(), 0);
}

TEST(ChatController, ConversationRoundTrip) {
  Chat c;
  c.script->pieces = {"reply"};
  c.controller.setSystemPrompt(QStringLiteral("sys"));
  ASSERT_TRUE(c.controller.send(QStringLiteral("hi")));
  ASSERT_TRUE(c.waitIdle());
  const Conversation saved = c.controller.conversation();
  EXPECT_EQ(saved.model, QStringLiteral("fake"));
  c.controller.clear();
  c.controller.setSystemPrompt(QString());
  c.controller.setConversation(saved);
  EXPECT_EQ(c.controller.systemPrompt(), QStringLiteral("sys"));
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(1).text, QStringLiteral("reply"));
}

}  // namespace
}  // namespace tessera::gui

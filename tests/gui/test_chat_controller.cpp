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
    engine.load(QStringLiteral("/m/fake.gguf"), LoadRequest{});
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
  ReplySettings s;
  s.sampling.temperature = 0.3f;
  s.max_tokens = 64;
  c.controller.setReplySettings(s);
  QSignalSpy finished(&c.controller, &ChatController::replyFinished);
  ASSERT_TRUE(c.controller.send(QStringLiteral("Tell me a story")));
  EXPECT_TRUE(c.controller.isStreaming());
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(1).status, ChatEntry::Status::Streaming);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  EXPECT_EQ(c.model.message(1).text(), QStringLiteral("Once upon a time"));
  EXPECT_EQ(c.model.message(1).status, ChatEntry::Status::Complete);
  ASSERT_TRUE(c.model.message(1).stats.has_value());
  EXPECT_EQ(c.model.message(1).stats->timings.generated_tokens, 4);
  // Core's request: the system prompt first, then the turns; the sampling and the length limit.
  const auto& sent = c.script->last_messages;
  ASSERT_EQ(sent.size(), 2u);
  EXPECT_EQ(sent[0].role, "system");
  EXPECT_EQ(sent[0].content, "You tell stories.");
  EXPECT_EQ(sent[1].role, "user");
  EXPECT_EQ(sent[1].content, "Tell me a story");
  EXPECT_FLOAT_EQ(c.script->last_request.sampling.temperature, 0.3f);
  EXPECT_EQ(c.script->last_request.n_predict, 64);
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join('\n').toStdString();
}

TEST(ChatController, RepaintsAtABoundedRateNotPerToken) {
  Chat c;
  c.script->pieces = {"w "};
  c.script->repeat = 2000;
  c.script->token_ms = 0;  // as fast as the worker can go
  c.engine.worker()->setBatchIntervalMs(1);  // even when the worker sends small batches...
  c.controller.setRepaintIntervalMs(50);
  ReplySettings s;
  s.max_tokens = 100000;
  c.controller.setReplySettings(s);
  QSignalSpy changed(&c.model, &QAbstractItemModel::dataChanged);
  QElapsedTimer clock;
  clock.start();
  ASSERT_TRUE(c.controller.send(QStringLiteral("go")));
  ASSERT_TRUE(c.waitIdle());
  const qint64 elapsed = clock.elapsed();
  EXPECT_EQ(c.model.message(1).text().size(), 4000);
  // ...the model (and so the view) changes at most once per 50 ms tick, plus the final flush.
  EXPECT_LE(c.controller.flushCount(), elapsed / 50 + 2) << c.controller.flushCount() << " flushes in " << elapsed << " ms";
  EXPECT_LT(changed.count(), 2000 / 4);
}

// Issue 35 item 6: the chat flushed on a timer of its own, 30 times a second beside the worker's
// batches (a second wake-up of the GUI thread per batch, and a batch waited up to 33 ms for the
// tick). A batch that comes a repaint interval after the last is shown at once.
TEST(ChatController, ABatchIsShownWhenItComes) {
  Chat c;
  c.script->pieces = {"w "};
  c.script->repeat = 12;
  c.script->token_ms = 60;  // batches 60 ms apart: each one its own flush
  int lagging = 0, batches = 0;
  // Connected after the controller: runs once the controller has taken the batch.
  QObject::connect(&c.engine, &EngineClient::textGenerated, &c.controller, [&] {
    ++batches;
    if (c.controller.flushPending() || static_cast<int>(c.model.message(1).text().size()) < 2 * batches) ++lagging;
  });
  ASSERT_TRUE(c.controller.send(QStringLiteral("go")));
  ASSERT_TRUE(c.waitIdle());
  EXPECT_EQ(c.model.message(1).text().size(), 24);
  EXPECT_GE(batches, 10);
  EXPECT_LE(lagging, 1) << lagging << " of " << batches << " batches waited for a timer";
}

TEST(ChatController, StopKeepsThePartialReply) {
  Chat c;
  c.script->pieces = {"la "};
  c.script->repeat = 100000;
  c.script->token_ms = 1;
  ASSERT_TRUE(c.controller.send(QStringLiteral("sing")));
  ASSERT_TRUE(waitUntil([&] { return c.model.message(1).text().size() > 10; }));
  c.controller.stop();
  ASSERT_TRUE(c.waitIdle());
  EXPECT_EQ(c.model.message(1).status, ChatEntry::Status::Stopped);
  EXPECT_TRUE(c.model.message(1).text().startsWith(QStringLiteral("la la")));
  EXPECT_TRUE(c.model.message(1).stats->stopped());
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
  EXPECT_EQ(c.model.message(1).text(), QStringLiteral("second"));
  ASSERT_EQ(c.script->last_messages.size(), 1u);
  EXPECT_EQ(c.script->last_messages[0].content, "q1");
}

TEST(ChatController, FollowUpSendsTheWholeConversation) {
  Chat c;
  c.script->pieces = {"A1"};
  ASSERT_TRUE(c.controller.send(QStringLiteral("Q1")));
  ASSERT_TRUE(c.waitIdle());
  ASSERT_TRUE(c.controller.send(QStringLiteral("Q2")));
  ASSERT_TRUE(c.waitIdle());
  const auto& turns = c.script->last_messages;
  ASSERT_EQ(turns.size(), 3u);
  EXPECT_EQ(turns[0].role, "user");
  EXPECT_EQ(turns[1].role, "assistant");
  EXPECT_EQ(turns[1].content, "A1");
  EXPECT_EQ(turns[2].content, "Q2");
}

TEST(ChatController, FailedReplyIsMarkedAndReported) {
  Chat c;
  c.script->generate_error = Error(ErrorKind::OutOfMemory, "the context of 512 tokens is full");
  QSignalSpy failed(&c.controller, &ChatController::replyFailed);
  ASSERT_TRUE(c.controller.send(QStringLiteral("x")));
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  EXPECT_EQ(c.model.message(1).status, ChatEntry::Status::Failed);
  EXPECT_EQ(c.model.message(1).error, QStringLiteral("the context of 512 tokens is full"));
  // Regenerate answers the same user message again.
  c.script->generate_error.reset();
  c.script->pieces = {"ok"};
  ASSERT_TRUE(c.controller.regenerate());
  ASSERT_TRUE(c.waitIdle());
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(1).text(), QStringLiteral("ok"));
}

TEST(ChatController, ClearWhileStreamingEmptiesAndStaysUsable) {
  Chat c;
  c.script->pieces = {"z"};
  c.script->repeat = 100000;
  ASSERT_TRUE(c.controller.send(QStringLiteral("go")));
  ASSERT_TRUE(waitUntil([&] { return !c.model.message(1).text().isEmpty(); }));
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
  EXPECT_EQ(c.model.message(1).text(), QStringLiteral("reply"));
}

// Issue 35 item 9: a sent message can be edited, and the reply comes again from there.
TEST(ChatController, EditingAMessageDropsWhatFollowedAndAsksAgain) {
  Chat c;
  c.script->pieces = {"A1"};
  ASSERT_TRUE(c.controller.send(QStringLiteral("Q1")));
  ASSERT_TRUE(c.waitIdle());
  c.script->pieces = {"A2"};
  ASSERT_TRUE(c.controller.send(QStringLiteral("Q2")));
  ASSERT_TRUE(c.waitIdle());
  ASSERT_EQ(c.model.rowCount(), 4);
  EXPECT_FALSE(c.controller.canEdit(1)) << "a reply is not edited";
  EXPECT_TRUE(c.controller.canEdit(0));
  EXPECT_FALSE(c.controller.editAndResend(0, QStringLiteral("   "))) << "a blank message is refused";
  EXPECT_EQ(c.model.rowCount(), 4);
  c.script->pieces = {"B1"};
  ASSERT_TRUE(c.controller.editAndResend(0, QStringLiteral("Q1, better")));
  ASSERT_TRUE(c.waitIdle());
  ASSERT_EQ(c.model.rowCount(), 2);
  EXPECT_EQ(c.model.message(0).text(), QStringLiteral("Q1, better"));
  EXPECT_EQ(c.model.message(1).text(), QStringLiteral("B1"));
  ASSERT_EQ(c.script->last_messages.size(), 1u);
  EXPECT_EQ(c.script->last_messages[0].content, "Q1, better");
  // While a reply is being made nothing is edited.
  c.script->pieces = {"z"};
  c.script->repeat = 100000;
  c.script->token_ms = 1;
  ASSERT_TRUE(c.controller.send(QStringLiteral("go")));
  EXPECT_FALSE(c.controller.canEdit(0));
  EXPECT_FALSE(c.controller.editAndResend(0, QStringLiteral("no")));
  c.controller.stop();
  ASSERT_TRUE(c.waitIdle());
}

// Issue 35 item 2: a reply stopped while its prompt was read counts the tokens read, not the prompt.
TEST(ChatController, AStopWhileThePromptIsReadCountsOnlyWhatWasRead) {
  Chat c;
  c.script->prompt_tokens = 4000;
  c.script->prompt_step = 8;
  c.script->prompt_token_ms = 1;  // 8 ms a step: a stop lands within one
  QSignalSpy progress(&c.engine, &EngineClient::promptProgress);
  ASSERT_TRUE(c.controller.send(QStringLiteral("a long document")));
  ASSERT_TRUE(waitUntil([&] { return progress.count() >= 2; }));
  c.controller.stop();
  ASSERT_TRUE(c.waitIdle());
  const ChatEntry& reply = c.model.message(1);
  ASSERT_TRUE(reply.stats.has_value());
  EXPECT_LT(reply.stats->timings.prompt_tokens, 4000);
  EXPECT_GT(reply.stats->timings.prompt_tokens, 0);
  EXPECT_EQ(reply.stats->timings.generated_tokens, 0);
  // The context meter holds what was read.
  EXPECT_EQ(c.controller.contextUsed(), reply.stats->timings.prompt_tokens);
}

}  // namespace
}  // namespace tessera::gui

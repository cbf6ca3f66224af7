// ChatModel under QAbstractItemModelTester, and conversation JSON round trips.
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "chat_model.h"
#include "conversation_io.h"
#include "gui_test_support.h"

namespace tessera::gui {
namespace {

ChatMessage user(const QString& text) { return userMessage(text); }
ChatMessage reply(const QString& text) {
  ChatMessage m = replyMessage(QString());
  m.text = text;
  m.status = ChatMessage::Status::Complete;
  m.has_timings = true;
  m.timings.prompt_tokens = 12;
  m.timings.generated_tokens = 34;
  m.timings.prompt_seconds = 0.25;
  m.timings.generation_seconds = 1.5;
  m.timings.time_to_first_token = 0.3;
  return m;
}

TEST(ChatModel, PassesModelTesterThroughEveryOperation) {
  ChatModel model;
  test::ModelChecker checker(&model);
  EXPECT_EQ(model.appendMessage(user(QStringLiteral("Hi"))), 0);
  const int row = model.appendMessage(replyMessage(QString()));
  EXPECT_EQ(row, 1);
  model.appendText(row, QStringLiteral("Hel"));
  model.appendText(row, QStringLiteral("lo"));
  model.setTimings(row, reply(QString()).timings);
  model.setStatus(row, ChatMessage::Status::Complete);
  model.appendMessage(user(QStringLiteral("Again")));
  model.appendMessage(reply(QStringLiteral("Sure")));
  model.truncate(2);
  model.setMessages({user(QStringLiteral("a")), reply(QStringLiteral("b"))});
  model.clear();
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join('\n').toStdString();
}

TEST(ChatModel, ExposesRolesAndText) {
  ChatModel model;
  model.appendMessage(user(QStringLiteral("What is 2+2?")));
  const int row = model.appendMessage(reply(QStringLiteral("**4**")));
  const QModelIndex i = model.index(row);
  EXPECT_EQ(model.data(i, Qt::DisplayRole).toString(), QStringLiteral("**4**"));
  EXPECT_EQ(model.data(i, ChatModel::RoleRole).toInt(), static_cast<int>(ChatRole::Assistant));
  EXPECT_TRUE(model.data(i, ChatModel::HasTimingsRole).toBool());
  const auto t = model.data(i, ChatModel::TimingsRole).value<GenerationTimings>();
  EXPECT_EQ(t.generated_tokens, 34);
  EXPECT_FALSE(model.data(model.index(0), ChatModel::TimingsRole).isValid());
  EXPECT_TRUE(model.roleNames().contains(ChatModel::TextRole));
}

TEST(ChatModel, AppendTextSignalsOnlyThatRow) {
  ChatModel model;
  model.appendMessage(user(QStringLiteral("x")));
  const int row = model.appendMessage(reply(QString()));
  QSignalSpy spy(&model, &QAbstractItemModel::dataChanged);
  model.appendText(row, QStringLiteral("abc"));
  model.appendText(row, QString());  // nothing to add: no signal
  ASSERT_EQ(spy.count(), 1);
  EXPECT_EQ(spy.at(0).at(0).toModelIndex().row(), row);
  EXPECT_EQ(model.message(row).text, QStringLiteral("abc"));
}

TEST(ChatModel, TurnsSkipFailedAndEmptyReplies) {
  ChatModel model;
  model.appendMessage(user(QStringLiteral("one")));
  ChatMessage failed = reply(QStringLiteral("partial"));
  failed.status = ChatMessage::Status::Failed;
  model.appendMessage(failed);
  model.appendMessage(user(QStringLiteral("two")));
  model.appendMessage(reply(QString()));
  const auto turns = model.turns();
  ASSERT_EQ(turns.size(), 2);
  EXPECT_EQ(turns[0].text, QStringLiteral("one"));
  EXPECT_EQ(turns[1].text, QStringLiteral("two"));
  EXPECT_EQ(model.lastAssistantRow(), 3);
}

TEST(ConversationIo, RoundTripsThroughAFile) {
  Conversation c;
  c.system_prompt = QStringLiteral("Be brief.");
  c.model = QStringLiteral("stories260K");
  c.messages = {user(QStringLiteral("Tell me a story")), reply(QStringLiteral("Once upon a time… ```code```"))};
  c.messages[1].status = ChatMessage::Status::Stopped;
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("chat.json"));
  QString error;
  ASSERT_TRUE(ConversationIo::save(path, c, &error)) << error.toStdString();
  auto back = ConversationIo::load(path, &error);
  ASSERT_TRUE(back.has_value()) << error.toStdString();
  EXPECT_EQ(back->system_prompt, c.system_prompt);
  EXPECT_EQ(back->model, c.model);
  ASSERT_EQ(back->messages.size(), 2);
  EXPECT_EQ(back->messages[1].text, c.messages[1].text);
  EXPECT_EQ(back->messages[1].status, ChatMessage::Status::Stopped);
  EXPECT_TRUE(back->messages[1].has_timings);
  EXPECT_DOUBLE_EQ(back->messages[1].timings.generation_seconds, 1.5);
  EXPECT_EQ(back->messages[1].timings.generated_tokens, 34);
  EXPECT_FALSE(back->messages[0].has_timings);
}

TEST(ConversationIo, RejectsWhatIsNotAConversation) {
  QString error;
  EXPECT_FALSE(ConversationIo::fromJson("{ not json", QStringLiteral("a.json"), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("a.json"))) << error.toStdString();
  EXPECT_FALSE(ConversationIo::fromJson(R"({"format":"other"})", QStringLiteral("b.json"), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("tessera-conversation"))) << error.toStdString();
  EXPECT_FALSE(ConversationIo::fromJson(
      R"({"format":"tessera-conversation","version":1,"messages":[{"role":"robot","text":"x"}]})",
      QStringLiteral("c.json"), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("robot"))) << error.toStdString();
  EXPECT_FALSE(ConversationIo::load(QStringLiteral("/nonexistent/dir/x.json"), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("/nonexistent/dir/x.json")));
}

}  // namespace
}  // namespace tessera::gui

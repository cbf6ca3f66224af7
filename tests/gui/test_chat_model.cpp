// ChatModel under QAbstractItemModelTester, and conversation JSON round trips.
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "chat_model.h"
#include "conversation_io.h"
#include "gui_test_support.h"

namespace tessera::gui {
namespace {

ChatEntry user(const QString& text) { return userMessage(text); }
ChatEntry reply(const QString& text) {
  ChatEntry m = replyMessage(QString());
  m.message.content = text.toStdString();
  m.status = ChatEntry::Status::Complete;
  ReplyStats stats;
  stats.timings.prompt_tokens = 12;
  stats.timings.generated_tokens = 34;
  stats.timings.prompt_ms = 250.0;
  stats.timings.generation_ms = 1500.0;
  stats.timings.time_to_first_token_ms = 300.0;
  m.stats = stats;
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
  model.setStats(row, *reply(QString()).stats);
  model.setStatus(row, ChatEntry::Status::Complete);
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
  EXPECT_EQ(model.data(i, ChatModel::RoleRole).toString(), QStringLiteral("assistant"));
  EXPECT_TRUE(model.data(i, ChatModel::HasTimingsRole).toBool());
  const auto t = model.data(i, ChatModel::TimingsRole).value<ReplyStats>();
  EXPECT_EQ(t.timings.generated_tokens, 34);
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
  EXPECT_EQ(model.message(row).text(), QStringLiteral("abc"));
}

TEST(ChatModel, TurnsSkipFailedAndEmptyReplies) {
  ChatModel model;
  model.appendMessage(user(QStringLiteral("one")));
  ChatEntry failed = reply(QStringLiteral("partial"));
  failed.status = ChatEntry::Status::Failed;
  model.appendMessage(failed);
  model.appendMessage(user(QStringLiteral("two")));
  model.appendMessage(reply(QString()));
  const auto turns = model.engineMessages();
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_EQ(turns[0].content, "one");
  EXPECT_EQ(turns[0].role, "user");
  EXPECT_EQ(turns[1].content, "two");
  EXPECT_EQ(model.lastAssistantRow(), 3);
}

TEST(ConversationIo, RoundTripsThroughAFile) {
  Conversation c;
  c.system_prompt = QStringLiteral("Be brief.");
  c.model = QStringLiteral("stories260K");
  c.messages = {user(QStringLiteral("Tell me a story")), reply(QStringLiteral("Once upon a time… ```code```"))};
  c.messages[1].status = ChatEntry::Status::Stopped;
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("chat.json"));
  QString error;
  ASSERT_TRUE(ConversationIo::save(path, c, &error)) << error.toStdString();
  auto back = ConversationIo::load(path, &error);
  ASSERT_TRUE(back.has_value()) << error.toStdString();
  EXPECT_EQ(back->system_prompt, c.system_prompt);
  EXPECT_EQ(back->model, c.model);
  ASSERT_EQ(back->messages.size(), 2);
  EXPECT_EQ(back->messages[1].text(), c.messages[1].text());
  EXPECT_EQ(back->messages[1].status, ChatEntry::Status::Stopped);
  ASSERT_TRUE(back->messages[1].stats.has_value());
  EXPECT_DOUBLE_EQ(back->messages[1].stats->timings.generation_ms, 1500.0);
  EXPECT_EQ(back->messages[1].stats->timings.generated_tokens, 34);
  EXPECT_TRUE(back->messages[1].stats->stopped());
  EXPECT_FALSE(back->messages[0].stats.has_value());
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

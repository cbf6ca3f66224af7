// The incremental server-sent-events parser the remote endpoint reads streams with.
#include <gtest/gtest.h>

#include "sse_parser.h"

namespace tessera::gui {
namespace {

const QByteArray kStream =
    ": a comment, then an event in two data lines\r\n"
    "event: message\r\n"
    "data: {\"a\":1}\r\n"
    "data:{\"b\":2}\r\n"
    "\r\n"
    "id: 7\n"
    "\n"  // an event without data is no event
    "data: [DONE]\n"
    "\n";

TEST(SseParser, ParsesEventsWholeAndInEverySplit) {
  const QList<QByteArray> expected{"{\"a\":1}\n{\"b\":2}", "[DONE]"};
  {
    SseParser whole;
    EXPECT_EQ(whole.feed(kStream), expected);
  }
  // The same stream cut at every byte boundary, and fed one byte at a time.
  for (qsizetype cut = 0; cut <= kStream.size(); ++cut) {
    SseParser parser;
    QList<QByteArray> events = parser.feed(QByteArrayView(kStream).first(cut));
    events += parser.feed(QByteArrayView(kStream).sliced(cut));
    EXPECT_EQ(events, expected) << "cut at " << cut;
  }
  SseParser bytewise;
  QList<QByteArray> events;
  for (char c : kStream) events += bytewise.feed(QByteArrayView(&c, 1));
  EXPECT_EQ(events, expected);
  EXPECT_EQ(bytewise.pendingBytes(), 0);
}

TEST(SseParser, HoldsAnUnfinishedEventBack) {
  SseParser parser;
  EXPECT_TRUE(parser.feed("data: {\"partial\"").isEmpty());
  EXPECT_TRUE(parser.feed(":true}\n").isEmpty());
  EXPECT_GT(parser.pendingBytes(), 0);
  EXPECT_EQ(parser.feed("\n"), QList<QByteArray>{"{\"partial\":true}"});
}

TEST(SseParser, KeepsTheValueAfterTheFirstColonAndOneSpace) {
  SseParser parser;
  EXPECT_EQ(parser.feed("data:  two spaces: kept\n\n"), QList<QByteArray>{" two spaces: kept"});
  EXPECT_EQ(parser.feed("data\n\n"), QList<QByteArray>{""});
}

}  // namespace
}  // namespace tessera::gui

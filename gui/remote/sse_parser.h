// An incremental parser of server-sent events (text/event-stream, as OpenAI-compatible servers
// stream a reply): bytes go in as they arrive off the socket, in pieces of any size, and every
// event completed by them comes out as its data (several "data:" lines joined with "\n").
// Comments (": ...") and other fields (event:, id:, retry:) are skipped. Lines end in "\n" or
// "\r\n" (a lone "\r" is not treated as a line end: no OpenAI-compatible server sends one).
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace tessera::gui {

class SseParser {
 public:
  // Feeds the next bytes; returns the data of each event they complete, in order.
  QList<QByteArray> feed(QByteArrayView bytes);
  // Bytes of an unfinished line or event held back (to bound memory against a misbehaving peer).
  qsizetype pendingBytes() const { return line_.size() + data_.size(); }

 private:
  QByteArray line_;  // the unfinished line
  QByteArray data_;  // the event's data so far
  bool has_data_ = false;
};

}  // namespace tessera::gui

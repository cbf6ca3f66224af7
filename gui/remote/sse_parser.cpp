#include "sse_parser.h"

namespace tessera::gui {

QList<QByteArray> SseParser::feed(QByteArrayView bytes) {
  QList<QByteArray> events;
  qsizetype start = 0;
  for (;;) {
    const qsizetype newline = bytes.indexOf('\n', start);
    if (newline < 0) {
      line_.append(bytes.sliced(start));
      return events;
    }
    line_.append(bytes.sliced(start, newline - start));
    start = newline + 1;
    if (line_.endsWith('\r')) line_.chop(1);
    if (line_.isEmpty()) {
      // A blank line ends the event; one without data lines is no event.
      if (has_data_) events.append(data_);
      data_.clear();
      has_data_ = false;
    } else if (!line_.startsWith(':')) {
      const qsizetype colon = line_.indexOf(':');
      const QByteArrayView field = colon < 0 ? QByteArrayView(line_) : QByteArrayView(line_).first(colon);
      QByteArrayView value = colon < 0 ? QByteArrayView() : QByteArrayView(line_).sliced(colon + 1);
      if (value.startsWith(' ')) value = value.sliced(1);
      if (field == QByteArrayView("data")) {
        if (has_data_) data_ += '\n';
        data_.append(value);
        has_data_ = true;
      }
    }
    line_.clear();
  }
}

}  // namespace tessera::gui

// The repaint cost per flush of a streaming reply (docs/perf.md, "GUI: streaming Markdown").
//
// A reply of TOKENS pieces (default 4000) arrives TOKENS_PER_FLUSH at a time (default 5, about
// what the worker's coalescing delivers at 100 tok/s and 20 repaints/s). Each flush does what the
// chat does: MessageWidget::setMessage with the longer text (status Streaming), then a synchronous
// repaint of the message. Times are the thread's CPU time (the development machine is shared, so
// wall time is noisy), the median of RUNS runs (default 1: the old code takes minutes per run).
// Runs with the offscreen platform unless one is set.
//   tessera-bench-markdown-stream [TOKENS] [TOKENS_PER_FLUSH] [RUNS]
#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

#include "chat_model.h"
#include "markdown_reply.h"
#include "message_widget.h"

namespace {

double threadMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

struct Run {
  double all_ms = 0.0;      // every flush
  double last_ms = 0.0;     // the last 100 flushes (the longest text)
  double final_ms = 0.0;    // the reply ends: one more render
  int flushes = 0;
};

Run streamOnce(const QStringList& pieces, int per_flush) {
  using namespace tessera::gui;
  MessageWidget widget;
  widget.resize(760, 400);
  widget.show();
  ChatEntry m = replyMessage(QStringLiteral("bench"));
  Run run;
  std::vector<double> costs;
  for (qsizetype i = 0; i < pieces.size(); i += per_flush) {
    for (qsizetype j = i; j < std::min<qsizetype>(i + per_flush, pieces.size()); ++j) m.message.content += pieces[j].toStdString();
    const double t0 = threadMs();
    widget.setMessage(m, QString());
    widget.repaint();
    costs.push_back(threadMs() - t0);
  }
  m.status = ChatEntry::Status::Complete;
  const double t0 = threadMs();
  widget.setMessage(m, QString());
  widget.repaint();
  run.final_ms = threadMs() - t0;
  run.flushes = static_cast<int>(costs.size());
  for (double c : costs) run.all_ms += c;
  const size_t tail = std::min<size_t>(100, costs.size());
  for (size_t k = costs.size() - tail; k < costs.size(); ++k) run.last_ms += costs[k];
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const int tokens = argc > 1 ? std::max(1, atoi(argv[1])) : 4000;
  const int per_flush = argc > 2 ? std::max(1, atoi(argv[2])) : 5;
  const QStringList pieces = tessera::gui::test::markdownReplyPieces(tokens);
  const int count = argc > 3 ? std::max(1, atoi(argv[3])) : 1;
  std::vector<Run> runs;
  for (int r = 0; r < count; ++r) runs.push_back(streamOnce(pieces, per_flush));
  std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.all_ms < b.all_ms; });
  const Run& med = runs[runs.size() / 2];
  const int chars = static_cast<int>(pieces.join(QString()).size());
  std::printf("reply: %d pieces, %d characters, %d flushes of %d pieces\n", static_cast<int>(pieces.size()), chars,
              med.flushes, per_flush);
  std::printf("mean per flush: %.3f ms (all), %.3f ms (last 100 flushes)\n", med.all_ms / med.flushes,
              med.last_ms / std::min(100, med.flushes));
  std::printf("whole stream: %.1f ms; final render: %.2f ms\n", med.all_ms, med.final_ms);
  return 0;
}

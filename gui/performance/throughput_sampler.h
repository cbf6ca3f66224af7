// ThroughputSampler turns the worker's token stream into a few throughput samples per second.
//
// The worker already batches text (textGenerated carries several tokens); the sampler counts them
// and, on a timer (sampleIntervalMs, 250 ms by default), emits one sample with the tokens/s over
// the last kRateWindowSeconds (or since the first token, when that is shorter). Tokens arrive in
// bursts (the worker's batches, a server's network packets): a rate over one short interval would
// swing between 0 and several times the true speed, and a burst just after the first token would
// read as thousands of tokens per second. So the plot redraws at most a few times per second,
// however fast the model generates, and the line it draws is the speed a person would quote.
// Phases: from the request to the first token the engine evaluates the prompt (promptProgress
// ticks; where the engine reports the tokens read, promptRate samples of the prompt's speed so
// far); after it, generation (samples). replyFinished carries the engine's own timings.
//
// Lives on the GUI thread; connect() attaches it to an EngineClient. Its clock can be replaced
// (setClock) and tick() called directly, so tests need no waiting.
#pragma once

#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QTimer>

#include <deque>
#include <functional>
#include <utility>

#include "engine_types.h"

namespace tessera::gui {

class EngineClient;

struct ThroughputSample {
  int reply = 0;                  // 1, 2, ... in this session
  double seconds = 0.0;           // since the request, at the end of the window
  double tokens_per_second = 0.0; // generated tokens in the window / window length (smoothed)
  int tokens = 0;                 // generated tokens so far in this reply
};

struct ReplyRecord {
  int reply = 0;
  int prompt_tokens = 0;
  int generated_tokens = 0;
  double prompt_tokens_per_second = 0.0;      // engine timings
  double generation_tokens_per_second = 0.0;  // engine timings
  double time_to_first_token = 0.0;           // engine timings, seconds
  double seen_first_token = 0.0;   // seconds from the request until the GUI got the first text (0: none)
  double seconds = 0.0;            // request to finish, as the GUI saw it
  bool stopped = false;
  bool failed = false;
};

class ThroughputSampler : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultIntervalMs = 250;
  // The rates are averaged over this much of the recent stream.
  static constexpr double kRateWindowSeconds = 2.0;
  // A window shorter than this gives no rate yet (a burst right after the first token is no speed).
  static constexpr double kMinWindowSeconds = 0.2;
  using Clock = std::function<double()>;  // seconds, monotonic

  explicit ThroughputSampler(QObject* parent = nullptr);
  // Tests: the clock the sampler reads (default: a monotonic timer).
  void setClock(Clock clock);
  // What the timer calls every sample interval; tests call it directly.
  void tick();

  // Listens to `engine`'s generation signals.
  void connectTo(EngineClient* engine);

  void setSampleIntervalMs(int ms);
  int sampleIntervalMs() const { return timer_.interval(); }
  bool isActive() const { return active_; }
  int replyCount() const { return reply_; }

  // The stream, also callable directly (tests, other sources).
  void onStarted();
  void onPromptTokens(int read, int total);
  void onText(int tokens);
  void onFinished(const ReplyStats& stats);
  void onFailed();

 signals:
  void replyStarted(int reply);
  void promptProgress(int reply, double seconds);
  // While the prompt is read, where the engine reports its progress: its speed so far.
  void promptRate(int reply, double seconds, double tokens_per_second);
  void firstToken(int reply, double seconds);
  void sampled(const tessera::gui::ThroughputSample& sample);
  void replyFinished(const tessera::gui::ReplyRecord& record);
  void modelChanged(const QString& name);  // empty: none loaded

 private:
  void emitSample(double now);
  double now() const { return clock_() - start_; }

  QTimer timer_;
  QElapsedTimer timer_clock_;
  Clock clock_;
  double start_ = 0.0;  // the request, on clock_
  bool active_ = false;
  int reply_ = 0;
  double first_token_ = 0.0;  // 0: not yet
  // Tokens after the first batch, with when they arrived (seconds since the request), oldest first;
  // those older than the rate window are let go.
  std::deque<std::pair<double, int>> arrivals_;
  int total_tokens_ = 0;
  int prompt_read_ = 0;  // prompt tokens evaluated so far (0: none reported)
};

void registerThroughputMetaTypes();

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::ThroughputSample)
Q_DECLARE_METATYPE(tessera::gui::ReplyRecord)

// ThroughputSampler turns the worker's token stream into a few throughput samples per second.
//
// The worker already batches text (textGenerated carries several tokens); the sampler counts them
// and, on a timer (sampleIntervalMs, 250 ms by default), emits one sample with the tokens/s of the
// window since the previous sample. So the plot redraws at most a few times per second, however
// fast the model generates. Phases: from the request to the first token the engine evaluates the
// prompt (promptProgress ticks, no rate yet: the prompt's size is known only at the end); after
// it, generation (samples). replyFinished carries the engine's own timings for the reply.
//
// Lives on the GUI thread; connect() attaches it to an EngineClient.
#pragma once

#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QTimer>

#include "engine_types.h"

namespace tessera::gui {

class EngineClient;

struct ThroughputSample {
  int reply = 0;                  // 1, 2, ... in this session
  double seconds = 0.0;           // since the request, at the end of the window
  double tokens_per_second = 0.0; // generated tokens in the window / window length
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

  explicit ThroughputSampler(QObject* parent = nullptr);

  // Listens to `engine`'s generation signals.
  void connectTo(EngineClient* engine);

  void setSampleIntervalMs(int ms);
  int sampleIntervalMs() const { return timer_.interval(); }
  bool isActive() const { return active_; }
  int replyCount() const { return reply_; }

  // The stream, also callable directly (tests, other sources).
  void onStarted();
  void onText(int tokens);
  void onFinished(const GenerationTimings& timings);
  void onFailed();

 signals:
  void replyStarted(int reply);
  void promptProgress(int reply, double seconds);
  void firstToken(int reply, double seconds);
  void sampled(const tessera::gui::ThroughputSample& sample);
  void replyFinished(const tessera::gui::ReplyRecord& record);
  void modelChanged(const QString& name);  // empty: none loaded

 private:
  void tick();
  void emitSample(double now);
  double now() const { return clock_.nsecsElapsed() / 1e9; }

  QTimer timer_;
  QElapsedTimer clock_;
  bool active_ = false;
  int reply_ = 0;
  double first_token_ = 0.0;  // 0: not yet
  double window_start_ = 0.0;
  int window_tokens_ = 0;
  int total_tokens_ = 0;
};

void registerThroughputMetaTypes();

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::ThroughputSample)
Q_DECLARE_METATYPE(tessera::gui::ReplyRecord)

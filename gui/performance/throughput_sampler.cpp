#include "throughput_sampler.h"

#include <algorithm>

#include "engine_client.h"

namespace tessera::gui {

void registerThroughputMetaTypes() {
  qRegisterMetaType<ThroughputSample>();
  qRegisterMetaType<ReplyRecord>();
}

ThroughputSampler::ThroughputSampler(QObject* parent) : QObject(parent) {
  registerThroughputMetaTypes();
  timer_.setInterval(kDefaultIntervalMs);
  timer_clock_.start();
  clock_ = [this] { return timer_clock_.nsecsElapsed() / 1e9; };
  connect(&timer_, &QTimer::timeout, this, &ThroughputSampler::tick);
}

void ThroughputSampler::setClock(Clock clock) { clock_ = std::move(clock); }

void ThroughputSampler::connectTo(EngineClient* engine) {
  connect(engine, &EngineClient::generationStarted, this, &ThroughputSampler::onStarted);
  connect(engine, &EngineClient::promptProgress, this, &ThroughputSampler::onPromptTokens);
  connect(engine, &EngineClient::textGenerated, this, [this](const QString&, int tokens) { onText(tokens); });
  connect(engine, &EngineClient::generationFinished, this, &ThroughputSampler::onFinished);
  connect(engine, &EngineClient::generationFailed, this, &ThroughputSampler::onFailed);
  connect(engine, &EngineClient::modelLoaded, this,
          [this](const tessera::ModelInfo& info) { emit modelChanged(QString::fromStdString(info.name)); });
  connect(engine, &EngineClient::modelUnloaded, this, [this] { emit modelChanged(QString()); });
}

void ThroughputSampler::setSampleIntervalMs(int ms) { timer_.setInterval(std::max(10, ms)); }

void ThroughputSampler::onStarted() {
  ++reply_;
  active_ = true;
  start_ = clock_();
  first_token_ = 0.0;
  arrivals_.clear();
  total_tokens_ = 0;
  prompt_read_ = 0;
  timer_.start();
  emit replyStarted(reply_);
}

void ThroughputSampler::onPromptTokens(int read, int total) {
  if (!active_ || first_token_ > 0.0 || total <= 0) return;
  prompt_read_ = read;
}

void ThroughputSampler::onText(int tokens) {
  if (!active_) return;
  const double t = std::max(now(), 1e-6);
  if (first_token_ == 0.0) {
    // The first batch ends the prompt phase. Its tokens started the generation phase; the
    // generation window opens here, so the first token is not counted against prompt time.
    first_token_ = t;
    emit firstToken(reply_, first_token_);
    total_tokens_ += tokens;
    return;
  }
  arrivals_.emplace_back(t, tokens);
  total_tokens_ += tokens;
}

void ThroughputSampler::tick() {
  if (!active_) return;
  const double t = now();
  if (first_token_ == 0.0) {
    emit promptProgress(reply_, t);
    // The prompt's speed so far: tokens read over the time since the request.
    if (prompt_read_ > 0 && t >= kMinWindowSeconds) emit promptRate(reply_, t, prompt_read_ / t);
    return;
  }
  emitSample(t);
}

void ThroughputSampler::emitSample(double t) {
  const double start = std::max(first_token_, t - kRateWindowSeconds);
  while (!arrivals_.empty() && arrivals_.front().first <= start) arrivals_.pop_front();
  const double span = t - start;
  if (span < kMinWindowSeconds) return;
  int tokens = 0;
  for (const auto& [when, n] : arrivals_) tokens += n;
  ThroughputSample s;
  s.reply = reply_;
  s.seconds = t;
  s.tokens_per_second = tokens / span;
  s.tokens = total_tokens_;
  emit sampled(s);
}

void ThroughputSampler::onFinished(const ReplyStats& stats) {
  if (!active_) return;
  timer_.stop();
  const double t = now();
  // The stream up to its end. A reply too short for a window of its own gets the engine's rate.
  if (first_token_ > 0.0) {
    if (t - first_token_ >= kMinWindowSeconds) {
      emitSample(t);
    } else if (stats.timings.generated_tokens > 1 && stats.timings.generation_tokens_per_s > 0.0) {
      ThroughputSample s;
      s.reply = reply_;
      s.seconds = t;
      s.tokens_per_second = stats.timings.generation_tokens_per_s;
      s.tokens = total_tokens_;
      emit sampled(s);
    }
  }
  active_ = false;
  ReplyRecord r;
  r.reply = reply_;
  const tessera::GenerationTimings& timings = stats.timings;
  // What was read, not what was asked for: a stop mid-prompt counts only the tokens evaluated.
  r.prompt_tokens = stats.prompt_known ? stats.promptEvaluated() : 0;
  r.generated_tokens = timings.generated_tokens;
  r.prompt_tokens_per_second = stats.prompt_known ? timings.prompt_tokens_per_s : 0.0;
  r.generation_tokens_per_second = timings.generation_tokens_per_s;
  r.time_to_first_token = timings.generated_tokens > 0 ? timings.time_to_first_token_ms / 1000.0 : 0.0;
  r.seen_first_token = first_token_;
  r.seconds = t;
  r.stopped = stats.stopped();
  emit replyFinished(r);
}

void ThroughputSampler::onFailed() {
  if (!active_) return;
  timer_.stop();
  active_ = false;
  ReplyRecord r;
  r.reply = reply_;
  r.seen_first_token = first_token_;
  r.seconds = now();
  r.failed = true;
  emit replyFinished(r);
}

}  // namespace tessera::gui

#include "throughput_sampler.h"

#include "engine_client.h"

namespace tessera::gui {

void registerThroughputMetaTypes() {
  qRegisterMetaType<ThroughputSample>();
  qRegisterMetaType<ReplyRecord>();
}

ThroughputSampler::ThroughputSampler(QObject* parent) : QObject(parent) {
  registerThroughputMetaTypes();
  timer_.setInterval(kDefaultIntervalMs);
  connect(&timer_, &QTimer::timeout, this, &ThroughputSampler::tick);
}

void ThroughputSampler::connectTo(EngineClient* engine) {
  connect(engine, &EngineClient::generationStarted, this, &ThroughputSampler::onStarted);
  connect(engine, &EngineClient::textGenerated, this, [this](const QString&, int tokens) { onText(tokens); });
  connect(engine, &EngineClient::generationFinished, this, &ThroughputSampler::onFinished);
  connect(engine, &EngineClient::generationFailed, this, &ThroughputSampler::onFailed);
  connect(engine, &EngineClient::modelLoaded, this, [this](const ModelInfo& info) { emit modelChanged(info.name); });
  connect(engine, &EngineClient::modelUnloaded, this, [this] { emit modelChanged(QString()); });
}

void ThroughputSampler::setSampleIntervalMs(int ms) { timer_.setInterval(std::max(10, ms)); }

void ThroughputSampler::onStarted() {
  ++reply_;
  active_ = true;
  clock_.start();
  first_token_ = 0.0;
  window_start_ = 0.0;
  window_tokens_ = 0;
  total_tokens_ = 0;
  timer_.start();
  emit replyStarted(reply_);
}

void ThroughputSampler::onText(int tokens) {
  if (!active_) return;
  if (first_token_ == 0.0) {
    // The first batch ends the prompt phase. Its tokens started the generation phase; the
    // generation window opens here, so the first token is not counted against prompt time.
    first_token_ = std::max(now(), 1e-6);
    window_start_ = first_token_;
    emit firstToken(reply_, first_token_);
    total_tokens_ += tokens;
    return;
  }
  window_tokens_ += tokens;
  total_tokens_ += tokens;
}

void ThroughputSampler::tick() {
  if (!active_) return;
  const double t = now();
  if (first_token_ == 0.0) {
    emit promptProgress(reply_, t);
    return;
  }
  emitSample(t);
}

void ThroughputSampler::emitSample(double t) {
  const double dt = t - window_start_;
  if (dt <= 0.0) return;
  ThroughputSample s;
  s.reply = reply_;
  s.seconds = t;
  s.tokens_per_second = window_tokens_ / dt;
  s.tokens = total_tokens_;
  window_start_ = t;
  window_tokens_ = 0;
  emit sampled(s);
}

void ThroughputSampler::onFinished(const GenerationTimings& timings) {
  if (!active_) return;
  timer_.stop();
  const double t = now();
  // The last partial window, unless it is too short to mean anything.
  if (first_token_ > 0.0 && (window_tokens_ > 0 || t - window_start_ > 0.05)) emitSample(t);
  active_ = false;
  ReplyRecord r;
  r.reply = reply_;
  r.prompt_tokens = timings.prompt_tokens;
  r.generated_tokens = timings.generated_tokens;
  r.prompt_tokens_per_second = timings.prompt_tokens_per_second();
  r.generation_tokens_per_second = timings.generation_tokens_per_second();
  r.time_to_first_token = timings.time_to_first_token;
  r.seen_first_token = first_token_;
  r.seconds = t;
  r.stopped = timings.stopped;
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

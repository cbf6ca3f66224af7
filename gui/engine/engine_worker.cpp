#include "engine_worker.h"

#include <QStringDecoder>

#include <algorithm>
#include <new>
#include <optional>

namespace tessera::gui {
namespace {

// Raises `target` to at least `value` (several threads may race to cancel).
void storeMax(std::atomic<quint64>& target, quint64 value) {
  quint64 current = target.load();
  while (current < value && !target.compare_exchange_weak(current, value)) {
  }
}

EngineErrorKind toKind(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadFile: return EngineErrorKind::BadFile;
    case ErrorKind::Unsupported: return EngineErrorKind::Unsupported;
    case ErrorKind::OutOfMemory: return EngineErrorKind::OutOfMemory;
    case ErrorKind::Device: return EngineErrorKind::Device;
    case ErrorKind::Cancelled: return EngineErrorKind::Cancelled;
    case ErrorKind::InvalidArgument: return EngineErrorKind::InvalidArgument;
    case ErrorKind::Io: return EngineErrorKind::Io;
  }
  return EngineErrorKind::InvalidArgument;
}

// Progress callbacks may come once per tensor (thousands per load); the GUI needs a few dozen.
constexpr qint64 kProgressIntervalMs = 40;

// Runs a session call; what it throws comes back as an error value (this thread's catch-all: an
// exception must not end the app, nor leave the GUI waiting for a signal that never comes).
template <typename T, typename Call>
Result<T> guarded(const QString& what, Call&& call) {
  try {
    return call();
  } catch (...) {
    const EngineError e = exceptionError(std::current_exception(), what);
    return Error(e.kind == EngineErrorKind::OutOfMemory ? ErrorKind::OutOfMemory : ErrorKind::InvalidArgument,
                 e.message.toStdString());
  }
}

}  // namespace

EngineError toEngineError(const tessera::Error& error) {
  return EngineError{toKind(error.kind), QString::fromStdString(error.message)};
}

EngineError exceptionError(std::exception_ptr thrown, const QString& what) {
  try {
    std::rethrow_exception(thrown);
  } catch (const std::bad_alloc&) {
    return EngineError{EngineErrorKind::OutOfMemory,
                       QStringLiteral("The computer ran out of memory while %1 (an allocation failed).").arg(what)};
  } catch (const std::exception& e) {
    return EngineError{EngineErrorKind::InvalidArgument,
                       QStringLiteral("An internal error stopped %1: %2").arg(what, QString::fromLocal8Bit(e.what()))};
  } catch (...) {
    return EngineError{EngineErrorKind::InvalidArgument, QStringLiteral("An internal error stopped %1.").arg(what)};
  }
}

EngineWorker::EngineWorker(std::unique_ptr<EngineSession> session, QObject* parent)
    : QObject(parent), session_(std::move(session)) {
  registerEngineMetaTypes();
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::cancelLoad(quint64 request) {
  storeMax(cancel_up_to_, request);
  // A benchmark is a load too: cancelling it stops its measuring at once.
  const quint64 bench = current_benchmark_.load();
  if (bench != 0 && bench <= request) current_bench_stop_ = true;
}

void EngineWorker::cancelBenchmark(quint64 request) {
  storeMax(bench_cancel_up_to_, request);
  // As in stopGeneration: either benchmarkSplits sees this cancel or this sees its number.
  const quint64 bench = current_benchmark_.load();
  if (bench != 0 && bench <= request) current_bench_stop_ = true;
}

void EngineWorker::stopGeneration(quint64 request) {
  storeMax(stop_up_to_, request);
  // generate() publishes its number before it reads stop_up_to_, so either it sees this stop or
  // this sees its number (sequentially consistent atomics).
  const quint64 current = current_generation_.load();
  if (current != 0 && current <= request) current_stop_ = true;
}

void EngineWorker::loadModel(quint64 request, const QString& path, const LoadRequest& load) {
  auto cancelled = [&] {
    return EngineError{EngineErrorKind::Cancelled, tr("Loading %1 was cancelled.").arg(path)};
  };
  if (loadCancelled(request)) {
    emit loadFailed(request, cancelled(), session_->isLoaded());
    return;
  }
  QElapsedTimer since_emit;
  since_emit.start();
  float last_sent = -1.0f;
  auto progress = [&](float fraction) {
    if (fraction >= 1.0f || fraction - last_sent >= 0.01f || since_emit.elapsed() >= kProgressIntervalMs) {
      if (fraction != last_sent) {
        emit loadProgress(request, fraction);
        last_sent = fraction;
        since_emit.restart();
      }
    }
    return !loadCancelled(request);
  };
  auto result = guarded<tessera::ModelInfo>(QStringLiteral("loading %1").arg(path),
                                            [&] { return session_->load(path, load, progress); });
  if (!result.ok()) {
    EngineError error = toEngineError(result.error());
    if (loadCancelled(request)) error = cancelled();
    emit loadFailed(request, error, session_->isLoaded());
    return;
  }
  // A cancel that came in after the engine's last progress call still wins: the user pressed
  // Cancel before seeing "loaded", so they must not end up with a model they said they don't want.
  if (loadCancelled(request)) {
    session_->unload();
    emit loadFailed(request, cancelled(), false);
    return;
  }
  emit loadProgress(request, 1.0f);
  emit thinkingControlKnown(request, static_cast<int>(session_->thinkingControl()));
  emit loaded(request, result.value());
}

void EngineWorker::unloadModel() {
  session_->unload();
  emit unloaded();
}

void EngineWorker::generate(quint64 request, const std::vector<tessera::ChatMessage>& messages,
                            const tessera::GenerationRequest& generation) {
  if (!session_->isLoaded()) {
    emit generationFailed(request, EngineError{EngineErrorKind::InvalidArgument,
                                               tr("No model is loaded. Open and load a model first.")});
    return;
  }
  // The stateful decoders keep an incomplete trailing character for the next piece.
  QStringDecoder decoder(QStringDecoder::Utf8);
  QStringDecoder reasoning_decoder(QStringDecoder::Utf8);
  QString pending, pending_reasoning;
  int pending_tokens = 0;
  bool sent_any = false;
  QElapsedTimer since_emit;
  since_emit.start();
  auto flush = [&] {
    if (pending.isEmpty() && pending_reasoning.isEmpty() && pending_tokens == 0) return;
    // The thinking first: it came before the answer's text of the same batch. Every token is
    // counted by textGenerated (thinking tokens too), so counters need one signal.
    if (!pending_reasoning.isEmpty()) emit reasoningGenerated(request, pending_reasoning);
    emit textGenerated(request, pending, pending_tokens);
    pending.clear();
    pending_reasoning.clear();
    pending_tokens = 0;
    sent_any = true;
    since_emit.restart();
  };
  auto on_piece = [&](const EngineSession::ReplyPiece& piece) {
    pending += decoder.decode(QByteArrayView(piece.content.data(), static_cast<qsizetype>(piece.content.size())));
    pending_reasoning +=
        reasoning_decoder.decode(QByteArrayView(piece.reasoning.data(), static_cast<qsizetype>(piece.reasoning.size())));
    ++pending_tokens;
    if (!sent_any ? !pending.isEmpty() || !pending_reasoning.isEmpty() : since_emit.elapsed() >= batch_interval_ms_.load())
      flush();
  };
  QElapsedTimer since_prompt_emit;
  since_prompt_emit.start();
  auto on_prompt = [&](int evaluated, int total) {
    if (evaluated < total && since_prompt_emit.elapsed() < batch_interval_ms_.load()) return;
    emit promptProgress(request, evaluated, total);
    since_prompt_emit.restart();
  };
  current_generation_ = request;
  current_stop_ = false;
  if (generationStopped(request)) current_stop_ = true;
  auto result = guarded<ReplyStats>(QStringLiteral("generating the reply"), [&] {
    return session_->generate(messages, generation, on_prompt, on_piece, current_stop_);
  });
  current_generation_ = 0;
  pending += decoder.decode(QByteArrayView());
  pending_reasoning += reasoning_decoder.decode(QByteArrayView());
  flush();
  if (!result.ok()) {
    emit generationFailed(request, toEngineError(result.error()));
    return;
  }
  ReplyStats stats = result.value();
  if (generationStopped(request)) stats.stop_reason = tessera::StopReason::Stopped;
  emit generationFinished(request, stats);
}

}  // namespace tessera::gui

namespace tessera::gui {

Result<tessera::ModelInfo> EngineWorker::loadFor(const QString& path, const LoadRequest& load,
                                                 const std::function<bool()>& cancelled,
                                                 const std::function<void(float)>& progress) {
  QElapsedTimer since_emit;
  since_emit.start();
  return guarded<tessera::ModelInfo>(QStringLiteral("loading %1").arg(path), [&] {
    return session_->load(path, load, [&](float fraction) {
      if (fraction >= 1.0f || since_emit.elapsed() >= kProgressIntervalMs) {
        progress(fraction);
        since_emit.restart();
      }
      return !cancelled();
    });
  });
}

void EngineWorker::benchmarkSplits(quint64 request, const QString& path, const LoadRequest& base,
                                   const QList<SplitChoice>& choices, const BenchSettings& bench) {
  current_benchmark_ = request;
  current_bench_stop_ = false;
  if (benchmarkCancelled(request)) current_bench_stop_ = true;
  const int count = static_cast<int>(choices.size());
  // Each split: a load (a third of its share of the progress) and the measuring (the rest).
  constexpr double kLoadShare = 0.3;
  auto report = [&](int split, double part) {
    const double fraction = count > 0 ? (split + std::clamp(part, 0.0, 1.0)) / count : 1.0;
    emit benchmarkProgress(request, split, fraction);
    emit loadProgress(request, static_cast<float>(fraction));
  };
  std::optional<SplitChoice> loaded_split;  // what the session holds now (nullopt: nothing or unknown)
  tessera::ModelInfo loaded_info;
  bool cancelled = false;
  for (int i = 0; i < count && !cancelled; ++i) {
    SplitBenchResult result;
    result.index = i;
    result.choice = choices[i];
    LoadRequest load = base;
    load.split = choices[i];
    report(i, 0.0);
    auto info = loadFor(
        path, load, [&] { return benchmarkCancelled(request); },
        [&](float f) { report(i, kLoadShare * f); });
    loaded_split.reset();
    if (!info.ok()) {
      result.error = toEngineError(info.error());
    } else {
      loaded_split = choices[i];
      loaded_info = info.value();
      auto figures = guarded<BenchFigures>(QStringLiteral("measuring the split"), [&] {
        return session_->bench(
            bench,
            [&](int done, int total) {
              report(i, kLoadShare + (1.0 - kLoadShare) * done / std::max(total, 1));
              return !benchmarkCancelled(request);
            },
            current_bench_stop_);
      });
      if (figures.ok()) result.figures = figures.value();
      else result.error = toEngineError(figures.error());
    }
    cancelled = benchmarkCancelled(request);
    if (cancelled) {
      result.error = EngineError{EngineErrorKind::Cancelled, tr("The benchmark was cancelled.")};
    }
    emit benchmarkResult(request, result);
  }
  cancelled = cancelled || benchmarkCancelled(request);
  current_benchmark_ = 0;
  emit benchmarkFinished(request, cancelled);

  // The restore: the model as it was before, unless that is what is loaded now.
  auto load_cancelled = [&] {
    return EngineError{EngineErrorKind::Cancelled, tr("Loading %1 was cancelled.").arg(path)};
  };
  if (loadCancelled(request)) {
    session_->unload();
    emit loadFailed(request, load_cancelled(), false);
    return;
  }
  if (!(loaded_split && loaded_split->loadsLike(base.split) && session_->isLoaded())) {
    auto info = loadFor(
        path, base, [&] { return loadCancelled(request); }, [&](float f) { emit loadProgress(request, f); });
    if (!info.ok()) {
      EngineError error = toEngineError(info.error());
      if (loadCancelled(request)) error = load_cancelled();
      emit loadFailed(request, error, false);
      return;
    }
    loaded_info = info.value();
  }
  emit loadProgress(request, 1.0f);
  emit thinkingControlKnown(request, static_cast<int>(session_->thinkingControl()));
  emit loaded(request, loaded_info);
}

}  // namespace tessera::gui

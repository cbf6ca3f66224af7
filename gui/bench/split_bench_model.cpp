#include "split_bench_model.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

#include "backend/model_spec.h"
#include "display_format.h"
#include "engine_client.h"
#include "split_preview_model.h"

namespace tessera::gui {
namespace {

QString number(double v, int decimals = 1) { return QLocale().toString(v, 'f', decimals); }

bool onCpu(const QString& backend) { return !backend.contains(QLatin1String("cuda"), Qt::CaseInsensitive); }

}  // namespace

SplitBenchModel::SplitBenchModel(EngineClient* engine, SplitPreviewModel* split, QObject* parent)
    : QObject(parent), engine_(engine), split_(split) {
  connect(engine_, &EngineClient::benchmarkStarted, this, &SplitBenchModel::onStarted);
  connect(engine_, &EngineClient::benchmarkProgress, this, &SplitBenchModel::onProgress);
  connect(engine_, &EngineClient::benchmarkResult, this, &SplitBenchModel::onResult);
  connect(engine_, &EngineClient::benchmarkFinished, this, &SplitBenchModel::onFinished);
  connect(engine_, &EngineClient::stateChanged, this, [this] {
    // A benchmark superseded by another load or an unload ends without benchmarkFinished.
    if (running_ && !engine_->isBenchmarking()) onFinished(true);
    emit changed();
  });
  // The GPUs' free memory moves: whether a split fits may change.
  connect(split_, &SplitPreviewModel::planChanged, this, &SplitBenchModel::changed);
}

void SplitBenchModel::setMeasuredModel(std::shared_ptr<const ModelSpec> spec, const QString& path, int n_ctx,
                                       tessera::KvCacheType kv_type) {
  const bool other_model = path != path_ || n_ctx != n_ctx_ || kv_type != kv_type_ || !spec;
  spec_ = std::move(spec);
  path_ = spec_ ? path : QString();
  n_ctx_ = n_ctx;
  kv_type_ = kv_type;
  if (other_model && !running_) {
    // Figures of another model (or another context) say nothing about this one.
    for (auto& r : results_) r.reset();
    setStatus({});
  }
  emit changed();
}

void SplitBenchModel::setStatus(std::function<QString()> status) {
  status_ = std::move(status);
  emit changed();
}

QString SplitBenchModel::describeSplit(const SplitChoice& choice) const {
  const QStringList& uuids = choice.uuids;
  auto gpu = [&](int i) {
    // The GPU's index where it is known now, else its place in the split.
    for (int d = 0; d < split_->deviceCount(); ++d)
      if (i < uuids.size() && split_->devices()[d].uuid == uuids[i]) return split_->devices()[d].index;
    return i;
  };
  if (choice.mode == QLatin1String("none")) return tr("Everything on GPU %1").arg(gpu(choice.main_gpu));
  double sum = 0.0;
  for (float r : choice.ratios) sum += r;
  QStringList shares;
  for (int i = 0; i < choice.ratios.size(); ++i)
    //: One GPU's share in a split: GPU index, percent.
    shares << tr("%1: %2 %").arg(gpu(i)).arg(number(sum > 0 ? 100.0 * choice.ratios[i] / sum : 0.0, 0));
  const QString mode = choice.mode == QLatin1String("row") ? tr("Row") : tr("Layer");
  //: A split in a line: mode, the GPUs' shares, the main GPU.
  return tr("%1 · %2 · main GPU %3").arg(mode, shares.join(QStringLiteral(" / "))).arg(gpu(choice.main_gpu));
}

std::optional<Result<tessera::Placement>> SplitBenchModel::planOf(const SplitChoice& choice) const {
  if (!spec_) return std::nullopt;
  return split_->planFor(choice, *spec_, n_ctx_, kv_type_);
}

QList<quint64> SplitBenchModel::bytesPerGpu(const SplitChoice& choice) const {
  QList<quint64> out;
  auto plan = planOf(choice);
  if (!plan || !plan->ok()) return out;
  for (const tessera::DevicePlacement& d : plan->value().devices) out << d.bytes.total();
  return out;
}

QString SplitBenchModel::problemWith(const SplitChoice& choice) const {
  auto plan = planOf(choice);
  if (!plan) return {};
  if (!plan->ok()) return QString::fromStdString(plan->error().message);
  const tessera::Placement& p = plan->value();
  for (const tessera::DevicePlacement& d : p.devices)
    if (!d.fits)
      //: A split of the benchmark that does not fit: GPU index, bytes it would need, bytes usable.
      return tr("It would overflow GPU %1: %2 needed, %3 usable.")
          .arg(d.device.id)
          .arg(DisplayFormat::bytes(d.bytes.total()), DisplayFormat::bytes(d.available));
  return {};
}

bool SplitBenchModel::addSplit(const SplitChoice& choice) {
  if (running_) return false;
  if (splits_.size() >= kMaxSplits) {
    setStatus([] { return tr("At most %1 splits can be compared.").arg(kMaxSplits); });
    return false;
  }
  for (const SplitChoice& s : splits_)
    if (s.loadsLike(choice)) {
      setStatus([] { return tr("This split is in the list already."); });
      return false;
    }
  if (const QString problem = problemWith(choice); !problem.isEmpty()) {
    setStatus([problem] { return tr("This split cannot be measured. %1").arg(problem); });
    return false;
  }
  splits_.append(choice);
  results_.append(std::nullopt);
  setStatus({});
  return true;
}

bool SplitBenchModel::addCurrentSplit() { return addSplit(split_->choice()); }

void SplitBenchModel::addSuggestions() {
  if (running_) return;
  const SplitChoice current = split_->choice();
  QList<SplitChoice> candidates;
  for (const QString& mode : {QStringLiteral("layer"), QStringLiteral("row")}) {
    SplitChoice even = current;
    even.mode = mode;
    for (float& r : even.ratios) r = 1.0f;
    candidates << even;
  }
  SplitChoice single = current;
  single.mode = QStringLiteral("none");
  candidates << single;
  int refused = 0;
  for (const SplitChoice& c : candidates) {
    if (splits_.size() >= kMaxSplits) break;
    bool known = false;
    for (const SplitChoice& s : splits_) known = known || s.loadsLike(c);
    if (known) continue;
    // Only what the planner accepts for this model (row split needs divisible heads, no experts)
    // and what fits: a split that would overflow is not worth measuring.
    if (!problemWith(c).isEmpty()) {
      ++refused;
      continue;
    }
    splits_.append(c);
    results_.append(std::nullopt);
  }
  if (refused > 0)
    setStatus([refused] { return tr("%n suggestion(s) left out: they would not fit the GPUs or the model.", nullptr, refused); });
  else
    setStatus({});
}

void SplitBenchModel::removeSplit(int index) {
  if (running_ || index < 0 || index >= splits_.size()) return;
  splits_.removeAt(index);
  results_.removeAt(index);
  emit changed();
}

void SplitBenchModel::clearSplits() {
  if (running_) return;
  splits_.clear();
  results_.clear();
  emit changed();
}

SplitBenchModel::Verdict SplitBenchModel::verdict() const {
  Verdict v;
  auto better = [&](const BenchFigures& a, const BenchFigures& b) {
    // Generation speed is what a chat feels; the prompt speed breaks an exact tie.
    return a.generation_tokens_per_second > b.generation_tokens_per_second ||
           (a.generation_tokens_per_second == b.generation_tokens_per_second &&
            a.prompt_tokens_per_second > b.prompt_tokens_per_second);
  };
  for (int i = 0; i < results_.size(); ++i) {
    const auto& r = results_[i];
    if (!r || !r->measured()) continue;
    if (!v.fastest || better(r->figures, results_[*v.fastest]->figures)) v.fastest = i;
  }
  if (!v.fastest) return v;
  // On the CPU every split runs the same computation: whatever the figures say, it is noise, and
  // no split is applied as the winner (the screenshot of the tab showed a "Winner" above the note
  // that the splits cannot differ).
  const bool on_cpu = measuredOnCpu();
  const BenchFigures& best = results_[*v.fastest]->figures;
  for (int i = 0; i < results_.size(); ++i) {
    const auto& r = results_[i];
    if (i == *v.fastest || !r || !r->measured()) continue;
    const BenchFigures& f = r->figures;
    // Within the runs' spread of each other (531.4 ± 9.6 against 524.8 ± 2.5): not a difference.
    const double margin = std::max(best.generation_stddev + f.generation_stddev,
                                   kMinMargin * best.generation_tokens_per_second);
    if (on_cpu || best.generation_tokens_per_second - f.generation_tokens_per_second <= margin) v.tied << i;
  }
  return v;
}

std::optional<int> SplitBenchModel::winner() const {
  const Verdict v = verdict();
  return v.decided() ? v.fastest : std::nullopt;
}

bool SplitBenchModel::measuredOnCpu() const {
  bool any = false;
  for (const auto& r : results_) {
    if (!r || !r->measured()) continue;
    if (!onCpu(r->figures.backend)) return false;
    any = true;
  }
  return any;
}

bool SplitBenchModel::hasGpus() const { return split_->deviceCount() > 0; }

bool SplitBenchModel::engineReady() const { return engine_->state() == EngineClient::State::Ready; }

bool SplitBenchModel::canRun() const {
  if (running_ || engine_->state() != EngineClient::State::Ready) return false;
  if (splits_.size() < kMinSplits || splits_.size() > kMaxSplits) return false;
  for (const SplitChoice& s : splits_)
    if (!problemWith(s).isEmpty()) return false;
  return true;
}

bool SplitBenchModel::run(const BenchSettings& settings) {
  if (!canRun()) {
    for (int i = 0; i < splits_.size(); ++i)
      if (const QString problem = problemWith(splits_[i]); !problem.isEmpty()) {
        setStatus([i, problem] { return tr("Split #%1 cannot be measured. %2").arg(i + 1).arg(problem); });
        break;
      }
    return false;
  }
  for (auto& r : results_) r.reset();
  setStatus({});
  emit runRequested(splits_, settings);
  return true;
}

void SplitBenchModel::cancel() {
  if (!running_) return;
  cancelled_ = true;
  engine_->cancelBenchmark();
  setStatus([] { return tr("Cancelling: the model is loaded with its own split again…"); });
}

void SplitBenchModel::onStarted(int splits) {
  running_ = true;
  cancelled_ = false;
  current_ = 0;
  progress_ = 0.0;
  setStatus([splits] { return tr("Measuring split %1 of %2…").arg(1).arg(splits); });
}

void SplitBenchModel::onProgress(int split, double fraction) {
  if (!running_) return;
  progress_ = std::clamp(fraction, 0.0, 1.0);
  if (split != current_ && !cancelled_) {
    current_ = split;
    const int n = static_cast<int>(splits_.size());
    setStatus([split, n] { return tr("Measuring split %1 of %2…").arg(split + 1).arg(n); });
    return;
  }
  emit changed();
}

void SplitBenchModel::onResult(const SplitBenchResult& result) {
  if (result.index < 0 || result.index >= results_.size()) return;
  results_[result.index] = result;
  emit changed();
}

void SplitBenchModel::onFinished(bool cancelled) {
  if (!running_) return;
  running_ = false;
  current_ = -1;
  progress_ = 1.0;
  int measured = 0;
  for (const auto& r : results_) measured += r && r->measured() ? 1 : 0;
  if (cancelled)
    setStatus([measured] { return tr("Cancelled after %n split(s) measured.", nullptr, measured); });
  else
    setStatus([measured] { return tr("Done: %n split(s) measured.", nullptr, measured); });
}

}  // namespace tessera::gui

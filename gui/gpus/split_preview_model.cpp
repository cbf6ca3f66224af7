#include "split_preview_model.h"

#include <algorithm>
#include <cmath>

#include "display_format.h"

namespace tessera::gui {
namespace {

QString modeKey(tessera::SplitMode mode) { return QString::fromLatin1(tessera::split_mode_name(mode)); }

double roundRatio(double r) { return std::round(std::clamp(r, 0.0, SplitPreviewModel::kMaxRatio) * 10.0) / 10.0; }

}  // namespace

SplitPreviewModel::SplitPreviewModel(QObject* parent) : QObject(parent) {
  registerGpuMetaTypes();
  auto mode = tessera::parse_split_mode(store_.mode().toStdString());
  mode_ = mode ? *mode : tessera::SplitMode::Layer;
  main_uuid_ = store_.mainGpu();
  kv_type_ = kvCacheTypeFromKey(store_.kvCacheType());
}

void SplitPreviewModel::setDevices(const QList<GpuDevice>& devices) {
  bool same = devices.size() == devices_.size();
  for (qsizetype i = 0; same && i < devices.size(); ++i) same = devices[i].uuid == devices_[i].uuid;
  devices_ = devices;
  if (!same) {
    initRatios();
    // The main GPU follows its UUID; unknown or gone: the first GPU.
    main_device_ = 0;
    for (qsizetype i = 0; i < devices_.size(); ++i)
      if (devices_[i].uuid == main_uuid_) main_device_ = static_cast<int>(i);
    emit devicesChanged();
    emit ratiosChanged();
  }
  replan();
}

void SplitPreviewModel::initRatios() {
  bool unknown = false;
  for (const GpuDevice& d : devices_) {
    if (ratios_.contains(d.uuid)) continue;
    if (auto r = store_.ratio(d.uuid)) ratios_[d.uuid] = *r;
    else unknown = true;
  }
  // A GPU never seen before: the shares chosen for another set of GPUs say little about this one
  // (the mean of the old shares for the new GPU put a fourth of a model on a small card and
  // overflowed it). The new set starts from its free memory, which fits whenever a proportional
  // split can.
  if (unknown) applyPreset(Preset::ByFreeMemory);
}

void SplitPreviewModel::setModel(std::shared_ptr<const ModelSpec> spec, const QString& name) {
  spec_ = std::move(spec);
  model_name_ = spec_ ? name : QString();
  replan();
}

void SplitPreviewModel::setContextLength(int tokens) {
  if (tokens == context_length_) return;
  context_length_ = std::max(0, tokens);
  replan();
}

void SplitPreviewModel::setKvCacheType(tessera::KvCacheType type) {
  if (type == kv_type_) return;
  kv_type_ = type;
  store_.setKvCacheType(kvCacheTypeKey(type));
  replan();
}

void SplitPreviewModel::setMode(tessera::SplitMode mode) {
  if (mode == mode_) return;
  mode_ = mode;
  store_.setMode(modeKey(mode));
  emit ratiosChanged();
  replan();
}

void SplitPreviewModel::setMainDevice(int index) {
  if (index < 0 || index >= deviceCount() || index == main_device_) return;
  main_device_ = index;
  main_uuid_ = devices_[index].uuid;
  store_.setMainGpu(main_uuid_);
  emit ratiosChanged();
  replan();
}

void SplitPreviewModel::setRatio(int device, double ratio) {
  if (device < 0 || device >= deviceCount()) return;
  const double r = roundRatio(ratio);
  const QString& uuid = devices_[device].uuid;
  if (ratios_.value(uuid, -1.0) == r) return;
  ratios_[uuid] = r;
  store_.setRatio(uuid, r);
  emit ratiosChanged();
  replan();
}

void SplitPreviewModel::setShare(int device, double percent) {
  const int n = deviceCount();
  if (device < 0 || device >= n) return;
  const double mine = n == 1 ? 100.0 : std::clamp(percent, 0.0, 100.0);
  const QList<double> current = ratios();
  double others = 0.0;
  for (int i = 0; i < n; ++i)
    if (i != device) others += std::max(0.0, current[i]);
  QList<double> weights(n, 0.0);
  for (int i = 0; i < n; ++i) {
    if (i == device) weights[i] = mine;
    else weights[i] = (100.0 - mine) * (others > 0.0 ? std::max(0.0, current[i]) / others : 1.0 / (n - 1));
  }
  const QList<double> shares = percentShares(weights);
  if (shares == current) return;
  for (int i = 0; i < n; ++i) ratios_[devices_[i].uuid] = shares[i];
  persist();
  emit ratiosChanged();
  replan();
}

QList<double> SplitPreviewModel::percentShares(const QList<double>& weights) {
  constexpr int kTenths = 1000;  // 100.0 % in steps of 0.1
  const qsizetype n = weights.size();
  QList<double> out(n, 0.0);
  if (n == 0) return out;
  double sum = 0.0;
  for (double w : weights) sum += std::max(0.0, w);
  // Floor every exact share (in tenths), then hand the tenths still missing to the largest
  // remainders, so the numbers shown add up to 100.0 and none is off by more than 0.1.
  QList<int> tenths(n, 0);
  QList<std::pair<double, qsizetype>> remainders;
  int given = 0;
  for (qsizetype i = 0; i < n; ++i) {
    const double exact = kTenths * (sum > 0.0 ? std::max(0.0, weights[i]) / sum : 1.0 / static_cast<double>(n));
    tenths[i] = static_cast<int>(std::floor(exact + 1e-6));  // 599.9999999 is 600
    given += tenths[i];
    remainders.append({exact - tenths[i], i});
  }
  std::stable_sort(remainders.begin(), remainders.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (qsizetype k = 0; given < kTenths && k < n; ++k, ++given) ++tenths[remainders[k].second];
  for (qsizetype i = 0; i < n; ++i) out[i] = tenths[i] / 10.0;
  return out;
}

void SplitPreviewModel::applyPreset(Preset preset) {
  if (devices_.isEmpty()) return;
  QList<double> weights;
  for (const GpuDevice& d : devices_) {
    switch (preset) {
      case Preset::Even: weights.append(1.0); break;
      case Preset::ByFreeMemory: weights.append(static_cast<double>(std::min(d.total_bytes, d.free_bytes + reclaimable_.value(d.uuid)))); break;
      case Preset::ByTotalMemory: weights.append(static_cast<double>(d.total_bytes)); break;
    }
  }
  // Percentages, so the numbers read as "this GPU's share".
  const QList<double> shares = percentShares(weights);
  for (qsizetype i = 0; i < devices_.size(); ++i) ratios_[devices_[i].uuid] = shares[i];
  persist();
  emit ratiosChanged();
  replan();
}

void SplitPreviewModel::setReclaimable(const QHash<QString, quint64>& bytes_by_uuid) {
  reclaimable_ = bytes_by_uuid;
  replan();
}

double SplitPreviewModel::ratio(int device) const {
  return device >= 0 && device < deviceCount() ? ratios_.value(devices_[device].uuid, 0.0) : 0.0;
}

QList<double> SplitPreviewModel::ratios() const {
  QList<double> out;
  for (int i = 0; i < deviceCount(); ++i) out.append(ratio(i));
  return out;
}

quint64 SplitPreviewModel::reclaimable(int device) const {
  return device >= 0 && device < deviceCount() ? reclaimable_.value(devices_[device].uuid, 0) : 0;
}

int SplitPreviewModel::contextFor(const ModelSpec* spec, int context_length) {
  return tessera::load_context(spec != nullptr ? spec->n_ctx_train : 0, context_length);
}

tessera::SplitSettings SplitPreviewModel::withContext(tessera::SplitSettings settings, int n_ctx) {
  settings.n_ctx = n_ctx;
  settings.n_batch = tessera::kDefaultBatch;
  return settings;
}

int SplitPreviewModel::effectiveContextLength() const { return contextFor(spec_.get(), context_length_); }

std::vector<tessera::DeviceDescription> SplitPreviewModel::planDevices() const {
  std::vector<tessera::DeviceDescription> out;
  for (int i = 0; i < deviceCount(); ++i) {
    const GpuDevice& d = devices_[i];
    tessera::DeviceDescription dd;
    dd.id = d.index;
    dd.name = d.name.toStdString();
    dd.uuid = d.uuid.toStdString();
    dd.total_bytes = d.total_bytes;
    dd.free_bytes = std::min<quint64>(d.total_bytes, d.free_bytes + reclaimable(i));
    out.push_back(std::move(dd));
  }
  return out;
}

tessera::SplitSettings SplitPreviewModel::planSettings() const { return planSettingsFor(choice()); }

tessera::SplitSettings SplitPreviewModel::planSettingsFor(const SplitChoice& choice) const {
  tessera::SplitSettings settings = choice.toSplitSettings();
  settings.kv_type = kv_type_;  // a load setting, chosen beside the split
  return withContext(settings, effectiveContextLength());
}

std::optional<Result<tessera::Placement>> SplitPreviewModel::planFor(const SplitChoice& choice) const {
  if (!spec_ || devices_.isEmpty()) return std::nullopt;
  return tessera::plan_for_load(*spec_, planDevices(), planSettingsFor(choice));
}

std::optional<Result<tessera::Placement>> SplitPreviewModel::planFor(const SplitChoice& choice, const ModelSpec& spec,
                                                                     int n_ctx, tessera::KvCacheType kv_type) const {
  if (devices_.isEmpty()) return std::nullopt;
  tessera::SplitSettings settings = choice.toSplitSettings();
  settings.kv_type = kv_type;
  return tessera::plan_for_load(spec, planDevices(), withContext(settings, contextFor(&spec, n_ctx)));
}

void SplitPreviewModel::setChoice(const SplitChoice& choice) {
  auto mode = tessera::parse_split_mode(choice.mode.toStdString());
  if (mode) {
    mode_ = *mode;
    store_.setMode(modeKey(mode_));
  }
  for (int i = 0; i < deviceCount() && i < choice.ratios.size(); ++i) {
    const QString& uuid = devices_[i].uuid;
    const qsizetype at = choice.uuids.isEmpty() ? i : choice.uuids.indexOf(uuid);
    if (at < 0 || at >= choice.ratios.size()) continue;
    ratios_[uuid] = roundRatio(choice.ratios[at]);
  }
  const QString main_uuid = choice.main_gpu >= 0 && choice.main_gpu < choice.uuids.size() ? choice.uuids[choice.main_gpu] : QString();
  for (int i = 0; i < deviceCount(); ++i)
    if (devices_[i].uuid == main_uuid || (main_uuid.isEmpty() && i == choice.main_gpu)) {
      main_device_ = i;
      main_uuid_ = devices_[i].uuid;
      store_.setMainGpu(main_uuid_);
    }
  persist();
  emit ratiosChanged();
  replan();
}

SplitChoice SplitPreviewModel::choice() const {
  SplitChoice c;
  c.mode = modeKey(mode_);
  for (int i = 0; i < deviceCount(); ++i) {
    c.ratios.append(static_cast<float>(ratio(i)));
    c.uuids.append(devices_[i].uuid);
  }
  c.main_gpu = main_device_;
  return c;
}

void SplitPreviewModel::persist() {
  for (const GpuDevice& d : devices_)
    if (ratios_.contains(d.uuid)) store_.setRatio(d.uuid, ratios_[d.uuid]);
}

void SplitPreviewModel::replan() {
  plan_.reset();
  plan_error_.clear();
  if (spec_ && !devices_.isEmpty()) {
    auto plan = tessera::plan_for_load(*spec_, planDevices(), planSettings());
    if (plan) plan_ = std::move(*plan);
    else plan_error_ = QString::fromStdString(plan.error().message);
  }
  emit planChanged();
}

QString SplitPreviewModel::deviceProblem(int device) const {
  if (!plan_ || device < 0 || device >= static_cast<int>(plan_->devices.size())) return {};
  const tessera::DevicePlacement& dp = plan_->devices[device];
  if (dp.fits) return {};
  const quint64 need = dp.bytes.total();
  // In mode None the shares cannot be moved (the sliders are disabled): advise splitting instead.
  const QString advice =
      mode_ == tessera::SplitMode::None && deviceCount() > 1
          ? tr("Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Choose Layer or Row "
               "split to spread the model over the GPUs, shorten the context or use a smaller quantization.")
          : tr("Would overflow: needs %1 but only %2 is usable (%3 free, %4 kept in reserve). Move share to "
               "another GPU, shorten the context or use a smaller quantization.");
  return advice.arg(DisplayFormat::bytes(need), DisplayFormat::bytes(dp.available),
           DisplayFormat::bytes(dp.device.free_bytes), DisplayFormat::bytes(planSettings().reserve_bytes));
}

}  // namespace tessera::gui

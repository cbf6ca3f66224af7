#include "sampling/sampler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <unordered_map>

namespace tessera {
namespace {

// Descending logit, ties toward the lower id.
bool before(const TokenProb& a, const TokenProb& b) { return a.logit > b.logit || (a.logit == b.logit && a.id < b.id); }

// Fills p with the softmax of the candidates' logits (candidates sorted, so [0] is the largest).
void softmax(std::vector<TokenProb>& c) {
  if (c.empty()) return;
  const float mx = c.front().logit;
  if (!std::isfinite(mx)) {  // all -inf (or +inf at the top): uniform over the tied leaders
    size_t lead = 0;
    while (lead < c.size() && c[lead].logit == mx) ++lead;
    for (size_t i = 0; i < c.size(); ++i) c[i].p = i < lead ? 1.0f / static_cast<float>(lead) : 0.0f;
    return;
  }
  double sum = 0.0;
  for (auto& t : c) sum += (t.p = std::exp(t.logit - mx));
  for (auto& t : c) t.p = static_cast<float>(t.p / sum);
}

uint64_t pick_seed(uint64_t seed) {
  if (seed != kRandomSeed) return seed;
  std::random_device rd;
  return (static_cast<uint64_t>(rd()) << 32) ^ rd();
}

}  // namespace

std::string SamplingParams::validate() const {
  auto bad = [](const std::string& name, double v, const std::string& want) {
    return name + " is " + std::to_string(v) + ", expected " + want;
  };
  if (!std::isfinite(temperature)) return bad("temperature", temperature, "a finite number (<= 0 for greedy)");
  if (!(top_p >= 0.0f) || !std::isfinite(top_p)) return bad("top_p", top_p, "a value in [0, 1]");
  if (!(min_p <= 1.0f) || !std::isfinite(min_p)) return bad("min_p", min_p, "a value in [0, 1]");
  if (!(repeat_penalty > 0.0f) || !std::isfinite(repeat_penalty))
    return bad("repeat_penalty", repeat_penalty, "a positive number (1 = off)");
  if (!std::isfinite(frequency_penalty)) return bad("frequency_penalty", frequency_penalty, "a finite number");
  if (!std::isfinite(presence_penalty)) return bad("presence_penalty", presence_penalty, "a finite number");
  if (penalty_last_n < -1) return bad("penalty_last_n", penalty_last_n, "-1 (all), 0 (off) or a positive count");
  return {};
}

Sampler::Sampler(const SamplingParams& params) : params_(params), seed_(pick_seed(params.seed)), rng_(seed_) {}

void Sampler::reset() {
  history_.clear();
  rng_.seed(seed_);
}

void Sampler::accept(int32_t token) {
  if (params_.penalty_last_n == 0) return;
  history_.push_back(token);
  if (params_.penalty_last_n > 0)
    while (history_.size() > static_cast<size_t>(params_.penalty_last_n)) history_.pop_front();
}

void Sampler::build_candidates(std::span<const float> logits, const TokenMask* allowed) {
  // NaN would break the ordering the chain relies on: treat it as "never".
  if (allowed == nullptr) {
    candidates_.resize(logits.size());
    for (size_t i = 0; i < logits.size(); ++i)
      candidates_[i] = {static_cast<int32_t>(i), std::isnan(logits[i]) ? -INFINITY : logits[i], 0.0f};
    return;
  }
  candidates_.clear();
  const auto& words = allowed->words();
  for (size_t w = 0; w < words.size(); ++w)
    for (uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
      const size_t i = w * 64 + static_cast<size_t>(std::countr_zero(bits));
      if (i >= logits.size()) break;
      candidates_.push_back({static_cast<int32_t>(i), std::isnan(logits[i]) ? -INFINITY : logits[i], 0.0f});
    }
}

void Sampler::apply_penalties() {
  if (!params_.has_penalties() || history_.empty()) return;
  std::unordered_map<int32_t, int> counts;
  for (int32_t t : history_) ++counts[t];
  // Candidates are all ids in order, or (under a mask) the allowed ones in ascending order.
  const bool dense = !candidates_.empty() && candidates_.back().id == static_cast<int32_t>(candidates_.size()) - 1;
  for (const auto& [id, count] : counts) {
    TokenProb* c = nullptr;
    if (dense) {
      if (id < 0 || static_cast<size_t>(id) >= candidates_.size()) continue;
      c = &candidates_[static_cast<size_t>(id)];
    } else {
      auto it = std::lower_bound(candidates_.begin(), candidates_.end(), id,
                                 [](const TokenProb& t, int32_t v) { return t.id < v; });
      if (it == candidates_.end() || it->id != id) continue;
      c = &*it;
    }
    float& l = c->logit;
    l = l > 0.0f ? l / params_.repeat_penalty : l * params_.repeat_penalty;
    l -= static_cast<float>(count) * params_.frequency_penalty + params_.presence_penalty;
  }
}

void Sampler::filter() {
  auto& c = candidates_;
  const size_t n = c.size();
  // top-k (sorting only what is kept when k is small).
  if (params_.top_k > 0 && static_cast<size_t>(params_.top_k) < n) {
    const auto k = static_cast<std::ptrdiff_t>(params_.top_k);
    std::partial_sort(c.begin(), c.begin() + k, c.end(), before);
    c.resize(static_cast<size_t>(k));
  } else {
    std::sort(c.begin(), c.end(), before);
  }
  // top-p
  if (params_.top_p < 1.0f) {
    softmax(c);
    double cum = 0.0;
    size_t keep = c.size();
    for (size_t i = 0; i < c.size(); ++i) {
      cum += c[i].p;
      if (cum >= params_.top_p) {
        keep = i + 1;
        break;
      }
    }
    c.resize(std::max<size_t>(1, keep));
  }
  // min-p: p_i >= min_p * p_max  <=>  logit_i >= logit_max + log(min_p)
  if (params_.min_p > 0.0f) {
    const float threshold = c.front().logit + std::log(params_.min_p);
    size_t keep = 1;
    while (keep < c.size() && c[keep].logit >= threshold) ++keep;
    c.resize(keep);
  }
  // temperature
  for (auto& t : c) t.logit /= params_.temperature;
  softmax(c);
}

std::vector<TokenProb> Sampler::distribution(std::span<const float> logits) {
  if (logits.empty()) return {};
  build_candidates(logits, nullptr);
  apply_penalties();
  if (params_.greedy()) {
    const auto best = std::min_element(candidates_.begin(), candidates_.end(), before);
    return {{best->id, best->logit, 1.0f}};
  }
  filter();
  return candidates_;
}

int32_t Sampler::sample(std::span<const float> logits, const TokenMask* allowed) {
  if (logits.empty()) return -1;
  build_candidates(logits, allowed);
  if (candidates_.empty()) return -1;
  apply_penalties();
  if (params_.greedy()) return std::min_element(candidates_.begin(), candidates_.end(), before)->id;
  filter();
  // u in [0, 1) from the top 53 bits of the raw 64-bit output.
  const double u = static_cast<double>(rng_() >> 11) * 0x1p-53;
  double cum = 0.0;
  for (const auto& t : candidates_) {
    cum += t.p;
    if (u < cum) return t.id;
  }
  return candidates_.back().id;  // rounding left u above the total
}

}  // namespace tessera

#include "backend/cpu_router.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "backend/cpu_delta_net.h"
#include "backend/cpu_kernels.h"

namespace tessera::cpu {

void route_token(const RouterParams& rp, const float* r, const float* select_bias, int32_t n_expert, int32_t k,
                 RouterScratch& s, int32_t* ids, float* weights) {
  const size_t n = static_cast<size_t>(n_expert);
  s.p.resize(n);
  s.c.resize(n);
  s.order.resize(n);
  float* p = s.p.data();
  float* c = s.c.data();
  // Larger first, ties toward the lower index.
  auto by = [](const float* v) { return [v](int32_t a, int32_t b) { return v[a] > v[b] || (v[a] == v[b] && a < b); }; };
  if (rp.gating == ExpertGating::Softmax) {
    std::copy_n(r, n_expert, p);
    softmax(p, n_expert);
  } else {
    for (int32_t e = 0; e < n_expert; ++e) p[e] = sigmoid(r[e]);
  }
  for (int32_t e = 0; e < n_expert; ++e) c[e] = rp.select_on_logits ? r[e] : p[e] + (select_bias ? select_bias[e] : 0.0f);
  if (rp.n_group > 1) {
    // Group-limited choice: a group's score is the sum of its two best; the other groups' experts
    // are out of the running.
    const int32_t per = n_expert / rp.n_group;
    s.group_score.assign(static_cast<size_t>(rp.n_group), 0.0f);
    for (int32_t g = 0; g < rp.n_group; ++g) {
      float best = -INFINITY, second = -INFINITY;
      for (int32_t e = g * per; e < (g + 1) * per; ++e) {
        if (c[e] > best) {
          second = best;
          best = c[e];
        } else if (c[e] > second) {
          second = c[e];
        }
      }
      s.group_score[static_cast<size_t>(g)] = best + (per > 1 ? second : 0.0f);
    }
    s.groups.resize(static_cast<size_t>(rp.n_group));
    std::iota(s.groups.begin(), s.groups.end(), 0);
    std::partial_sort(s.groups.begin(), s.groups.begin() + rp.n_group_used, s.groups.end(), by(s.group_score.data()));
    s.keep.assign(static_cast<size_t>(rp.n_group), 0);
    for (int32_t i = 0; i < rp.n_group_used; ++i) s.keep[static_cast<size_t>(s.groups[static_cast<size_t>(i)])] = 1;
    for (int32_t e = 0; e < n_expert; ++e)
      if (!s.keep[static_cast<size_t>(e / per)]) c[e] = -INFINITY;
  }
  std::iota(s.order.begin(), s.order.end(), 0);
  std::partial_sort(s.order.begin(), s.order.begin() + k, s.order.end(), by(c));
  float sum = 0.0f;
  for (int32_t j = 0; j < k; ++j) {
    ids[j] = s.order[static_cast<size_t>(j)];
    weights[j] = p[ids[j]];
    sum += weights[j];
  }
  const float norm = rp.normalize ? 1.0f / std::max(sum, 6.103515625e-5f) : 1.0f;
  for (int32_t j = 0; j < k; ++j) weights[j] = weights[j] * norm * rp.scale;
}

}  // namespace tessera::cpu

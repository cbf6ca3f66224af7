#include "download/rate_meter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/model_info.h"

namespace tessera::download {

void RateMeter::sample(Clock::time_point now, uint64_t total_received) {
  samples_.emplace_back(now, total_received);
  // Keep one sample at or before the window's start, so the rate covers the whole window.
  while (samples_.size() > 2 && now - samples_[1].first >= window_) samples_.pop_front();
}

double RateMeter::bytes_per_second() const {
  if (samples_.size() < 2) return 0.0;
  const auto& [t0, b0] = samples_.front();
  const auto& [t1, b1] = samples_.back();
  const double seconds = std::chrono::duration<double>(t1 - t0).count();
  return seconds > 0 ? static_cast<double>(b1 - b0) / seconds : 0.0;
}

double RateMeter::eta_seconds(uint64_t remaining) const {
  const double rate = bytes_per_second();
  if (remaining == 0) return 0.0;
  return rate > 0 ? static_cast<double>(remaining) / rate : -1.0;
}

std::string format_rate(double bytes_per_second) {
  return format_bytes(static_cast<uint64_t>(std::max(0.0, bytes_per_second))) + "/s";
}

std::string format_duration(double seconds) {
  if (seconds < 0 || !std::isfinite(seconds)) return "?";
  const auto s = static_cast<uint64_t>(std::llround(seconds));
  char buf[48];
  if (s < 60) std::snprintf(buf, sizeof buf, "%llu s", static_cast<unsigned long long>(s));
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%llu min %02llu s", static_cast<unsigned long long>(s / 60),
                                   static_cast<unsigned long long>(s % 60));
  else std::snprintf(buf, sizeof buf, "%llu h %02llu min", static_cast<unsigned long long>(s / 3600),
                     static_cast<unsigned long long>(s / 60 % 60));
  return buf;
}

}  // namespace tessera::download

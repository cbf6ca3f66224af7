// Download speed and time left, as the CLI's progress bar and the app's queue show them: bytes
// received over the last few seconds (a resumed part's bytes are not speed), so a stall shows as a
// falling speed rather than an old average.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <string>

namespace tessera::download {

class RateMeter {
 public:
  using Clock = std::chrono::steady_clock;
  explicit RateMeter(std::chrono::milliseconds window = std::chrono::milliseconds(5000)) : window_(window) {}

  // `total_received` counts every byte received so far (it only grows).
  void sample(Clock::time_point now, uint64_t total_received);
  double bytes_per_second() const;
  // Seconds until `remaining` more bytes arrive at the current speed; negative when unknown.
  double eta_seconds(uint64_t remaining) const;

 private:
  std::chrono::milliseconds window_;
  std::deque<std::pair<Clock::time_point, uint64_t>> samples_;
};

// "12.3 MiB/s" (format_bytes of engine/model_info.h per second); "3 s", "4 min 05 s", "2 h 03 min".
std::string format_rate(double bytes_per_second);
std::string format_duration(double seconds);

}  // namespace tessera::download

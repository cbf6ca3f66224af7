#include "download/download_control.h"

namespace tessera::download {

void DownloadControl::ask(Request r) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (request_ == Request::Cancel) return;  // a cancel is final
  request_ = r;
  if (waker_) waker_();
  changed_.notify_all();
}

void DownloadControl::resume() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (request_ == Request::Pause) request_ = Request::None;
}

DownloadControl::Request DownloadControl::request() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return request_;
}

bool DownloadControl::wait_for(std::chrono::milliseconds duration) {
  std::unique_lock<std::mutex> lock(mutex_);
  return !changed_.wait_for(lock, duration, [this] { return request_ != Request::None; });
}

void DownloadControl::set_waker(std::function<void()> wake) {
  std::lock_guard<std::mutex> lock(mutex_);
  waker_ = std::move(wake);
}

}  // namespace tessera::download

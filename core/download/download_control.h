// Pause and cancel for a download in progress, asked from any thread (the app's GUI thread, a
// signal-watching loop in the CLI). A paused download keeps its partial files and resumes from
// them later, in this process or the next; a cancelled one removes them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace tessera::download {

class DownloadControl {
 public:
  enum class Request { None, Pause, Cancel };

  void pause() { ask(Request::Pause); }
  void cancel() { ask(Request::Cancel); }
  // Clears a pause (before the download runs again). A cancel stays.
  void resume();
  Request request() const;
  bool stopping() const { return request() != Request::None; }

  // Waits `duration` unless a pause or cancel comes first; false when one did.
  bool wait_for(std::chrono::milliseconds duration);
  // Called on pause or cancel, under the control's lock (keep it short: HttpClient::wake).
  void set_waker(std::function<void()> wake);

 private:
  void ask(Request r);
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Request request_ = Request::None;
  std::function<void()> waker_;
};

}  // namespace tessera::download

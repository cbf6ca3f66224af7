#include "download/download_queue.h"

#include <filesystem>

namespace tessera::download {

const char* job_state_name(DownloadQueue::JobState state) {
  switch (state) {
    case DownloadQueue::JobState::Queued: return "queued";
    case DownloadQueue::JobState::Running: return "running";
    case DownloadQueue::JobState::Paused: return "paused";
    case DownloadQueue::JobState::Done: return "done";
    case DownloadQueue::JobState::Failed: return "failed";
    case DownloadQueue::JobState::Cancelled: return "cancelled";
  }
  return "?";
}

DownloadQueue::DownloadQueue(HubSettings hub, DownloadOptions options, Listener listener)
    : hub_settings_(std::move(hub)), options_(std::move(options)), listener_(std::move(listener)),
      worker_([this] { work(); }) {}

DownloadQueue::~DownloadQueue() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    for (auto& e : entries_)
      if (e.job.state == JobState::Running && e.control) e.control->pause();
  }
  changed_.notify_all();
  worker_.join();
}

DownloadQueue::Entry* DownloadQueue::find(JobId id) {
  for (auto& e : entries_)
    if (e.job.id == id) return &e;
  return nullptr;
}

const DownloadQueue::Entry* DownloadQueue::find(JobId id) const {
  for (const auto& e : entries_)
    if (e.job.id == id) return &e;
  return nullptr;
}

void DownloadQueue::notify(const Job& job) {
  if (listener_) listener_(job);
}

void DownloadQueue::announce(JobId id, const Job& job) {
  notify(job);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (Entry* e = find(id)) e->announced = true;
  }
  changed_.notify_all();
}

DownloadQueue::JobId DownloadQueue::add(DownloadRequest request) {
  Job copy;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry e;
    e.job.id = next_id_++;
    e.job.request = std::move(request);
    for (const auto& f : e.job.request.files) {
      e.job.progress.files.push_back({f.name(), 0, f.size, FileState::Waiting});
      e.job.progress.total += f.size;
    }
    entries_.push_back(std::move(e));
    copy = entries_.back().job;
  }
  announce(copy.id, copy);
  return copy.id;
}

void DownloadQueue::pause(JobId id) {
  std::optional<Job> changed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry* e = find(id);
    if (e == nullptr) return;
    if (e->job.state == JobState::Running && e->control) {
      e->control->pause();  // the worker reports Paused when the run returns
    } else if (e->job.state == JobState::Queued) {
      e->job.state = JobState::Paused;
      changed = e->job;
    }
  }
  if (changed) notify(*changed);
}

void DownloadQueue::resume(JobId id) {
  std::optional<Job> changed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry* e = find(id);
    if (e == nullptr || (e->job.state != JobState::Paused && e->job.state != JobState::Failed)) return;
    e->job.state = JobState::Queued;
    e->job.error.reset();
    e->announced = false;
    changed = e->job;
  }
  announce(id, *changed);
}

void DownloadQueue::cancel(JobId id) {
  std::optional<Job> changed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry* e = find(id);
    if (e == nullptr) return;
    if (e->job.state == JobState::Running && e->control) {
      e->control->cancel();  // the run removes its partial files and the worker reports Cancelled
    } else if (e->job.state == JobState::Queued || e->job.state == JobState::Paused ||
               e->job.state == JobState::Failed) {
      e->job.state = JobState::Cancelled;
      for (const auto& f : e->job.request.files) {
        std::error_code ec;
        std::filesystem::remove(partial_path(local_path(e->job.request, f)), ec);
      }
      changed = e->job;
    }
  }
  changed_.notify_all();
  if (changed) notify(*changed);
}

std::vector<DownloadQueue::Job> DownloadQueue::jobs() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Job> out;
  for (const auto& e : entries_) out.push_back(e.job);
  return out;
}

std::optional<DownloadQueue::Job> DownloadQueue::job(JobId id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const Entry* e = find(id);
  return e ? std::optional<Job>(e->job) : std::nullopt;
}

void DownloadQueue::wait_idle() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] {
    if (busy_) return false;
    for (const auto& e : entries_)
      if (e.job.state == JobState::Queued) return stopping_;
    return true;
  });
}

void DownloadQueue::work() {
  HubClient hub(hub_settings_);  // used on this thread only
  while (true) {
    JobId id = 0;
    DownloadRequest request;
    std::shared_ptr<DownloadControl> control;
    Job started;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      Entry* next = nullptr;
      changed_.wait(lock, [&] {
        if (stopping_) return true;
        for (auto& e : entries_)
          if (e.job.state == JobState::Queued && e.announced) return (next = &e) != nullptr;
        return false;
      });
      if (stopping_) return;
      next->control = std::make_shared<DownloadControl>();
      next->job.state = JobState::Running;
      id = next->job.id;
      request = next->job.request;
      control = next->control;
      busy_ = true;
      started = next->job;
    }
    notify(started);
    const ProgressFn progress = [&](const DownloadProgress& p) {
      Job copy;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        Entry* e = find(id);
        e->job.progress = p;
        copy = e->job;
      }
      notify(copy);
    };
    auto result = run_download(hub, request, *control, options_, progress);
    Job finished;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      Entry* e = find(id);
      e->control.reset();
      if (result.ok()) {
        e->job.state = JobState::Done;
        e->job.paths = *result;
      } else if (control->request() == DownloadControl::Request::Cancel) {
        e->job.state = JobState::Cancelled;
      } else if (control->request() == DownloadControl::Request::Pause) {
        e->job.state = JobState::Paused;
      } else {
        e->job.state = JobState::Failed;
        e->job.error = result.error();
      }
      busy_ = false;
      finished = e->job;
    }
    changed_.notify_all();
    notify(finished);
  }
}

}  // namespace tessera::download

// Downloads one after another on a thread of their own, for the app's Download view: the view adds
// requests, shows each job's state and progress as the listener reports them, and pauses, resumes
// or cancels by id. Nothing here knows Qt: the listener runs on the queue's thread, so the view
// forwards it to its own thread (a queued signal carrying the Job value).
//
// A job that is paused (or left running when the queue is destroyed, e.g. the app quits) keeps its
// .part files; the same request added later, in this process or the next, resumes from them.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "download/download_job.h"
#include "download/hub_settings.h"

namespace tessera::download {

class DownloadQueue {
 public:
  using JobId = uint64_t;
  enum class JobState { Queued, Running, Paused, Done, Failed, Cancelled };

  // A job as it stands (a copy).
  struct Job {
    JobId id = 0;
    DownloadRequest request;
    JobState state = JobState::Queued;
    DownloadProgress progress;
    std::optional<Error> error;      // Failed: why (it names the URL or file)
    std::vector<std::string> paths;  // Done: the files, in the request's order
  };
  // Every change of a job's state, and its progress at most every DownloadOptions::progress_interval.
  // Runs on the queue's thread, without the queue's lock held: it may call the queue.
  using Listener = std::function<void(const Job&)>;

  DownloadQueue(HubSettings hub, DownloadOptions options, Listener listener);
  // Pauses the running job (its .part files stay) and ends the thread.
  ~DownloadQueue();
  DownloadQueue(const DownloadQueue&) = delete;
  DownloadQueue& operator=(const DownloadQueue&) = delete;

  // Queued behind the jobs already there.
  JobId add(DownloadRequest request);
  // A queued or running job stops and keeps its partial files; resume() queues it again.
  void pause(JobId id);
  void resume(JobId id);
  // Stops the job and removes its partial files. A finished job is left as it is.
  void cancel(JobId id);

  std::vector<Job> jobs() const;
  std::optional<Job> job(JobId id) const;
  // Blocks until no job is queued or running.
  void wait_idle();

 private:
  struct Entry {
    Job job;
    std::shared_ptr<DownloadControl> control;  // of the current run
    // A job made Queued is run only after the listener heard so, so that it hears the states in
    // order (Queued before Running).
    bool announced = false;
  };
  void announce(JobId id, const Job& job);
  void work();
  Entry* find(JobId id);
  const Entry* find(JobId id) const;
  void notify(const Job& job);

  HubSettings hub_settings_;
  DownloadOptions options_;
  Listener listener_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Entry> entries_;  // in the order added
  JobId next_id_ = 1;
  bool stopping_ = false;
  bool busy_ = false;
  std::thread worker_;  // last: started when everything above exists
};

const char* job_state_name(DownloadQueue::JobState state);

}  // namespace tessera::download

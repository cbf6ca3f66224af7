// A small fork-join thread pool owned by one CPU backend model (never global). The calling thread
// takes part in every job, so a pool of size 1 runs everything inline with no threads at all.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "common/error.h"

namespace tessera {

class ThreadPool {
 public:
  // fn(begin, end, thread_index): process items [begin, end); thread_index < size() picks the
  // caller's per-thread scratch. Must not throw.
  using RangeFn = std::function<void(int64_t begin, int64_t end, int thread_index)>;

  // n_threads >= 1 participants, the caller included (n_threads - 1 worker threads are started).
  // The operating system may refuse threads (a process or memory limit): an Io error naming how
  // many were asked for and started, never an exception.
  static Result<std::unique_ptr<ThreadPool>> create(int n_threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Splits [0, n) into chunks of at least `grain` items handed out dynamically; returns when all
  // are done. Not reentrant: call it from one thread at a time, never from inside fn.
  void parallel_for(int64_t n, int64_t grain, const RangeFn& fn);

 private:
  ThreadPool() = default;
  void worker_main(int thread_index);
  void run_chunks(int thread_index);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_cv_;
  std::condition_variable done_cv_;
  uint64_t generation_ = 0;  // bumped per job, guarded by mutex_
  int busy_workers_ = 0;     // guarded by mutex_
  bool stop_ = false;        // guarded by mutex_

  // The current job (valid while busy_workers_ > 0 or the caller runs it).
  const RangeFn* job_ = nullptr;
  int64_t job_n_ = 0;
  int64_t job_chunk_ = 1;
  std::atomic<int64_t> next_{0};
};

}  // namespace tessera

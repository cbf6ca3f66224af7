#include "backend/thread_pool.h"

#include <algorithm>
#include <new>
#include <string>
#include <system_error>

namespace tessera {

Result<std::unique_ptr<ThreadPool>> ThreadPool::create(int n_threads) {
  const int n = std::max(1, n_threads);
  std::unique_ptr<ThreadPool> pool(new ThreadPool());
  ThreadPool* p = pool.get();
  try {
    p->workers_.reserve(static_cast<size_t>(n - 1));
    for (int i = 1; i < n; ++i) p->workers_.emplace_back([p, i] { p->worker_main(i); });
  } catch (const std::system_error& e) {
    // The pool's destructor stops and joins the workers that did start.
    return make_error(ErrorKind::Io, "the operating system refused to start CPU worker thread " +
                                         std::to_string(p->workers_.size() + 1) + " of " + std::to_string(n - 1) +
                                         " (" + e.what() + "); use fewer threads");
  } catch (const std::bad_alloc&) {
    return make_error(ErrorKind::OutOfMemory,
                      "host memory: cannot set up " + std::to_string(n - 1) + " CPU worker threads; use fewer threads");
  }
  return pool;
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  start_cv_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::run_chunks(int thread_index) {
  for (;;) {
    const int64_t begin = next_.fetch_add(job_chunk_, std::memory_order_relaxed);
    if (begin >= job_n_) return;
    (*job_)(begin, std::min(job_n_, begin + job_chunk_), thread_index);
  }
}

void ThreadPool::worker_main(int thread_index) {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    run_chunks(thread_index);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_workers_ == 0) done_cv_.notify_one();
    }
  }
}

void ThreadPool::parallel_for(int64_t n, int64_t grain, const RangeFn& fn) {
  if (n <= 0) return;
  grain = std::max<int64_t>(1, grain);
  if (workers_.empty() || n <= grain) {
    fn(0, n, 0);
    return;
  }
  // Chunks: about 4 per participant for balance, never smaller than the grain.
  const int64_t parts = static_cast<int64_t>(size()) * 4;
  const int64_t chunk = std::max(grain, (n + parts - 1) / parts);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &fn;
    job_n_ = n;
    job_chunk_ = chunk;
    next_.store(0, std::memory_order_relaxed);
    busy_workers_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_cv_.notify_all();
  run_chunks(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_cv_.wait(lock, [&] { return busy_workers_ == 0; });
  job_ = nullptr;
}

}  // namespace tessera

// One model, many clients: requests wait in a FIFO queue and generate one at a time on a worker
// thread that owns the engine (the Engine is confined to one thread; see engine/engine.h). The
// worker also loads the model first, so the server answers (503) while it loads.
//
// The worker is the queue's own thread, or (given an Executor) a thread that someone else owns and
// already runs the engine on: the desktop app posts the server's work onto its engine thread, so
// the server's requests queue behind the app's own chat requests and share its one loaded model.
//
// A Job is shared by the connection thread that made it and the worker: the worker appends text
// as tokens come and finishes it once; the connection thread waits for that text. Setting
// `cancel` (the client went away) stops the generation at the next token, or drops the job before
// it starts when it is still queued.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/error.h"
#include "engine/engine.h"
#include "metrics.h"

namespace tessera::server {

// How a job ended: OpenAI's finish_reason ("stop", "length"), or "cancelled"/"error".
struct JobOutcome {
  std::string finish_reason;
  std::string error;  // when finish_reason == "error"
  int32_t prompt_tokens = 0;
  int32_t completion_tokens = 0;
  GenerationTimings timings;
};

class Job {
 public:
  Job(GenerationRequest request, std::vector<std::string> stop);

  const GenerationRequest& request() const { return request_; }
  const std::vector<std::string>& stop_sequences() const { return stop_; }
  std::atomic<bool> cancel{false};

  // Worker side.
  void append(std::string text);
  void finish(JobOutcome outcome);

  // Connection side: waits up to `timeout` for new text or the end. Returns true when something
  // happened: `text` gets all text since the last call ("" possible), `done` tells whether the
  // job has finished (then outcome() is final).
  bool wait(std::string& text, bool& done, std::chrono::milliseconds timeout);
  JobOutcome outcome() const;
  bool finished() const;
  // Called (on the worker's thread, without the job's lock) after each append and the finish, so a
  // connection can write without waiting in wait(); {} removes it. Set it before checking for text.
  void set_listener(std::function<void()> listener);

 private:
  GenerationRequest request_;
  std::vector<std::string> stop_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::string pending_;
  bool finished_ = false;
  JobOutcome outcome_;
  std::function<void()> listener_;
};

class GenerationQueue {
 public:
  using LoadFn = std::function<Status(Engine&)>;
  // Runs `task` later on the thread that owns the engine, tasks in the order given (a queued call
  // to that thread's event loop). Called from any thread; must not run `task` inline.
  using Executor = std::function<void(std::function<void()> task)>;
  enum class State { Loading, Ready, Failed };

  // `engine` and `metrics` must outlive the queue. Without `executor` the queue starts its own
  // worker thread; with one, it posts one task for the load (none when there is nothing to load:
  // ready at once) and one per submitted job, and a task that runs after stop() does nothing.
  GenerationQueue(Engine& engine, ServerMetrics& metrics, Executor executor = {});
  ~GenerationQueue();  // stop()
  GenerationQueue(const GenerationQueue&) = delete;
  GenerationQueue& operator=(const GenerationQueue&) = delete;

  // Starts the worker: it runs `load` (may be empty: the engine is loaded already), then jobs.
  // "" when started, else why not (the operating system refused the worker thread).
  std::string start(LoadFn load);
  // Cancels the running and the queued jobs (they finish as "cancelled") and joins the worker (with
  // an executor: waits until no task of this queue is running on the engine's thread; so it must
  // not be called on that thread).
  void stop();

  State state() const { return state_.load(); }
  std::string load_error() const;
  // Blocks until the state is no longer Loading.
  State wait_until_loaded() const;

  // Queues a job (precondition: state() == Ready). Jobs run in submission order.
  void submit(std::shared_ptr<Job> job);

 private:
  // Lets tasks posted to an executor outlive the queue: they run only while `queue` is set.
  struct TaskGate {
    std::mutex mutex;
    std::condition_variable idle;
    GenerationQueue* queue = nullptr;
    int running = 0;
  };
  void post(std::function<void(GenerationQueue&)> task);

  void run(LoadFn load);
  bool finish_loading(const LoadFn& load);  // true when Ready
  bool run_next();                          // false when stopping
  JobOutcome generate(Job& job);  // runs the job; the caller finishes it

  Engine& engine_;
  ServerMetrics& metrics_;
  Executor executor_;
  std::shared_ptr<TaskGate> gate_;
  std::atomic<State> state_{State::Loading};
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::deque<std::shared_ptr<Job>> queue_;
  std::shared_ptr<Job> running_;
  bool stopping_ = false;
  std::string load_error_;
  std::thread worker_;
};

}  // namespace tessera::server

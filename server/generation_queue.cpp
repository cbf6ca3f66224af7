#include "generation_queue.h"

#include <system_error>

#include "stop_strings.h"

namespace tessera::server {

Job::Job(GenerationRequest request, std::vector<std::string> stop) : request_(std::move(request)), stop_(std::move(stop)) {
  // The engine checks the flag between prompt batches and before every token.
  request_.stop = &cancel;
}

void Job::append(std::string text) {
  if (text.empty()) return;
  std::function<void()> listener;
  {
    std::lock_guard lock(mutex_);
    pending_ += text;
    listener = listener_;
  }
  changed_.notify_all();
  if (listener) listener();
}

void Job::finish(JobOutcome outcome) {
  std::function<void()> listener;
  {
    std::lock_guard lock(mutex_);
    if (finished_) return;
    outcome_ = std::move(outcome);
    finished_ = true;
    listener = listener_;
  }
  changed_.notify_all();
  if (listener) listener();
}

void Job::set_listener(std::function<void()> listener) {
  std::lock_guard lock(mutex_);
  listener_ = std::move(listener);
}

bool Job::wait(std::string& text, bool& done, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  const bool woke = changed_.wait_for(lock, timeout, [&] { return finished_ || !pending_.empty(); });
  text.clear();
  text.swap(pending_);
  done = finished_;
  return woke;
}

JobOutcome Job::outcome() const {
  std::lock_guard lock(mutex_);
  return outcome_;
}

bool Job::finished() const {
  std::lock_guard lock(mutex_);
  return finished_;
}

GenerationQueue::GenerationQueue(Engine& engine, ServerMetrics& metrics, Executor executor)
    : engine_(engine), metrics_(metrics), executor_(std::move(executor)) {
  if (executor_) {
    gate_ = std::make_shared<TaskGate>();
    gate_->queue = this;
  }
}

GenerationQueue::~GenerationQueue() { stop(); }

std::string GenerationQueue::start(LoadFn load) {
  if (executor_) {
    if (!load) {
      // The owner's engine is loaded already (the desktop app's local server): ready at once. A
      // task on the owner's thread would wait behind the owner's own work (a chat reply being
      // generated), and until it ran even the model list would answer 503.
      {
        std::lock_guard lock(mutex_);
        state_.store(State::Ready);
        metrics_.model_loaded.store(1);
      }
      changed_.notify_all();
      return {};
    }
    post([load = std::move(load)](GenerationQueue& q) { q.finish_loading(load); });
    return {};
  }
  try {
    worker_ = std::thread([this, load = std::move(load)] { run(load); });
  } catch (const std::system_error& e) {
    return std::string("cannot start the generation thread (") + e.what() + ")";
  }
  return {};
}

void GenerationQueue::post(std::function<void(GenerationQueue&)> task) {
  executor_([gate = gate_, task = std::move(task)] {
    std::unique_lock lock(gate->mutex);
    if (!gate->queue) return;  // the queue stopped (and may be gone)
    GenerationQueue* queue = gate->queue;
    ++gate->running;
    lock.unlock();
    task(*queue);
    lock.lock();
    --gate->running;
    gate->idle.notify_all();
  });
}

void GenerationQueue::stop() {
  std::deque<std::shared_ptr<Job>> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
    if (running_) running_->cancel.store(true);
  }
  changed_.notify_all();
  for (auto& job : dropped) {
    metrics_.queue_depth.fetch_sub(1);
    JobOutcome o;
    o.finish_reason = "cancelled";
    job->finish(o);
  }
  if (worker_.joinable()) worker_.join();
  if (gate_) {
    std::unique_lock lock(gate_->mutex);
    gate_->queue = nullptr;
    gate_->idle.wait(lock, [&] { return gate_->running == 0; });
  }
  {
    // A load task that never ran (stopped first) leaves nobody waiting for it.
    std::lock_guard lock(mutex_);
    if (state_.load() == State::Loading) {
      load_error_ = "the server stopped before the model was ready";
      state_.store(State::Failed);
    }
  }
  changed_.notify_all();
}

std::string GenerationQueue::load_error() const {
  std::lock_guard lock(mutex_);
  return load_error_;
}

GenerationQueue::State GenerationQueue::wait_until_loaded() const {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return state_.load() != State::Loading; });
  return state_.load();
}

void GenerationQueue::submit(std::shared_ptr<Job> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) {
      JobOutcome o;
      o.finish_reason = "cancelled";
      job->finish(o);
      return;
    }
    queue_.push_back(std::move(job));
    metrics_.queue_depth.fetch_add(1);
  }
  changed_.notify_all();
  if (executor_) post([](GenerationQueue& q) { q.run_next(); });
}

void GenerationQueue::run(LoadFn load) {
  if (!finish_loading(load)) return;
  while (run_next()) {
  }
}

bool GenerationQueue::finish_loading(const LoadFn& load) {
  Status loaded = load ? load(engine_) : Status{};
  {
    std::lock_guard lock(mutex_);
    if (!loaded.ok()) {
      load_error_ = loaded.error().message;
      state_.store(State::Failed);
    } else if (!engine_.loaded()) {
      load_error_ = "no model is loaded";
      state_.store(State::Failed);
    } else {
      state_.store(State::Ready);
      metrics_.model_loaded.store(1);
    }
  }
  changed_.notify_all();
  return state_.load() == State::Ready;
}

bool GenerationQueue::run_next() {
  std::shared_ptr<Job> job;
  {
    std::unique_lock lock(mutex_);
    // A posted task comes after its job was queued, so with an executor this does not wait.
    changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return false;
    job = std::move(queue_.front());
    queue_.pop_front();
    metrics_.queue_depth.fetch_sub(1);
    running_ = job;
  }
  if (job->cancel.load()) {
    metrics_.count_cancelled();
    JobOutcome o;
    o.finish_reason = "cancelled";
    job->finish(o);
  } else {
    metrics_.active.fetch_add(1);
    JobOutcome o = generate(*job);
    // The metrics are final before the client hears of the end.
    metrics_.active.fetch_sub(1);
    job->finish(std::move(o));
  }
  std::lock_guard lock(mutex_);
  running_.reset();
  return true;
}

JobOutcome GenerationQueue::generate(Job& job) {
  StopMatcher stops(job.stop_sequences());
  int32_t generated = 0;
  auto result = engine_.generate(job.request(), [&](const TokenEvent& e) {
    if (e.token >= 0) ++generated;
    job.append(stops.push(e.text));
    if (stops.matched()) return false;
    return !job.cancel.load();
  });
  JobOutcome o;
  o.prompt_tokens = static_cast<int32_t>(job.request().prompt_tokens.size());
  if (!result.ok()) {
    o.finish_reason = "error";
    o.error = result.error().message;
    o.completion_tokens = generated;
    return o;
  }
  o.timings = result->timings;
  o.completion_tokens = static_cast<int32_t>(result->tokens.size());
  if (!stops.matched()) job.append(stops.flush());
  metrics_.count_generation(o.timings.prompt_tokens, o.timings.prompt_tokens - o.timings.prompt_tokens_reused,
                            o.completion_tokens, o.timings.prompt_ms, o.timings.generation_ms,
                            o.timings.time_to_first_token_ms);
  if (stops.matched()) {
    o.finish_reason = "stop";
  } else if (job.cancel.load() && result->stop_reason == StopReason::Stopped) {
    o.finish_reason = "cancelled";
    metrics_.count_cancelled();
  } else {
    switch (result->stop_reason) {
      case StopReason::EndOfGeneration: o.finish_reason = "stop"; break;
      case StopReason::Length:
      case StopReason::ContextFull: o.finish_reason = "length"; break;
      case StopReason::Stopped: o.finish_reason = "cancelled"; break;
    }
  }
  return o;
}

}  // namespace tessera::server

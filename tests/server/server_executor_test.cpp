// The server on an engine thread that someone else owns (Server's Executor, what the desktop app
// uses): its load and generations run as tasks on that thread, in order with the owner's own
// work, and stop() leaves no task that touches the engine afterwards.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <csignal>
#include <future>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "server_harness.h"

namespace tessera::test {
namespace {

using ::testing::HasSubstr;

// A thread that runs posted tasks in order: the owner's engine thread.
class OwnerThread {
 public:
  OwnerThread() : thread_([this] { run(); }) {}
  ~OwnerThread() {
    {
      std::lock_guard lock(mutex_);
      quit_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  void post(std::function<void()> task) {
    {
      std::lock_guard lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    changed_.notify_all();
  }
  std::thread::id id() const { return thread_.get_id(); }

 private:
  void run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return quit_ || !tasks_.empty(); });
        if (quit_) return;  // tasks left are dropped, as a Qt thread's queued events are
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> tasks_;
  bool quit_ = false;
  std::thread thread_;
};

server::ServerConfig loopback() {
  server::ServerConfig c;
  c.port = 0;
  return c;
}

TEST(ServerExecutor, GeneratesOnTheOwnersThreadInOrderWithItsWork) {
  std::signal(SIGPIPE, SIG_IGN);
  OwnerThread owner;
  Engine engine;
  // The owner loads the model on its thread, as the app does, then hands the server the engine.
  std::promise<Status> loaded;
  owner.post([&] { loaded.set_value(engine.load(tiny_model_path(), tiny_load_settings())); });
  ASSERT_TRUE(loaded.get_future().get().ok());

  std::atomic<int> foreign_threads{0};
  server::Server srv(engine, loopback(), {}, [&](std::function<void()> task) {
    owner.post([&, task = std::move(task)] {
      if (std::this_thread::get_id() != owner.id()) foreign_threads.fetch_add(1);
      task();
    });
  });
  ASSERT_TRUE(srv.start().ok());
  ASSERT_TRUE(srv.wait_until_loaded().ok());
  EXPECT_EQ(srv.model_id(), "tessera-tiny");

  // The owner is busy with its own work: the client's request waits in the queue until it is done.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  owner.post([released] { released.wait(); });
  SseStream stream;
  std::thread client([&] {
    stream = post_stream(srv.port(), "/v1/chat/completions",
                         {{"messages", {{{"role", "user"}, {"content", "Hello!"}}}}, {"max_tokens", 8},
                          {"temperature", 0}, {"stream", true}});
  });
  ASSERT_TRUE(eventually([&] { return srv.metrics().queue_depth.load() == 1; }));
  EXPECT_EQ(srv.metrics().active.load(), 0);
  release.set_value();
  client.join();
  EXPECT_EQ(stream.status, 200);
  EXPECT_TRUE(stream.done) << stream.raw;
  EXPECT_GE(stream.events.size(), 2u);
  EXPECT_EQ(srv.metrics().generations(), 1);
  EXPECT_EQ(foreign_threads.load(), 0);
  srv.stop();
  // The engine is the owner's again.
  std::promise<bool> still_loaded;
  owner.post([&] { still_loaded.set_value(engine.loaded()); });
  EXPECT_TRUE(still_loaded.get_future().get());
}

TEST(ServerExecutor, StopWhileTheOwnerIsBusyCancelsTheQueuedRequest) {
  std::signal(SIGPIPE, SIG_IGN);
  OwnerThread owner;
  Engine engine;
  std::promise<Status> loaded;
  owner.post([&] { loaded.set_value(engine.load(tiny_model_path(), tiny_load_settings())); });
  ASSERT_TRUE(loaded.get_future().get().ok());
  auto srv = std::make_unique<server::Server>(engine, loopback(), server::Server::LoadFn{},
                                              [&](std::function<void()> task) { owner.post(std::move(task)); });
  ASSERT_TRUE(srv->start().ok());
  ASSERT_TRUE(srv->wait_until_loaded().ok());
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  owner.post([released] { released.wait(); });
  SseStream stream;
  std::thread client([&] {
    stream = post_stream(srv->port(), "/v1/completions",
                         {{"prompt", "Once upon a time"}, {"max_tokens", 8}, {"stream", true}});
  });
  ASSERT_TRUE(eventually([&] { return srv->metrics().queue_depth.load() == 1; }));
  // The owner's thread is blocked: stop() must not wait for the task it posted there.
  srv->stop();
  srv.reset();
  client.join();
  EXPECT_THAT(stream.raw, HasSubstr("the generation was cancelled"));
  // The posted task runs after the server is gone and does nothing.
  release.set_value();
  std::promise<void> drained;
  owner.post([&] { drained.set_value(); });
  drained.get_future().wait();
}

}  // namespace
}  // namespace tessera::test

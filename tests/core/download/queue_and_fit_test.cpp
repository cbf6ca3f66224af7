// What the app's Download view stands on, without Qt: the DownloadQueue (jobs one after another on
// its own thread, pause/resume/cancel by id, a quit in the middle resumed by the next queue) and
// "will it fit" from headers fetched with Range requests, planned by the split planner exactly as
// the file on disk is.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <condition_variable>
#include <filesystem>
#include <mutex>

#include "download/download_queue.h"
#include "download/gguf_choice.h"
#include "download/remote_fit.h"
#include "gguf/gguf_split.h"
#include "model/model_loader.h"
#include "support/fake_hub.h"
#include "support/test_support.h"

namespace tessera::download {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using test::FakeHub;
using JobState = DownloadQueue::JobState;

fs::path stories() { return test::fixture("models/stories260K-f32.gguf"); }

// The jobs as the listener last saw them, waited on without sleeping.
class JobLog {
 public:
  DownloadQueue::Listener listener() {
    return [this](const DownloadQueue::Job& j) {
      std::lock_guard<std::mutex> lock(mutex_);
      last_[j.id] = j;
      states_[j.id].push_back(j.state);
      changed_.notify_all();
    };
  }
  DownloadQueue::Job wait_for(DownloadQueue::JobId id, JobState state) {
    std::unique_lock<std::mutex> lock(mutex_);
    const bool reached = changed_.wait_for(lock, std::chrono::seconds(20), [&] {
      return last_.count(id) > 0 && last_[id].state == state;
    });
    EXPECT_TRUE(reached) << "job " << id << " never became " << job_state_name(state);
    return last_[id];
  }
  std::vector<JobState> states(DownloadQueue::JobId id) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto& all = states_[id];
    std::vector<JobState> distinct;
    for (JobState s : all)
      if (distinct.empty() || distinct.back() != s) distinct.push_back(s);
    return distinct;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<DownloadQueue::JobId, DownloadQueue::Job> last_;
  std::map<DownloadQueue::JobId, std::vector<JobState>> states_;
};

class QueueAndFit : public ::testing::Test {
 protected:
  void SetUp() override {
    hub.add_file("o/stories", "stories260K-f32.gguf", stories());
    auto whole = gguf::GgufFile::open(stories().string());
    ASSERT_TRUE(whole.ok());
    auto copy = gguf::GgufWriter::copy_of(**whole);
    ASSERT_TRUE(copy.ok());
    fs::create_directories(dir.path() / "src");
    auto written = gguf::write_split_files(*copy, (dir.path() / "src" / "stories260K-F32").string(), 20);
    ASSERT_TRUE(written.ok()) << written.error().message;
    parts = *written;
    for (const auto& p : parts) hub.add_file("o/split", fs::path(p).filename().string(), p);
    settings.endpoint = hub.endpoint();
    HubClient client(settings);
    stories_files = *client.list_files("o/stories");
    split_files = *client.list_files("o/split");
  }
  DownloadRequest request(const std::vector<RepoFile>& files, const std::string& repo) const {
    return DownloadRequest{repo, "main", files, (dir.path() / "models").string()};
  }

  test::TempDir dir;
  FakeHub hub;
  HubSettings settings;
  std::vector<std::string> parts;
  std::vector<RepoFile> stories_files, split_files;
  JobLog log;
};

TEST_F(QueueAndFit, JobsRunOneAfterAnotherAndReportProgress) {
  DownloadOptions options;
  options.progress_interval = std::chrono::milliseconds(0);
  DownloadQueue queue(settings, options, log.listener());
  const auto a = queue.add(request(stories_files, "o/stories"));
  const auto b = queue.add(request(split_files, "o/split"));
  const auto done_a = log.wait_for(a, JobState::Done);
  const auto done_b = log.wait_for(b, JobState::Done);
  queue.wait_idle();
  EXPECT_EQ(log.states(a), (std::vector<JobState>{JobState::Queued, JobState::Running, JobState::Done}));
  ASSERT_EQ(done_a.paths.size(), 1u);
  EXPECT_EQ(test::read_file_bytes(done_a.paths[0]), test::read_file_bytes(stories()));
  ASSERT_EQ(done_b.paths.size(), 3u);
  EXPECT_EQ(done_b.progress.done, done_b.progress.total);
  EXPECT_EQ(done_b.progress.files.size(), 3u);
  auto set = gguf::GgufFile::open(done_b.paths[1]);
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_TRUE((*set)->is_split());
  const auto jobs = queue.jobs();
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[1].state, JobState::Done);
}

TEST_F(QueueAndFit, PauseResumeAndCancelByJob) {
  hub.add_fault("o/stories", "stories260K-f32.gguf", FakeHub::Fault::StallHalfway);
  DownloadQueue queue(settings, {}, log.listener());
  const auto running = queue.add(request(stories_files, "o/stories"));
  const auto waiting = queue.add(request(split_files, "o/split"));
  ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  queue.pause(waiting);  // queued: paused at once
  EXPECT_EQ(queue.job(waiting)->state, JobState::Paused);
  queue.pause(running);
  log.wait_for(running, JobState::Paused);
  hub.release_stalls();
  const std::string part = (dir.path() / "models" / "stories260K-f32.gguf.part").string();
  EXPECT_TRUE(fs::exists(part));
  queue.resume(running);
  const auto done = log.wait_for(running, JobState::Done);
  EXPECT_EQ(test::read_file_bytes(done.paths[0]), test::read_file_bytes(stories()));
  EXPECT_EQ(log.states(running), (std::vector<JobState>{JobState::Queued, JobState::Running, JobState::Paused,
                                                        JobState::Queued, JobState::Running, JobState::Done}));
  queue.cancel(waiting);
  EXPECT_EQ(queue.job(waiting)->state, JobState::Cancelled);
  queue.resume(waiting);  // a cancelled job stays cancelled
  queue.wait_idle();
  EXPECT_EQ(queue.job(waiting)->state, JobState::Cancelled);
  EXPECT_FALSE(fs::exists(dir.path() / "models" / fs::path(parts[0]).filename()));
}

TEST_F(QueueAndFit, AQueueClosedMidDownloadIsResumedByTheNext) {
  hub.add_fault("o/stories", "stories260K-f32.gguf", FakeHub::Fault::StallHalfway);
  const std::string part = (dir.path() / "models" / "stories260K-f32.gguf.part").string();
  {
    DownloadQueue queue(settings, {}, log.listener());
    queue.add(request(stories_files, "o/stories"));
    ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  }  // the app quits: the running job is paused, its part kept
  hub.release_stalls();
  ASSERT_TRUE(fs::exists(part));
  const uint64_t kept = fs::file_size(part);
  EXPECT_EQ(kept, stories_files[0].size / 2);
  JobLog next;
  DownloadQueue queue(settings, {}, next.listener());
  const auto id = queue.add(request(stories_files, "o/stories"));
  const auto done = next.wait_for(id, JobState::Done);
  EXPECT_EQ(test::read_file_bytes(done.paths[0]), test::read_file_bytes(stories()));
  EXPECT_EQ(hub.requests().back().range, "bytes=" + std::to_string(kept) + "-");
}

TEST_F(QueueAndFit, AFailedJobSaysWhyAndCanBeTriedAgain) {
  hub.add_fault("o/stories", "stories260K-f32.gguf", FakeHub::Fault::Status404);
  DownloadQueue queue(settings, {}, log.listener());
  const auto id = queue.add(request(stories_files, "o/stories"));
  const auto failed = log.wait_for(id, JobState::Failed);
  ASSERT_TRUE(failed.error.has_value());
  EXPECT_THAT(failed.error->message, HasSubstr("/resolve/main/stories260K-f32.gguf"));
  queue.resume(id);
  log.wait_for(id, JobState::Done);
}

// The planner's figures from the headers alone equal those of the files on disk: a split set whose
// headers need several growing Range requests (the first is answered with the whole file, as by a
// server that ignores ranges), and phi3 (fused tensors, LongRoPE factors held in tensors).
TEST_F(QueueAndFit, WillItFitFromHeadersFetchedWithRanges) {
  hub.add_file("o/phi3", "phi3-f16.gguf", test::fixture("hf/phi3-f16.gguf"));
  hub.add_fault("o/split", fs::path(parts[0]).filename().string(), FakeHub::Fault::IgnoreRange);
  HubClient client(settings);
  std::vector<DeviceDescription> devices(2);
  for (int i = 0; i < 2; ++i) {
    devices[i].id = i;
    devices[i].name = "GPU " + std::to_string(i);
    devices[i].free_bytes = 2u << 20;
    devices[i].total_bytes = 4u << 20;
  }
  SplitSettings split;
  split.mode = SplitMode::Layer;
  split.n_ctx = 256;
  split.reserve_bytes = 0;
  const size_t before = hub.requests().size();
  struct Case {
    std::string repo;
    std::string local;
  };
  for (const Case& c : {Case{"o/split", parts[1]}, Case{"o/phi3", test::fixture("hf/phi3-f16.gguf").string()}}) {
    SCOPED_TRACE(c.repo);
    auto files = client.list_files(c.repo);
    ASSERT_TRUE(files.ok());
    auto choice = choose_gguf(*files, "", c.repo);
    ASSERT_TRUE(choice.ok());
    auto remote = fetch_remote_model(client, c.repo, "main", *choice, {}, HeaderFetchLimits{256, 1u << 20});
    ASSERT_TRUE(remote.ok()) << remote.error().message;
    EXPECT_FALSE(remote->header->has_tensor_data());
    auto local_file = gguf::GgufFile::open(c.local);
    ASSERT_TRUE(local_file.ok());
    auto local = build_model_spec(std::shared_ptr<const gguf::GgufFile>(std::move(local_file).value()));
    ASSERT_TRUE(local.ok());
    EXPECT_EQ(remote->spec.parameter_count(), local->parameter_count());
    EXPECT_EQ(remote->spec.weight_bytes(), local->weight_bytes());
    EXPECT_EQ(remote->spec.n_layer, local->n_layer);
    auto a = plan_remote_model(*remote, devices, split);
    auto b = plan_for_load(*local, devices, split);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->fits, b->fits);
    EXPECT_EQ(a->problem, b->problem);
    ASSERT_EQ(a->devices.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(a->devices[i].bytes.weights, b->devices[i].bytes.weights) << i;
      EXPECT_EQ(a->devices[i].bytes.kv_cache, b->devices[i].bytes.kv_cache) << i;
      EXPECT_EQ(a->devices[i].bytes.scratch, b->devices[i].bytes.scratch) << i;
      EXPECT_EQ(a->devices[i].layers, b->devices[i].layers) << i;
    }
  }
  // Only headers travelled: far fewer bytes than the files.
  uint64_t files_bytes = fs::file_size(test::fixture("hf/phi3-f16.gguf"));
  for (const auto& p : parts) files_bytes += fs::file_size(p);
  EXPECT_LT(hub.body_bytes_sent(), files_bytes / 2);
  EXPECT_GT(hub.requests().size() - before, 6u);  // listings, and growing ranges per file
}

TEST_F(QueueAndFit, AHeaderThatNeverEndsIsRefused) {
  HubClient client(settings);
  auto choice = choose_gguf(stories_files, "", "o/stories");
  ASSERT_TRUE(choice.ok());
  auto remote = fetch_remote_model(client, "o/stories", "main", *choice, {}, HeaderFetchLimits{64, 1024});
  ASSERT_FALSE(remote.ok());
  EXPECT_THAT(remote.error().message, HasSubstr("the GGUF header of stories260K-f32.gguf in o/stories goes on past 1.0 KiB"));
}

}  // namespace
}  // namespace tessera::download

// The Download view against the stand-in hub (tests/support/fake_hub.h, 127.0.0.1 only): search,
// a repository's models with "fits?" from the split planner, downloads through the queue into the
// models folder and from there into the Library, pause and resume, a dropped connection resumed,
// a wrong checksum refused with the library's message shown, cancel. Every wait is on a condition
// of the view's models (their changes come from worker threads through queued signals).
#include <QLineEdit>
#include <QLocale>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "display_format.h"
#include "download_queue_model.h"
#include "download_view.h"
#include "error_banner.h"
#include "gguf/gguf_file.h"
#include "gguf/gguf_split.h"
#include "gguf/gguf_writer.h"
#include "gguf_choice_model.h"
#include "gpu_test_fixtures.h"
#include "gui_test_support.h"
#include "hub_search_model.h"
#include "library_model.h"
#include "library_panel.h"
#include "split_preview_model.h"
#include "support/fake_hub.h"
#include "support/test_support.h"

namespace tessera::gui {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using tessera::test::FakeHub;
using JobState = DownloadQueueModel::JobState;

const std::string kRepo = "someone/stories-GGUF";
const std::string kFile = "stories260K-f32.gguf";

fs::path stories() { return tessera::test::fixture("models/stories260K-f32.gguf"); }

class DownloadViewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    hub.add_file(kRepo, kFile, stories());
    hub.set_stats(kRepo, 1234, 56);
    hub.add_file("other/unrelated", "x.gguf", stories());
    environment.hub.endpoint = hub.endpoint();
    environment.models_folder = QString::fromStdString((dir.path() / "models").string());
    view = std::make_unique<DownloadView>();
    view->setEnvironment(environment);
    tessera::download::DownloadOptions options;
    options.progress_interval = std::chrono::milliseconds(0);
    options.retry.first_wait = std::chrono::milliseconds(1);
    view->setDownloadOptions(options);
  }
  QString finalPath() const {
    return QString::fromStdString((dir.path() / "models" / "someone" / "stories-GGUF" / kFile).string());
  }
  // Lists the repository and waits for its models, and for the header of the one selected (its
  // Range request is done: a fault added afterwards meets the download).
  void showRepo() {
    view->showRepository(QString::fromStdString(kRepo));
    ASSERT_TRUE(test::waitUntil([&] {
      GgufChoiceModel* m = view->choiceModel();
      return m->rowCount() == 1 && m->fit(0) != GgufChoiceModel::Fit::Unknown &&
             m->fit(0) != GgufChoiceModel::Fit::Reading;
    }));
  }
  JobState stateOf(int row) const { return view->queueModel()->job(row).state; }
  bool reached(int row, JobState state) {
    return test::waitUntil([&] { return view->queueModel()->rowCount() > row && stateOf(row) == state; });
  }

  test::FreshSettings fresh;
  tessera::test::TempDir dir;
  FakeHub hub;
  DownloadEnvironment environment;
  std::unique_ptr<DownloadView> view;
};

TEST_F(DownloadViewTest, SearchShowsRepositoriesWithDownloadsAndLikes) {
  test::ModelChecker checker(view->searchModel());
  view->searchBox()->setText(QStringLiteral("stories"));
  emit view->searchBox()->returnPressed();
  ASSERT_TRUE(test::waitUntil([&] { return view->searchModel()->rowCount() > 0; }));
  HubSearchModel* m = view->searchModel();
  ASSERT_EQ(m->rowCount(), 1);  // "other/unrelated" does not match
  EXPECT_EQ(m->index(0, HubSearchModel::Repository).data().toString(), QString::fromStdString(kRepo));
  EXPECT_EQ(m->index(0, HubSearchModel::Downloads).data().toString(), QLocale().toString(1234));
  EXPECT_EQ(m->index(0, HubSearchModel::Likes).data().toString(), QStringLiteral("56"));
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join('\n').toStdString();
  bool asked = false;
  for (const auto& r : hub.requests()) asked = asked || r.target.find("/api/models?search=stories") == 0;
  EXPECT_TRUE(asked);
  // Picking the repository lists its models.
  view->resultsView()->selectRow(0);
  EXPECT_TRUE(test::waitUntil([&] { return view->choiceModel()->rowCount() == 1; }));
}

TEST_F(DownloadViewTest, RepositoryModelsAreGroupedWithSizeAndFitForTheSplit) {
  // A split set of three parts and a single file, in one repository.
  auto whole = gguf::GgufFile::open(stories().string());
  ASSERT_TRUE(whole.ok());
  auto copy = gguf::GgufWriter::copy_of(**whole);
  ASSERT_TRUE(copy.ok());
  fs::create_directories(dir.path() / "src");
  auto parts = gguf::write_split_files(*copy, (dir.path() / "src" / "stories260K-F16").string(), 20);
  ASSERT_TRUE(parts.ok()) << parts.error().message;
  for (const auto& p : *parts) hub.add_file(kRepo, fs::path(p).filename().string(), p);

  SplitPreviewModel split;
  split.setDevices(test::twoGpus());
  view->followSplit(&split);
  view->showRepository(QString::fromStdString(kRepo));
  ASSERT_TRUE(test::waitUntil([&] { return view->choiceModel()->rowCount() == 2; }));
  GgufChoiceModel* m = view->choiceModel();
  const int set = m->rowOf(QString::fromStdString(fs::path((*parts)[0]).filename().string()));
  const int single = m->rowOf(QString::fromStdString(kFile));
  ASSERT_GE(set, 0);
  ASSERT_GE(single, 0);
  EXPECT_EQ(m->index(set, GgufChoiceModel::Quantization).data().toString(), QStringLiteral("F16"));
  EXPECT_THAT(m->index(set, GgufChoiceModel::File).data().toString().toStdString(), HasSubstr("(3 parts)"));
  uint64_t set_bytes = 0;
  for (const auto& p : *parts) set_bytes += fs::file_size(p);
  EXPECT_EQ(m->index(set, GgufChoiceModel::Size).data().toString(), DisplayFormat::bytes(set_bytes));

  // The header of the selected model is read (Range requests only) and planned on the two GPUs.
  view->choicesView()->selectRow(single);
  ASSERT_TRUE(test::waitUntil([&] { return m->fit(single) != GgufChoiceModel::Fit::Reading; }));
  ASSERT_EQ(m->fit(single), GgufChoiceModel::Fit::Fits) << m->fitText(single).toStdString();
  EXPECT_THAT(m->fitText(single).toStdString(), HasSubstr("Fits on GPU 0"));
  EXPECT_THAT(m->fitText(single).toStdString(), HasSubstr("with this split"));
  for (const auto& r : hub.requests()) {
    if (r.server == "cdn") {
      EXPECT_FALSE(r.range.empty()) << "the header is read with Range requests";
    }
  }

  // GPUs without room: the planner's overflow, the same figures the split preview shows.
  QList<GpuDevice> small = test::twoGpus();
  for (GpuDevice& d : small) d.free_bytes = 64 * 1024;
  split.setDevices(small);
  EXPECT_EQ(m->fit(single), GgufChoiceModel::Fit::TooLarge);
  EXPECT_THAT(m->fitText(single).toStdString(), HasSubstr("Would overflow GPU"));
  EXPECT_THAT(m->fitText(single).toStdString(), HasSubstr("needed"));
}

TEST_F(DownloadViewTest, DownloadCompletesAndAppearsInTheLibrary) {
  LibraryPanel library;
  showDownloadsInLibrary(view.get(), &library);
  showRepo();
  view->choicesView()->selectRow(0);
  view->downloadButton()->click();
  ASSERT_EQ(view->queueModel()->rowCount(), 1);
  ASSERT_TRUE(reached(0, JobState::Done));
  EXPECT_EQ(tessera::test::read_file_bytes(finalPath().toStdString()), tessera::test::read_file_bytes(stories()));
  EXPECT_THAT(view->queueModel()->progressText(0).toStdString(), HasSubstr("(100%)"));
  ASSERT_TRUE(test::waitUntil([&] { return library.model()->rowOf(finalPath()) >= 0; }));
  EXPECT_TRUE(library.folders().contains(view->modelsFolder()));
}

TEST_F(DownloadViewTest, PauseThenResumeCompletesWithTheRightBytes) {
  showRepo();
  hub.add_fault(kRepo, kFile, FakeHub::Fault::StallHalfway);
  view->downloadChoice(0);
  ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  // The half the hub sent before it stalled has arrived (the server's socket may still hold it).
  ASSERT_TRUE(test::waitUntil([&] { return view->queueModel()->job(0).progress.done > 0; }));
  view->queueView()->selectRow(0);
  ASSERT_TRUE(view->pauseButton()->isEnabled());
  view->pauseButton()->click();
  ASSERT_TRUE(reached(0, JobState::Paused));
  hub.release_stalls();
  const fs::path part = finalPath().toStdString() + ".part";
  EXPECT_TRUE(fs::exists(part));
  EXPECT_GT(fs::file_size(part), 0u);
  ASSERT_TRUE(test::waitUntil([&] { return view->resumeButton()->isEnabled(); }));
  view->resumeButton()->click();
  ASSERT_TRUE(reached(0, JobState::Done));
  EXPECT_EQ(tessera::test::read_file_bytes(finalPath().toStdString()), tessera::test::read_file_bytes(stories()));
  EXPECT_FALSE(fs::exists(part));
  // The second request asked for the rest only.
  std::vector<std::string> ranges;
  for (const auto& r : hub.requests())
    if (r.server == "cdn") ranges.push_back(r.range);
  ASSERT_GE(ranges.size(), 2u);
  EXPECT_THAT(ranges.back(), HasSubstr("bytes="));
}

TEST_F(DownloadViewTest, ADroppedConnectionResumes) {
  showRepo();
  hub.add_fault(kRepo, kFile, FakeHub::Fault::DropHalfway);
  view->downloadChoice(0);
  ASSERT_TRUE(reached(0, JobState::Done));
  EXPECT_EQ(tessera::test::read_file_bytes(finalPath().toStdString()), tessera::test::read_file_bytes(stories()));
  int ranged = 0;
  for (const auto& r : hub.requests())
    if (r.server == "cdn" && !r.range.empty() && r.range != "bytes=0-") ++ranged;
  EXPECT_GE(ranged, 1) << "the second attempt continues from the bytes received";
}

TEST_F(DownloadViewTest, AWrongChecksumIsRefusedWithTheMessageShown) {
  hub.set_listed_sha256(kRepo, kFile, std::string(64, 'a'));
  showRepo();
  view->downloadChoice(0);
  ASSERT_TRUE(reached(0, JobState::Failed));
  EXPECT_FALSE(fs::exists(finalPath().toStdString()));
  EXPECT_FALSE(fs::exists(finalPath().toStdString() + ".part")) << "wrong bytes are not kept for a resume";
  EXPECT_FALSE(view->banner()->isHidden());
  EXPECT_THAT(view->banner()->title().toStdString(), HasSubstr(kFile));
  EXPECT_THAT(view->banner()->detail().toStdString(), HasSubstr("SHA-256"));
  EXPECT_THAT(view->queueModel()->progressText(0).toStdString(), HasSubstr("SHA-256"));
}

TEST_F(DownloadViewTest, AGatedRepositorySaysSoAndATokenOpensIt) {
  hub.set_gated(kRepo, "secret");
  view->showRepository(QString::fromStdString(kRepo));
  ASSERT_TRUE(test::waitUntil([&] { return !view->banner()->detail().isEmpty(); }));
  EXPECT_THAT(view->banner()->detail().toStdString(), HasSubstr("gated"));
  EXPECT_THAT(view->banner()->detail().toStdString(), HasSubstr(hub.endpoint()));
  view->tokenEdit()->setText(QStringLiteral("secret"));
  emit view->tokenEdit()->editingFinished();
  showRepo();
}

TEST_F(DownloadViewTest, CancelRemovesTheJobAndItsPartialFile) {
  showRepo();
  hub.add_fault(kRepo, kFile, FakeHub::Fault::StallHalfway);
  view->downloadChoice(0);
  ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  ASSERT_TRUE(reached(0, JobState::Running));
  view->queueView()->selectRow(0);
  view->cancelButton()->click();
  EXPECT_EQ(view->queueModel()->rowCount(), 0);
  hub.release_stalls();
  const std::string part = finalPath().toStdString() + ".part";
  EXPECT_TRUE(test::waitUntil([&] { return !fs::exists(part); }));
  EXPECT_FALSE(fs::exists(finalPath().toStdString()));
}

TEST_F(DownloadViewTest, AQuitMidDownloadIsOfferedForResumeNextTime) {
  showRepo();
  hub.add_fault(kRepo, kFile, FakeHub::Fault::StallHalfway);
  view->downloadChoice(0);
  ASSERT_TRUE(hub.wait_for_stall(std::chrono::seconds(10)));
  ASSERT_TRUE(test::waitUntil([&] { return view->queueModel()->job(0).progress.done > 0; }));
  // Quitting: the view (and its queue) goes with the download under way.
  view.reset();
  hub.release_stalls();
  ASSERT_TRUE(fs::exists(finalPath().toStdString() + ".part"));

  // The next start finds the .part in the models folder and resumes it.
  view = std::make_unique<DownloadView>();
  view->setEnvironment(environment);
  ASSERT_EQ(view->unfinished().size(), 1);
  EXPECT_EQ(view->unfinished().front().repo, QString::fromStdString(kRepo));
  EXPECT_EQ(view->unfinished().front().name, QString::fromStdString(kFile));
  view->unfinishedList()->setCurrentRow(0);
  ASSERT_TRUE(view->resumeUnfinishedButton()->isEnabled());
  view->resumeUnfinishedButton()->click();
  ASSERT_TRUE(test::waitUntil([&] { return view->queueModel()->rowCount() == 1; }));
  ASSERT_TRUE(reached(0, JobState::Done));
  EXPECT_EQ(tessera::test::read_file_bytes(finalPath().toStdString()), tessera::test::read_file_bytes(stories()));
  EXPECT_TRUE(test::waitUntil([&] { return view->unfinished().isEmpty(); }));
}

}  // namespace
}  // namespace tessera::gui

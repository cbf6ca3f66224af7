// The model library: a temporary folder of small GGUF files written with the project's writers
// (good ones, one nested two folders down, a truncated one, one of an unsupported architecture, one
// with an unsupported tensor type, a text file named .gguf) is scanned off the GUI thread and listed
// with its columns and reasons; search, sort, remove, reveal, open, recent models, "fits?" against
// fake GPUs and splits, the scan's limits, cancellation, and that the event loop keeps running while
// 200 files are read. A screenshot for docs/ when $TESSERA_SCREENSHOT_DIR names a folder.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPalette>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "app_settings.h"
#include "backend/model_spec.h"
#include "core/model/random_model.h"
#include "device_source.h"
#include "display_format.h"
#include "gpu_test_fixtures.h"
#include "gpu_workspace.h"
#include "gui_test_support.h"
#include "library_model.h"
#include "library_panel.h"
#include "library_scanner.h"
#include "model_library_entry.h"
#include "model_panel.h"
#include "scripted_window.h"
#include "split_preview_model.h"
#include "support/test_support.h"
#include "synth/synthetic_model.h"

namespace tessera::gui {
namespace {

using test::waitUntil;

// A llama of toy size in the given type, named `name`, trained context `ctx`.
void writeSynthModel(const std::filesystem::path& path, const std::string& name, GgmlType type, int64_t ctx,
                     const std::string& architecture = {}) {
  synth::ModelShape shape;
  shape.name = "tiny";
  shape.architecture = "llama";
  shape.description = "a toy llama";
  shape.n_embd = 64;
  shape.n_layer = 2;
  shape.n_head = 4;
  shape.n_head_kv = 2;
  shape.n_ff = 128;
  shape.n_vocab = 320;  // synth needs room for its byte tokens and specials
  shape.n_ctx_train = ctx;
  synth::SynthOptions options;
  options.type = type;
  options.n_threads = 1;
  auto writer = synth::make_synthetic_writer(shape, options);
  ASSERT_TRUE(writer.ok()) << writer.error().describe();
  writer->set_string("general.name", name);
  if (!architecture.empty()) writer->set_string("general.architecture", architecture);
  auto written = writer->write_file(path.string());
  ASSERT_TRUE(written.ok()) << written.error().describe();
}

QString qpath(const std::filesystem::path& p) {
  return QDir::cleanPath(QString::fromStdString(std::filesystem::absolute(p).string()));
}

// The folder every test scans.
struct ModelFolder {
  tessera::test::TempDir dir;
  std::filesystem::path alpha, beta, truncated, text, mamba, int8;

  ModelFolder() {
    alpha = dir.file("alpha-q8.gguf");
    writeSynthModel(alpha, "Alpha Chat", GgmlType::Q8_0, 512);
    std::filesystem::create_directories(dir.path() / "nested" / "deeper");
    beta = dir.path() / "nested" / "deeper" / "beta-f16.gguf";
    writeSynthModel(beta, "Beta Writer", GgmlType::F16, 1024);
    // The first half of a good file.
    truncated = dir.file("cut-short.gguf");
    auto bytes = tessera::test::read_file_bytes(alpha);
    bytes.resize(bytes.size() / 2);
    tessera::test::write_file_bytes(truncated, bytes);
    text = dir.file("notes.gguf");
    const std::string words = "these are notes, not a model\n";
    tessera::test::write_file_bytes(text, std::vector<uint8_t>(words.begin(), words.end()));
    mamba = dir.file("mamba.gguf");
    writeSynthModel(mamba, "Snake", GgmlType::Q8_0, 2048, "mamba");
    // A llama whose down projection of layer 0 is stored as I8, a type the engine has no kernels for.
    tessera::test::RandomModelConfig config;
    config.retype = {{"blk.0.ffn_down.weight", GgmlType::I8}};
    int8 = dir.file("int8.gguf");
    tessera::test::write_file_bytes(int8, tessera::test::random_model_bytes(config));
    const std::string readme = "not scanned";
    tessera::test::write_file_bytes(dir.file("readme.txt"), std::vector<uint8_t>(readme.begin(), readme.end()));
  }
  QString root() const { return qpath(dir.path()); }
};

int sourceRow(const LibraryPanel& panel, const std::filesystem::path& path) { return panel.model()->rowOf(qpath(path)); }

QString cell(const LibraryPanel& panel, const std::filesystem::path& path, int column, int role = Qt::DisplayRole) {
  const int row = sourceRow(panel, path);
  return row < 0 ? QString() : panel.model()->index(row, column).data(role).toString();
}

bool scanned(LibraryPanel& panel, int rows) {
  return waitUntil([&] { return !panel.scanner()->isScanning() && panel.model()->rowCount() == rows; });
}

// The proxy's rows, top to bottom, as one column's sort keys.
QList<QVariant> shownKeys(const LibraryPanel& panel, int column) {
  QList<QVariant> keys;
  const auto* f = panel.filterModel();
  for (int r = 0; r < f->rowCount(); ++r) keys << f->index(r, column).data(LibraryModel::SortRole);
  return keys;
}

tessera::DeviceDescription device(int id, double usable_mib, const tessera::SplitSettings& s) {
  tessera::DeviceDescription d;
  d.id = id;
  d.name = "Fake GPU " + std::to_string(id);
  d.uuid = "GPU-fake-" + std::to_string(id);
  d.free_bytes = s.reserve_bytes + static_cast<uint64_t>(usable_mib * 1024 * 1024);
  d.total_bytes = d.free_bytes + (1ull << 30);
  return d;
}

TEST(ModelLibrary, ReadsEveryFileWithItsColumnsOrItsReason) {
  ModelFolder folder;
  LibraryEntry alpha = readLibraryEntry(qpath(folder.alpha));
  ASSERT_TRUE(alpha.usable()) << alpha.reason.toStdString();
  ASSERT_TRUE(alpha.spec);
  // Only shapes are kept, no mapping of the file.
  EXPECT_EQ(alpha.spec->weights_owner, nullptr);
  EXPECT_TRUE(alpha.spec->token_embd.data.empty());
  EXPECT_EQ(alpha.info.parameter_count, alpha.spec->parameter_count());
  EXPECT_EQ(alpha.file_size, static_cast<quint64>(std::filesystem::file_size(folder.alpha)));

  const LibraryEntry cut = readLibraryEntry(qpath(folder.truncated));
  EXPECT_EQ(cut.problem, ModelProblem::Unreadable);
  EXPECT_FALSE(cut.reason.isEmpty());
  EXPECT_EQ(cut.file_size, static_cast<quint64>(std::filesystem::file_size(folder.truncated)));
  EXPECT_EQ(readLibraryEntry(qpath(folder.text)).problem, ModelProblem::Unreadable);
  const LibraryEntry mamba = readLibraryEntry(qpath(folder.mamba));
  EXPECT_EQ(mamba.problem, ModelProblem::UnsupportedArchitecture);
  EXPECT_TRUE(mamba.reason.contains(QStringLiteral("mamba"))) << mamba.reason.toStdString();
  EXPECT_EQ(mamba.name(), QStringLiteral("Snake"));  // the header is still shown
  const LibraryEntry int8 = readLibraryEntry(qpath(folder.int8));
  EXPECT_EQ(int8.problem, ModelProblem::UnsupportedType);
  EXPECT_TRUE(int8.reason.contains(QStringLiteral("I8"))) << int8.reason.toStdString();
}

TEST(ModelLibrary, FindsGgufFilesRecursivelyWithinItsLimits) {
  ModelFolder folder;
  const FoundFiles all = findModelFiles({folder.root()}, {}, {});
  EXPECT_EQ(all.paths.size(), 6);
  EXPECT_FALSE(all.truncated);
  EXPECT_TRUE(all.paths.contains(qpath(folder.beta)));
  EXPECT_FALSE(all.paths.contains(qpath(folder.dir.file("readme.txt"))));

  LibraryScanLimits shallow;
  shallow.max_depth = 1;  // "nested" is walked, "nested/deeper" is not
  const FoundFiles top = findModelFiles({folder.root()}, shallow, {});
  EXPECT_EQ(top.paths.size(), 5);
  EXPECT_FALSE(top.paths.contains(qpath(folder.beta)));
  EXPECT_TRUE(top.truncated);

  LibraryScanLimits few;
  few.max_files = 2;
  const FoundFiles two = findModelFiles({folder.root()}, few, {});
  EXPECT_EQ(two.paths.size(), 2);
  EXPECT_TRUE(two.truncated);

  int asked = 0;
  const FoundFiles stopped = findModelFiles({folder.root()}, {}, [&] { return ++asked > 2; });
  EXPECT_LT(stopped.paths.size(), 6);
}

// A model in parts (llama-gguf-split's NAME-0000i-of-0000n.gguf) is one model: the Library lists
// its first part, which opens the set, and not the others.
TEST(ModelLibrary, ListsAMultiPartModelOnceByItsFirstPart) {
  QTemporaryDir dir;
  for (const char* name : {"big-00001-of-00003.gguf", "big-00002-of-00003.gguf", "big-00003-of-00003.gguf",
                           "single.gguf", "notes-00002-of-00003.txt"}) {
    QFile f(dir.filePath(QString::fromLatin1(name)));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  }
  const FoundFiles found = findModelFiles({dir.path()}, {}, {});
  ASSERT_EQ(found.paths.size(), 2) << found.paths.join(QLatin1Char(' ')).toStdString();
  EXPECT_TRUE(found.paths.contains(libraryPath(dir.filePath(QStringLiteral("big-00001-of-00003.gguf")))));
  EXPECT_TRUE(found.paths.contains(libraryPath(dir.filePath(QStringLiteral("single.gguf")))));
}

TEST(ModelLibrary, ListsGoodFilesAndGreysUnsupportedOnesWithTheReason) {
  test::FreshSettings settings;
  ModelFolder folder;
  LibraryPanel panel;
  test::ModelChecker checker(panel.model());  // one at a time: the checkers share one message handler
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 6));
  EXPECT_EQ(panel.model()->columnCount(), LibraryModel::ColumnCount);

  const int alpha_row = sourceRow(panel, folder.alpha);
  ASSERT_GE(alpha_row, 0);
  const LibraryEntry& alpha = panel.model()->entry(alpha_row);
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Name), QStringLiteral("Alpha Chat"));
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Architecture), QStringLiteral("llama"));
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Parameters), DisplayFormat::parameterCount(alpha.spec->parameter_count()));
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Quantization), QStringLiteral("Q8_0"));
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Size),
            DisplayFormat::bytes(std::filesystem::file_size(folder.alpha)));
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Context), DisplayFormat::tokens(512));
  EXPECT_TRUE(cell(panel, folder.alpha, LibraryModel::Status).isEmpty());
  // The nested file, found two folders down.
  EXPECT_EQ(cell(panel, folder.beta, LibraryModel::Name), QStringLiteral("Beta Writer"));
  EXPECT_EQ(cell(panel, folder.beta, LibraryModel::Quantization), QStringLiteral("F16"));
  EXPECT_EQ(cell(panel, folder.beta, LibraryModel::Context), DisplayFormat::tokens(1024));

  // Unsupported files: listed with the reason (short in the column, the reader's words in the tooltip
  // and below the list), greyed in the palette's disabled colour, not openable.
  const QColor grey = QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
  struct Bad {
    std::filesystem::path path;
    QString status_contains;
  };
  for (const Bad& bad : {Bad{folder.truncated, QStringLiteral("Damaged")}, Bad{folder.text, QStringLiteral("Damaged")},
                         Bad{folder.mamba, QStringLiteral("mamba")}, Bad{folder.int8, QStringLiteral("I8")}}) {
    SCOPED_TRACE(bad.path.string());
    const int row = sourceRow(panel, bad.path);
    ASSERT_GE(row, 0);
    const LibraryEntry& e = panel.model()->entry(row);
    EXPECT_FALSE(e.usable());
    EXPECT_TRUE(cell(panel, bad.path, LibraryModel::Status).contains(bad.status_contains));
    EXPECT_EQ(cell(panel, bad.path, LibraryModel::Status, Qt::ToolTipRole), e.reason);
    EXPECT_FALSE(e.reason.isEmpty());
    const QModelIndex index = panel.model()->index(row, LibraryModel::Name);
    EXPECT_EQ(index.data(Qt::ForegroundRole).value<QBrush>().color(), grey);
    ASSERT_TRUE(panel.select(qpath(bad.path)));
    EXPECT_FALSE(panel.openButton()->isEnabled());
    EXPECT_TRUE(panel.removeButton()->isEnabled());
    EXPECT_TRUE(panel.detailLabel()->text().contains(e.reason));
    QSignalSpy opened(&panel, &LibraryPanel::openRequested);
    panel.openSelected();
    EXPECT_EQ(opened.count(), 0);
  }
  EXPECT_FALSE(panel.model()->index(alpha_row, 0).data(Qt::ForegroundRole).isValid());
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join(QLatin1Char('\n')).toStdString();
}

TEST(ModelLibrary, SearchesAndSortsEveryColumn) {
  test::FreshSettings settings;
  ModelFolder folder;
  LibraryPanel panel;
  test::ModelChecker checker(panel.filterModel());
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 6));
  auto* filter = panel.filterModel();

  panel.searchBox()->setText(QStringLiteral("beta"));
  ASSERT_EQ(filter->rowCount(), 1);
  EXPECT_EQ(filter->index(0, LibraryModel::Name).data().toString(), QStringLiteral("Beta Writer"));
  panel.searchBox()->setText(QStringLiteral("Q8_0 chat"));  // every word, any column, any case
  ASSERT_EQ(filter->rowCount(), 1);
  EXPECT_EQ(filter->index(0, LibraryModel::Name).data().toString(), QStringLiteral("Alpha Chat"));
  panel.searchBox()->setText(QStringLiteral("deeper"));  // the path
  EXPECT_EQ(filter->rowCount(), 1);
  panel.searchBox()->setText(QStringLiteral("no such model"));
  EXPECT_EQ(filter->rowCount(), 0);
  EXPECT_TRUE(panel.statusLabel()->text().contains(QStringLiteral("0")));
  panel.searchBox()->clear();
  EXPECT_EQ(filter->rowCount(), 6);

  for (int column : {int(LibraryModel::Name), int(LibraryModel::Size), int(LibraryModel::Parameters),
                     int(LibraryModel::Context), int(LibraryModel::Quantization)}) {
    SCOPED_TRACE(column);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
      panel.view()->sortByColumn(column, order);
      const QList<QVariant> keys = shownKeys(panel, column);
      ASSERT_EQ(keys.size(), 6);
      for (qsizetype i = 1; i < keys.size(); ++i) {
        const int c = QVariant::compare(keys[i - 1], keys[i]) == QPartialOrdering::Greater ? 1
                      : QVariant::compare(keys[i - 1], keys[i]) == QPartialOrdering::Less  ? -1
                                                                                           : 0;
        if (order == Qt::AscendingOrder) {
          EXPECT_LE(c, 0) << i;
        } else {
          EXPECT_GE(c, 0) << i;
        }
      }
    }
  }
  // Sizes sort as numbers, not as text: the largest file first.
  panel.view()->sortByColumn(LibraryModel::Size, Qt::DescendingOrder);
  quint64 largest = 0;
  for (int r = 0; r < panel.model()->rowCount(); ++r) largest = std::max(largest, panel.model()->entry(r).file_size);
  EXPECT_EQ(filter->index(0, LibraryModel::Size).data(LibraryModel::SortRole).toULongLong(), largest);
  EXPECT_TRUE(checker.problems().isEmpty()) << checker.problems().join(QLatin1Char('\n')).toStdString();
}

TEST(ModelLibrary, RemoveFromListPersistsUntilTheFolderIsAddedAgain) {
  test::FreshSettings settings;
  ModelFolder folder;
  {
    LibraryPanel panel;
    panel.addFolder(folder.root());
    ASSERT_TRUE(scanned(panel, 6));
    ASSERT_TRUE(panel.select(qpath(folder.alpha)));
    panel.removeSelected();
    EXPECT_EQ(panel.model()->rowCount(), 5);
    EXPECT_LT(sourceRow(panel, folder.alpha), 0);
    EXPECT_TRUE(std::filesystem::exists(folder.alpha));  // only the list forgets it
  }
  {
    LibraryPanel again;  // the folder and the removal come back from the settings
    EXPECT_EQ(again.folders(), QStringList{folder.root()});
    ASSERT_TRUE(scanned(again, 5));
    EXPECT_LT(sourceRow(again, folder.alpha), 0);
    again.addFolder(folder.root());
    ASSERT_TRUE(scanned(again, 6));
    EXPECT_GE(sourceRow(again, folder.alpha), 0);
  }
}

TEST(ModelLibrary, RemovingAFolderDropsItsFiles) {
  test::FreshSettings settings;
  ModelFolder one;
  ModelFolder two;
  LibraryPanel panel;
  panel.addFolder(one.root());
  panel.addFolder(two.root());
  ASSERT_TRUE(scanned(panel, 12));
  EXPECT_EQ(panel.folderList()->count(), 2);
  panel.removeFolder(one.root());
  ASSERT_TRUE(scanned(panel, 6));
  EXPECT_LT(sourceRow(panel, one.alpha), 0);
  EXPECT_GE(sourceRow(panel, two.alpha), 0);
  EXPECT_EQ(AppSettings().libraryFolders(), QStringList{two.root()});
}

TEST(ModelLibrary, RevealOpensTheFolderOfTheFile) {
  test::FreshSettings settings;
  ModelFolder folder;
  LibraryPanel panel;
  QList<QUrl> opened;
  panel.setUrlOpener([&](const QUrl& url) { opened << url; });
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 6));
  ASSERT_TRUE(panel.select(qpath(folder.beta)));
  EXPECT_TRUE(panel.revealButton()->isEnabled());
  panel.revealButton()->click();
  ASSERT_EQ(opened.size(), 1);
  EXPECT_EQ(opened.first(), QUrl::fromLocalFile(qpath(folder.dir.path() / "nested" / "deeper")));
}

TEST(ModelLibrary, AddFolderAsksForTheFolder) {
  test::FreshSettings settings;
  ModelFolder folder;
  LibraryPanel panel;
  panel.setFolderChooser([&] { return folder.root(); });
  ASSERT_TRUE(scanned(panel, 0));
  EXPECT_FALSE(panel.statusLabel()->text().isEmpty());
  panel.chooseFolder();
  ASSERT_TRUE(scanned(panel, 6));
  panel.setFolderChooser([] { return QString(); });  // the dialog was cancelled
  panel.chooseFolder();
  EXPECT_EQ(panel.folders().size(), 1);
}

// Issue 35 item 8: opening a model from the library means using it: it is loaded (the line that
// said "Press Load" was below the fold on a laptop). It becomes recent once it loaded.
TEST(ModelLibrary, OpenFromTheLibraryLoadsTheModelAndMakesItRecent) {
  ModelFolder folder;
  test::ScriptedWindow w;
  LibraryPanel* panel = w.window->libraryPanel();
  ASSERT_NE(panel, nullptr);
  // A tab of the main area: the table needs the room.
  EXPECT_GE(w.window->centralTabs()->indexOf(panel), 0);
  panel->addFolder(folder.root());
  ASSERT_TRUE(scanned(*panel, 6));

  ASSERT_TRUE(panel->select(qpath(folder.beta)));
  ASSERT_TRUE(panel->openButton()->isEnabled());
  QSignalSpy previewed(w.window.get(), &MainWindow::previewFinished);
  panel->openButton()->click();
  ASSERT_TRUE(waitUntil([&] { return previewed.count() == 1; }));
  EXPECT_TRUE(previewed.first().first().toBool());
  ASSERT_TRUE(w.window->modelPanel()->preview().has_value());
  EXPECT_EQ(w.window->modelPanel()->preview()->path, qpath(folder.beta));
  ASSERT_TRUE(waitUntil([&] {
    return w.window->engine()->state() == EngineClient::State::Ready && w.window->engine()->modelPath() == qpath(folder.beta);
  }));

  // Recent models: in the settings, in File ▸ Recent Models and in the library's "Recent models".
  EXPECT_EQ(AppSettings().recentFiles().value(0), qpath(folder.beta));
  QMenu* recent = w.window->recentMenu();
  ASSERT_FALSE(recent->actions().isEmpty());
  EXPECT_EQ(recent->actions().first()->data().toString(), qpath(folder.beta));
  panel->showBox()->setCurrentIndex(1);
  ASSERT_EQ(panel->filterModel()->rowCount(), 1);
  EXPECT_EQ(panel->filterModel()->index(0, 0).data(LibraryModel::PathRole).toString(), qpath(folder.beta));
  panel->showBox()->setCurrentIndex(0);
  EXPECT_EQ(panel->filterModel()->rowCount(), 6);
}

// Issue 35 item 10: Recent Models lists what was used, not what was only looked at.
TEST(ModelLibrary, APreviewAloneDoesNotMakeAFileRecent) {
  ModelFolder folder;
  test::ScriptedWindow w;
  QSignalSpy previewed(w.window.get(), &MainWindow::previewFinished);
  w.window->openModel(qpath(folder.beta), false);
  ASSERT_TRUE(waitUntil([&] { return previewed.count() == 1; }));
  EXPECT_TRUE(AppSettings().recentFiles().isEmpty());
  // Nor a load that failed.
  w.script->load_error = Error(ErrorKind::OutOfMemory, "no room");
  w.window->openModel(qpath(folder.alpha), true);
  ASSERT_TRUE(waitUntil([&] { return w.window->banner()->isVisible(); }));
  EXPECT_TRUE(AppSettings().recentFiles().isEmpty());
  EXPECT_FALSE(w.window->recentMenu()->isEnabled());
}

TEST(ModelLibrary, FollowsTheInterfaceLanguage) {
  test::ScriptedWindow w;
  LibraryPanel* panel = w.window->libraryPanel();
  QTabWidget* tabs = w.window->centralTabs();
  EXPECT_EQ(tabs->tabText(tabs->indexOf(panel)), QStringLiteral("Library"));
  struct English {
    MainWindow* window;
    ~English() { window->setLanguage(QStringLiteral("en")); }  // the translator is the application's
  } restore{w.window.get()};
  w.window->setLanguage(QStringLiteral("de"));
  EXPECT_TRUE(waitUntil([&] { return tabs->tabText(tabs->indexOf(panel)) == QStringLiteral("Bibliothek"); }));
  EXPECT_EQ(panel->model()->headerData(LibraryModel::Fits, Qt::Horizontal).toString(), QStringLiteral("Passt auf GPUs"));
  EXPECT_EQ(panel->removeButton()->text(), QStringLiteral("Aus der Liste entfernen"));
  EXPECT_EQ(w.window->recentMenu()->title(), QStringLiteral("Zuletzt geöffnete &Modelle"));
}

TEST(ModelLibrary, RecentModelsPersistAndAreListedFromOutsideTheFolders) {
  test::FreshSettings settings;
  ModelFolder folder;
  ModelFolder elsewhere;  // not a library folder
  AppSettings app;
  app.addRecentFile(qpath(elsewhere.beta));
  app.addRecentFile(qpath(folder.alpha));
  LibraryPanel panel;
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 7));  // the folder's six and the recent file from elsewhere
  panel.showBox()->setCurrentIndex(1);
  ASSERT_EQ(panel.filterModel()->rowCount(), 2);
  EXPECT_EQ(cell(panel, elsewhere.beta, LibraryModel::Name, LibraryModel::RecentRole).toInt(), 1);
  EXPECT_EQ(cell(panel, folder.alpha, LibraryModel::Name, LibraryModel::RecentRole).toInt(), 0);
  // A model opened later (by the Open dialog) joins the recent ones.
  app.addRecentFile(qpath(elsewhere.alpha));
  panel.refreshRecent();
  ASSERT_TRUE(scanned(panel, 8));
  EXPECT_EQ(panel.filterModel()->rowCount(), 3);
}

TEST(ModelLibrary, FitsFollowsTheDevicesAndTheSplit) {
  test::FreshSettings fresh;
  ModelFolder folder;
  LibraryPanel panel;
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 6));
  LibraryModel* model = panel.model();
  const int alpha = sourceRow(panel, folder.alpha);
  const int mamba = sourceRow(panel, folder.mamba);

  // No GPU: the column says so.
  EXPECT_EQ(model->fit(alpha), LibraryModel::Fit::NoGpu);
  EXPECT_EQ(model->fit(mamba), LibraryModel::Fit::NotUsable);

  // What the planner says the alpha model needs on one GPU, at the context it would be loaded with.
  SplitTarget target;
  target.settings.mode = tessera::SplitMode::None;
  const ModelSpec& spec = *model->entry(alpha).spec;
  const auto settings = SplitPreviewModel::withContext(target.settings, SplitPreviewModel::contextFor(&spec, 0));
  auto single = tessera::plan_for_load(spec, {device(0, 4096, settings)}, settings);
  ASSERT_TRUE(single.ok());
  const double need_mib = static_cast<double>(single->devices[0].bytes.total()) / (1024.0 * 1024.0);

  // GPU 0 with room to spare, GPU 1 with half of what it needs.
  target.devices = {device(0, 4 * need_mib, settings), device(1, need_mib / 2, settings)};
  target.settings.main_device = 0;
  model->setSplitTarget(target);
  EXPECT_EQ(model->fit(alpha), LibraryModel::Fit::Fits);
  EXPECT_EQ(model->index(alpha, LibraryModel::Fits).data().toString(), LibraryModel::tr("Fits"));
  EXPECT_TRUE(model->fitDetail(alpha).contains(QStringLiteral("GPU 0")));
  EXPECT_EQ(model->fit(mamba), LibraryModel::Fit::NotUsable);
  // The same GPUs, everything on GPU 1: too large, and the tooltip says by how much.
  QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
  target.settings.main_device = 1;
  model->setSplitTarget(target);
  EXPECT_EQ(model->fit(alpha), LibraryModel::Fit::TooLarge);
  EXPECT_GE(changed.count(), 1);
  EXPECT_EQ(model->index(alpha, LibraryModel::Fits).data().toString(), LibraryModel::tr("Too large"));
  EXPECT_TRUE(model->index(alpha, LibraryModel::Fits).data(Qt::ToolTipRole).toString().contains(QStringLiteral("GPU 1")));
  // No device has room.
  target.devices = {device(0, need_mib / 4, settings), device(1, need_mib / 4, settings)};
  target.settings.mode = tessera::SplitMode::Layer;
  target.settings.ratios = {1.0f, 1.0f};
  model->setSplitTarget(target);
  EXPECT_EQ(model->fit(alpha), LibraryModel::Fit::TooLarge);
}

TEST(ModelLibrary, FitsFollowsTheSplitEditorsModel) {
  test::FreshSettings settings;
  ModelFolder folder;
  LibraryPanel panel;
  SplitPreviewModel split;
  panel.followSplit(&split);
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 6));
  const int alpha = sourceRow(panel, folder.alpha);
  EXPECT_EQ(panel.model()->fit(alpha), LibraryModel::Fit::NoGpu);
  split.setDevices(test::twoGpus());  // tens of GiB free: a toy model fits
  EXPECT_EQ(panel.model()->fit(alpha), LibraryModel::Fit::Fits);
  // Both GPUs full (less free than the planner's reserve).
  QList<GpuDevice> full = test::twoGpus();
  for (GpuDevice& d : full) d.free_bytes = 64ull << 20;
  split.setDevices(full);
  EXPECT_EQ(panel.model()->fit(alpha), LibraryModel::Fit::TooLarge);
}

TEST(ModelLibrary, ScanningTwoHundredFilesKeepsTheEventLoopRunning) {
  test::FreshSettings settings;
  ModelFolder source;
  tessera::test::TempDir big;
  const auto bytes = tessera::test::read_file_bytes(source.alpha);
  for (int i = 0; i < 200; ++i) {
    const auto sub = big.path() / ("part" + std::to_string(i % 4));
    std::filesystem::create_directories(sub);
    tessera::test::write_file_bytes(sub / ("model-" + std::to_string(i) + ".gguf"), bytes);
  }
  // Each file is read only after a tick of a timer on the GUI thread: were the scan on the GUI
  // thread (or were the GUI thread waiting for it), no tick could come and it would never end.
  QSemaphore ticks;
  LibraryPanel panel;
  panel.scanner()->setReader([&ticks](const QString& path) {
    ticks.acquire();
    return readLibraryEntry(path);
  });
  struct Unblock {  // should an assertion end the test early, the panel's wait for the scan must end
    QSemaphore& ticks;
    ~Unblock() { ticks.release(1000); }
  } unblock{ticks};
  QSignalSpy batches(panel.scanner(), &LibraryScanner::entriesFound);
  int ticks_while_scanning = 0;
  QTimer timer;
  QObject::connect(&timer, &QTimer::timeout, [&] {
    if (!panel.scanner()->isScanning()) return;
    ++ticks_while_scanning;
    ticks.release();
  });
  timer.start(0);
  panel.addFolder(qpath(big.path()));
  // The call returned at once, with nothing read yet.
  EXPECT_TRUE(panel.scanner()->isScanning());
  EXPECT_EQ(panel.model()->rowCount(), 0);
  ASSERT_TRUE(scanned(panel, 200));
  EXPECT_GE(ticks_while_scanning, 200);
  EXPECT_GE(batches.count(), 1);
  for (int r = 0; r < 200; ++r) EXPECT_TRUE(panel.model()->entry(r).usable());
  timer.stop();
}

TEST(ModelLibrary, ChangingTheFoldersCancelsTheScanAndClosingWaitsForIt) {
  test::FreshSettings settings;
  ModelFolder source;
  tessera::test::TempDir big;
  const auto bytes = tessera::test::read_file_bytes(source.alpha);
  for (int i = 0; i < 100; ++i) tessera::test::write_file_bytes(big.file("m" + std::to_string(i) + ".gguf"), bytes);
  {
    LibraryPanel panel;
    panel.addFolder(qpath(big.path()));
    panel.addFolder(source.root());
    panel.removeFolder(qpath(big.path()));  // the scan of both is cancelled; only the second folder remains
    ASSERT_TRUE(scanned(panel, 6));
    // Results of the cancelled scan, were any left, would be queued now: deliver them.
    ASSERT_TRUE(waitUntil([&] { return !panel.scanner()->isScanning(); }));
    test::processPendingEvents();
    EXPECT_EQ(panel.model()->rowCount(), 6);
    for (int r = 0; r < panel.model()->rowCount(); ++r)
      EXPECT_TRUE(panel.model()->entry(r).path.startsWith(source.root()));
  }
  {
    LibraryPanel closing;
    closing.addFolder(qpath(big.path()));
    EXPECT_TRUE(closing.scanner()->isScanning());
  }  // destroyed mid-scan: cancelled and waited for, nothing arrives afterwards
  SUCCEED();
}

TEST(ModelLibrary, TheScanStopsAtItsLimitAndSaysSo) {
  test::FreshSettings settings;
  ModelFolder folder;
  LibraryPanel panel;
  LibraryScanLimits limits;
  limits.max_files = 3;
  panel.scanner()->setLimits(limits);
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 3));
  EXPECT_TRUE(panel.scanner()->truncated());
  EXPECT_TRUE(panel.statusLabel()->text().contains(LibraryPanel::tr("(the search stopped at its limit; there may be more)")));
}

TEST(Screenshots, ModelLibrary) {
  const QString dir = qEnvironmentVariable("TESSERA_SCREENSHOT_DIR");
  if (dir.isEmpty()) GTEST_SKIP() << "set TESSERA_SCREENSHOT_DIR to take screenshots";
  test::FreshSettings settings;
  ModelFolder folder;
  // The main window on a laptop's screen with the Library tab in front, two GPUs for "fits?".
  MainWindow window(std::make_unique<test::ScriptedSession>(std::make_shared<test::SessionScript>()),
                    std::make_unique<FakeDeviceSource>(test::twoGpus()));
  window.resize(1366, 768);
  window.resetLayout();
  window.show();
  ASSERT_TRUE(waitUntil([&] { return window.gpuWorkspace()->splitModel()->deviceCount() == 2; }));
  LibraryPanel& panel = *window.libraryPanel();
  window.centralTabs()->setCurrentWidget(&panel);
  panel.addFolder(folder.root());
  ASSERT_TRUE(scanned(panel, 6));
  ASSERT_TRUE(panel.select(qpath(folder.mamba)));
  test::processPendingEvents();
  ASSERT_TRUE(window.grab().save(QDir(dir).filePath(QStringLiteral("model-library.png"))));
}

}  // namespace
}  // namespace tessera::gui

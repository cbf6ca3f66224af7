#include "hub_edge.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "cli_common.h"
#include "download/gguf_choice.h"
#include "download/hub_client.h"
#include "download/models_folder.h"
#include "engine/model_info.h"
#include "terminal_text.h"
#include "pull_progress.h"

namespace tessera::cli {
namespace {

namespace fs = std::filesystem;
using namespace tessera::download;

std::optional<std::string> env(std::string_view name) {
  const char* v = std::getenv(std::string(name).c_str());
  return v ? std::optional<std::string>(v) : std::nullopt;
}

// Ctrl-C pauses the download: a watcher turns the signal's flag into DownloadControl::pause
// (a signal handler cannot take the control's lock).
class InterruptWatcher {
 public:
  explicit InterruptWatcher(DownloadControl& control) : thread_([this, &control] {
    while (!done_.load()) {
      if (interrupt_flag().load()) {
        control.pause();
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }) {}
  ~InterruptWatcher() {
    done_ = true;
    thread_.join();
  }

 private:
  std::atomic<bool> done_{false};
  std::thread thread_;
};

// The folder a pull puts the repository's files in.
Result<std::string> target_folder(const ModelRef& ref, const PullOptions& options) {
  if (!options.folder.empty()) return options.folder;
  TESSERA_ASSIGN_OR_RETURN(std::string models, models_folder_from_env());
  return repo_folder(models, ref.repo);
}

}  // namespace

Result<HubSettings> hub_settings_from_env() { return hub_settings_from_environment(env); }

Result<std::string> models_folder_from_env() {
  return default_models_folder(env("XDG_DATA_HOME").value_or(""), env("HOME").value_or(""));
}

Result<std::string> pull_model(const ModelRef& ref, const PullOptions& options, const char* command) {
  TESSERA_ASSIGN_OR_RETURN(HubSettings settings, hub_settings_from_env());
  TESSERA_ASSIGN_OR_RETURN(std::string folder, target_folder(ref, options));
  HubClient hub(settings);
  TESSERA_ASSIGN_OR_RETURN(auto files, hub.list_files(ref.repo, options.revision));
  TESSERA_ASSIGN_OR_RETURN(GgufChoice choice, choose_gguf(files, ref.quant, ref.repo));
  if (!options.quiet) {
    std::fprintf(stderr, "tessera-cli %s: %s: %s%s, %s%s into %s\n", command, terminal_safe(ref.repo).c_str(),
                 choice.quant.empty() ? "" : (choice.quant + " ").c_str(), terminal_safe(choice.label()).c_str(),
                 format_bytes(choice.total_size()).c_str(),
                 choice.is_split() ? (" in " + std::to_string(choice.files.size()) + " parts").c_str() : "",
                 terminal_safe(folder).c_str());
  }
  DownloadRequest request{ref.repo, options.revision, choice.files, folder};
  DownloadOptions download_options;
  download_options.retry = options.retry;
  const bool terminal = stderr_is_terminal();
  // Plain lines mark quarters of each file: the renderer must see every step to write the same
  // lines every time. A redrawn bar needs a few frames a second.
  download_options.progress_interval = std::chrono::milliseconds(terminal ? 200 : 0);
  PullProgress progress(stderr, terminal);
  DownloadControl control;
  install_interrupt_handler();
  Result<std::vector<std::string>> paths = make_error(ErrorKind::Io, "not run");
  {
    InterruptWatcher watcher(control);
    paths = run_download(hub, request, control, download_options,
                         options.quiet ? download::ProgressFn() : download::ProgressFn([&](const DownloadProgress& p) { progress(p); }));
  }
  progress.finish();
  if (!paths.ok()) {
    if (interrupt_flag().load()) {
      return make_error(ErrorKind::Cancelled, "interrupted; the partial files stay in " + folder +
                                                  " and the same command resumes from them");
    }
    return paths.take_error();
  }
  return paths->front();
}

Result<std::string> resolve_hub_model(const std::string& argument, const char* command) {
  TESSERA_ASSIGN_OR_RETURN(ModelRef ref, parse_model_ref(argument));
  PullOptions options;
  auto pulled = pull_model(ref, options, command);
  if (pulled.ok() || pulled.error().kind != ErrorKind::Io) return pulled;
  // Offline: a copy of that quantization from an earlier pull, if the repository's folder has one.
  auto folder = target_folder(ref, options);
  if (!folder.ok()) return pulled;
  std::vector<RepoFile> local;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(*folder, ec)) {
    if (e.is_regular_file(ec)) local.push_back(RepoFile{e.path().filename().string(), e.file_size(ec), "", ""});
  }
  std::sort(local.begin(), local.end(), [](const RepoFile& a, const RepoFile& b) { return a.path < b.path; });
  auto choice = choose_gguf(local, ref.quant, ref.repo);
  if (!choice.ok()) return pulled;
  const std::string path = (fs::path(*folder) / choice->files.front().path).string();
  std::fprintf(stderr, "tessera-cli %s: note: the hub cannot be reached (%s); using the copy pulled before: %s\n", command,
               terminal_safe(pulled.error().message).c_str(), terminal_safe(path).c_str());
  return path;
}

}  // namespace tessera::cli

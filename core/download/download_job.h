// One download: the files of a model (a single GGUF, or every part of a split set) from a hub
// repository into a folder, synchronously, on the calling thread (DownloadQueue runs it on its own
// thread for the app; the CLI calls it directly).
//
// For each file, through {endpoint}/{repo}/resolve/{revision}/{path} with redirects followed:
//  - bytes go to FOLDER/NAME.part; a .part left by an earlier run (or a dropped connection) is
//    resumed with a Range request, its bytes hashed again first (a server that ignores the range
//    gets the file from the start). The .part is locked while written: a second download of the
//    same file fails at once instead of mixing bytes.
//  - the checksum the listing gave (SHA-256 for Git LFS files, else the git blob SHA-1) and the size
//    are checked before the file takes its name (written to disk, then renamed). A mismatch is
//    refused and the .part removed: its bytes are wrong, resuming from them cannot help.
//  - network failures, stalls, 408/429/5xx are retried: at once when the attempt received bytes,
//    else up to RetryPolicy::max_retries times with a doubling wait (Retry-After when the server
//    gives one). 401/403/404 and write errors (a full disk) end the download; the .part stays.
// Before the first byte: the free space of the folder must hold what is left to fetch.
// A file already in place with the listed size is taken as it is (it was checked when it came).
//
// Errors name the URL or file and the reason. Pause and cancel (DownloadControl) end the call with
// Error{Cancelled}; a pause keeps the .part files, a cancel removes those of this download.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "download/download_control.h"
#include "download/hub_client.h"

namespace tessera::download {

struct RetryPolicy {
  int max_retries = 5;  // attempts in a row that receive nothing, after the first
  std::chrono::milliseconds first_wait{1000};
  std::chrono::milliseconds max_wait{60000};
};

struct DownloadOptions {
  RetryPolicy retry;
  // The progress callback is called at most this often (and at every change of file or state).
  std::chrono::milliseconds progress_interval{200};
  // Free bytes in a folder; statvfs's f_bavail by default. A test gives a small number to stand for
  // a full disk.
  std::function<Result<uint64_t>(const std::string& folder)> free_space;
  // Waits between retries; false ends the wait early (pause or cancel). Default:
  // DownloadControl::wait_for. A test records the waits instead of sleeping.
  std::function<bool(std::chrono::milliseconds)> wait;
};

struct DownloadRequest {
  std::string repo;
  std::string revision = "main";
  std::vector<RepoFile> files;  // e.g. GgufChoice::files; names must differ
  std::string folder;           // the files go here under their names (RepoFile::name)
};

enum class FileState { Waiting, CheckingPart, Downloading, Verifying, Done };
const char* file_state_name(FileState state);

struct FileProgress {
  std::string name;
  uint64_t done = 0;
  uint64_t size = 0;
  FileState state = FileState::Waiting;
};

struct DownloadProgress {
  std::vector<FileProgress> files;
  size_t current = 0;     // the file in progress (index into files)
  uint64_t done = 0;      // bytes of all files in place (a resumed part's count)
  uint64_t total = 0;
  double bytes_per_second = 0;  // of bytes received in this run, over the last seconds
  double eta_seconds = -1;      // negative: unknown
  std::string note;             // what is happening beyond bytes: a retry and its reason, a resume
};
using ProgressFn = std::function<void(const DownloadProgress&)>;

// The files' paths, in the request's order. `progress` may be empty.
Result<std::vector<std::string>> run_download(HubClient& hub, const DownloadRequest& request, DownloadControl& control,
                                              const DownloadOptions& options, const ProgressFn& progress);

// Where a file of `request` goes, and its partial file while it comes.
std::string local_path(const DownloadRequest& request, const RepoFile& file);
std::string partial_path(const std::string& final_path);

// statvfs's bytes available to an unprivileged user in `folder`.
Result<uint64_t> free_space_of(const std::string& folder);

}  // namespace tessera::download

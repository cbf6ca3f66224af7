// How `tessera-cli pull` (and `run -m hf:...` while it pulls) shows a download on stderr.
// On a terminal: one line redrawn in place, a bar with the bytes, speed and time left:
//   stories260K-f32.gguf  45% [=========>           ] 512.0 KiB / 1.1 MiB  2.1 MiB/s  ETA 1 s
// Otherwise (a log, a pipe, a test): plain lines, written only when something changes so that the
// output reads the same every time: each file's start, 25/50/75 %, its check, and every note
// (a retry and its reason, a resumed connection).
#pragma once

#include <cstdio>
#include <string>

#include "download/download_job.h"

namespace tessera::cli {

class PullProgress {
 public:
  PullProgress(FILE* out, bool terminal) : out_(out), terminal_(terminal) {}
  void operator()(const download::DownloadProgress& p);
  // Ends the redrawn line (terminal mode).
  void finish();

 private:
  void plain(const download::DownloadProgress& p);
  void redraw(const download::DownloadProgress& p);

  FILE* out_;
  bool terminal_;
  bool drawn_ = false;
  size_t file_ = SIZE_MAX;
  download::FileState state_ = download::FileState::Waiting;
  int quarter_ = 0;
  std::string note_;
};

// Whether stderr is a terminal that can redraw a line (not TERM=dumb).
bool stderr_is_terminal();

}  // namespace tessera::cli

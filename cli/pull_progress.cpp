#include "pull_progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "download/rate_meter.h"
#include "engine/model_info.h"
#include "terminal_text.h"

namespace tessera::cli {

using download::DownloadProgress;
using download::FileState;

bool stderr_is_terminal() {
  const char* term = std::getenv("TERM");
  return ::isatty(STDERR_FILENO) == 1 && (term == nullptr || std::strcmp(term, "dumb") != 0);
}

void PullProgress::operator()(const DownloadProgress& p) {
  if (p.files.empty()) return;
  if (terminal_)
    redraw(p);
  else
    plain(p);
}

void PullProgress::plain(const DownloadProgress& p) {
  const auto& f = p.files[p.current];
  const std::string name = terminal_safe(f.name);
  if (p.current != file_ || f.state != state_) {
    if (f.state == FileState::CheckingPart)
      std::fprintf(out_, "pull: %s: checking the %s downloaded before\n", name.c_str(), format_bytes(f.done).c_str());
    else if (f.state == FileState::Downloading && (p.current != file_ || state_ != FileState::Downloading))
      std::fprintf(out_, "pull: %s: downloading %s%s\n", name.c_str(), format_bytes(f.size).c_str(),
                   f.done > 0 ? (" from " + format_bytes(f.done)).c_str() : "");
    else if (f.state == FileState::Verifying)
      std::fprintf(out_, "pull: %s: checking its checksum\n", name.c_str());
    else if (f.state == FileState::Done)
      std::fprintf(out_, "pull: %s: done\n", name.c_str());
    if (p.current != file_) quarter_ = f.size > 0 ? static_cast<int>(4 * f.done / f.size) : 0;
    file_ = p.current;
    state_ = f.state;
  }
  if (f.state == FileState::Downloading && f.size > 0) {
    const int quarter = static_cast<int>(4 * f.done / f.size);
    if (quarter > quarter_ && quarter < 4) {
      std::fprintf(out_, "pull: %s: %d%%\n", name.c_str(), quarter * 25);
    }
    quarter_ = std::max(quarter_, quarter);
  }
  if (p.note != note_) {
    if (!p.note.empty()) std::fprintf(out_, "pull: %s: %s\n", name.c_str(), terminal_safe(p.note).c_str());
    note_ = p.note;
  }
  std::fflush(out_);
}

void PullProgress::redraw(const DownloadProgress& p) {
  const auto& f = p.files[p.current];
  if (p.note != note_ && !p.note.empty()) {  // notes stay on their own lines above the bar
    std::fprintf(out_, "\r\x1b[K%s: %s\n", terminal_safe(f.name).c_str(), terminal_safe(p.note).c_str());
  }
  note_ = p.note;
  const double fraction = p.total > 0 ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(kWidth, ' ');
  for (int i = 0; i < filled; ++i) bar[i] = '=';
  if (filled < kWidth) bar[filled] = '>';
  std::string what = terminal_safe(f.name);
  if (what.size() > 32) what = what.substr(0, 14) + "..." + what.substr(what.size() - 15);
  if (p.files.size() > 1) what += " (" + std::to_string(p.current + 1) + "/" + std::to_string(p.files.size()) + ")";
  std::string tail;
  if (f.state == FileState::CheckingPart) tail = "checking the part downloaded before";
  else if (f.state == FileState::Verifying) tail = "checking the checksum";
  else tail = download::format_rate(p.bytes_per_second) + "  ETA " + download::format_duration(p.eta_seconds);
  std::fprintf(out_, "\r\x1b[K%s %3d%% [%s] %s / %s  %s", what.c_str(), static_cast<int>(fraction * 100), bar.c_str(),
               format_bytes(p.done).c_str(), format_bytes(p.total).c_str(), tail.c_str());
  std::fflush(out_);
  drawn_ = true;
}

void PullProgress::finish() {
  if (terminal_ && drawn_) std::fputs("\n", out_);
  drawn_ = false;
}

}  // namespace tessera::cli

// ModelOpener: opening and loading a model file, from any place that opens one (File ▸ Open, the
// library, Recent Models, a file dropped on the window, the command line). It reads the file's
// preview off the GUI thread and shows it (the model panel, the split preview), then loads it when
// asked: on the CPU after a check that it fits in the available memory, with the context length of
// the model panel and the split and KV cache type of the GPU workspace. A file joins Recent Models
// once it loaded. What goes wrong is a Notice for the window's banner. GUI thread only.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include "engine_types.h"
#include "memory_check.h"
#include "model_preview.h"
#include "notice.h"
#include "remote_endpoint.h"

namespace tessera::gui {

class AppSettings;
class EngineClient;
class GpuWorkspace;
class ModelPanel;

class ModelOpener : public QObject {
  Q_OBJECT

 public:
  ModelOpener(EngineClient* engine, ModelPanel* panel, GpuWorkspace* gpus, AppSettings* settings,
              QObject* parent = nullptr);
  ~ModelOpener() override;

  // Reads `path`'s preview in the background and shows it; with `load`, loads it once read (when
  // the engine can run it).
  void open(const QString& path, bool load);
  // Loads the file shown; first, on the CPU, checks that it fits in the available memory.
  void load();
  // Connects to an OpenAI-compatible server instead of loading a file.
  void connectTo(const RemoteEndpoint& endpoint);
  // Where the CPU memory check reads the available memory (default: /proc/meminfo; empty: no check).
  void setAvailableMemoryProbe(AvailableMemoryProbe probe) { memory_probe_ = std::move(probe); }

 signals:
  // After each open(): whether the file's preview could be read (an unusable file is read too).
  void previewFinished(bool ok);
  // The model whose preview is shown now (empty: none).
  void shownModelChanged(const QString& name);
  void notice(const tessera::gui::Notice& notice);
  // A notice's "Open Another File…".
  void chooseFileRequested();
  void recentFilesChanged();
  // A short note for the status bar (a local model given up for a server).
  void statusMessage(const QString& text);

 private:
  struct Outcome {
    quint64 sequence = 0;
    ModelPreview preview;
  };

  void onPreviewRead();
  void startLoad(bool check_memory);
  void onLoaded(const tessera::ModelInfo& info);
  void onLoadFailed(const EngineError& error);

  EngineClient* engine_;
  ModelPanel* panel_;
  GpuWorkspace* gpus_;
  AppSettings* settings_;
  AvailableMemoryProbe memory_probe_ = availableSystemMemory;
  QFutureWatcher<Outcome> watcher_;
  quint64 sequence_ = 0;
  bool load_after_preview_ = false;
  QString loading_path_;  // the file or server URL of the last load started
  QString local_before_;  // the local model loaded when a Connect started (it goes when that works)
};

}  // namespace tessera::gui

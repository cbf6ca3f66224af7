// The split workspace: the "GPUs" tab of the main area, where choosing a split gets the room it
// needs. The live GPU list (GpuPanel) above the split editor: the choices on three short lines,
// then one line per GPU with its slider, number, share and projection, its bytes under it, the
// shares' total, the overflow warnings, presets and Apply. Both are views of the GpuWorkspace's
// models, so every view of the split (the library's fit column too) agrees.
// Nothing scrolls at the default window size with up to four GPUs; more scroll up and down.
#pragma once

#include <QWidget>

class QScrollArea;

namespace tessera::gui {

class GpuListModel;
class GpuPanel;
class SplitEditor;
class SplitPreviewModel;

class SplitWorkspaceView : public QWidget {
  Q_OBJECT

 public:
  SplitWorkspaceView(GpuListModel* gpus, SplitPreviewModel* split, QWidget* parent = nullptr);

  GpuPanel* gpuPanel() const { return gpu_panel_; }
  SplitEditor* splitEditor() const { return split_editor_; }
  QScrollArea* scrollArea() const { return scroll_; }

 private:
  GpuPanel* gpu_panel_;
  SplitEditor* split_editor_;
  QScrollArea* scroll_;
};

}  // namespace tessera::gui

#include "split_workspace_view.h"

#include <QScrollArea>
#include <QVBoxLayout>

#include "gpu_panel.h"
#include "split_editor.h"
#include "vertical_scroll_area.h"

namespace tessera::gui {

SplitWorkspaceView::SplitWorkspaceView(GpuListModel* gpus, SplitPreviewModel* split, QWidget* parent)
    : QWidget(parent),
      gpu_panel_(new GpuPanel(gpus)),
      split_editor_(new SplitEditor(split)),
      scroll_(nullptr) {
  setObjectName(QStringLiteral("splitWorkspace"));
  split_editor_->setObjectName(QStringLiteral("splitEditorWide"));
  auto* content = new QWidget;
  auto* column = new QVBoxLayout(content);
  column->setContentsMargins(12, 8, 12, 8);
  column->addWidget(gpu_panel_);
  column->addWidget(split_editor_, 1);
  // Up and down only: the rows are laid out for the width they get, which is never less than
  // they need (the main area's minimum width follows).
  scroll_ = new VerticalScrollArea(content, this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll_);
}

}  // namespace tessera::gui

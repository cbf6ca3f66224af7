// A one-line label that may be narrower than its text: it then ends in "…" and shows the whole
// text as its tooltip. For the status bar, whose line (the model, the backend, the context) must
// not set the window's minimum width: in French it made the window wider than a laptop's screen.
#pragma once

#include <QLabel>

namespace tessera::gui {

class ElidedLabel : public QLabel {
  Q_OBJECT

 public:
  explicit ElidedLabel(QWidget* parent = nullptr);

  QSize minimumSizeHint() const override;
  // Whether the text is cut to "…" at the present width.
  bool isElided() const;

 protected:
  bool event(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace tessera::gui

// The model dock: a choice of where the model runs ("Model file": the ModelPanel, loaded by this
// app; "OpenAI-compatible server": the RemoteEndpointPanel) above the page for that choice.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QStackedWidget;

namespace tessera::gui {

class RemoteEndpointPanel;

class ModelSourcePanel : public QWidget {
  Q_OBJECT

 public:
  enum class Source { File, Server };

  // Takes both pages as children; `file_page` is the model panel (or a scroll area around it).
  ModelSourcePanel(QWidget* file_page, RemoteEndpointPanel* server_page, QWidget* parent = nullptr);

  Source source() const;
  void setSource(Source source);
  QComboBox* sourceBox() const { return source_; }

 signals:
  void sourceChanged(tessera::gui::ModelSourcePanel::Source source);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();

  QLabel* label_;
  QComboBox* source_;
  QStackedWidget* pages_;
};

}  // namespace tessera::gui

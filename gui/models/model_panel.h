// The model panel: which file is open, whether it can be loaded, the context length to load with,
// Load / Unload / Cancel with a progress bar, then what is in the file (read from the GGUF header
// before loading: architecture, parameters, tensor types, context length, size, ...). It only
// displays and asks; the ModelOpener acts.
#pragma once

#include <QWidget>

#include <optional>

#include "engine_client.h"
#include "model_preview.h"

class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace tessera::gui {

class ModelPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ModelPanel(EngineClient* engine, QWidget* parent = nullptr);

  void showPreviewPending(const QString& path);
  void showPreview(const ModelPreview& preview);
  void clearPreview();
  // After a file could not be read: show again what was shown before showPreviewPending().
  void restorePreviousPreview();
  const std::optional<ModelPreview>& preview() const { return preview_; }

  // Tokens; 0 means "the model's own context length". The value belongs to one model: opening
  // another file resets it to 0 (`for_path` names the file it was chosen for; empty: the open
  // file, or the next one opened).
  int contextLength() const;
  void setContextLength(int tokens, const QString& for_path = {});
  const QString& contextModelPath() const { return context_path_; }
  // The context the engine will allocate for the open file with the box's value.
  int effectiveContextLength() const;
  // "Preview – not loaded": shown while the open file is not the loaded model.
  QLabel* previewBadge() const { return badge_; }
  QString contextWarningText() const;  // empty when the chosen context is within the trained one
  // The GPU split edited since the load: Load becomes Reload for the loaded model.
  void setSplitChanged(bool changed);

  QPushButton* openButton() const { return open_; }
  QPushButton* loadButton() const { return load_; }
  QPushButton* unloadButton() const { return unload_; }
  QPushButton* cancelButton() const { return cancel_; }
  QProgressBar* progressBar() const { return progress_; }
  QString statusText() const;
  // The text shown for a metadata field ("architecture", "parameters", "types", "context",
  // "layers", "vocabulary", "size", "template", "file"), for tests.
  QString fieldText(const QString& field) const;

 signals:
  void openRequested();
  void loadRequested();
  void unloadRequested();
  void cancelRequested();
  void contextLengthChanged(int tokens);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  struct Field {
    QString key;
    const char* label;  // untranslated (QT_TR_NOOP), translated in retranslateUi()
    QLabel* name;
    QLabel* value;
  };

  QLabel* addField(const QString& key, const char* label);
  void retranslateUi();
  // The cautions and the badge in colours of the current palette (again on every palette change).
  void applyColors();
  void showFields();  // the metadata of preview_ (or the pending/empty state) in the current language
  void updateState();
  void updateContextWarning();
  static QString contextToolTip();
  int defaultContextLength() const;  // what "Model default" allocates for the open file  // the context box's tooltip, without a model's figures
  bool showsLoadedModel() const;  // the open file is the loaded model

  EngineClient* engine_;
  std::optional<ModelPreview> preview_;
  std::optional<ModelPreview> previous_;
  QString pending_path_;
  QFormLayout* form_;
  QList<Field> fields_;
  QLabel* context_label_;
  QLabel* title_;
  QLabel* warning_;
  QLabel* context_warning_;
  QLabel* badge_;
  QString context_path_;  // the file the context box's value was chosen for
  bool split_changed_ = false;
  QSpinBox* context_;
  QPushButton* open_;
  QPushButton* load_;
  QPushButton* unload_;
  QPushButton* cancel_;
  QProgressBar* progress_;
  QLabel* status_;
};

}  // namespace tessera::gui

// The main window: model panel (left dock), chat (centre), system prompt and sampling (right dock),
// the model library (bottom dock), menus, status bar, drag and drop of .gguf files, and the error
// banner. It owns the EngineClient (and so the worker thread) and the ChatController, and persists
// its state through AppSettings. It also owns the LanguageSwitcher: the saved interface language is
// applied before any widget is made, and Settings ▸ Language switches it at run time (every widget
// re-translates itself).
#pragma once

#include <QFutureWatcher>
#include <QMainWindow>

#include <functional>
#include <memory>
#include <optional>

#include "app_settings.h"
#include "chat_controller.h"
#include "chat_model.h"
#include "conversation_store.h"
#include "device_source.h"
#include "engine_client.h"
#include "memory_check.h"
#include "drop_highlight.h"
#include "error_banner.h"
#include "model_preview.h"
#include "startup.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QGroupBox;
class QLabel;
class QMenu;
class QTabWidget;

namespace tessera::gui {

class ChatPanel;
class GpuWorkspace;
class HistoryPanel;
class LanguageSwitcher;
class LibraryPanel;
class ModelPanel;
class OverflowPolicyMenu;
class SamplingPanel;
class SystemPromptEdit;

// What the background metadata read hands back to the GUI thread.
struct PreviewOutcome {
  quint64 sequence = 0;
  QString path;
  std::optional<ModelPreview> preview;
  EngineError error;
};

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // `devices`: where the GPU list comes from (nullptr: the CUDA module with default settings).
  explicit MainWindow(std::unique_ptr<EngineSession> session, std::unique_ptr<DeviceSource> devices = nullptr,
                      QWidget* parent = nullptr);
  ~MainWindow() override;

  // Reads `path`'s metadata in the background and shows it; with `load`, loads it once read.
  void openModel(const QString& path, bool load);
  // Loads the model whose metadata is shown, with the chosen context length.
  void loadOpenModel();
  // Where the CPU memory check reads the available memory (default: /proc/meminfo; tests inject
  // their own; empty: no check).
  void setAvailableMemoryProbe(AvailableMemoryProbe probe) { memory_probe_ = std::move(probe); }
  // Opens the model chosen at startup (command line, last model, or the default model).
  void openStartupModel(const StartupModel& choice);

  // Stops any reply, empties the chat and clears the banner (Chat ▸ New Conversation).
  void newConversation();
  bool saveConversation(const QString& path);
  bool loadConversation(const QString& path);
  // Opens a conversation of the history list (the open one is kept there already).
  bool openStoredConversation(const QString& id);
  bool renameStoredConversation(const QString& id, const QString& title);
  bool deleteStoredConversation(const QString& id);
  // Saves the open conversation into the history (done after every change; empty ones are not
  // kept). False when it could not be written (the error is kept for the next question).
  bool autosave();
  // The open conversation's id in the history; empty while it has not been saved.
  const QString& currentConversationId() const { return current_id_; }
  ConversationStore* conversationStore() { return &store_; }
  HistoryPanel* historyPanel() const { return history_panel_; }
  LibraryPanel* libraryPanel() const { return library_panel_; }

  // Asks the user to confirm something that would lose work: a title, the question, the text of
  // the button that goes ahead. Returns true to go ahead. Tests replace the dialog.
  using Confirm = std::function<bool(const QString& title, const QString& question, const QString& accept)>;
  void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }

  // Shows the interface in `code` ("de", "ja", ...; empty = the system's language) at once and
  // remembers the choice for the next start.
  void setLanguage(const QString& code);
  LanguageSwitcher* languageSwitcher() const { return language_; }

  EngineClient* engine() const { return engine_.get(); }
  ChatModel* chatModel() const { return chat_model_; }
  ChatController* chat() const { return chat_; }
  ChatPanel* chatPanel() const { return chat_panel_; }
  // The main area's tabs: the chat, then the GPU workspace's "GPUs" and "Split Benchmark".
  QTabWidget* centralTabs() const { return central_tabs_; }
  ModelPanel* modelPanel() const { return model_panel_; }
  GpuWorkspace* gpuWorkspace() const { return gpu_workspace_; }
  SamplingPanel* samplingPanel() const { return sampling_panel_; }
  SystemPromptEdit* systemPromptEdit() const { return system_prompt_; }
  ErrorBanner* banner() const { return banner_; }
  QMenu* recentMenu() const { return recent_menu_; }
  QMenu* languageMenu() const { return language_menu_; }
  // Settings ▸ When the Context Is Full: the default policy of new conversations.
  OverflowPolicyMenu* overflowPolicyMenu() const { return overflow_menu_; }
  QString statusText() const;
  // Whether the drop highlight is shown (a .gguf file is being dragged over the window).
  bool dropHighlighted() const;

 signals:
  // After each openModel(): whether the file's metadata could be read.
  void previewFinished(bool ok);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void changeEvent(QEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragLeaveEvent(QDragLeaveEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createActions();
  void createMenus();
  void createLanguageMenu();
  void createDocks(std::unique_ptr<DeviceSource> devices);
  // Whether replacing or closing the open conversation now would lose something, and if so, asks
  // (`action` says what would happen: "Quit", "Open"). True: go ahead.
  bool mayReplaceConversation(const QString& title, const QString& accept);
  void retranslateUi();
  void updateLanguageMenu();
  void updateSpeed();
  void restoreSettings();
  void saveSettings();
  void rebuildRecentMenu();
  void updateActions();
  void updateStatus();
  void updateTitle();

  void onPreviewDone();
  // Loads the open file; first, on the CPU, checks that it fits in the available memory.
  void startLoad(bool check_memory);
  void onModelLoaded(const ModelInfo& info);
  void onLoadFailed(const EngineError& error);
  void onGenerationFailed(const EngineError& error);
  // Shows a message in the banner; its button (when `action` names one) runs `on_action`.
  void showBanner(ErrorBanner::Severity severity, ErrorBanner::TextSource text, ErrorBanner::ActionSource action = {},
                  std::function<void()> on_action = {});

  void chooseModelFile();
  void chooseConversationToSave();
  void chooseConversationToLoad();
  void copyLastReply();
  void copyText(const QString& text);
  void showAbout();

  AppSettings settings_;
  ConversationStore store_;
  LanguageSwitcher* language_;  // first: the widgets below are made in the chosen language
  std::unique_ptr<EngineClient> engine_;
  ChatModel* chat_model_;
  ChatController* chat_;
  ChatPanel* chat_panel_ = nullptr;
  QTabWidget* central_tabs_ = nullptr;
  ModelPanel* model_panel_ = nullptr;
  GpuWorkspace* gpu_workspace_ = nullptr;  // GPU panel, split editor, plots (docks); a child
  SamplingPanel* sampling_panel_ = nullptr;
  SystemPromptEdit* system_prompt_ = nullptr;
  ErrorBanner* banner_ = nullptr;
  DropHighlight* drop_highlight_ = nullptr;
  HistoryPanel* history_panel_ = nullptr;
  LibraryPanel* library_panel_ = nullptr;  // the "Library" dock's content
  QDockWidget* history_dock_ = nullptr;
  QString current_id_;       // the open conversation in store_ (empty: not saved yet)
  QString current_title_;    // its title as the user set it (empty: named after its first message)
  QString last_save_error_;  // why the last autosave failed; empty when it worked
  Confirm confirm_;
  AvailableMemoryProbe memory_probe_ = availableSystemMemory;
  std::function<void()> banner_action_;  // what the banner's button does for the message shown
  QLabel* status_label_ = nullptr;
  QLabel* speed_label_ = nullptr;
  std::optional<GenerationTimings> last_reply_;  // shown as "Last reply: … tok/s"
  QDockWidget* model_dock_ = nullptr;
  QDockWidget* generation_dock_ = nullptr;
  QGroupBox* prompt_box_ = nullptr;
  QGroupBox* sampling_box_ = nullptr;

  QFutureWatcher<PreviewOutcome> preview_watcher_;
  quint64 preview_sequence_ = 0;
  bool load_after_preview_ = false;
  QString loading_path_;
  int streamed_tokens_ = 0;
  int prompt_read_ = 0;   // of the reply being made: prompt tokens read so far
  int prompt_total_ = 0;  // and to read in all (0: not known)

  QMenu* recent_menu_ = nullptr;
  QAction* open_action_ = nullptr;
  QAction* library_action_ = nullptr;      // File ▸ Model Library: shows the Library dock
  QAction* add_folder_action_ = nullptr;   // Settings ▸ Add Model Folder…
  QAction* load_action_ = nullptr;
  QAction* unload_action_ = nullptr;
  QAction* save_chat_action_ = nullptr;
  QAction* load_chat_action_ = nullptr;
  QAction* quit_action_ = nullptr;
  QAction* new_chat_action_ = nullptr;
  QAction* regenerate_action_ = nullptr;
  QAction* stop_action_ = nullptr;
  QAction* copy_reply_action_ = nullptr;
  QAction* about_action_ = nullptr;
  QAction* system_language_action_ = nullptr;
  QActionGroup* language_group_ = nullptr;
  QMenu* file_menu_ = nullptr;
  QMenu* chat_menu_ = nullptr;
  QMenu* view_menu_ = nullptr;
  QMenu* settings_menu_ = nullptr;
  QMenu* language_menu_ = nullptr;
  OverflowPolicyMenu* overflow_menu_ = nullptr;
  QMenu* help_menu_ = nullptr;
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::PreviewOutcome)

// The main window: it makes the app's parts and wires them together, and owns the menus, the
// docks, the status bar, drag and drop of .gguf files and the banner. The logic lives in the parts:
// the EngineClient (and so the worker thread), the ChatController, the ConversationSession (saving
// and the history), the ModelOpener (previews, loads, the memory check), the GpuWorkspace, the
// StatusLine and the LocalServer. The window persists its own state through AppSettings and owns
// the LanguageSwitcher: the saved interface language is applied before any widget is made, and
// Settings ▸ Language switches it at run time (every widget re-translates itself).
#pragma once

#include <QMainWindow>

#include <memory>
#include <optional>

#include "app_settings.h"
#include "chat_controller.h"
#include "chat_model.h"
#include "conversation_session.h"
#include "device_source.h"
#include "engine_client.h"
#include "error_banner.h"
#include "memory_check.h"
#include "notice.h"
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
class DownloadView;
class DropHighlight;
class GpuWorkspace;
class GuideDialog;
class HistoryPanel;
class LanguageSwitcher;
class LibraryPanel;
class LocalServer;
class LocalServerDialog;
class ModelOpener;
class ModelPanel;
class ModelSourcePanel;
class OverflowPolicyMenu;
class RemoteEndpointPanel;
class SamplingPanel;
class SessionLink;
class StatusLine;
class SystemPromptEdit;
class ThemeSwitcher;

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
  void setAvailableMemoryProbe(AvailableMemoryProbe probe);
  // Opens the model chosen at startup (command line, last model, or the default model).
  void openStartupModel(const StartupModel& choice);

  // Shows the interface in `code` ("de", "ja", ...; empty = the system's language) at once and
  // remembers the choice for the next start.
  void setLanguage(const QString& code);
  LanguageSwitcher* languageSwitcher() const { return language_; }
  ThemeSwitcher* themeSwitcher() const { return theme_; }

  EngineClient* engine() const { return engine_.get(); }
  ChatModel* chatModel() const { return chat_model_; }
  ChatController* chat() const { return chat_; }
  ConversationSession* conversations() const { return conversations_; }
  ModelOpener* modelOpener() const { return opener_; }
  ChatPanel* chatPanel() const { return chat_panel_; }
  // The main area's tabs: the chat, then the GPU workspace's "GPUs" and "Split Benchmark".
  QTabWidget* centralTabs() const { return central_tabs_; }
  ModelPanel* modelPanel() const { return model_panel_; }
  GpuWorkspace* gpuWorkspace() const { return gpu_workspace_; }
  SamplingPanel* samplingPanel() const { return sampling_panel_; }
  SystemPromptEdit* systemPromptEdit() const { return system_prompt_; }
  HistoryPanel* historyPanel() const { return history_panel_; }
  LibraryPanel* libraryPanel() const { return library_panel_; }
  // The "Download" tab (hub search and downloads); null in a build without the download library.
  // main.cpp gives it the environment's hub settings and models folder.
  DownloadView* downloadView() const { return download_view_; }
  LocalServer* localServer() const { return server_; }
  ErrorBanner* banner() const { return banner_; }
  QMenu* recentMenu() const { return recent_menu_; }
  QMenu* languageMenu() const { return language_menu_; }
  QMenu* helpMenu() const { return help_menu_; }
  GuideDialog* guideDialog() const { return guide_; }  // null until Help ▸ Guide was shown
  void showGuide();
  // Settings ▸ When the Context Is Full: the default policy of new conversations.
  OverflowPolicyMenu* overflowPolicyMenu() const { return overflow_menu_; }
  QString statusText() const;
  // Whether the drop highlight is shown (a .gguf file is being dragged over the window).
  bool dropHighlighted() const;
  // The size the window opens at without a saved geometry: the default layout for `available` (the
  // screen's space without panels), a 1366x768 laptop's included.
  static QSize defaultSize(const QSize& available);
  // Windows shorter than this open with the plots folded to their title (resetLayout).
  static constexpr int kHeightForPlots = 900;
  // The default layout for the window's size now: every dock shown where it belongs, sized so the
  // chat keeps most of the height (View ▸ Reset Layout; also when no saved layout is restored).
  void resetLayout();

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
  void createLocalServer();
  void retranslateUi();
  void updateLanguageMenu();
  void restoreSettings();
  // The history dock `history_height` high, the generation settings below it the rest of the
  // column (when they share one).
  void fitRightColumn(int history_height);
  void saveSettings();
  void rebuildRecentMenu();
  void updateActions();
  void updateStatus();
  void updateTitle();
  void showNotice(const Notice& notice);

  void chooseModelFile();
  void chooseConversationToSave();
  void chooseConversationToLoad();
  void copyLastReply();
  void copyText(const QString& text);
  void showLocalServerDialog();
  void showAbout();

  AppSettings settings_;
  LanguageSwitcher* language_;  // first: the widgets below are made in the chosen language
  ThemeSwitcher* theme_;
  SessionLink* link_;  // what the GUI thread shares with the session on the worker thread
  std::unique_ptr<EngineClient> engine_;
  ChatModel* chat_model_;
  ChatController* chat_;
  ConversationSession* conversations_;
  StatusLine* status_line_;
  ModelOpener* opener_ = nullptr;
  ChatPanel* chat_panel_ = nullptr;
  QTabWidget* central_tabs_ = nullptr;
  ModelPanel* model_panel_ = nullptr;
  ModelSourcePanel* source_panel_ = nullptr;
  RemoteEndpointPanel* remote_panel_ = nullptr;
  GpuWorkspace* gpu_workspace_ = nullptr;  // GPU panel, split editor, plots (docks); a child
  SamplingPanel* sampling_panel_ = nullptr;
  SystemPromptEdit* system_prompt_ = nullptr;
  ErrorBanner* banner_ = nullptr;
  DropHighlight* drop_highlight_ = nullptr;
  HistoryPanel* history_panel_ = nullptr;
  LibraryPanel* library_panel_ = nullptr;  // the "Library" dock's content
  DownloadView* download_view_ = nullptr;  // the "Download" tab, beside the Library's
  LocalServer* server_ = nullptr;
  LocalServerDialog* server_dialog_ = nullptr;  // made when first shown
  GuideDialog* guide_ = nullptr;                // made when first shown
  std::function<void()> banner_action_;  // what the banner's button does for the message shown
  std::optional<SplitChoice> applied_split_;
  int history_height_ = 0;  // the history dock's height before the plots fold or unfold  // an Apply whose reload is under way
  QLabel* status_label_ = nullptr;
  QLabel* speed_label_ = nullptr;
  QLabel* server_label_ = nullptr;
  QDockWidget* model_dock_ = nullptr;
  QDockWidget* history_dock_ = nullptr;
  QDockWidget* generation_dock_ = nullptr;
  QGroupBox* prompt_box_ = nullptr;
  QGroupBox* sampling_box_ = nullptr;

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
  QAction* server_action_ = nullptr;
  QAction* guide_action_ = nullptr;
  QAction* reset_layout_action_ = nullptr;
  QAction* about_action_ = nullptr;
  QAction* system_language_action_ = nullptr;
  QActionGroup* language_group_ = nullptr;
  QMenu* file_menu_ = nullptr;
  QMenu* chat_menu_ = nullptr;
  QMenu* view_menu_ = nullptr;
  QMenu* settings_menu_ = nullptr;
  QMenu* language_menu_ = nullptr;
  QMenu* theme_menu_ = nullptr;
  OverflowPolicyMenu* overflow_menu_ = nullptr;
  QMenu* help_menu_ = nullptr;
};

}  // namespace tessera::gui

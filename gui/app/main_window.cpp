#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "chat_controller.h"
#include "chat_input.h"
#include "chat_model.h"
#include "chat_panel.h"
#include "conversation_session.h"
#include "dock_room.h"
#include "dock_title_bar.h"
#include "drop_highlight.h"
#include "elided_label.h"
#include "gpu_workspace.h"
#include "guide_dialog.h"
#include "history_panel.h"
#include "language_switcher.h"
#include "library_panel.h"
#if TESSERA_HAS_DOWNLOAD
#include "download_view.h"
#endif
#include "local_server.h"
#include "local_server_dialog.h"
#include "model_opener.h"
#include "model_panel.h"
#include "model_source_panel.h"
#include "network_settings.h"
#include "overflow_policy_chooser.h"
#include "remote_endpoint_panel.h"
#include "remote_engine_session.h"
#include "sampling_panel.h"
#include "split_bench_model.h"
#include "split_bench_view.h"
#include "split_workspace_view.h"
#include "status_line.h"
#include "system_prompt_edit.h"
#include "theme_switcher.h"
#include "vertical_scroll_area.h"

namespace tessera::gui {
namespace {

QString localGgufPath(const QMimeData* mime) {
  if (mime == nullptr || !mime->hasUrls()) return {};
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile()) return url.toLocalFile();
  return {};
}

// The status bar's server line: the whole text in its tooltip, elided where it does not fit (a
// long reason must not push the rest of the status bar off the window).
void showServerStatus(const LocalServer* server, QLabel* label) {
  const QString text = server->statusText();
  label->setToolTip(text);
  label->setText(label->fontMetrics().elidedText(text, Qt::ElideRight, label->maximumWidth()));
  label->setVisible(!text.isEmpty());
}

}  // namespace

QSize MainWindow::defaultSize(const QSize& available) {
  // The layout is made for 1280x720 and more; a smaller or larger screen gets most of its space.
  const int width = std::clamp(available.width() * 9 / 10, std::min(available.width(), 1024), 1600);
  const int height = std::clamp(available.height() * 9 / 10, std::min(available.height(), 600), 1000);
  return {std::min(width, available.width()), std::min(height, available.height())};
}

MainWindow::MainWindow(std::unique_ptr<EngineSession> session, std::unique_ptr<DeviceSource> devices,
                       QWidget* parent)
    : QMainWindow(parent),
      language_(new LanguageSwitcher(this)),
      theme_(new ThemeSwitcher(this)),
      link_(new SessionLink(this)),
      // Every window can also chat with an OpenAI-compatible server (the model panel's choice).
      engine_(std::make_unique<EngineClient>(makeLocalOrRemoteSession(std::move(session), link_))),
      chat_model_(new ChatModel(this)),
      chat_(new ChatController(engine_.get(), chat_model_, this)),
      conversations_(new ConversationSession(chat_, &settings_, settings_.conversationsFolder(), this)),
      status_line_(new StatusLine(engine_.get(), chat_, this)) {
  language_->apply(settings_.language());
  theme_->apply(settings_.theme());
  setObjectName(QStringLiteral("mainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/tessera.svg")));
  setAcceptDrops(true);
  setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

  banner_ = new ErrorBanner;
  chat_panel_ = new ChatPanel(chat_);
  auto* central = new QWidget;
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  auto* banner_box = new QVBoxLayout;
  banner_box->setContentsMargins(12, 8, 12, 0);
  banner_box->addWidget(banner_);
  layout->addLayout(banner_box);
  // The chat, and the GPU workspace's tabs (createDocks).
  central_tabs_ = new QTabWidget;
  central_tabs_->setObjectName(QStringLiteral("centralTabs"));
  central_tabs_->setDocumentMode(true);
  // Every tab's title in view, whole: the main area is never narrower than its tabs (in German,
  // on the smallest window, the last tab went behind scroll arrows).
  central_tabs_->setUsesScrollButtons(false);
  central_tabs_->setElideMode(Qt::ElideNone);
  central_tabs_->addTab(chat_panel_, QString());
  layout->addWidget(central_tabs_, 1);
  setCentralWidget(central);

  createDocks(std::move(devices));
  opener_ = new ModelOpener(engine_.get(), model_panel_, gpu_workspace_, &settings_, this);
  createActions();
  createMenus();

  // Elided where the window is narrower than the line (the whole line is its tooltip then).
  status_label_ = new ElidedLabel(this);
  status_label_->setObjectName(QStringLiteral("statusLabel"));
  // The local server's line (createLocalServer), then the last reply's speed, on the right.
  server_label_ = new QLabel(this);
  server_label_->setObjectName(QStringLiteral("serverStatusLabel"));
  server_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  server_label_->setMaximumWidth(420);
  server_label_->hide();
  speed_label_ = new QLabel(this);
  statusBar()->addWidget(status_label_, 1);
  statusBar()->addPermanentWidget(server_label_);
  statusBar()->addPermanentWidget(speed_label_);

  // The engine and the chat.
  connect(engine_.get(), &EngineClient::stateChanged, this, &MainWindow::updateActions);
  connect(engine_.get(), &EngineClient::modelLoaded, this, [this] {
    updateTitle();
    chat_panel_->input()->setFocus();
  });
  connect(engine_.get(), &EngineClient::modelUnloaded, this, &MainWindow::updateTitle);
  connect(status_line_, &StatusLine::changed, this, &MainWindow::updateStatus);
  connect(chat_, &ChatController::replyFailed, this, [this](const EngineError& error) {
    if (!ErrorTexts::isContextOverflow(error)) {
      showNotice(Notice{ErrorBanner::Severity::Error, [error] { return ErrorTexts::forGeneration(error); }, {}, {}});
      return;
    }
    showNotice(Notice{ErrorBanner::Severity::Error, [error] { return ErrorTexts::forGeneration(error); },
                      [] { return tr("Truncate Middle and Retry"); }, [this] {
                        chat_->setOverflowPolicy(tessera::OverflowPolicy::TruncateMiddle);
                        banner_->dismiss();
                        chat_->regenerate();
                      }});
  });
  // A full context: the banner's button lets the conversation go on (its policy becomes Truncate middle).
  connect(chat_, &ChatController::contextFilled, this, [this] {
    showNotice(Notice{ErrorBanner::Severity::Warning,
                      [size = chat_->contextSize()] { return ErrorTexts::forContextFull(size); },
                      [] { return tr("Go On: Truncate Middle"); }, [this] {
                        chat_->setOverflowPolicy(tessera::OverflowPolicy::TruncateMiddle);
                        banner_->dismiss();
                      }});
  });
  connect(chat_, &ChatController::streamingChanged, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::modelReset, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateActions);
  connect(chat_panel_, &ChatPanel::copyRequested, this, &MainWindow::copyText);
  connect(chat_panel_, &ChatPanel::newConversationRequested, conversations_, &ConversationSession::newConversation);

  // The conversation and its history.
  connect(conversations_, &ConversationSession::historyChanged, history_panel_, &HistoryPanel::refresh);
  connect(conversations_, &ConversationSession::notice, this, &MainWindow::showNotice);
  connect(conversations_, &ConversationSession::replaced, banner_, &ErrorBanner::dismiss);
  connect(conversations_, &ConversationSession::statusMessage, this,
          [this](const QString& text) { statusBar()->showMessage(text, 5000); });
  connect(history_panel_, &HistoryPanel::openRequested, conversations_, &ConversationSession::openStored);
  connect(history_panel_, &HistoryPanel::renameRequested, conversations_, &ConversationSession::rename);
  connect(history_panel_, &HistoryPanel::deleteRequested, conversations_, &ConversationSession::remove);
  conversations_->setConfirm([this](const QString& title, const QString& question, const QString& accept) {
    QMessageBox box(QMessageBox::Question, title, question, QMessageBox::Cancel, this);
    QPushButton* go = box.addButton(accept, QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == go;
  });

  // Opening and loading models: the model panel, the library, the split workspace.
  connect(opener_, &ModelOpener::previewFinished, this, &MainWindow::previewFinished);
  connect(opener_, &ModelOpener::previewFinished, this, &MainWindow::updateActions);
  connect(opener_, &ModelOpener::shownModelChanged, chat_panel_, &ChatPanel::setOpenModelName);
  connect(opener_, &ModelOpener::notice, this, &MainWindow::showNotice);
  connect(opener_, &ModelOpener::chooseFileRequested, this, &MainWindow::chooseModelFile);
  connect(opener_, &ModelOpener::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
  connect(opener_, &ModelOpener::recentFilesChanged, library_panel_, &LibraryPanel::refreshRecent);
  connect(opener_, &ModelOpener::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
  connect(model_panel_, &ModelPanel::openRequested, this, &MainWindow::chooseModelFile);
  connect(model_panel_, &ModelPanel::loadRequested, opener_, &ModelOpener::load);
  connect(model_panel_, &ModelPanel::unloadRequested, engine_.get(), &EngineClient::unload);
  connect(model_panel_, &ModelPanel::cancelRequested, engine_.get(), &EngineClient::cancelLoad);
  connect(model_panel_, &ModelPanel::contextLengthChanged, this, [this](int n) {
    settings_.setContextLength(n);
    settings_.setContextModel(model_panel_->contextModelPath());
    gpu_workspace_->setContextLength(n);
    updateActions();  // Load may have become Reload
  });
  // Opening a model from the library or the recent list means using it: it is loaded, and the chat
  // comes to the front.
  connect(library_panel_, &LibraryPanel::openRequested, this, [this](const QString& path) {
    openModel(path, true);
    central_tabs_->setCurrentWidget(chat_panel_);
  });
  connect(gpu_workspace_, &GpuWorkspace::splitEdited, this, [this] {
    model_panel_->setSplitChanged(gpu_workspace_->splitDiffersFromLoaded());
    updateActions();
  });
  // Apply and Apply the Winner say what they do, and then what came of it.
  connect(gpu_workspace_, &GpuWorkspace::splitApplied, this, [this](const SplitChoice& choice) {
    applied_split_ = choice;
    //: The status bar after Apply (a new GPU split): the model is loaded again with it.
    statusBar()->showMessage(tr("Loading %1 again with the new split…").arg(QFileInfo(engine_->modelPath()).fileName()),
                             8000);
  });
  connect(engine_.get(), &EngineClient::modelLoaded, this, [this](const tessera::ModelInfo& info) {
    if (!applied_split_) return;
    const QString split = gpu_workspace_->benchModel()->describeSplit(*applied_split_);
    applied_split_.reset();
    const bool cpu = !QString::fromStdString(info.backend).contains(QLatin1String("cuda"), Qt::CaseInsensitive);
    statusBar()->showMessage(
        cpu ? tr("Split applied: %1. The model runs on the CPU here, where a GPU split changes nothing.").arg(split)
            //: The status bar once a model was loaded again with a new split (%1 describes it).
            : tr("Split applied: %1.").arg(split),
        10000);
  });
  connect(engine_.get(), &EngineClient::loadFailed, this, [this] { applied_split_.reset(); });
  connect(banner_, &ErrorBanner::actionTriggered, this, [this] {
    if (banner_action_) banner_action_();
  });

  // The generation settings; the Thinking row follows what the loaded model offers.
  connect(engine_.get(), &EngineClient::modelLoaded, this,
          [this] { sampling_panel_->setThinkingControl(engine_->thinkingControl()); });
  connect(engine_.get(), &EngineClient::modelUnloaded, this,
          [this] { sampling_panel_->setThinkingControl(tessera::reasoning::ThinkingControl::None); });
  connect(sampling_panel_, &SamplingPanel::settingsChanged, this, [this](const ReplySettings& s) {
    chat_->setReplySettings(s);
    settings_.setSampling(s);
  });
  connect(system_prompt_, &SystemPromptEdit::textChanged, this, [this](const QString& text) {
    chat_->setSystemPrompt(text);
    settings_.setSystemPrompt(text);
  });
  connect(chat_, &ChatController::systemPromptChanged, system_prompt_, &SystemPromptEdit::setText);

  // The OpenAI-compatible side (docs/server.md): the model panel's server page.
  remote_panel_->setEndpoint(loadRemoteEndpoint());
  if (loadUseRemoteEndpoint()) source_panel_->setSource(ModelSourcePanel::Source::Server);
  connect(source_panel_, &ModelSourcePanel::sourceChanged, this,
          [](ModelSourcePanel::Source chosen) { saveUseRemoteEndpoint(chosen == ModelSourcePanel::Source::Server); });
  connect(remote_panel_, &RemoteEndpointPanel::connectRequested, this, [this](const RemoteEndpoint& endpoint) {
    banner_->dismiss();
    saveRemoteEndpoint(endpoint);
    link_->setEndpoint(endpoint);
    opener_->connectTo(endpoint);
  });
  connect(remote_panel_, &RemoteEndpointPanel::disconnectRequested, engine_.get(), &EngineClient::unload);
  createLocalServer();

  restoreSettings();
  // The conversation open when the app last ran comes back.
  conversations_->restoreLast();
  retranslateUi();
  updateActions();
  // Last: it starts serving once a model is loaded.
  server_->setSettings(loadLocalServerSettings());
}

MainWindow::~MainWindow() {
  // The local server stops serving while the engine (a member, destroyed before the children) is there.
  delete server_;
  server_ = nullptr;
  // The engine client (and its thread) goes before the chat objects that listen to it.
  chat_->disconnect();
  conversations_->disconnect();
  engine_->disconnect();
}

void MainWindow::createLocalServer() {
  // Settings ▸ Local server, with its line in the status bar.
  server_ = new LocalServer(engine_.get(), link_, this);
  server_->setObjectName(QStringLiteral("localServer"));
  connect(server_, &LocalServer::stateChanged, server_label_, [this] { showServerStatus(server_, server_label_); });
  server_action_ = new QAction(QIcon::fromTheme(QStringLiteral("network-server")), QString(), this);
  server_action_->setObjectName(QStringLiteral("localServerAction"));
  server_action_->setMenuRole(QAction::NoRole);
  settings_menu_->insertAction(language_menu_->menuAction(), server_action_);
  connect(server_action_, &QAction::triggered, this, &MainWindow::showLocalServerDialog);
}

void MainWindow::showLocalServerDialog() {
  if (server_dialog_ == nullptr) {
    server_dialog_ = new LocalServerDialog(server_, this);
    // The dialog accepts only settings that can serve: a running server is not stopped for nothing.
    connect(server_dialog_, &QDialog::accepted, server_, [this] {
      saveLocalServerSettings(server_dialog_->settings());
      server_->setSettings(server_dialog_->settings());
    });
  }
  server_dialog_->setSettings(server_->settings());  // what a Cancel left in the fields goes
  server_dialog_->show();
  server_dialog_->raise();
}

void MainWindow::createDocks(std::unique_ptr<DeviceSource> devices) {
  model_panel_ = new ModelPanel(engine_.get());
  remote_panel_ = new RemoteEndpointPanel(engine_.get());
  // Dock contents scroll up and down (a laptop's docks are shorter than what they hold), never
  // narrower than what they hold (vertical_scroll_area.h).
  source_panel_ = new ModelSourcePanel(new VerticalScrollArea(model_panel_), remote_panel_);
  model_dock_ = new QDockWidget(this);
  model_dock_->setObjectName(QStringLiteral("modelDock"));
  model_dock_->setWidget(source_panel_);
  model_dock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                           QDockWidget::DockWidgetClosable);
  addDockWidget(Qt::LeftDockWidgetArea, model_dock_);

  system_prompt_ = new SystemPromptEdit;
  sampling_panel_ = new SamplingPanel;
  auto* generation = new QWidget;
  auto* layout = new QVBoxLayout(generation);
  prompt_box_ = new QGroupBox;
  auto* prompt_layout = new QVBoxLayout(prompt_box_);
  prompt_layout->addWidget(system_prompt_);
  sampling_box_ = new QGroupBox;
  auto* sampling_layout = new QVBoxLayout(sampling_box_);
  sampling_layout->setContentsMargins(0, 0, 0, 0);
  sampling_layout->addWidget(sampling_panel_);
  layout->addWidget(prompt_box_);
  layout->addWidget(sampling_box_);
  layout->addStretch(1);
  generation_dock_ = new QDockWidget(this);
  generation_dock_->setObjectName(QStringLiteral("generationDock"));
  generation_dock_->setWidget(new VerticalScrollArea(generation));
  // The history above the generation settings on the right: the left column is the model panel's,
  // which needs its height before a model is loaded; sampling is changed least often.
  history_panel_ = new HistoryPanel(conversations_->store());
  history_dock_ = new QDockWidget(this);
  history_dock_->setObjectName(QStringLiteral("historyDock"));
  history_dock_->setWidget(history_panel_);
  addDockWidget(Qt::RightDockWidgetArea, history_dock_);
  addDockWidget(Qt::RightDockWidgetArea, generation_dock_);

  gpu_workspace_ =
      new GpuWorkspace(engine_.get(), devices ? std::move(devices) : std::make_unique<CudaDeviceSource>(), this);
  gpu_workspace_->addDocks(this);
  // Folding or unfolding the plots changes the right column's height: the history keeps its height
  // and the generation settings take the difference (Qt gave it all to the history, and after one
  // unfold and fold the generation settings scrolled on a laptop).
  connect(gpu_workspace_->performanceTitleBar(), &DockTitleBar::aboutToChangeCollapsed, this,
          [this] { history_height_ = history_dock_->height(); });
  connect(gpu_workspace_->performanceTitleBar(), &DockTitleBar::collapsedChanged, this, [this] {
    this->layout()->activate();
    fitRightColumn(history_height_);
  });
  // The main area's wide tabs: the library, the split workspace and the split benchmark. While one
  // of them is current the docks step aside, but the model panel stays (what is loaded, Load).
  library_panel_ = new LibraryPanel;
  library_panel_->followSplit(gpu_workspace_->splitModel());
  central_tabs_->addTab(library_panel_, QString());
  QList<QWidget*> wide_tabs{library_panel_};
#if TESSERA_HAS_DOWNLOAD
  // Beside the Library: what it downloads appears there.
  download_view_ = new DownloadView;
  download_view_->followSplit(gpu_workspace_->splitModel());
  showDownloadsInLibrary(download_view_, library_panel_);
  central_tabs_->addTab(download_view_, QString());
  wide_tabs << download_view_;
#endif
  gpu_workspace_->addCentralViews(central_tabs_);
  wide_tabs << gpu_workspace_->workspaceView() << gpu_workspace_->benchView();
  new DockRoom(this, central_tabs_, wide_tabs, QList<QDockWidget*>{model_dock_});
}

void MainWindow::createActions() {
  // Texts come in retranslateUi(). Shortcuts are not translated: a translated key name that Qt
  // cannot parse would silently lose the shortcut.
  open_action_ = new QAction(QIcon::fromTheme(QStringLiteral("document-open")), QString(), this);
  open_action_->setShortcut(QKeySequence::Open);
  connect(open_action_, &QAction::triggered, this, &MainWindow::chooseModelFile);
  library_action_ = new QAction(this);
  library_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  connect(library_action_, &QAction::triggered, this, [this] {
    central_tabs_->setCurrentWidget(library_panel_);
    library_panel_->searchBox()->setFocus();
  });
  add_folder_action_ = new QAction(this);
  connect(add_folder_action_, &QAction::triggered, this, [this] {
    central_tabs_->setCurrentWidget(library_panel_);
    library_panel_->chooseFolder();
  });
  load_action_ = new QAction(this);
  load_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
  connect(load_action_, &QAction::triggered, this, &MainWindow::loadOpenModel);
  unload_action_ = new QAction(this);
  connect(unload_action_, &QAction::triggered, engine_.get(), &EngineClient::unload);
  load_chat_action_ = new QAction(this);
  connect(load_chat_action_, &QAction::triggered, this, &MainWindow::chooseConversationToLoad);
  save_chat_action_ = new QAction(QIcon::fromTheme(QStringLiteral("document-save")), QString(), this);
  save_chat_action_->setShortcut(QKeySequence::Save);
  connect(save_chat_action_, &QAction::triggered, this, &MainWindow::chooseConversationToSave);
  quit_action_ = new QAction(this);
  quit_action_->setShortcut(QKeySequence::Quit);
  quit_action_->setMenuRole(QAction::QuitRole);
  connect(quit_action_, &QAction::triggered, this, &QWidget::close);

  new_chat_action_ = new QAction(this);
  new_chat_action_->setShortcut(QKeySequence::New);
  connect(new_chat_action_, &QAction::triggered, conversations_, &ConversationSession::newConversation);
  regenerate_action_ = new QAction(this);
  regenerate_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  connect(regenerate_action_, &QAction::triggered, chat_, &ChatController::regenerate);
  stop_action_ = new QAction(this);
  stop_action_->setShortcut(QKeySequence(Qt::Key_Escape));
  connect(stop_action_, &QAction::triggered, chat_, &ChatController::stop);
  copy_reply_action_ = new QAction(this);
  copy_reply_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  connect(copy_reply_action_, &QAction::triggered, this, &MainWindow::copyLastReply);

  reset_layout_action_ = new QAction(this);
  reset_layout_action_->setObjectName(QStringLiteral("resetLayoutAction"));
  connect(reset_layout_action_, &QAction::triggered, this, &MainWindow::resetLayout);
  guide_action_ = new QAction(QIcon::fromTheme(QStringLiteral("help-contents")), QString(), this);
  guide_action_->setObjectName(QStringLiteral("guideAction"));
  guide_action_->setShortcut(QKeySequence::HelpContents);
  connect(guide_action_, &QAction::triggered, this, &MainWindow::showGuide);
  about_action_ = new QAction(this);
  about_action_->setMenuRole(QAction::AboutRole);
  connect(about_action_, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus() {
  file_menu_ = menuBar()->addMenu(QString());
  file_menu_->setObjectName(QStringLiteral("fileMenu"));
  file_menu_->addAction(open_action_);
  recent_menu_ = file_menu_->addMenu(QString());
  recent_menu_->setObjectName(QStringLiteral("recentMenu"));
  file_menu_->addAction(library_action_);
  file_menu_->addAction(load_action_);
  file_menu_->addAction(unload_action_);
  file_menu_->addSeparator();
  file_menu_->addAction(load_chat_action_);
  file_menu_->addAction(save_chat_action_);
  file_menu_->addSeparator();
  file_menu_->addAction(quit_action_);

  chat_menu_ = menuBar()->addMenu(QString());
  chat_menu_->setObjectName(QStringLiteral("chatMenu"));
  chat_menu_->addAction(new_chat_action_);
  chat_menu_->addAction(regenerate_action_);
  chat_menu_->addAction(stop_action_);
  chat_menu_->addSeparator();
  chat_menu_->addAction(copy_reply_action_);

  view_menu_ = menuBar()->addMenu(QString());
  view_menu_->setObjectName(QStringLiteral("viewMenu"));
  for (QDockWidget* dock : findChildren<QDockWidget*>()) view_menu_->addAction(dock->toggleViewAction());
  view_menu_->addSeparator();
  view_menu_->addAction(reset_layout_action_);

  settings_menu_ = menuBar()->addMenu(QString());
  settings_menu_->setObjectName(QStringLiteral("settingsMenu"));
  settings_menu_->addAction(add_folder_action_);
  createLanguageMenu();
  theme_menu_ = theme_->createMenu(settings_menu_);
  connect(theme_, &ThemeSwitcher::themeChosen, this, [this](const QString& key) { settings_.setTheme(key); });
  overflow_menu_ = new OverflowPolicyMenu(this);
  settings_menu_->addMenu(overflow_menu_);
  connect(overflow_menu_, &OverflowPolicyMenu::policyChosen, this, [this](tessera::OverflowPolicy policy) {
    settings_.setOverflowPolicy(policy);
    chat_->setDefaultOverflowPolicy(policy);
    if (chat_model_->rowCount() == 0) chat_->setOverflowPolicy(policy);  // an empty chat is a new one
  });

  help_menu_ = menuBar()->addMenu(QString());
  help_menu_->setObjectName(QStringLiteral("helpMenu"));
  help_menu_->addAction(guide_action_);
  help_menu_->addSeparator();
  help_menu_->addAction(about_action_);
}

void MainWindow::createLanguageMenu() {
  language_menu_ = settings_menu_->addMenu(QIcon::fromTheme(QStringLiteral("preferences-desktop-locale")), QString());
  language_menu_->setObjectName(QStringLiteral("languageMenu"));
  language_group_ = new QActionGroup(this);
  language_group_->setExclusive(true);
  system_language_action_ = language_menu_->addAction(QString());
  system_language_action_->setData(QString());
  language_menu_->addSeparator();
  QList<QAction*> actions{system_language_action_};
  // Each language is named in itself, so it can be found from any language.
  for (const UiLanguage& language : LanguageSwitcher::languages()) {
    QAction* action = language_menu_->addAction(language.native_name);
    action->setData(language.code);
    actions << action;
  }
  for (QAction* action : actions) {
    action->setCheckable(true);
    language_group_->addAction(action);
    const QString code = action->data().toString();
    connect(action, &QAction::triggered, this, [this, code] { setLanguage(code); });
  }
  updateLanguageMenu();
}

void MainWindow::updateLanguageMenu() {
  for (QAction* action : language_group_->actions())
    action->setChecked(action->data().toString() == language_->choice());
}

void MainWindow::setLanguage(const QString& code) {
  settings_.setLanguage(code);
  language_->apply(code);
  updateLanguageMenu();
}

void MainWindow::retranslateUi() {
  open_action_->setText(tr("&Open Model…"));
  load_action_->setText(tr("&Load Model"));
  unload_action_->setText(tr("&Unload Model"));
  load_chat_action_->setText(tr("Open &Conversation…"));
  save_chat_action_->setText(tr("&Save Conversation…"));
  quit_action_->setText(tr("&Quit"));
  new_chat_action_->setText(tr("&New Conversation"));
  regenerate_action_->setText(tr("&Regenerate Reply"));
  stop_action_->setText(tr("&Stop"));
  copy_reply_action_->setText(tr("&Copy Last Reply"));
  //: Help menu: a short guide to the split workspace and the keyboard shortcuts.
  guide_action_->setText(tr("&Guide and Shortcuts"));
  //: View menu: every panel back where it was at the first start, sized for the window.
  reset_layout_action_->setText(tr("&Reset Layout"));
  about_action_->setText(tr("&About Tessera"));
  server_action_->setText(tr("Local &Server…"));
  showServerStatus(server_, server_label_);
  file_menu_->setTitle(tr("&File"));
  recent_menu_->setTitle(tr("Recent &Models"));
  library_action_->setText(tr("Model Li&brary"));
  add_folder_action_->setText(tr("Add &Model Folder…"));
  chat_menu_->setTitle(tr("&Chat"));
  view_menu_->setTitle(tr("&View"));
  settings_menu_->setTitle(tr("&Settings"));
  language_menu_->setTitle(tr("&Language"));
  //: Language menu entry: follow the language of the desktop session.
  system_language_action_->setText(tr("System default"));
  help_menu_->setTitle(tr("&Help"));
  central_tabs_->setTabText(central_tabs_->indexOf(chat_panel_), tr("Chat"));
  central_tabs_->setTabText(central_tabs_->indexOf(library_panel_), LibraryPanel::title());
#if TESSERA_HAS_DOWNLOAD
  central_tabs_->setTabText(central_tabs_->indexOf(download_view_), DownloadView::title());
#endif
  model_dock_->setWindowTitle(tr("Model"));
  history_dock_->setWindowTitle(tr("History"));
  generation_dock_->setWindowTitle(tr("Generation"));
  prompt_box_->setTitle(tr("System Prompt"));
  sampling_box_->setTitle(tr("Sampling"));
  rebuildRecentMenu();
  updateStatus();
  updateTitle();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QMainWindow::changeEvent(event);
}

void MainWindow::restoreSettings() {
  if (!restoreGeometry(settings_.windowGeometry())) {
    const QScreen* screen = this->screen() != nullptr ? this->screen() : QGuiApplication::primaryScreen();
    const QRect available = screen != nullptr ? screen->availableGeometry() : QRect(0, 0, 1366, 768);
    const QSize size = defaultSize(available.size());
    // Frame included: the title bar and the status bar stay on the screen.
    setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
  }
  if (!restoreState(settings_.windowState())) resetLayout();
  const ReplySettings sampling = settings_.sampling();
  sampling_panel_->setSettings(sampling);
  chat_->setReplySettings(sampling);
  model_panel_->setContextLength(settings_.contextLength(), settings_.contextModel());
  gpu_workspace_->setContextLength(model_panel_->contextLength());
  chat_->setSystemPrompt(settings_.systemPrompt());
  overflow_menu_->setPolicy(settings_.overflowPolicy());
  chat_->setDefaultOverflowPolicy(settings_.overflowPolicy());
  chat_->setOverflowPolicy(settings_.overflowPolicy());
  system_prompt_->setText(settings_.systemPrompt());
}

void MainWindow::resetLayout() {
  // Every dock back where it starts: the model on the left, the history above the generation
  // settings on the right, the plots below; the chat in front.
  central_tabs_->setCurrentWidget(chat_panel_);
  for (QDockWidget* dock : {model_dock_, history_dock_, generation_dock_, gpu_workspace_->performanceDock()}) {
    dock->setFloating(false);
    dock->show();
  }
  // Sized for the window as it is: the chat keeps most of a laptop's height. The plots start
  // folded to their title where they would take more than a fifth of it (one click unfolds them).
  const QSize size = this->size();
  resizeDocks({model_dock_, history_dock_},
              {std::clamp(size.width() / 5, 260, 360), std::clamp(size.width() / 5, 240, 340)}, Qt::Horizontal);
  DockTitleBar* plots = gpu_workspace_->performanceTitleBar();
  const int plot_height = std::clamp(size.height() / 4, 200, 280);
  plots->setCollapsed(false);
  plots->setExpandedHeight(plot_height);
  if (size.height() < kHeightForPlots)
    plots->setCollapsed(true);
  else
    resizeDocks({gpu_workspace_->performanceDock()}, {plot_height}, Qt::Vertical);
  // The right column's split last, on the column's final height, and both docks' heights given:
  // with the history's alone, the column's spare height was shared out between the two, and the
  // generation settings scrolled on a laptop.
  layout()->activate();
  fitRightColumn(std::clamp(size.height() / 4, 140, 240));
}

void MainWindow::fitRightColumn(int history_height) {
  if (history_dock_->isFloating() || history_dock_->isHidden()) return;
  if (dockWidgetArea(history_dock_) == dockWidgetArea(generation_dock_) && !generation_dock_->isFloating() &&
      !generation_dock_->isHidden()) {
    const int column = history_dock_->height() + generation_dock_->height();
    if (history_height > 0 && column > history_height)  // not before the window has a size
      resizeDocks({history_dock_, generation_dock_}, {history_height, column - history_height}, Qt::Vertical);
  } else if (history_height > 0) {
    resizeDocks({history_dock_}, {history_height}, Qt::Vertical);
  }
}

void MainWindow::saveSettings() {
  settings_.setWindow(saveGeometry(), saveState());
  settings_.setSampling(sampling_panel_->settings());
  settings_.setContextLength(model_panel_->contextLength());
  settings_.setContextModel(model_panel_->contextModelPath());
  settings_.setSystemPrompt(chat_->systemPrompt());
  settings_.sync();
}

void MainWindow::rebuildRecentMenu() {
  recent_menu_->clear();
  const QStringList files = settings_.recentFiles();
  for (int i = 0; i < files.size(); ++i) {
    const QString path = files.at(i);
    //: Recent-files menu entry: number (keyboard accelerator) and file name.
    QAction* action = recent_menu_->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
    action->setToolTip(path);
    action->setStatusTip(path);
    action->setData(path);
    // A recent model is one to use again: it is loaded.
    connect(action, &QAction::triggered, this, [this, path] { openModel(path, true); });
  }
  if (!files.isEmpty()) recent_menu_->addSeparator();
  QAction* clear = recent_menu_->addAction(tr("Clear Recent Files"));
  clear->setEnabled(!files.isEmpty());
  connect(clear, &QAction::triggered, this, [this] {
    settings_.clearRecentFiles();
    rebuildRecentMenu();
  });
  recent_menu_->setEnabled(!files.isEmpty());
}

void MainWindow::openModel(const QString& path, bool load) {
  banner_->dismiss();
  opener_->open(path, load);
}

void MainWindow::loadOpenModel() {
  banner_->dismiss();
  opener_->load();
}

void MainWindow::setAvailableMemoryProbe(AvailableMemoryProbe probe) { opener_->setAvailableMemoryProbe(std::move(probe)); }

void MainWindow::openStartupModel(const StartupModel& choice) {
  settings_.markStarted();
  if (choice.reason != StartupModel::Reason::None) openModel(choice.path, true);
}

void MainWindow::showNotice(const Notice& notice) {
  banner_action_ = notice.on_action;
  banner_->showMessage(notice.severity, notice.text, notice.action);
}

void MainWindow::chooseModelFile() {
  QString dir = QFileInfo(settings_.lastModel()).absolutePath();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a GGUF Model"), dir,
                                                    tr("GGUF models (*.gguf);;All files (*)"));
  if (!path.isEmpty()) openModel(path, false);
}

void MainWindow::chooseConversationToSave() {
  //: The file name the save dialog suggests.
  QString path = QFileDialog::getSaveFileName(this, tr("Save Conversation"), tr("conversation.json"),
                                              tr("Conversations (*.json);;All files (*)"));
  if (!path.isEmpty()) conversations_->saveTo(path);
}

void MainWindow::chooseConversationToLoad() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Conversation"), QString(),
                                                    tr("Conversations (*.json);;All files (*)"));
  if (!path.isEmpty()) conversations_->openFile(path);
}

void MainWindow::copyText(const QString& text) {
  QApplication::clipboard()->setText(text);
  statusBar()->showMessage(tr("Copied to the clipboard"), 2000);
}

void MainWindow::copyLastReply() {
  const int row = chat_model_->lastAssistantRow();
  if (row >= 0) copyText(chat_model_->message(row).text());
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About Tessera"),
                     tr("<h3>Tessera %1</h3><p>Runs GGUF language models on NVIDIA GPUs with its own CUDA "
                        "backend, or on the CPU.</p><p>MIT License.</p>")
                         .arg(QStringLiteral(TESSERA_VERSION)));
}

void MainWindow::showGuide() {
  if (guide_ == nullptr)
    guide_ = new GuideDialog({open_action_, library_action_, load_action_, new_chat_action_, regenerate_action_,
                              stop_action_, copy_reply_action_, save_chat_action_, guide_action_, quit_action_},
                             this);
  guide_->show();
  guide_->raise();
}

void MainWindow::updateActions() {
  const auto state = engine_->state();
  const bool streaming = chat_->isStreaming();
  load_action_->setEnabled(model_panel_->loadButton()->isEnabled());
  unload_action_->setEnabled(engine_->hasModel() && state != EngineClient::State::Generating);
  new_chat_action_->setEnabled(chat_model_->rowCount() > 0 || streaming);
  regenerate_action_->setEnabled(chat_->canRegenerate());
  stop_action_->setEnabled(streaming);
  copy_reply_action_->setEnabled(chat_model_->lastAssistantRow() >= 0);
  save_chat_action_->setEnabled(chat_model_->rowCount() > 0);
  load_chat_action_->setEnabled(!streaming);
}

QString MainWindow::statusText() const { return status_label_->text(); }

void MainWindow::updateStatus() {
  status_label_->setText(status_line_->text());
  speed_label_->setText(status_line_->speedText());
}

void MainWindow::updateTitle() {
  if (engine_->hasModel() && !engine_->model().name.empty())
    //: Window title: model name, then the application name.
    setWindowTitle(tr("%1 — Tessera").arg(QString::fromStdString(engine_->model().name)));
  else
    setWindowTitle(tr("Tessera"));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!conversations_->mayReplace(tr("Quit Tessera"), tr("Quit"))) {
    event->ignore();
    return;
  }
  chat_->stop();
  conversations_->autosave();
  saveSettings();
  event->accept();
}

bool MainWindow::dropHighlighted() const { return drop_highlight_ && !drop_highlight_->isHidden(); }

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (localGgufPath(event->mimeData()).isEmpty()) return;
  event->acceptProposedAction();
  if (!drop_highlight_) drop_highlight_ = new DropHighlight(this);
  drop_highlight_->showOver();
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event) {
  if (drop_highlight_) drop_highlight_->hide();
  QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dropEvent(QDropEvent* event) {
  if (drop_highlight_) drop_highlight_->hide();
  const QString path = localGgufPath(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  openModel(path, false);
}

}  // namespace tessera::gui

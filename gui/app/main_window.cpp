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
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "chat_input.h"
#include "chat_panel.h"
#include "chat_view.h"
#include "device_source.h"
#include "display_format.h"
#include "engine_worker.h"
#include "error_banner.h"
#include "error_text.h"
#include "gpu_list_model.h"
#include "gpu_workspace.h"
#include "history_panel.h"
#include "language_switcher.h"
#include "local_server.h"
#include "local_server_dialog.h"
#include "library_panel.h"
#include "memory_check.h"
#include "model_panel.h"
#include "overflow_policy_chooser.h"
#include "model_source_panel.h"
#include "network_settings.h"
#include "remote_endpoint_panel.h"
#include "remote_engine_session.h"
#include "sampling_panel.h"
#include "system_prompt_edit.h"

namespace tessera::gui {
namespace {

QString localGgufPath(const QMimeData* mime) {
  if (mime == nullptr || !mime->hasUrls()) return {};
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile()) return url.toLocalFile();
  return {};
}

// Dock contents scroll rather than set the window's minimum size: on a 1366×768 laptop the
// docks are shorter than what they hold.
// Every window can also chat with an OpenAI-compatible server (the model panel's choice): the
// session is wrapped, and the link it shares with the GUI thread is a child of the window.
std::unique_ptr<EngineSession> withRemoteEndpoints(std::unique_ptr<EngineSession> session, QObject* window) {
  auto* link = new SessionLink(window);
  link->setObjectName(QStringLiteral("sessionLink"));
  return makeLocalOrRemoteSession(std::move(session), link);
}

void showServerStatus(const LocalServer* server, QLabel* label) {
  const QString text = server->statusText();
  label->setText(text);
  label->setVisible(!text.isEmpty());
}

QScrollArea* scrollable(QWidget* content) {
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(content);
  // Only up and down: never narrower than what it holds, so nothing is cut at the side.
  scroll->setMinimumWidth(content->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
  return scroll;
}

PreviewOutcome readPreview(quint64 sequence, const QString& path) {
  PreviewOutcome outcome;
  outcome.sequence = sequence;
  outcome.path = path;
  auto result = readModelPreview(path);
  if (result.ok())
    outcome.preview = std::move(result).value();
  else
    outcome.error = toEngineError(result.error());
  return outcome;
}

}  // namespace

MainWindow::MainWindow(std::unique_ptr<EngineSession> session, std::unique_ptr<DeviceSource> devices,
                       QWidget* parent)
    : QMainWindow(parent),
      store_(settings_.conversationsFolder()),
      language_(new LanguageSwitcher(this)),
      engine_(std::make_unique<EngineClient>(withRemoteEndpoints(std::move(session), this))),
      chat_model_(new ChatModel(this)),
      chat_(new ChatController(engine_.get(), chat_model_, this)) {
  qRegisterMetaType<PreviewOutcome>();
  language_->apply(settings_.language());
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
  central_tabs_->addTab(chat_panel_, QString());
  layout->addWidget(central_tabs_, 1);
  setCentralWidget(central);

  createDocks(std::move(devices));
  createActions();
  createMenus();

  status_label_ = new QLabel(this);
  status_label_->setObjectName(QStringLiteral("statusLabel"));
  speed_label_ = new QLabel(this);
  statusBar()->addWidget(status_label_, 1);
  statusBar()->addPermanentWidget(speed_label_);

  connect(&preview_watcher_, &QFutureWatcher<PreviewOutcome>::finished, this, &MainWindow::onPreviewDone);
  connect(engine_.get(), &EngineClient::stateChanged, this, [this] {
    updateActions();
    updateStatus();
  });
  connect(engine_.get(), &EngineClient::loadProgress, this, &MainWindow::updateStatus);
  connect(engine_.get(), &EngineClient::modelLoaded, this, &MainWindow::onModelLoaded);
  connect(engine_.get(), &EngineClient::loadFailed, this, &MainWindow::onLoadFailed);
  connect(engine_.get(), &EngineClient::modelUnloaded, this, &MainWindow::updateTitle);
  connect(engine_.get(), &EngineClient::generationStarted, this, [this] {
    streamed_tokens_ = 0;
    prompt_read_ = 0;
    prompt_total_ = 0;
    updateStatus();
  });
  connect(engine_.get(), &EngineClient::textGenerated, this, [this](const QString&, int tokens) {
    streamed_tokens_ += tokens;
  });
  connect(engine_.get(), &EngineClient::promptProgress, this, [this](int read, int total) {
    prompt_read_ = read;
    prompt_total_ = total;
    updateStatus();
  });
  connect(chat_, &ChatController::replyFinished, this, [this](int, const GenerationTimings& t) {
    last_reply_ = t;
    updateSpeed();
    updateStatus();
  });
  connect(chat_, &ChatController::replyFailed, this, &MainWindow::onGenerationFailed);
  connect(chat_, &ChatController::streamingChanged, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::modelReset, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateActions);
  connect(chat_model_, &QAbstractItemModel::dataChanged, this, [this] { if (chat_->isStreaming()) updateStatus(); });
  connect(chat_panel_, &ChatPanel::copyRequested, this, &MainWindow::copyText);
  connect(chat_panel_, &ChatPanel::newConversationRequested, this, &MainWindow::newConversation);

  connect(model_panel_, &ModelPanel::openRequested, this, &MainWindow::chooseModelFile);
  connect(model_panel_, &ModelPanel::loadRequested, this, &MainWindow::loadOpenModel);
  connect(model_panel_, &ModelPanel::unloadRequested, engine_.get(), &EngineClient::unload);
  connect(model_panel_, &ModelPanel::cancelRequested, engine_.get(), &EngineClient::cancelLoad);
  connect(model_panel_, &ModelPanel::contextLengthChanged, this, [this](int n) {
    settings_.setContextLength(n);
    settings_.setContextModel(model_panel_->contextModelPath());
    updateActions();  // Load may have become Reload
  });
  connect(sampling_panel_, &SamplingPanel::settingsChanged, this, [this](const SamplingSettings& s) {
    chat_->setSampling(s);
    settings_.setSampling(s);
  });
  connect(system_prompt_, &SystemPromptEdit::textChanged, this, [this](const QString& text) {
    chat_->setSystemPrompt(text);
    settings_.setSystemPrompt(text);
  });
  connect(chat_, &ChatController::systemPromptChanged, system_prompt_, &SystemPromptEdit::setText);
  // The chat's policy is the conversation's: saved with it.
  connect(chat_, &ChatController::overflowPolicyChanged, this, [this] {
    if (!chat_->isStreaming()) autosave();
  });
  connect(gpu_workspace_, &GpuWorkspace::splitEdited, this, [this] {
    model_panel_->setSplitChanged(gpu_workspace_->splitDiffersFromLoaded());
    updateActions();
  });
  connect(banner_, &ErrorBanner::actionTriggered, this, [this] {
    if (banner_action_) banner_action_();
  });
  // A full context: the banner's button lets the conversation go on (its policy becomes Truncate middle).
  connect(chat_, &ChatController::contextFilled, this, [this] {
    showBanner(ErrorBanner::Severity::Warning, [size = chat_->contextSize()] { return ErrorTexts::forContextFull(size); },
               [] { return tr("Go On: Truncate Middle"); }, [this] {
                 chat_->setOverflowPolicy(tessera::OverflowPolicy::TruncateMiddle);
                 banner_->dismiss();
               });
  });

  // Every change of the open conversation is kept: a message sent, a reply ended, a reply dropped.
  connect(chat_, &ChatController::streamingChanged, this, [this] { autosave(); });
  connect(chat_model_, &QAbstractItemModel::rowsRemoved, this, [this] { if (!chat_->isStreaming()) autosave(); });
  connect(history_panel_, &HistoryPanel::openRequested, this, &MainWindow::openStoredConversation);
  connect(history_panel_, &HistoryPanel::renameRequested, this, &MainWindow::renameStoredConversation);
  connect(history_panel_, &HistoryPanel::deleteRequested, this, &MainWindow::deleteStoredConversation);
  confirm_ = [this](const QString& title, const QString& question, const QString& accept) {
    QMessageBox box(QMessageBox::Question, title, question, QMessageBox::Cancel, this);
    QPushButton* go = box.addButton(accept, QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == go;
  };

  // The OpenAI-compatible side (docs/server.md): the model panel's server page, and Settings ▸
  // Local server with its line in the status bar. Found by name: they are children, not members.
  auto* link = findChild<SessionLink*>(QStringLiteral("sessionLink"));
  auto* remote = findChild<RemoteEndpointPanel*>();
  auto* source = findChild<ModelSourcePanel*>();
  remote->setEndpoint(loadRemoteEndpoint());
  if (loadUseRemoteEndpoint()) source->setSource(ModelSourcePanel::Source::Server);
  connect(source, &ModelSourcePanel::sourceChanged, this,
          [](ModelSourcePanel::Source chosen) { saveUseRemoteEndpoint(chosen == ModelSourcePanel::Source::Server); });
  connect(remote, &RemoteEndpointPanel::connectRequested, this, [this, link](const RemoteEndpoint& endpoint) {
    banner_->dismiss();
    saveRemoteEndpoint(endpoint);
    link->setEndpoint(endpoint);
    loading_path_ = endpoint.url.trimmed();
    engine_->load(loading_path_, LoadSettings{});
  });
  connect(remote, &RemoteEndpointPanel::disconnectRequested, engine_.get(), &EngineClient::unload);
  auto* server = new LocalServer(engine_.get(), link, this);
  server->setObjectName(QStringLiteral("localServer"));
  auto* server_label = new QLabel(this);
  server_label->setObjectName(QStringLiteral("serverStatusLabel"));
  server_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  server_label->hide();
  statusBar()->insertPermanentWidget(0, server_label);
  connect(server, &LocalServer::stateChanged, server_label, [server, server_label] { showServerStatus(server, server_label); });
  auto* server_action = new QAction(QIcon::fromTheme(QStringLiteral("network-server")), QString(), this);
  server_action->setObjectName(QStringLiteral("localServerAction"));
  server_action->setMenuRole(QAction::NoRole);
  settings_menu_->insertAction(language_menu_->menuAction(), server_action);
  connect(server_action, &QAction::triggered, this, [this, server] {
    auto* dialog = findChild<LocalServerDialog*>();
    if (!dialog) {
      dialog = new LocalServerDialog(server, this);
      connect(dialog, &QDialog::accepted, server, [dialog, server] {
        saveLocalServerSettings(dialog->settings());
        server->setSettings(dialog->settings());
      });
    }
    dialog->setSettings(server->settings());  // what a Cancel left in the fields goes
    dialog->show();
    dialog->raise();
  });

  restoreSettings();
  // The conversation open when the app last ran comes back.
  if (const QString id = settings_.currentConversation(); !id.isEmpty()) {
    QString error;
    if (auto conversation = store_.load(id, &error)) {
      chat_->setConversation(*conversation);
      current_id_ = id;
      current_title_ = conversation->title;
    }
  }
  history_panel_->refresh(current_id_);
  retranslateUi();
  updateActions();
  // Last: it starts serving once a model is loaded.
  server->setSettings(loadLocalServerSettings());
}

MainWindow::~MainWindow() {
  preview_watcher_.waitForFinished();
  // The local server stops serving while the engine (a member, destroyed before the children) is there.
  delete findChild<LocalServer*>();
  // The engine client (and its thread) goes before the chat objects that listen to it.
  chat_->disconnect();
  engine_->disconnect();
}

void MainWindow::createDocks(std::unique_ptr<DeviceSource> devices) {

  model_panel_ = new ModelPanel(engine_.get());
  model_dock_ = new QDockWidget(this);
  model_dock_->setObjectName(QStringLiteral("modelDock"));
  model_dock_->setWidget(new ModelSourcePanel(scrollable(model_panel_), new RemoteEndpointPanel(engine_.get())));
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
  generation_dock_->setWidget(scrollable(generation));
  // The history above the generation settings on the right: the left column is the model panel's,
  // which needs its height before a model is loaded; sampling is changed least often.
  history_panel_ = new HistoryPanel(&store_);
  history_dock_ = new QDockWidget(this);
  history_dock_->setObjectName(QStringLiteral("historyDock"));
  history_dock_->setWidget(history_panel_);
  addDockWidget(Qt::RightDockWidgetArea, history_dock_);
  addDockWidget(Qt::RightDockWidgetArea, generation_dock_);
  resizeDocks({history_dock_}, {200}, Qt::Vertical);

  gpu_workspace_ =
      new GpuWorkspace(engine_.get(), devices ? std::move(devices) : std::make_unique<CudaDeviceSource>(), this);
  gpu_workspace_->attach(this);
  library_panel_ = new LibraryPanel;
  library_panel_->attach(this);
  gpu_workspace_->addCentralViews(this, central_tabs_);
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
    library_panel_->dock()->show();
    library_panel_->dock()->raise();
    library_panel_->searchBox()->setFocus();
  });
  add_folder_action_ = new QAction(this);
  connect(add_folder_action_, &QAction::triggered, this, [this] {
    library_panel_->dock()->show();
    library_panel_->dock()->raise();
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
  connect(new_chat_action_, &QAction::triggered, this, &MainWindow::newConversation);
  regenerate_action_ = new QAction(this);
  regenerate_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  connect(regenerate_action_, &QAction::triggered, chat_, &ChatController::regenerate);
  stop_action_ = new QAction(this);
  stop_action_->setShortcut(QKeySequence(Qt::Key_Escape));
  connect(stop_action_, &QAction::triggered, chat_, &ChatController::stop);
  copy_reply_action_ = new QAction(this);
  copy_reply_action_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  connect(copy_reply_action_, &QAction::triggered, this, &MainWindow::copyLastReply);

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

  settings_menu_ = menuBar()->addMenu(QString());
  settings_menu_->setObjectName(QStringLiteral("settingsMenu"));
  settings_menu_->addAction(add_folder_action_);
  createLanguageMenu();
  overflow_menu_ = new OverflowPolicyMenu(this);
  settings_menu_->addMenu(overflow_menu_);
  connect(overflow_menu_, &OverflowPolicyMenu::policyChosen, this, [this](tessera::OverflowPolicy policy) {
    settings_.setOverflowPolicy(policy);
    chat_->setDefaultOverflowPolicy(policy);
    if (chat_model_->rowCount() == 0) chat_->setOverflowPolicy(policy);  // an empty chat is a new one
  });

  help_menu_ = menuBar()->addMenu(QString());
  help_menu_->setObjectName(QStringLiteral("helpMenu"));
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
  about_action_->setText(tr("&About Tessera"));
  if (auto* server_action = findChild<QAction*>(QStringLiteral("localServerAction")))
    server_action->setText(tr("Local &Server…"));
  if (auto* server = findChild<LocalServer*>())
    showServerStatus(server, findChild<QLabel*>(QStringLiteral("serverStatusLabel")));
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
  model_dock_->setWindowTitle(tr("Model"));
  history_dock_->setWindowTitle(tr("History"));
  generation_dock_->setWindowTitle(tr("Generation"));
  prompt_box_->setTitle(tr("System Prompt"));
  sampling_box_->setTitle(tr("Sampling"));
  rebuildRecentMenu();
  updateSpeed();
  updateStatus();
  updateTitle();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QMainWindow::changeEvent(event);
}

void MainWindow::updateSpeed() {
  if (!last_reply_) return;
  const QLocale locale;
  speed_label_->setText(tr("Last reply: %1 tok/s").arg(locale.toString(last_reply_->generation_tokens_per_second(), 'f', 1)));
}

void MainWindow::restoreSettings() {
  if (!restoreGeometry(settings_.windowGeometry())) resize(1280, 820);
  restoreState(settings_.windowState());
  const SamplingSettings sampling = settings_.sampling();
  sampling_panel_->setSettings(sampling);
  chat_->setSampling(sampling);
  model_panel_->setContextLength(settings_.contextLength(), settings_.contextModel());
  chat_->setSystemPrompt(settings_.systemPrompt());
  overflow_menu_->setPolicy(settings_.overflowPolicy());
  chat_->setDefaultOverflowPolicy(settings_.overflowPolicy());
  chat_->setOverflowPolicy(settings_.overflowPolicy());
  system_prompt_->setText(settings_.systemPrompt());
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
    connect(action, &QAction::triggered, this, [this, path] { openModel(path, false); });
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
  load_after_preview_ = load;
  const quint64 sequence = ++preview_sequence_;
  model_panel_->showPreviewPending(path);
  preview_watcher_.setFuture(QtConcurrent::run(readPreview, sequence, path));
}

void MainWindow::onPreviewDone() {
  const PreviewOutcome outcome = preview_watcher_.result();
  if (outcome.sequence != preview_sequence_) return;  // a newer file was opened meanwhile
  if (!outcome.preview) {
    model_panel_->restorePreviousPreview();
    const auto& shown = model_panel_->preview();
    chat_panel_->setOpenModelName(shown ? shown->name : QString());
    showBanner(
        ErrorBanner::Severity::Error,
        [error = outcome.error, path = outcome.path] { return ErrorTexts::forPreview(error, path); },
        [] { return tr("Open Another File…"); }, [this] { chooseModelFile(); });
    updateActions();
    emit previewFinished(false);
    return;
  }
  model_panel_->showPreview(*outcome.preview);
  chat_panel_->setOpenModelName(outcome.preview->name);
  settings_.addRecentFile(outcome.path);
  rebuildRecentMenu();
  updateActions();
  emit previewFinished(true);
  if (load_after_preview_) loadOpenModel();
}

void MainWindow::loadOpenModel() { startLoad(true); }

void MainWindow::startLoad(bool check_memory) {
  const auto& preview = model_panel_->preview();
  if (!preview) return;
  banner_->dismiss();
  LoadSettings load;
  load.context_length = model_panel_->contextLength();
  gpu_workspace_->fillLoadSettings(&load);
  // Without a GPU the model goes to the CPU, and nothing else checks that it fits in RAM.
  if (check_memory && gpu_workspace_->gpuModel()->rowCount() == 0 && memory_probe_) {
    const quint64 planned =
        plannedCpuBytes(*preview, model_panel_->effectiveContextLength(), load.split.kvCacheType());
    const std::optional<quint64> available = memory_probe_();
    if (available && planned > *available) {
      showBanner(
          ErrorBanner::Severity::Warning,
          [path = preview->path, planned, free = *available] { return MemoryCheck::tooLarge(path, planned, free); },
          [] { return tr("Load Anyway"); }, [this] { startLoad(false); });
      return;
    }
  }
  loading_path_ = preview->path;
  engine_->load(preview->path, load);
}

void MainWindow::openStartupModel(const StartupModel& choice) {
  settings_.markStarted();
  if (choice.reason != StartupModel::Reason::None) openModel(choice.path, true);
}

void MainWindow::onModelLoaded(const ModelInfo& info) {
  if (!isEndpointUrl(info.path)) settings_.setLastModel(info.path);
  updateTitle();
  updateStatus();
  chat_panel_->input()->setFocus();
}

void MainWindow::onLoadFailed(const EngineError& error) {
  if (isEndpointUrl(loading_path_)) {
    showBanner(ErrorBanner::Severity::Error,
               [error, url = loading_path_] { return RemoteEndpointPanel::connectionError(error, url); });
    updateStatus();
    return;
  }
  auto text = [error, path = loading_path_] { return ErrorTexts::forLoad(error, path); };
  if (error.kind == EngineErrorKind::Cancelled)
    showBanner(ErrorBanner::Severity::Info, text);
  else
    showBanner(ErrorBanner::Severity::Error, text, [] { return tr("Open Another File…"); }, [this] { chooseModelFile(); });
  updateStatus();
}

void MainWindow::onGenerationFailed(const EngineError& error) {
  if (ErrorTexts::isContextOverflow(error)) {
    showBanner(ErrorBanner::Severity::Error, [error] { return ErrorTexts::forGeneration(error); },
               [] { return tr("Truncate Middle and Retry"); }, [this] {
                 chat_->setOverflowPolicy(tessera::OverflowPolicy::TruncateMiddle);
                 banner_->dismiss();
                 chat_->regenerate();
               });
    return;
  }
  showBanner(ErrorBanner::Severity::Error, [error] { return ErrorTexts::forGeneration(error); });
}

void MainWindow::showBanner(ErrorBanner::Severity severity, ErrorBanner::TextSource text,
                            ErrorBanner::ActionSource action, std::function<void()> on_action) {
  banner_action_ = std::move(on_action);
  banner_->showMessage(severity, std::move(text), std::move(action));
}

bool MainWindow::saveConversation(const QString& path) {
  QString error;
  if (!ConversationIo::save(path, chat_->conversation(), &error)) {
    showBanner(ErrorBanner::Severity::Error, [error] {
      return ErrorText{tr("The conversation was not saved"), error, tr("Choose a folder you can write to and try again.")};
    });
    return false;
  }
  statusBar()->showMessage(tr("Saved the conversation to %1").arg(path), 5000);
  return true;
}

bool MainWindow::loadConversation(const QString& path) {
  if (!mayReplaceConversation(tr("Open Conversation"), tr("Open"))) return false;
  QString error;
  auto conversation = ConversationIo::load(path, &error);
  if (!conversation) {
    showBanner(ErrorBanner::Severity::Error, [error] {
      return ErrorText{tr("The conversation could not be opened"), error, tr("Choose a conversation file saved by Tessera.")};
    });
    return false;
  }
  autosave();  // the one open until now stays in the history
  chat_->setConversation(*conversation);
  // The opened file becomes a conversation of the history of its own.
  current_id_.clear();
  current_title_ = conversation->title;
  autosave();
  banner_->dismiss();  // what went wrong before belongs to the conversation just replaced
  statusBar()->showMessage(tr("Opened the conversation %1").arg(path), 5000);
  return true;
}

void MainWindow::newConversation() {
  if (chat_->isStreaming() && !mayReplaceConversation(tr("New Conversation"), tr("New Conversation"))) return;
  autosave();  // the old one stays in the history
  chat_->clear();
  chat_->setOverflowPolicy(chat_->defaultOverflowPolicy());
  current_id_.clear();
  current_title_.clear();
  settings_.setCurrentConversation(QString());
  history_panel_->refresh(current_id_);
  banner_->dismiss();  // an error of the old conversation says nothing about the new one
}

bool MainWindow::mayReplaceConversation(const QString& title, const QString& accept) {
  // A reply being generated ends here; a conversation that could not be saved is gone.
  if (chat_->isStreaming())
    return confirm_(title, tr("A reply is being generated. It stops here; what it wrote so far is kept."), accept);
  if (chat_model_->rowCount() > 0 && !autosave())
    return confirm_(title,
                    tr("The conversation could not be saved (%1). It will be lost.").arg(last_save_error_), accept);
  return true;
}

bool MainWindow::autosave() {
  if (chat_model_->rowCount() == 0) return true;  // nothing to keep
  Conversation conversation = chat_->conversation();
  conversation.title = current_title_;
  QString error;
  const QString id = store_.save(current_id_, conversation, &error);
  if (id.isEmpty()) {
    last_save_error_ = error;
    return false;
  }
  last_save_error_.clear();
  if (id != current_id_) {
    current_id_ = id;
    settings_.setCurrentConversation(id);
  }
  history_panel_->refresh(current_id_);
  return true;
}

bool MainWindow::openStoredConversation(const QString& id) {
  if (id == current_id_) return true;
  if (!mayReplaceConversation(tr("Open Conversation"), tr("Open"))) return false;
  QString error;
  auto conversation = store_.load(id, &error);
  if (!conversation) {
    showBanner(ErrorBanner::Severity::Error, [error] {
      return ErrorText{tr("The conversation could not be opened"), error, tr("Choose another conversation.")};
    });
    return false;
  }
  chat_->setConversation(*conversation);
  current_id_ = id;
  current_title_ = conversation->title;
  settings_.setCurrentConversation(id);
  history_panel_->refresh(current_id_);
  banner_->dismiss();
  return true;
}

bool MainWindow::renameStoredConversation(const QString& id, const QString& title) {
  QString error;
  if (!store_.rename(id, title, &error)) {
    showBanner(ErrorBanner::Severity::Error, [error] {
      return ErrorText{tr("The conversation was not renamed"), error, tr("Check that the folder can be written to.")};
    });
    history_panel_->refresh(current_id_);
    return false;
  }
  if (id == current_id_) current_title_ = title.trimmed();
  history_panel_->refresh(current_id_);
  return true;
}

bool MainWindow::deleteStoredConversation(const QString& id) {
  if (!confirm_(tr("Delete Conversation"), tr("Delete this conversation? It cannot be brought back."), tr("Delete")))
    return false;
  if (id == current_id_) {
    chat_->clear();
    current_id_.clear();
    current_title_.clear();
    settings_.setCurrentConversation(QString());
  }
  QString error;
  const bool ok = store_.remove(id, &error);
  if (!ok)
    showBanner(ErrorBanner::Severity::Error, [error] {
      return ErrorText{tr("The conversation was not deleted"), error, tr("Check that the folder can be written to.")};
    });
  history_panel_->refresh(current_id_);
  return ok;
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
  if (!path.isEmpty()) saveConversation(path);
}

void MainWindow::chooseConversationToLoad() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Conversation"), QString(),
                                                    tr("Conversations (*.json);;All files (*)"));
  if (!path.isEmpty()) loadConversation(path);
}

void MainWindow::copyText(const QString& text) {
  QApplication::clipboard()->setText(text);
  statusBar()->showMessage(tr("Copied to the clipboard"), 2000);
}

void MainWindow::copyLastReply() {
  const int row = chat_model_->lastAssistantRow();
  if (row >= 0) copyText(chat_model_->message(row).text);
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About Tessera"),
                     tr("<h3>Tessera %1</h3><p>Runs GGUF language models on NVIDIA GPUs with its own CUDA "
                        "backend, or on the CPU.</p><p>MIT License.</p>")
                         .arg(QStringLiteral(TESSERA_VERSION)));
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
  const QLocale locale;
  switch (engine_->state()) {
    case EngineClient::State::Empty: status_label_->setText(tr("No model loaded")); break;
    case EngineClient::State::Loading:
      if (isEndpointUrl(engine_->modelPath())) {
        //: The OpenAI-compatible server's URL.
        status_label_->setText(tr("Connecting to %1…").arg(engine_->modelPath()));
        break;
      }
      //: The file being loaded, then how much of it is done, in percent.
      status_label_->setText(tr("Loading %1… %2%")
                                 .arg(QFileInfo(engine_->modelPath()).fileName(),
                                      locale.toString(model_panel_->progressBar()->value() / 10)));
      break;
    case EngineClient::State::Ready: {
      const ModelInfo& m = engine_->model();
      const QString parameters = DisplayFormat::parameterCount(m.parameter_count);
      if (isEndpointUrl(m.path)) {
        //: The server's model id, then the server's base URL.
        status_label_->setText(tr("Ready: %1 on the server %2").arg(m.name, m.path));
      } else if (m.backend.isEmpty()) {
        //: Model name, architecture, parameter count ("7.24 B").
        status_label_->setText(tr("Ready: %1 (%2, %3 parameters) on the CPU").arg(m.name, m.architecture, parameters));
      } else {
        //: Model name, architecture, parameter count ("7.24 B"), the engine's backend ("cuda (2 GPUs)").
        status_label_->setText(tr("Ready: %1 (%2, %3 parameters) on %4")
                                   .arg(m.name, m.architecture, parameters, DisplayFormat::backend(m.backend)));
      }
      break;
    }
    case EngineClient::State::Generating:
      if (streamed_tokens_ == 0 && prompt_total_ > 0)
        //: Status bar while the model reads the conversation: tokens read, of all. Esc stops.
        status_label_->setText(tr("Reading the prompt: %1 / %2 tok (Esc stops)")
                                   .arg(locale.toString(prompt_read_), locale.toString(prompt_total_)));
      else
        status_label_->setText(tr("Generating: %1 tok so far").arg(locale.toString(streamed_tokens_)));
      break;
  }
}

void MainWindow::updateTitle() {
  if (engine_->hasModel())
    //: Window title: model name, then the application name.
    setWindowTitle(tr("%1 — Tessera").arg(engine_->model().name));
  else
    setWindowTitle(tr("Tessera"));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!mayReplaceConversation(tr("Quit Tessera"), tr("Quit"))) {
    event->ignore();
    return;
  }
  chat_->stop();
  autosave();
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

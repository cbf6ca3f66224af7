// The model panel's "OpenAI-compatible server" page: URL, API key and model name (the server's
// /v1/models listed to choose from), Connect / Disconnect, and what the connection is doing. It
// only asks: MainWindow connects (EngineClient::load with LoadSettings::remote).
#pragma once

#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>

#include "engine_client.h"
#include "error_text.h"
#include "remote_endpoint.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace tessera::gui {

// What a background /v1/models request hands back to the GUI thread.
struct ModelListOutcome {
  quint64 sequence = 0;
  QStringList models;
  QString error;  // empty when it worked
};

class RemoteEndpointPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RemoteEndpointPanel(EngineClient* engine, QWidget* parent = nullptr);
  ~RemoteEndpointPanel() override;

  RemoteEndpoint endpoint() const;  // as the fields say now
  void setEndpoint(const RemoteEndpoint& endpoint);

  // Asks the server for its models in the background; the model box lists them when it answers.
  void listModels();
  bool isListing() const { return list_watcher_.isRunning(); }

  QLineEdit* urlEdit() const { return url_; }
  QLineEdit* keyEdit() const { return key_; }
  QComboBox* modelBox() const { return model_; }
  QPushButton* listButton() const { return list_; }
  QPushButton* connectButton() const { return connect_; }
  QPushButton* disconnectButton() const { return disconnect_; }
  QString statusText() const;

  // What the banner says when connecting to the server at `url` failed (down, wrong key, unknown
  // model, no answer).
  static ErrorText connectionError(const EngineError& error, const QString& url);

 signals:
  void connectRequested(const tessera::gui::RemoteEndpoint& endpoint);
  void disconnectRequested();
  // After each listModels(): whether the server answered with a list.
  void modelsListed(bool ok);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void updateState();
  void onListed();

  EngineClient* engine_;
  QLabel* url_label_;
  QLabel* key_label_;
  QLabel* model_label_;
  QLineEdit* url_;
  QLineEdit* key_;
  QComboBox* model_;
  QPushButton* list_;
  QPushButton* connect_;
  QPushButton* disconnect_;
  QLabel* status_;
  QString list_error_;
  QString connect_error_;  // why the last Connect failed (empty: it did not)
  bool connecting_ = false;  // the load under way is a Connect
  int listed_count_ = -1;  // models in the last answer; -1: none yet
  QFutureWatcher<ModelListOutcome> list_watcher_;
  quint64 list_sequence_ = 0;
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::ModelListOutcome)

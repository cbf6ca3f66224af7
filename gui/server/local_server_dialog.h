// Settings ▸ Local server…: whether the app serves its loaded model over the OpenAI-compatible
// API, on which host and port, with which API key, to which web page origins; shows the address (with a Copy button) and
// why the server is not running when it is not. OK applies (MainWindow persists and applies it).
#pragma once

#include <QDialog>

#include "local_server.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace tessera::gui {

class LocalServerDialog : public QDialog {
  Q_OBJECT

 public:
  // `server` must outlive the dialog; its settings fill the fields.
  explicit LocalServerDialog(LocalServer* server, QWidget* parent = nullptr);

  LocalServerSettings settings() const;  // as the fields say now
  void setSettings(const LocalServerSettings& settings);

  QCheckBox* enabledBox() const { return enabled_; }
  QLineEdit* hostEdit() const { return host_; }
  QSpinBox* portBox() const { return port_; }
  QLineEdit* keyEdit() const { return key_; }
  QCheckBox* insecureBox() const { return insecure_; }
  QLineEdit* originsEdit() const { return origins_; }
  QLabel* statusLabel() const { return status_; }
  QPushButton* copyButton() const { return copy_; }

 protected:
  // OK with settings that cannot serve says why here and keeps the dialog (and a running server) as
  // they are.
  void done(int result) override;
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
  void updateStatus();

  LocalServer* server_;
  QLabel* intro_;
  QLabel* host_label_;
  QLabel* port_label_;
  QLabel* key_label_;
  QLabel* origins_label_;
  QCheckBox* enabled_;
  QLineEdit* host_;
  QSpinBox* port_;
  QLineEdit* key_;
  QCheckBox* insecure_;
  QLineEdit* origins_;
  QLabel* status_;
  QPushButton* copy_;
};

}  // namespace tessera::gui

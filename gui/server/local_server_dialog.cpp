#include "local_server_dialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tessera::gui {

LocalServerDialog::LocalServerDialog(LocalServer* server, QWidget* parent) : QDialog(parent), server_(server) {
  setObjectName(QStringLiteral("localServerDialog"));
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);

  enabled_ = new QCheckBox;
  host_ = new QLineEdit;
  port_ = new QSpinBox;
  port_->setRange(0, 65535);
  key_ = new QLineEdit;
  key_->setEchoMode(QLineEdit::PasswordEchoOnEdit);
  insecure_ = new QCheckBox;
  origins_ = new QLineEdit;
  host_label_ = new QLabel;
  port_label_ = new QLabel;
  key_label_ = new QLabel;
  origins_label_ = new QLabel;
  auto* form = new QFormLayout;
  form->addRow(enabled_);
  form->addRow(host_label_, host_);
  form->addRow(port_label_, port_);
  form->addRow(key_label_, key_);
  form->addRow(insecure_);
  form->addRow(origins_label_, origins_);
  layout->addLayout(form);

  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("localServerStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  copy_ = new QPushButton(QIcon::fromTheme(QStringLiteral("edit-copy")), QString());
  auto* status_row = new QHBoxLayout;
  status_row->addWidget(status_, 1);
  status_row->addWidget(copy_);
  layout->addLayout(status_row);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(copy_, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(server_->address()); });
  connect(server_, &LocalServer::stateChanged, this, &LocalServerDialog::updateStatus);
  retranslateUi();
  setSettings(server_->settings());
}

void LocalServerDialog::retranslateUi() {
  setWindowTitle(tr("Local Server"));
  intro_->setText(tr("Serves the model loaded in this app to other programs over the OpenAI-compatible "
                     "API (base URL: the address below followed by /v1). Their requests wait in line "
                     "with the chat's own."));
  enabled_->setText(tr("Serve the loaded model"));
  //: Port 0 in the local server's settings: the system picks a free port.
  port_->setSpecialValueText(tr("any free port"));
  key_->setPlaceholderText(tr("none (anyone on this machine may connect)"));
  insecure_->setText(tr("Allow other machines without an API key (insecure)"));
  origins_->setPlaceholderText(tr("none (web pages cannot use the server)"));
  //: "*" and the example origins are typed as shown; do not translate them.
  origins_->setToolTip(tr("Web pages allowed to call the server from a browser, as their origins separated by "
                          "commas, e.g. http://localhost:3000, https://*.example.com; * allows every page."));
  host_label_->setText(tr("Host:"));
  port_label_->setText(tr("Port:"));
  key_label_->setText(tr("API key:"));
  origins_label_->setText(tr("Allowed web origins:"));
  copy_->setText(tr("Copy Address"));
  // The placeholders say what an empty field means: wide enough to be read whole.
  for (QLineEdit* edit : {key_, origins_})
    edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(edit->placeholderText()) + 24);
  updateStatus();
}

void LocalServerDialog::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QDialog::changeEvent(event);
}

LocalServerSettings LocalServerDialog::settings() const {
  LocalServerSettings s;
  s.enabled = enabled_->isChecked();
  s.host = host_->text().trimmed();
  s.port = port_->value();
  s.api_key = key_->text();
  s.insecure = insecure_->isChecked();
  s.allowed_origins = origins_->text().trimmed();
  return s;
}

void LocalServerDialog::setSettings(const LocalServerSettings& s) {
  enabled_->setChecked(s.enabled);
  host_->setText(s.host);
  port_->setValue(s.port);
  key_->setText(s.api_key);
  insecure_->setChecked(s.insecure);
  origins_->setText(s.allowed_origins);
}

void LocalServerDialog::done(int result) {
  if (result == QDialog::Accepted) {
    const LocalServerSettings wanted = settings();
    if (const QString why = LocalServer::settingsProblem(wanted); wanted.enabled && !why.isEmpty()) {
      status_->setText(why);
      return;
    }
  }
  QDialog::done(result);
}

void LocalServerDialog::updateStatus() {
  const QString text = server_->statusText();
  status_->setText(text.isEmpty() ? tr("The local server is off.") : text);
  copy_->setEnabled(!server_->address().isEmpty());
}

}  // namespace tessera::gui

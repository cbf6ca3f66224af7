#include "model_source_panel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "remote_endpoint_panel.h"

namespace tessera::gui {

ModelSourcePanel::ModelSourcePanel(QWidget* file_page, RemoteEndpointPanel* server_page, QWidget* parent)
    : QWidget(parent), label_(new QLabel(this)), source_(new QComboBox(this)), pages_(new QStackedWidget(this)) {
  setObjectName(QStringLiteral("modelSourcePanel"));
  source_->setObjectName(QStringLiteral("modelSource"));
  source_->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // its words, in every language
  source_->addItem(QString());
  source_->addItem(QString());
  pages_->addWidget(file_page);
  pages_->addWidget(server_page);
  auto* row = new QHBoxLayout;
  row->setContentsMargins(9, 6, 9, 0);
  row->addWidget(label_);
  row->addWidget(source_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row);
  layout->addWidget(pages_, 1);
  connect(source_, &QComboBox::currentIndexChanged, this, [this](int index) {
    pages_->setCurrentIndex(index);
    emit sourceChanged(source());
  });
  retranslateUi();
}

ModelSourcePanel::Source ModelSourcePanel::source() const {
  return source_->currentIndex() == 1 ? Source::Server : Source::File;
}

void ModelSourcePanel::setSource(Source source) { source_->setCurrentIndex(source == Source::Server ? 1 : 0); }

void ModelSourcePanel::retranslateUi() {
  //: Where the model runs: a GGUF file loaded by this app, or an OpenAI-compatible server.
  label_->setText(tr("Source:"));
  source_->setItemText(0, tr("Model file"));
  source_->setItemText(1, tr("OpenAI-compatible server"));
}

void ModelSourcePanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(event);
}

}  // namespace tessera::gui

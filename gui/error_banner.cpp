#include "error_banner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace tessera::gui {

ErrorBanner::ErrorBanner(QWidget* parent)
    : QFrame(parent),
      icon_(new QLabel(this)),
      title_(new QLabel(this)),
      detail_(new QLabel(this)),
      advice_(new QLabel(this)),
      action_(new QPushButton(this)),
      close_(new QToolButton(this)) {
  setObjectName(QStringLiteral("errorBanner"));
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);

  QFont bold = title_->font();
  bold.setBold(true);
  title_->setFont(bold);
  for (QLabel* label : {title_, detail_, advice_}) {
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  detail_->setObjectName(QStringLiteral("errorDetail"));

  close_->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  close_->setAutoRaise(true);

  auto* text = new QVBoxLayout;
  text->setSpacing(2);
  text->addWidget(title_);
  text->addWidget(detail_);
  text->addWidget(advice_);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(10, 8, 6, 8);
  row->addWidget(icon_, 0, Qt::AlignTop);
  row->addLayout(text, 1);
  row->addWidget(action_, 0, Qt::AlignVCenter);
  row->addWidget(close_, 0, Qt::AlignTop);

  connect(action_, &QPushButton::clicked, this, &ErrorBanner::actionTriggered);
  connect(close_, &QToolButton::clicked, this, &ErrorBanner::dismiss);
  retranslateUi();
  hide();
}

void ErrorBanner::retranslateUi() {
  close_->setToolTip(tr("Dismiss"));
  close_->setAccessibleName(tr("Dismiss message"));
  showTexts();
}

void ErrorBanner::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QFrame::changeEvent(event);
}

void ErrorBanner::showMessage(Severity severity, const ErrorText& text, const QString& action) {
  showMessage(severity, [text] { return text; }, [action] { return action; });
}

void ErrorBanner::showMessage(Severity severity, TextSource text, ActionSource action) {
  severity_ = severity;
  text_source_ = std::move(text);
  action_source_ = std::move(action);
  QStyle::StandardPixmap pixmap = QStyle::SP_MessageBoxInformation;
  QString background = QStringLiteral("#e8f1fb");
  QString border = QStringLiteral("#9cbfe6");
  if (severity == Severity::Warning) {
    pixmap = QStyle::SP_MessageBoxWarning;
    background = QStringLiteral("#fff6dd");
    border = QStringLiteral("#e6c770");
  } else if (severity == Severity::Error) {
    pixmap = QStyle::SP_MessageBoxCritical;
    background = QStringLiteral("#fdeaea");
    border = QStringLiteral("#e3a1a1");
  }
  setStyleSheet(QStringLiteral("#errorBanner { background: %1; border: 1px solid %2; border-radius: 6px; }"
                               "#errorBanner QLabel { color: #202020; }")
                    .arg(background, border));
  icon_->setPixmap(style()->standardIcon(pixmap).pixmap(24, 24));
  showTexts();
  show();
}

void ErrorBanner::showTexts() {
  const ErrorText text = text_source_ ? text_source_() : ErrorText{};
  const QString action = action_source_ ? action_source_() : QString();
  title_->setText(text.title);
  detail_->setText(text.detail);
  detail_->setVisible(!text.detail.isEmpty());
  advice_->setText(text.advice);
  advice_->setVisible(!text.advice.isEmpty());
  action_->setText(action);
  action_->setVisible(!action.isEmpty());
}

void ErrorBanner::dismiss() {
  if (isHidden()) return;
  hide();
  emit dismissed();
}

QString ErrorBanner::title() const { return title_->text(); }
QString ErrorBanner::detail() const { return detail_->text(); }
QString ErrorBanner::advice() const { return advice_->text(); }

}  // namespace tessera::gui

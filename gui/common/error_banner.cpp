#include "error_banner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include "theme_colors.h"

namespace tessera::gui {
namespace {

ThemeColors::Accent accentOf(ErrorBanner::Severity severity) {
  switch (severity) {
    case ErrorBanner::Severity::Info: return ThemeColors::Accent::Info;
    case ErrorBanner::Severity::Warning: return ThemeColors::Accent::Warning;
    case ErrorBanner::Severity::Error: return ThemeColors::Accent::Error;
  }
  return ThemeColors::Accent::Info;
}

}  // namespace

ErrorBanner::ErrorBanner(QWidget* parent)
    : QFrame(parent),
      icon_(new QLabel(this)),
      title_(new QLabel(this)),
      detail_(new QLabel(this)),
      advice_(new QLabel(this)),
      action_(new QPushButton(this)),
      close_(new QToolButton(this)) {
  setObjectName(QStringLiteral("errorBanner"));
  // paintEvent draws the rounded, tinted surface.
  setFrameShape(QFrame::NoFrame);

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
  applyColors();
  hide();
}

void ErrorBanner::retranslateUi() {
  close_->setToolTip(tr("Dismiss"));
  close_->setAccessibleName(tr("Dismiss message"));
  showTexts();
}

void ErrorBanner::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  if (event->type() == QEvent::PaletteChange) applyColors();
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
  if (severity == Severity::Warning) pixmap = QStyle::SP_MessageBoxWarning;
  else if (severity == Severity::Error) pixmap = QStyle::SP_MessageBoxCritical;
  icon_->setPixmap(style()->standardIcon(pixmap).pixmap(24, 24));
  applyColors();
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

void ErrorBanner::applyColors() {
  const ThemeColors::Banner colors = ThemeColors::banner(palette(), accentOf(severity_));
  // Only the labels' text role is set, so they still follow every other palette change.
  for (QLabel* label : {title_, detail_, advice_}) {
    QPalette pal = label->palette();
    pal.setColor(QPalette::WindowText, colors.text);
    label->setPalette(pal);
  }
  update();
}

QColor ErrorBanner::backgroundColor() const { return ThemeColors::banner(palette(), accentOf(severity_)).background; }

QColor ErrorBanner::textColor() const { return title_->palette().color(QPalette::WindowText); }

void ErrorBanner::paintEvent(QPaintEvent* event) {
  const ThemeColors::Banner colors = ThemeColors::banner(palette(), accentOf(severity_));
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(colors.border, 1.0));
  painter.setBrush(colors.background);
  painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
  QFrame::paintEvent(event);
}

QString ErrorBanner::title() const { return title_->text(); }
QString ErrorBanner::detail() const { return detail_->text(); }
QString ErrorBanner::advice() const { return advice_->text(); }

}  // namespace tessera::gui

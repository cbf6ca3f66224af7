#include "message_widget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

#include "display_format.h"
#include "markdown_view.h"
#include "theme_colors.h"

namespace tessera::gui {

MessageWidget::MessageWidget(QWidget* parent)
    : QFrame(parent),
      author_(new QLabel(this)),
      status_(new QLabel(this)),
      view_(new MarkdownView(this)),
      timings_(new QLabel(this)),
      copy_(new QToolButton(this)),
      edit_(new QToolButton(this)),
      thinking_toggle_(new QToolButton(this)),
      thinking_(new QLabel(this)) {
  setObjectName(QStringLiteral("message"));
  QFont bold = author_->font();
  bold.setBold(true);
  author_->setFont(bold);
  status_->setObjectName(QStringLiteral("messageStatus"));
  timings_->setObjectName(QStringLiteral("messageTimings"));
  QFont small = timings_->font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  timings_->setFont(small);
  status_->setFont(small);
  timings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // Long names, errors and timings wrap rather than widen the message past the chat (the Copy
  // button would leave the screen on a laptop).
  author_->setWordWrap(true);
  status_->setWordWrap(true);
  timings_->setWordWrap(true);

  copy_->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
  copy_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  copy_->setAutoRaise(true);
  edit_->setObjectName(QStringLiteral("editMessage"));
  edit_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  edit_->setAutoRaise(true);
  edit_->hide();

  thinking_toggle_->setObjectName(QStringLiteral("thinkingToggle"));
  thinking_toggle_->setCheckable(true);
  thinking_toggle_->setAutoRaise(true);
  thinking_toggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  thinking_toggle_->setFont(small);
  thinking_toggle_->hide();
  thinking_->setObjectName(QStringLiteral("thinkingText"));
  thinking_->setTextFormat(Qt::PlainText);  // the model's own words, not rendered
  thinking_->setWordWrap(true);
  thinking_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  thinking_->setFont(small);
  thinking_->setContentsMargins(14, 0, 0, 4);
  thinking_->hide();

  auto* header = new QHBoxLayout;
  header->addWidget(author_);
  header->addWidget(status_);
  header->addStretch(1);
  header->addWidget(edit_);
  header->addWidget(copy_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(12, 6, 12, 8);
  layout->setSpacing(2);
  layout->addLayout(header);
  layout->addWidget(thinking_toggle_, 0, Qt::AlignLeft);
  layout->addWidget(thinking_);
  layout->addWidget(view_);
  layout->addWidget(timings_);

  setFrameShape(QFrame::NoFrame);  // paintEvent draws the bubble
  connect(copy_, &QToolButton::clicked, this, [this] {
    emit copyRequested(message_.text());
    // Feedback where the user looks: the button says it worked, for a moment.
    copied_ = true;
    retranslateUi();
    QTimer::singleShot(kCopiedMs, this, [this] {
      copied_ = false;
      retranslateUi();
    });
  });
  connect(edit_, &QToolButton::clicked, this, &MessageWidget::startEditing);
  connect(thinking_toggle_, &QToolButton::clicked, this, [this](bool open) {
    thinking_folded_by_user_ = true;
    thinking_open_ = open;
    showThinking();
  });
  retranslateUi();
  applyColors();
}

void MessageWidget::retranslateUi() {
  //: The Copy button of a message, for a moment after it was pressed.
  copy_->setText(copied_ ? tr("Copied ✓") : tr("Copy"));
  copy_->setToolTip(tr("Copy this message as Markdown"));
  //: Edit a message already sent, then ask again from there.
  edit_->setText(tr("Edit"));
  edit_->setToolTip(tr("Change this message and get a new reply from here (the messages after it are replaced)"));
  if (edit_box_ != nullptr) {
    //: The button under an edited message: send it again and get a new reply.
    resend_->setText(tr("Send"));
    cancel_edit_->setText(tr("Cancel"));
  }
  showTexts();
}

void MessageWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  if (event->type() == QEvent::PaletteChange) applyColors();
  QFrame::changeEvent(event);
}

void MessageWidget::setMessage(const ChatEntry& m, const QString& assistant_name) {
  const bool recolor = m.message.role != message_.message.role || m.status != message_.status;
  message_ = m;
  assistant_name_ = assistant_name;
  const bool user = m.isUser();
  setProperty("role", user ? QStringLiteral("user") : QStringLiteral("assistant"));
  // A reply still streaming is rendered incrementally (only its last, open block again); the
  // finished text gets one full render.
  view_->setMarkdownText(m.text(), m.status == ChatEntry::Status::Streaming);
  // The thinking is open while the model thinks and folds when the answer starts, unless the
  // person chose.
  if (!thinking_folded_by_user_)
    thinking_open_ = m.status == ChatEntry::Status::Streaming && m.message.content.empty();
  if (!m.message.reasoning.empty()) thinking_->setText(m.reasoning());
  showTexts();
  if (recolor) applyColors();
  copy_->setEnabled(!m.message.content.empty());
  edit_->setVisible(editable_ && user);
}

void MessageWidget::setEditable(bool editable) {
  editable_ = editable;
  edit_->setVisible(editable_ && isUser());
  if (!editable_ && isEditing()) stopEditing();
}

void MessageWidget::makeEditor() {
  // Made on the first Edit: a long chat has many messages and few are ever edited.
  edit_box_ = new QWidget(this);
  editor_ = new QPlainTextEdit(edit_box_);
  editor_->setObjectName(QStringLiteral("messageEditor"));
  editor_->setTabChangesFocus(true);
  resend_ = new QPushButton(edit_box_);
  resend_->setObjectName(QStringLiteral("resendMessage"));
  resend_->setDefault(true);
  cancel_edit_ = new QPushButton(edit_box_);
  cancel_edit_->setObjectName(QStringLiteral("cancelEdit"));
  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(cancel_edit_);
  buttons->addWidget(resend_);
  auto* layout = new QVBoxLayout(edit_box_);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(editor_);
  layout->addLayout(buttons);
  // Below the text it replaces, above the timings.
  auto* box = static_cast<QVBoxLayout*>(this->layout());
  box->insertWidget(box->indexOf(view_) + 1, edit_box_);
  connect(cancel_edit_, &QPushButton::clicked, this, &MessageWidget::stopEditing);
  connect(resend_, &QPushButton::clicked, this, [this] {
    const QString edited = editor_->toPlainText();
    if (edited.trimmed().isEmpty()) return;
    stopEditing();
    emit editSubmitted(edited);
  });
  retranslateUi();
}

bool MessageWidget::isEditing() const { return edit_box_ != nullptr && !edit_box_->isHidden(); }

void MessageWidget::startEditing() {
  if (!isUser()) return;
  if (edit_box_ == nullptr) makeEditor();
  editor_->setPlainText(message_.text());
  // As tall as the text (within reason): the message keeps its place in the chat.
  const int lines = std::clamp(static_cast<int>(message_.text().count(QLatin1Char('\n'))) + 2, 3, 12);
  editor_->setFixedHeight(editor_->fontMetrics().lineSpacing() * lines + 2 * editor_->frameWidth() + 8);
  view_->hide();
  edit_box_->show();
  edit_->setEnabled(false);
  editor_->setFocus();
  editor_->moveCursor(QTextCursor::End);
}

void MessageWidget::stopEditing() {
  if (edit_box_ == nullptr) return;
  edit_box_->hide();
  view_->show();
  edit_->setEnabled(true);
}

void MessageWidget::showTexts() {
  const ChatEntry& m = message_;
  const bool user = m.isUser();
  const QString model = m.model.isEmpty() ? assistant_name_ : m.model;
  author_->setText(user ? tr("You") : (model.isEmpty() ? tr("Assistant") : model));

  QString status;
  switch (m.status) {
    case ChatEntry::Status::Streaming: status = streamingText(m); break;
    case ChatEntry::Status::Stopped: status = tr("stopped"); break;
    case ChatEntry::Status::ContextFull:
      //: A reply cut off because the model's context (its token memory) is used up.
      status = tr("stopped: context full");
      break;
    case ChatEntry::Status::Failed: status = tr("failed: %1").arg(m.error); break;
    case ChatEntry::Status::Complete: break;
  }
  status_->setText(status);
  status_->setVisible(!status.isEmpty());

  timings_->setText(m.stats ? DisplayFormat::timings(*m.stats, true) : QString());
  timings_->setVisible(m.stats.has_value());
  showThinking();
}

bool MessageWidget::isThinkingOpen() const { return !thinking_->isHidden(); }

void MessageWidget::showThinking() {
  const ChatEntry& m = message_;
  const bool has = !m.message.reasoning.empty();
  thinking_toggle_->setVisible(has);
  thinking_->setVisible(has && thinking_open_);
  if (!has) return;
  QString label;
  if (m.status == ChatEntry::Status::Streaming && m.message.content.empty())
    //: Above a reply while a reasoning model thinks (its thoughts stream below).
    label = tr("Thinking…");
  else if (m.stats && m.stats->timings.reasoning_ms > 0.0)
    //: Above a reply of a reasoning model, folded: %1 = how long it thought ("12 s").
    label = tr("Thought for %1").arg(DisplayFormat::duration(m.stats->timings.reasoning_ms / 1000.0));
  else
    //: Above a reply of a reasoning model whose thinking time is not known.
    label = tr("Thoughts");
  thinking_toggle_->setText(label);
  thinking_toggle_->setToolTip(thinking_open_ ? tr("Fold the model's thinking") : tr("Show the model's thinking"));
  thinking_toggle_->setChecked(thinking_open_);
  thinking_toggle_->setArrowType(thinking_open_ ? Qt::DownArrow : Qt::RightArrow);
}

bool MessageWidget::statusIsError() const {
  return message_.status == ChatEntry::Status::ContextFull || message_.status == ChatEntry::Status::Failed;
}

void MessageWidget::applyColors() {
  const ThemeColors::Bubble colors = ThemeColors::bubble(palette(), isUser());
  // Only the text roles are set on the children, so they keep following the rest of the palette.
  auto setText = [](QWidget* w, QPalette::ColorRole role, const QColor& c) {
    QPalette pal = w->palette();
    pal.setColor(role, c);
    w->setPalette(pal);
  };
  setText(author_, QPalette::WindowText, colors.text);
  setText(status_, QPalette::WindowText, statusIsError() ? colors.error : colors.muted);
  setText(timings_, QPalette::WindowText, colors.muted);
  setText(thinking_, QPalette::WindowText, colors.muted);
  setText(thinking_toggle_, QPalette::ButtonText, colors.muted);
  setText(view_, QPalette::Text, colors.text);
  view_->setCodeBackground(ThemeColors::codeBackground(palette(), colors.background));
  update();
}

QColor MessageWidget::backgroundColor() const { return ThemeColors::bubble(palette(), isUser()).background; }
QColor MessageWidget::statusColor() const { return status_->palette().color(QPalette::WindowText); }
QColor MessageWidget::timingsColor() const { return timings_->palette().color(QPalette::WindowText); }

void MessageWidget::paintEvent(QPaintEvent* event) {
  const ThemeColors::Bubble colors = ThemeColors::bubble(palette(), isUser());
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QPen(colors.border, 1.0));
  painter.setBrush(colors.background);
  painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
  QFrame::paintEvent(event);
}

QString MessageWidget::streamingText(const ChatEntry& m) {
  if (!m.message.content.empty()) return tr("generating…");
  if (m.prompt_total <= 0) return tr("reading the prompt…");
  const QLocale locale;
  //: While the model reads the conversation: tokens read so far, of all.
  QString text = tr("reading the prompt… %1 / %2 tokens").arg(locale.toString(m.prompt_read), locale.toString(m.prompt_total));
  if (m.prompt_seconds_left >= 0.0 && m.prompt_read < m.prompt_total)
    //: Appended to "reading the prompt… 120 / 4,000 tokens": the time still expected.
    text += tr(", about %1 left").arg(DisplayFormat::duration(m.prompt_seconds_left));
  return text;
}

QString MessageWidget::timingsText() const {
  // As read: the figures' non-breaking spaces are spaces.
  return timings_->isHidden() ? QString() : QString(timings_->text()).replace(QChar::Nbsp, QLatin1Char(' '));
}

QString MessageWidget::authorText() const { return author_->text(); }

QString MessageWidget::statusText() const { return status_->text(); }

}  // namespace tessera::gui

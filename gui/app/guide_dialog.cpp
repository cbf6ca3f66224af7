#include "guide_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QKeySequence>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tessera::gui {
namespace {

QString row(const QString& what, const QString& keys) {
  return QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;<b>%2</b></td></tr>").arg(what.toHtmlEscaped(), keys.toHtmlEscaped());
}

// A menu entry's text as a sentence shows it: without its accelerator's & and its "…".
QString plain(QString text) {
  text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
  text.replace(QStringLiteral("&&"), QStringLiteral("&"));
  if (text.endsWith(QChar(0x2026))) text.chop(1);
  return text;
}

}  // namespace

GuideDialog::GuideDialog(const QList<QAction*>& shortcuts, QWidget* parent)
    : QDialog(parent), shortcuts_(shortcuts), browser_(new QTextBrowser(this)) {
  setObjectName(QStringLiteral("guideDialog"));
  browser_->setObjectName(QStringLiteral("guideText"));
  browser_->setOpenExternalLinks(false);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(browser_, 1);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  resize(620, 560);
  retranslateUi();
}

void GuideDialog::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QDialog::changeEvent(event);
}

void GuideDialog::showEvent(QShowEvent* event) {
  retranslateUi();  // the shortcuts as they are now
  QDialog::showEvent(event);
}

QString GuideDialog::html() const {
  QString html;
  html += QStringLiteral("<h3>%1</h3><p>%2</p>")
              .arg(tr("Getting started"),
                   tr("Open a GGUF model (File ▸ Open Model…, a .gguf file dropped on the window, or the Model "
                      "Library) and it is described in the Model panel before anything is loaded: what it is, how "
                      "large, and whether Tessera can run it. Press Load, then write a message. Opening a model from "
                      "the Library or Recent Models loads it at once."));
  html += QStringLiteral("<h3>%1</h3><p>%2</p><p>%3</p>")
              .arg(tr("The split workspace (the GPUs tab)"),
                   tr("With more than one GPU, choose how the model is spread over them. Layer split gives each "
                      "GPU whole layers; row split cuts every layer across the GPUs (for models whose heads "
                      "divide evenly, without experts); None puts everything on the main GPU. Drag the sliders to "
                      "set each GPU's share."),
                   tr("The bars show what each GPU will hold (weights, KV cache, scratch) before anything is "
                      "loaded, from the same plan the loader follows; a bar that would overflow turns red and says "
                      "by how much. A smaller KV cache type (q8_0, q4_0) makes room for a longer context. Apply "
                      "loads the model again with the split."));
  html += QStringLiteral("<h3>%1</h3><p>%2</p>")
              .arg(tr("The split benchmark"),
                   tr("Add two to six splits (the current one, or the suggestions), press Run Benchmark: the loaded "
                      "model is loaded with each split in turn and measured, then loaded as it was. Splits that "
                      "would not fit are refused. A difference within the runs' spread is called a tie; Apply the "
                      "Winner loads the fastest split."));
  html += QStringLiteral("<h3>%1</h3><p>%2</p>")
              .arg(tr("Editing a message"),
                   tr("Edit under one of your messages changes it and gets a new reply from there; the messages "
                      "after it are replaced. Regenerate asks again for the last reply."));
  html += QStringLiteral("<h3>%1</h3><table>").arg(tr("Keyboard shortcuts"));
  //: A shortcut of the message box.
  html += row(tr("Send the message"), QKeySequence(Qt::Key_Return).toString(QKeySequence::NativeText));
  html += row(tr("New line in the message"),
              QKeySequence(Qt::SHIFT | Qt::Key_Return).toString(QKeySequence::NativeText));
  for (const QAction* action : shortcuts_)
    if (!action->shortcut().isEmpty())
      html += row(plain(action->text()), action->shortcut().toString(QKeySequence::NativeText));
  html += QStringLiteral("</table>");
  return html;
}

void GuideDialog::retranslateUi() {
  setWindowTitle(tr("Tessera Guide"));
  browser_->setHtml(html());
}

}  // namespace tessera::gui

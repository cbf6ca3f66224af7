#include "overflow_policy_chooser.h"

#include <QActionGroup>
#include <QEvent>

namespace tessera::gui {

QString OverflowPolicyTexts::name(tessera::OverflowPolicy policy) {
  switch (policy) {
    //: Context overflow policy: the reply stops when the model's context is full.
    case tessera::OverflowPolicy::Stop: return tr("Stop");
    //: Context overflow policy: keep the start of the conversation and the latest messages.
    case tessera::OverflowPolicy::TruncateMiddle: return tr("Truncate middle");
    //: Context overflow policy: keep only the latest messages (and the system prompt).
    case tessera::OverflowPolicy::RollingWindow: return tr("Rolling window");
  }
  return {};
}

QString OverflowPolicyTexts::explanation(tessera::OverflowPolicy policy) {
  switch (policy) {
    case tessera::OverflowPolicy::Stop:
      return tr("When the context is full, the reply stops and the conversation cannot go on.");
    case tessera::OverflowPolicy::TruncateMiddle:
      return tr("When the context is full, the model keeps the system prompt, the first exchange and the most "
                "recent messages, and forgets the ones in between.");
    case tessera::OverflowPolicy::RollingWindow:
      return tr("When the context is full, the model keeps the system prompt and the most recent messages, and "
                "forgets the oldest.");
  }
  return {};
}

OverflowPolicyChooser::OverflowPolicyChooser(QWidget* parent) : QComboBox(parent) {
  setObjectName(QStringLiteral("overflowPolicyChooser"));
  for (tessera::OverflowPolicy p : kOverflowPolicies) addItem(QString(), static_cast<int>(p));
  setSizeAdjustPolicy(QComboBox::AdjustToContents);
  connect(this, &QComboBox::activated, this, [this] { emit policyChosen(policy()); });
  retranslateUi();
}

tessera::OverflowPolicy OverflowPolicyChooser::policy() const {
  return static_cast<tessera::OverflowPolicy>(currentData().toInt());
}

void OverflowPolicyChooser::setPolicy(tessera::OverflowPolicy policy) {
  setCurrentIndex(findData(static_cast<int>(policy)));
  setToolTip(OverflowPolicyTexts::explanation(policy));
}

void OverflowPolicyChooser::retranslateUi() {
  for (int i = 0; i < count(); ++i) {
    const auto p = static_cast<tessera::OverflowPolicy>(itemData(i).toInt());
    //: The chat's context overflow chooser: "When full: Truncate middle".
    setItemText(i, tr("When full: %1").arg(OverflowPolicyTexts::name(p)));
    setItemData(i, OverflowPolicyTexts::explanation(p), Qt::ToolTipRole);
  }
  setToolTip(OverflowPolicyTexts::explanation(policy()));
}

void OverflowPolicyChooser::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QComboBox::changeEvent(event);
}

OverflowPolicyMenu::OverflowPolicyMenu(QWidget* parent) : QMenu(parent), group_(new QActionGroup(this)) {
  setObjectName(QStringLiteral("overflowPolicyMenu"));
  group_->setExclusive(true);
  for (tessera::OverflowPolicy p : kOverflowPolicies) {
    QAction* a = addAction(QString());
    a->setCheckable(true);
    a->setData(static_cast<int>(p));
    group_->addAction(a);
    connect(a, &QAction::triggered, this, [this, p] {
      policy_ = p;
      emit policyChosen(p);
    });
  }
  setPolicy(policy_);
  retranslateUi();
}

void OverflowPolicyMenu::setPolicy(tessera::OverflowPolicy policy) {
  policy_ = policy;
  for (QAction* a : group_->actions()) a->setChecked(a->data().toInt() == static_cast<int>(policy));
}

void OverflowPolicyMenu::retranslateUi() {
  //: Settings menu: the context overflow policy new conversations start with.
  setTitle(tr("When the Context Is &Full"));
  setToolTipsVisible(true);
  for (QAction* a : group_->actions()) {
    const auto p = static_cast<tessera::OverflowPolicy>(a->data().toInt());
    a->setText(OverflowPolicyTexts::name(p));
    a->setToolTip(OverflowPolicyTexts::explanation(p));
  }
}

void OverflowPolicyMenu::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QMenu::changeEvent(event);
}

}  // namespace tessera::gui

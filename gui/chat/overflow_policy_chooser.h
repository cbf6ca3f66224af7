// The context overflow policy in the GUI: its names and explanations, the chooser under the chat
// (the conversation's policy) and the Settings menu's default for new conversations.
#pragma once

#include <QComboBox>
#include <QCoreApplication>
#include <QMenu>
#include <QString>

#include "engine/generation.h"

class QActionGroup;

namespace tessera::gui {

class OverflowPolicyTexts {
  Q_DECLARE_TR_FUNCTIONS(OverflowPolicyTexts)

 public:
  static QString name(tessera::OverflowPolicy policy);         // "Truncate middle"
  static QString explanation(tessera::OverflowPolicy policy);  // one sentence for tooltips
};

// The three policies in a combo box; policyChosen when the user picks one (not on setPolicy).
class OverflowPolicyChooser : public QComboBox {
  Q_OBJECT

 public:
  explicit OverflowPolicyChooser(QWidget* parent = nullptr);
  tessera::OverflowPolicy policy() const;
  void setPolicy(tessera::OverflowPolicy policy);

 signals:
  void policyChosen(tessera::OverflowPolicy policy);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();
};

// "When the Context Is Full" in the Settings menu: the default for new conversations.
class OverflowPolicyMenu : public QMenu {
  Q_OBJECT

 public:
  explicit OverflowPolicyMenu(QWidget* parent = nullptr);
  tessera::OverflowPolicy policy() const { return policy_; }
  void setPolicy(tessera::OverflowPolicy policy);

 signals:
  void policyChosen(tessera::OverflowPolicy policy);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslateUi();

  QActionGroup* group_;
  tessera::OverflowPolicy policy_ = tessera::OverflowPolicy::Stop;
};

// The policies in the order the GUI lists them.
inline constexpr tessera::OverflowPolicy kOverflowPolicies[] = {
    tessera::OverflowPolicy::Stop, tessera::OverflowPolicy::TruncateMiddle, tessera::OverflowPolicy::RollingWindow};

}  // namespace tessera::gui

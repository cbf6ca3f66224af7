#include "theme_switcher.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QMenu>
#include <QStyle>
#include <QStyleFactory>

namespace tessera::gui {
namespace {

const ThemeSwitcher::Theme kThemes[] = {ThemeSwitcher::Theme::System, ThemeSwitcher::Theme::Light,
                                        ThemeSwitcher::Theme::Dark};

}  // namespace

ThemeSwitcher::ThemeSwitcher(QObject* parent)
    : QObject(parent), system_style_(QApplication::style()->name()), system_palette_(QApplication::palette()) {}

ThemeSwitcher::~ThemeSwitcher() {
  if (theme_ != Theme::System) apply(Theme::System);
}

QString ThemeSwitcher::key(Theme theme) {
  switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
  }
  return QStringLiteral("system");
}

ThemeSwitcher::Theme ThemeSwitcher::fromKey(const QString& key) {
  if (key == QLatin1String("light")) return Theme::Light;
  if (key == QLatin1String("dark")) return Theme::Dark;
  return Theme::System;
}

QPalette ThemeSwitcher::lightPalette() {
  QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
  QPalette p = fusion != nullptr ? fusion->standardPalette() : QPalette();
  delete fusion;
  return p;
}

QPalette ThemeSwitcher::darkPalette() {
  QPalette p;
  const QColor window(53, 53, 53), base(35, 35, 35), text(230, 230, 230), disabled(127, 127, 127);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, window);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, QColor(90, 160, 240));
  p.setColor(QPalette::Highlight, QColor(42, 130, 218));
  p.setColor(QPalette::HighlightedText, Qt::black);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Light, QColor(75, 75, 75));
  p.setColor(QPalette::Midlight, QColor(66, 66, 66));
  p.setColor(QPalette::Mid, QColor(80, 80, 80));
  p.setColor(QPalette::Dark, QColor(30, 30, 30));
  p.setColor(QPalette::Shadow, QColor(20, 20, 20));
  for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

void ThemeSwitcher::apply(Theme theme) {
  if (theme == theme_) return updateMenu();  // nothing changes (System at start: the desktop's as it is)
  theme_ = theme;
  if (theme == Theme::System) {
    if (QApplication::style()->name().compare(system_style_, Qt::CaseInsensitive) != 0)
      QApplication::setStyle(QStyleFactory::create(system_style_));
    QApplication::setPalette(system_palette_);
  } else {
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
      QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
  }
  updateMenu();
}

QMenu* ThemeSwitcher::createMenu(QMenu* parent) {
  menu_ = parent->addMenu(QString());
  menu_->setObjectName(QStringLiteral("themeMenu"));
  group_ = new QActionGroup(menu_);
  group_->setExclusive(true);
  for (Theme theme : kThemes) {
    QAction* action = menu_->addAction(QString());
    action->setCheckable(true);
    action->setData(key(theme));
    group_->addAction(action);
    connect(action, &QAction::triggered, this, [this, theme] {
      apply(theme);
      emit themeChosen(key(theme));
    });
  }
  // A menu hears LanguageChange like every widget; this object re-words it then.
  menu_->installEventFilter(this);
  retranslateUi();
  updateMenu();
  return menu_;
}

QAction* ThemeSwitcher::action(Theme theme) const {
  if (group_ == nullptr) return nullptr;
  for (QAction* a : group_->actions())
    if (a->data().toString() == key(theme)) return a;
  return nullptr;
}

bool ThemeSwitcher::eventFilter(QObject* watched, QEvent* event) {
  if (watched == menu_ && event->type() == QEvent::LanguageChange) retranslateUi();
  return QObject::eventFilter(watched, event);
}

void ThemeSwitcher::retranslateUi() {
  if (menu_ == nullptr) return;
  //: Settings menu: the colours of the app.
  menu_->setTitle(tr("&Theme"));
  //: Theme menu entry: the desktop's own colours.
  action(Theme::System)->setText(tr("System default"));
  action(Theme::Light)->setText(tr("Light"));
  action(Theme::Dark)->setText(tr("Dark"));
}

void ThemeSwitcher::updateMenu() {
  if (QAction* a = action(theme_)) a->setChecked(true);
}

}  // namespace tessera::gui

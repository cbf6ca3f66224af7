#include "dark_palette.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace tessera::gui::test {

QPalette darkFusionPalette() {
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
  p.setColor(QPalette::Link, QColor(42, 130, 218));
  p.setColor(QPalette::Highlight, QColor(42, 130, 218));
  p.setColor(QPalette::HighlightedText, Qt::black);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Mid, QColor(80, 80, 80));
  for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText}) p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

FusionPalette::FusionPalette(const QPalette& palette)
    : old_palette_(QApplication::palette()), old_style_(QApplication::style()->name()) {
  QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
  QApplication::setPalette(palette);
}

FusionPalette::~FusionPalette() {
  QApplication::setStyle(QStyleFactory::create(old_style_));
  QApplication::setPalette(old_palette_);
}

}  // namespace tessera::gui::test

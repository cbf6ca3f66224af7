#include "dark_palette.h"

#include "theme_switcher.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace tessera::gui::test {

// The app's own dark theme (Settings ▸ Theme ▸ Dark), so the tests check what users see.
QPalette darkFusionPalette() { return ThemeSwitcher::darkPalette(); }

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

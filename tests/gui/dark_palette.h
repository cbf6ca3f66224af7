// A dark Fusion palette for the palette tests and the dark screenshot (issue 20).
#pragma once

#include <QPalette>
#include <QString>

namespace tessera::gui::test {

// The usual dark Fusion palette (as apps and Qt's examples set it).
QPalette darkFusionPalette();

// The Fusion style with `palette` for the object's lifetime; the app's style and palette come back after.
class FusionPalette {
 public:
  explicit FusionPalette(const QPalette& palette);
  ~FusionPalette();

 private:
  QPalette old_palette_;
  QString old_style_;
};

}  // namespace tessera::gui::test

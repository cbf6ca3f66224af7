#include "theme_colors.h"

#include <algorithm>
#include <cmath>

#include "memory_bar.h"

namespace tessera::gui {
namespace {

// The warning hue; errors use the red of everything that overflows or fails (MemoryColors).
const QColor kWarningHue(0xe6, 0xa2, 0x00);

double channel(double c) {
  c /= 255.0;
  return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

}  // namespace

double ThemeColors::luminance(const QColor& c) {
  return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

double ThemeColors::contrastRatio(const QColor& a, const QColor& b) {
  const double la = luminance(a);
  const double lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ThemeColors::mix(const QColor& a, const QColor& b, double t) {
  t = std::clamp(t, 0.0, 1.0);
  auto lerp = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
  return QColor(lerp(a.red(), b.red()), lerp(a.green(), b.green()), lerp(a.blue(), b.blue()));
}

bool ThemeColors::isDark(const QPalette& palette) {
  return luminance(palette.color(QPalette::Base)) < luminance(palette.color(QPalette::Text));
}

QColor ThemeColors::readable(const QColor& color, const QColor& background, double min_ratio) {
  if (contrastRatio(color, background) >= min_ratio) return color;
  const QColor target = luminance(background) < 0.18 ? QColor(Qt::white) : QColor(Qt::black);
  // Twenty steps of 5 % are fine enough to stop close to the ratio; the last is black or white,
  // which reaches 4.5 against any background.
  for (int step = 1; step <= 20; ++step) {
    const QColor c = mix(color, target, step / 20.0);
    if (contrastRatio(c, background) >= min_ratio) return c;
  }
  return target;
}

ThemeColors::Bubble ThemeColors::bubble(const QPalette& palette, bool user) {
  const QColor base = palette.color(QPalette::Base);
  const QColor text = palette.color(QPalette::Text);
  const bool dark = isDark(palette);
  Bubble b;
  // The user's messages carry a tint of the selection colour; replies are plain Base.
  b.background = user ? mix(base, palette.color(QPalette::Highlight), dark ? 0.25 : 0.10) : base;
  b.border = user ? mix(base, palette.color(QPalette::Highlight), dark ? 0.55 : 0.30) : mix(base, text, dark ? 0.25 : 0.14);
  b.text = readable(text, b.background);
  b.muted = readable(mix(text, b.background, 0.45), b.background);
  b.error = readable(MemoryColors::overflow(), b.background);
  return b;
}

ThemeColors::Banner ThemeColors::banner(const QPalette& palette, Accent accent) {
  const QColor base = palette.color(QPalette::Base);
  const bool dark = isDark(palette);
  QColor hue = palette.color(QPalette::Highlight);
  if (accent == Accent::Warning) hue = kWarningHue;
  else if (accent == Accent::Error) hue = MemoryColors::overflow();
  Banner b;
  b.background = mix(base, hue, dark ? 0.22 : 0.11);
  b.border = mix(base, hue, dark ? 0.60 : 0.45);
  b.text = readable(palette.color(QPalette::Text), b.background);
  return b;
}

QColor ThemeColors::chatBackground(const QPalette& palette) {
  // Between the window and the messages (Base), so the bubbles stand out a little in both themes.
  return mix(palette.color(QPalette::Base), palette.color(QPalette::Window), 0.6);
}

QColor ThemeColors::mutedText(const QPalette& palette, const QColor& background) {
  return readable(mix(palette.color(QPalette::Text), background, 0.45), background);
}

QColor ThemeColors::codeBackground(const QPalette& palette, const QColor& background) {
  return mix(background, palette.color(QPalette::Text), isDark(palette) ? 0.10 : 0.06);
}

QColor ThemeColors::warningText(const QPalette& palette) {
  return readable(MemoryColors::overflow(), palette.color(QPalette::Window));
}

QColor ThemeColors::cautionText(const QPalette& palette) {
  return readable(kWarningHue, palette.color(QPalette::Window));
}

ThemeColors::Badge ThemeColors::badge(const QPalette& palette) {
  Badge b;
  b.background = palette.color(QPalette::Highlight);
  b.text = readable(palette.color(QPalette::HighlightedText), b.background);
  return b;
}

}  // namespace tessera::gui

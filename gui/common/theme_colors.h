// Colours derived from the widget's palette, so a dark desktop theme (or a dark Fusion palette)
// gets light text on dark surfaces instead of the fixed light colours the chat used to paint.
//
// Surfaces are the palette's Base tinted towards an accent (Highlight for the user's bubbles, a
// severity colour for the banner); text is the palette's Text, and every coloured or muted text is
// moved towards black or white until it reaches the WCAG 2 contrast of 4.5 : 1 against the surface
// it is drawn on (readable()). Pure functions of their inputs; the widgets call them again on
// QEvent::PaletteChange.
#pragma once

#include <QColor>
#include <QPalette>

namespace tessera::gui {

struct ThemeColors {
  // WCAG 2 body-text minimum (contrast ratio).
  static constexpr double kMinContrast = 4.5;

  // The WCAG 2 contrast ratio of two opaque colours: 1 (the same) to 21 (black on white).
  static double contrastRatio(const QColor& a, const QColor& b);
  // WCAG relative luminance (0 black, 1 white).
  static double luminance(const QColor& c);
  // a mixed with b: t = 0 gives a, t = 1 gives b.
  static QColor mix(const QColor& a, const QColor& b, double t);
  // Whether the palette draws light text on dark surfaces.
  static bool isDark(const QPalette& palette);
  // `color`, moved towards white (on a dark background) or black (on a light one) just enough to
  // reach `min_ratio` against `background`.
  static QColor readable(const QColor& color, const QColor& background, double min_ratio = kMinContrast);

  // A chat message: its surface, its frame and its text colours.
  struct Bubble {
    QColor background;
    QColor border;
    QColor text;
    QColor muted;  // timings and status
    QColor error;  // "failed", "context full"
  };
  static Bubble bubble(const QPalette& palette, bool user);

  // The message strip: its surface, frame and text for an accent (the severity's colour).
  struct Banner {
    QColor background;
    QColor border;
    QColor text;
  };
  enum class Accent { Info, Warning, Error };
  static Banner banner(const QPalette& palette, Accent accent);

  // Behind the messages of the chat.
  static QColor chatBackground(const QPalette& palette);
  // Secondary text (placeholders) on `background`.
  static QColor mutedText(const QPalette& palette, const QColor& background);
  // Code blocks and inline code inside a message on `background`.
  static QColor codeBackground(const QPalette& palette, const QColor& background);
  // A warning's or an error's text in red (an overflowing GPU, a failed read of GPU memory) on the
  // window's background.
  static QColor warningText(const QPalette& palette);
  // A caution's text in amber (tensor types Tessera cannot compute, a context past the trained
  // one: things that still let the user go on) on the window's background.
  static QColor cautionText(const QPalette& palette);

  // A small label drawn on the selection colour (the model panel's "Preview – not loaded").
  struct Badge {
    QColor background;
    QColor text;
  };
  static Badge badge(const QPalette& palette);
};

}  // namespace tessera::gui

// Text a person cannot read whole, for the layout checks of the GUI suites (every language, a
// laptop's screen and the smallest window): buttons, labels, group box titles, tabs, combo boxes,
// spin boxes (their text, e.g. a special value text), line edits' placeholders and header sections
// that are narrower than their text, wrapped labels lower than their lines, and any of them cut off
// at the side by a widget that holds it (a dock, a scroll area that does not scroll sideways, the
// window). Cut off at the bottom counts too, except inside an area that scrolls up and down, where
// scrolling shows the rest.
#pragma once

#include <QStringList>

class QWidget;

namespace tessera::gui::test {

// One line per clipped text ("QPushButton \"Load\": 60x30 of 72x30 (cut at the side)"); `checked`
// (optional) counts the visible texts looked at.
QStringList clippedTexts(QWidget* root, int* checked = nullptr);

}  // namespace tessera::gui::test

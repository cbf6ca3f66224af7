// A long, model-like Markdown reply for the streaming tests and the streaming benchmark
// (bench/gui): sections with headings, paragraphs with single line breaks, emphasis and inline
// code, bulleted (nested) and numbered lists, fenced code full of `<` and `>` with blank lines
// inside, quotes, rules and a table, cut into the pieces a model would stream (a word and the
// space or line break after it). Deterministic for a seed.
#pragma once

#include <QStringList>

namespace tessera::gui::test {

// At least `tokens` pieces; their concatenation is the whole reply.
QStringList markdownReplyPieces(int tokens, unsigned seed = 7);

}  // namespace tessera::gui::test

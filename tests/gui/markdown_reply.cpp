#include "markdown_reply.h"

#include <random>

namespace tessera::gui::test {
namespace {

const char* const kWords[] = {"the", "model", "reads", "each", "layer", "once", "per", "token", "and", "splits",
                              "weights", "across", "two", "GPUs", "so", "memory", "bandwidth", "decides", "speed",
                              "while", "prompt", "processing", "is", "bound", "by", "arithmetic", "cache", "keys",
                              "values", "rows", "of", "a", "matrix", "context", "window", "grows", "with", "time"};

class Writer {
 public:
  explicit Writer(unsigned seed) : rng_(seed) {}

  QString word() { return QString::fromLatin1(kWords[pick(std::size(kWords))]); }
  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }

  // Appends text as pieces: each word with the whitespace that follows it.
  void add(const QString& text) {
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
      const bool space = text[i] == u' ' || text[i] == u'\n';
      const bool next_word = i + 1 < text.size() && text[i + 1] != u' ' && text[i + 1] != u'\n';
      if (space && next_word) {
        pieces_.append(text.mid(start, i + 1 - start));
        start = i + 1;
      }
    }
    if (start < text.size()) pieces_.append(text.mid(start));
  }

  QString sentence(int words) {
    QString s;
    for (int i = 0; i < words; ++i) {
      QString w = word();
      if (i == 0) w[0] = w[0].toUpper();
      const size_t style = pick(14);
      if (style == 0) w = QStringLiteral("*%1*").arg(w);
      else if (style == 1) w = QStringLiteral("**%1**").arg(w);
      else if (style == 2) w = QStringLiteral("`vector<%1>`").arg(w);
      else if (style == 3) w = QStringLiteral("a<%1 and b>%1").arg(w);
      s += w + (i + 1 < words ? QStringLiteral(" ") : QStringLiteral("."));
    }
    return s;
  }

  void section(int n) {
    add(QStringLiteral("## Part %1: %2 %3\n\n").arg(n).arg(word(), word()));
    // A paragraph whose lines are kept apart by single line breaks.
    add(sentence(12 + static_cast<int>(pick(10))) + QStringLiteral("\n") + sentence(8 + static_cast<int>(pick(8))) +
         QStringLiteral(" ") + sentence(10) + QStringLiteral("\n\n"));
    switch (n % 5) {
      case 0:
        for (int i = 0; i < 4; ++i) {
          add(QStringLiteral("- ") + sentence(5 + static_cast<int>(pick(6))) + QStringLiteral("\n"));
          if (i == 1) add(QStringLiteral("  - ") + sentence(4) + QStringLiteral("\n"));
        }
        break;
      case 1:
        for (int i = 1; i <= 3; ++i) add(QStringLiteral("%1. ").arg(i) + sentence(6) + QStringLiteral("\n"));
        break;
      case 2:
        add(QStringLiteral("```cpp\ntemplate <typename T>\nbool less(const T& a, const T& b) { return a < b; }\n\n"
                            "std::vector<int> v{3, 1, 2};\nif (v[0] > v[1]) std::sort(v.begin(), v.end());\n```\n"));
        break;
      case 3: add(QStringLiteral("> ") + sentence(9) + QStringLiteral("\n")); break;
      case 4:
        add(n == 9 ? QStringLiteral("| layer | GPU |\n|---|---|\n| 0-15 | 0 |\n| 16-31 | 1 |\n")
                    : QStringLiteral("---\n"));
        break;
    }
    add(QStringLiteral("\n") + sentence(15 + static_cast<int>(pick(15))) + QStringLiteral("\n\n"));
  }

  QStringList take() { return std::move(pieces_); }
  int count() const { return static_cast<int>(pieces_.size()); }

 private:
  std::mt19937 rng_;
  QStringList pieces_;
};

}  // namespace

QStringList markdownReplyPieces(int tokens, unsigned seed) {
  Writer writer(seed);
  writer.add(QStringLiteral("Here is a long answer.\n\n"));
  for (int n = 0; writer.count() < tokens; ++n) writer.section(n);
  return writer.take();
}

}  // namespace tessera::gui::test

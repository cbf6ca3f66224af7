#include "bench_text.h"

#include <random>
#include <vector>

namespace tessera::bench {

namespace {

const std::vector<std::string> kEnglish = {
    "the", "a", "river", "quietly", "runs", "past", "old", "stone", "houses", "while", "children", "play",
    "near", "bridge", "and", "merchants", "count", "their", "coins", "under", "bright", "lanterns", "every",
    "evening", "brings", "new", "stories", "from", "distant", "mountains", "where", "shepherds", "whistle",
    "to", "dogs", "it's", "we've", "they'll", "don't", "I'm", "remarkable", "engineering", "throughput",
    "measurement", "careful", "slowly", "became", "obvious", "that", "nobody", "remembered", "why", "garden",
    "was", "planted", "with", "lavender", "instead", "of", "tomatoes", "Tuesday", "London", "Paris",
};
const std::vector<std::string> kGerman = {
    "der", "die", "das", "Fluss", "fließt", "ruhig", "an", "alten", "Häusern", "vorbei", "während", "Kinder",
    "spielen", "Brücke", "Händler", "zählen", "Münzen", "unter", "hellen", "Laternen", "jeden", "Abend",
    "bringt", "neue", "Geschichten", "aus", "fernen", "Bergen", "Schäfer", "pfeifen", "ihren", "Hunden",
    "Straßenbahnhaltestelle", "Gemütlichkeit", "überraschend", "größer", "schön", "müde", "Frühstück",
};
const std::vector<std::string> kRussian = {
    "река", "тихо", "течёт", "мимо", "старых", "каменных", "домов", "пока", "дети", "играют", "возле",
    "моста", "торговцы", "считают", "монеты", "под", "яркими", "фонарями", "каждый", "вечер", "приносит",
    "новые", "истории", "из", "далёких", "гор", "где", "пастухи", "свистят", "собакам", "и", "в", "на",
};
const std::vector<std::string> kChinese = {
    "河流", "安静地", "流过", "古老的", "石头", "房子", "孩子们", "在", "桥边", "玩耍", "商人", "数着",
    "硬币", "明亮的", "灯笼", "每天", "晚上", "带来", "新的", "故事", "遥远的", "山里", "牧羊人", "吹口哨",
    "，", "。", "的", "了", "是",
};
const std::vector<std::string> kJapanese = {
    "川", "は", "静かに", "古い", "石の", "家々", "を", "流れて", "いく", "子供たち", "が", "橋", "の",
    "近く", "で", "遊んで", "いる", "商人", "たち", "コイン", "数えて", "明るい", "ちょうちん", "下", "毎晩",
    "新しい", "物語", "遠い", "山", "から", "届く", "カタカナ", "テスト", "、", "。",
};
const std::vector<std::string> kCode = {
    "for (int i = 0; i < n; ++i) {\n    sum += values[i] * weights[i];\n}\n",
    "def tokenize(text):\n    return [vocab.get(w, UNK) for w in text.split()]\n",
    "if (ptr == nullptr) return Status::error(\"missing buffer\");\n",
    "const auto result = std::accumulate(begin(xs), end(xs), 0.0);\n",
    "SELECT name, count(*) FROM tokens WHERE length > 3 GROUP BY name;\n",
    "    let mut map: HashMap<String, usize> = HashMap::new();\n",
    "<div class=\"note\">{{ message | escape }}</div>\n",
};
const std::vector<std::string> kEmoji = {
    "😀", "🚀", "🦙", "👍🏽", "❤️", "👨‍👩‍👧", "🎉", "🌍", "✨", "🔥", "🇩🇪",
};
const std::vector<std::string> kPunct = {".", ",", "!", "?", ";", ":", " -", " (see above)", "..."};

std::string number(std::mt19937& rng) {
  std::uniform_int_distribution<int> kind(0, 4);
  std::uniform_int_distribution<long long> big(0, 99999999);
  switch (kind(rng)) {
    case 0: return std::to_string(big(rng) % 100);
    case 1: return std::to_string(big(rng));
    case 2: return std::to_string(big(rng) % 1000) + "." + std::to_string(big(rng) % 100);
    case 3: return std::to_string(1900 + big(rng) % 130) + "-0" + std::to_string(1 + big(rng) % 9);
    default: return "$" + std::to_string(big(rng) % 10000) + "," + std::to_string(100 + big(rng) % 900);
  }
}

const std::string& pick(const std::vector<std::string>& v, std::mt19937& rng) {
  return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
}

std::string sentence(const std::vector<std::string>& words, bool spaced, std::mt19937& rng) {
  std::uniform_int_distribution<int> len(5, 16);
  std::uniform_int_distribution<int> pct(0, 99);
  std::string s;
  const int n = len(rng);
  for (int i = 0; i < n; ++i) {
    if (i > 0 && spaced) s += ' ';
    std::string w = pct(rng) < 6 ? number(rng) : pick(words, rng);
    if (i == 0 && !w.empty() && w[0] >= 'a' && w[0] <= 'z') w[0] = static_cast<char>(w[0] - 'a' + 'A');
    s += w;
    if (pct(rng) < 8) s += pick(kPunct, rng);
  }
  s += spaced ? ". " : "。";
  return s;
}

}  // namespace

std::string make_bench_text(TextMix mix, size_t target_bytes, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pct(0, 99);
  std::string text;
  text.reserve(target_bytes + 4096);
  while (text.size() < target_bytes) {
    std::string para;
    const int sentences = 3 + pct(rng) % 5;
    for (int i = 0; i < sentences; ++i) {
      if (mix == TextMix::English) {
        para += sentence(kEnglish, true, rng);
        continue;
      }
      const int p = pct(rng);
      if (p < 30) para += sentence(kEnglish, true, rng);
      else if (p < 45) para += sentence(kGerman, true, rng);
      else if (p < 58) para += sentence(kRussian, true, rng);
      else if (p < 70) para += sentence(kChinese, false, rng);
      else if (p < 80) para += sentence(kJapanese, false, rng);
      else if (p < 92) para += "\n" + pick(kCode, rng);
      else para += pick(kEmoji, rng) + " " + number(rng) + " " + pick(kEmoji, rng) + "  ";
    }
    text += para;
    text += pct(rng) < 20 ? "\n\n\t" : "\n\n";
  }
  return text;
}

}  // namespace tessera::bench

#include "tokenizer/pretokenizer.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <utility>

#include "tokenizer/utf8.h"

namespace tessera::tokenizer {

namespace {

// The split patterns, as written in the models' tokenizer.json files (and llama.cpp's table).
// GPT-2 (also MPT, OLMo, GPT-NeoX, Phi-2, RoBERTa): contractions, letter runs, digit runs, other
// symbol runs, each optionally after one space; whitespace not followed by non-space; whitespace.
constexpr const char* kGpt2 =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";
// Llama 3: case-insensitive contractions, one non-letter/non-digit glued to a letter run, digits in
// groups of at most three, symbols with trailing newlines, newline runs.
constexpr const char* kLlama3 =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
// Qwen2: as Llama 3 but every digit is its own piece.
constexpr const char* kQwen2 =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
// Qwen3.5 / Qwen3.6: as Qwen2, with combining marks (\p{M}) counted as letters, so a letter run
// keeps its accents and vowel signs (Devanagari, Thai, decomposed Latin) instead of splitting there.
constexpr const char* kQwen35 =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+|\p{N}| ?[^\s\p{L}\p{M}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
// GPT-2's split without the final \s+ alternative (unmatched whitespace stays a gap piece, which
// gives the same pieces); used as the second stage of several multi-pattern splits.
constexpr const char* kGpt2NoTail =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S))";

// GPT-4o's o200k split (gpt-oss, Llama 4), as its tokenizer.json writes it: a letter run split
// before an upper-case run that follows lower case, with an optional contraction, one
// non-letter/non-digit glued in front; digits in groups of at most three; symbol runs with trailing
// newlines or slashes; newline runs.
constexpr const char* kGpt4o =
    R"([^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?)"
    R"(|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?)"
    R"(|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

struct Family {
  const char* canonical;
  std::vector<std::string> patterns;
  bool ignore_merges;
};

// DeepSeek LLM letter class: Latin, Greek, Cyrillic, Armenian, Georgian, Cherokee, ... (written
// with \x{...} escapes so the source stays ASCII).
constexpr const char* kDeepseekLetters =
    R"(\s?[A-Za-z\x{B5}\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{1BA}\x{1BC}-\x{1BF}\x{1C4}-\x{293}\x{295}-\x{2AF})"
    R"(\x{370}-\x{373}\x{376}\x{377}\x{37B}-\x{37D}\x{37F}\x{386}\x{388}-\x{38A}\x{38C}\x{38E}-\x{3A1})"
    R"(\x{3A3}-\x{3F5}\x{3F7}-\x{481}\x{48A}-\x{52F}\x{531}-\x{556}\x{10A0}-\x{10C5}\x{13A0}-\x{13F5})"
    R"(\x{13F8}-\x{13FD}\x{1C90}-\x{1CBA}\x{1CBD}-\x{1CBF}\x{1D00}-\x{1D2B}\x{1D6B}-\x{1D77}\x{1D79}-\x{1D9A})"
    R"(\x{1E00}-\x{1F15}\x{1F18}-\x{1F1D}\x{1F20}-\x{1F45}\x{1F48}-\x{1F4D}\x{1F50}-\x{1F57}\x{1F59}\x{1F5B})"
    R"(\x{1F5D}\x{1F5F}-\x{1F7D}\x{1F80}-\x{1FB4}\x{1FB6}-\x{1FBC}\x{1FBE}\x{1FC2}-\x{1FC4}\x{1FC6}-\x{1FCC})"
    R"(\x{1FD0}-\x{1FD3}\x{1FD6}-\x{1FDB}\x{1FE0}-\x{1FEC}\x{1FF2}-\x{1FF4}\x{1FF6}-\x{1FFC}\x{2102}\x{2107})"
    R"(\x{210A}-\x{2113}\x{2115}\x{2119}-\x{211D}\x{2124}\x{2126}\x{2128}\x{212A}-\x{212D}\x{212F}-\x{2134})"
    R"(\x{2139}\x{213C}-\x{213F}\x{2145}-\x{2149}\x{214E}\x{2183}\x{2184}\x{2C00}-\x{2C7B}\x{2C7E}-\x{2CE4})"
    R"(\x{2CEB}-\x{2CEE}\x{2CF2}\x{2CF3}\x{A640}-\x{A66D}\x{A680}-\x{A69B}\x{A722}-\x{A76F}\x{A771}-\x{A787})"
    R"(\x{A78B}-\x{A78E}\x{AB70}-\x{ABBF}\x{FB00}-\x{FB06}\x{FB13}-\x{FB17}\x{FF21}-\x{FF3A}\x{FF41}-\x{FF5A})"
    R"(\x{10400}-\x{1044F}\x{104B0}-\x{104D3}\x{104D8}-\x{104FB}\x{10C80}-\x{10CB2}\x{10CC0}-\x{10CF2})"
    R"(\x{118A0}-\x{118DF}\x{1E900}-\x{1E943}]+)";
// CJK ideographs, U+0800..U+4E00 (a wide block as the model's file writes it) and Hangul.
constexpr const char* kCjk = R"([\x{4E00}-\x{9FA5}\x{0800}-\x{4E00}\x{AC00}-\x{D7FF}]+)";

bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (name == n) return true;
  return false;
}

// nullptr-equivalent (empty canonical) when the name is unknown.
Family family_for(std::string_view name) {
  if (one_of(name, {"", "default", "gpt-2", "gpt2", "gpt-neox", "phi-2", "mpt", "olmo", "jais", "roberta-bpe"}))
    return {"gpt-2", {kGpt2}, false};
  if (one_of(name, {"llama3", "llama-v3", "llama-bpe", "falcon3"})) return {"llama3", {kLlama3}, true};
  if (one_of(name, {"dbrx", "smaug-bpe"})) return {"llama3-split", {kLlama3}, false};
  if (one_of(name, {"qwen2", "qwen2.5", "deepseek-r1-qwen", "stablelm2"})) return {"qwen2", {kQwen2}, false};
  if (name == "qwen35") return {"qwen35", {kQwen35}, false};
  if (one_of(name, {"gpt-4o", "llama4"})) return {"gpt-4o", {kGpt4o}, false};
  if (name == "deepseek-llm")
    return {"deepseek-llm",
            {R"([\r\n])", kDeepseekLetters,
             R"(\s?[!-/:-~\x{FF01}-\x{FF0F}\x{FF1A}-\x{FF5E}\x{2018}-\x{201F}\x{3000}-\x{3002}]+)", R"(\s+$)", kCjk,
             R"(\p{N}+)"},
            false};
  if (name == "deepseek-coder")
    return {"deepseek-coder", {R"([\r\n])", R"(\s?\p{L}+)", R"(\s?\p{P}+)", kCjk, R"(\p{N})"}, false};
  if (name == "falcon")
    return {"falcon", {R"([\p{P}\$\+<=>\^~\|`]+)", kGpt2NoTail, R"([0-9][0-9][0-9])"}, false};
  if (one_of(name, {"starcoder", "refact", "command-r", "smollm", "codeshell", "exaone"}))
    return {"starcoder", {R"(\p{N})", kGpt2NoTail}, false};
  return {"", {}, false};
}

}  // namespace

struct PreTokenizer::Compiled {
  pcre2_code* code = nullptr;
  bool jit = false;
  ~Compiled() {
    if (code != nullptr) pcre2_code_free(code);
  }
};

PreTokenizer::PreTokenizer(PreTokenizer&&) noexcept = default;
PreTokenizer& PreTokenizer::operator=(PreTokenizer&&) noexcept = default;
PreTokenizer::~PreTokenizer() = default;

Result<PreTokenizer> PreTokenizer::create(std::string_view name, std::string* warning) {
  Family f = family_for(name);
  if (f.patterns.empty()) {
    if (warning != nullptr)
      *warning = "unknown BPE pre-tokenizer '" + std::string(name) +
                 "' (tokenizer.ggml.pre); using the GPT-2 split, so tokens may differ from the model's own tokenizer";
    f = family_for("gpt-2");
  }
  return from_patterns(f.canonical, std::move(f.patterns), f.ignore_merges);
}

Result<PreTokenizer> PreTokenizer::from_patterns(std::string name, std::vector<std::string> patterns,
                                                 bool ignore_merges) {
  if (patterns.empty())
    return make_error(ErrorKind::InvalidArgument, "pre-tokenizer '" + name + "' has no patterns");
  PreTokenizer p;
  p.name_ = std::move(name);
  p.ignore_merges_ = ignore_merges;
  for (const std::string& pattern : patterns) {
    int err = 0;
    PCRE2_SIZE err_offset = 0;
    // DOLLAR_ENDONLY: `$` means the end of the piece, as in the regex engines these patterns come from.
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     PCRE2_UTF | PCRE2_UCP | PCRE2_DOLLAR_ENDONLY, &err, &err_offset, nullptr);
    if (code == nullptr) {
      PCRE2_UCHAR msg[256];
      pcre2_get_error_message(err, msg, sizeof msg);
      return make_error(ErrorKind::InvalidArgument, "pre-tokenizer '" + p.name_ + "': pattern " + pattern +
                                                        " does not compile at offset " + std::to_string(err_offset) +
                                                        ": " + reinterpret_cast<const char*>(msg));
    }
    auto c = std::make_unique<Compiled>();
    c->code = code;
    // JIT is an optimisation: a build of PCRE2 without it still matches, only slower.
    c->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
    p.compiled_.push_back(std::move(c));
  }
  p.patterns_ = std::move(patterns);
  return p;
}

namespace {

// Splits `subject` by one pattern into matches and gaps, appending to `out`.
void split_one(const pcre2_code* code, bool jit, pcre2_match_data* md, std::string_view subject,
               std::vector<std::string_view>& out) {
  const auto* s = reinterpret_cast<PCRE2_SPTR>(subject.data());
  const size_t len = subject.size();
  size_t pos = 0;
  size_t gap_start = 0;
  while (pos < len) {
    int rc = jit ? pcre2_jit_match(code, s, len, pos, 0, md, nullptr)
                 : pcre2_match(code, s, len, pos, PCRE2_NO_UTF_CHECK, md, nullptr);
    if (rc < 0 && rc != PCRE2_ERROR_NOMATCH && jit) {
      // JIT stack exhausted on a pathological piece: the interpreter keeps its state on the heap.
      rc = pcre2_match(code, s, len, pos, PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, md, nullptr);
    }
    if (rc < 0) break;  // no further match (or a hard limit): the rest is one gap piece
    const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
    const size_t start = ov[0];
    const size_t end = ov[1];
    if (end <= start) {  // empty match: step over one character and keep the gap open
      pos = start + utf8::sequence_length(static_cast<uint8_t>(subject[start]));
      continue;
    }
    if (start > gap_start) out.push_back(subject.substr(gap_start, start - gap_start));
    out.push_back(subject.substr(start, end - start));
    pos = gap_start = end;
  }
  if (gap_start < len) out.push_back(subject.substr(gap_start));
}

}  // namespace

void PreTokenizer::split_valid(std::string_view text, std::vector<std::string_view>& out,
                               std::vector<std::string_view>& tmp) const {
  pcre2_match_data* md = pcre2_match_data_create(1, nullptr);  // only the whole-match offsets are used
  if (md == nullptr) {  // out of memory: keep the text whole rather than fail
    out.push_back(text);
    return;
  }
  if (compiled_.size() == 1) {
    split_one(compiled_[0]->code, compiled_[0]->jit, md, text, out);
  } else {
    std::vector<std::string_view> next;
    tmp.assign(1, text);
    for (const auto& c : compiled_) {
      next.clear();
      for (std::string_view piece : tmp) split_one(c->code, c->jit, md, piece, next);
      tmp.swap(next);
    }
    out.insert(out.end(), tmp.begin(), tmp.end());
  }
  pcre2_match_data_free(md);
}

void PreTokenizer::split(std::string_view text, std::vector<std::string_view>& out) const {
  if (text.empty()) return;
  std::vector<std::string_view> tmp;
  if (utf8::is_valid(text)) {
    split_valid(text, out, tmp);
    return;
  }
  // Invalid bytes stand alone; valid runs between them are split normally.
  size_t run_start = 0;
  size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<uint8_t>(text[i]);
    const size_t n = b < 0x80 ? 1 : utf8::valid_prefix_length(text.substr(i));
    if (n > 0) {
      i += n;
      continue;
    }
    if (i > run_start) split_valid(text.substr(run_start, i - run_start), out, tmp);
    out.push_back(text.substr(i, 1));
    ++i;
    run_start = i;
  }
  if (run_start < text.size()) split_valid(text.substr(run_start), out, tmp);
}

}  // namespace tessera::tokenizer

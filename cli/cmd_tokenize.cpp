// tessera-cli tokenize: show how a model's tokenizer splits text.
//
//   tessera-cli tokenize -m FILE [--ids | --pieces] [--no-bos] [--special] TEXT
//
// TEXT "-" reads standard input (all of it, bytes as they are). Output:
//   default   one line per token: "ID<TAB>PIECE"
//   --ids     the ids on one line, separated by single spaces
//   --pieces  one line per token: the piece only
// Pieces are the bytes a token stands for, escaped so that each stays on one line: \n \r \t \\,
// other control bytes and bytes that are not part of valid UTF-8 as \xNN. Special tokens (BOS,
// <|im_start|>, ...) show their text.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "common/input_file.h"
#include "gguf/gguf_file.h"
#include "option_ranges.h"
#include "terminal_text.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/utf8.h"

namespace tessera::cli {

namespace {

void print_tokenize_usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli tokenize -m FILE [--ids | --pieces] [--no-bos] [--special] TEXT\n"
               "\n"
               "Tokenizes TEXT (\"-\" reads standard input) with the tokenizer stored in the GGUF file.\n"
               "\n"
               "  -m, --model FILE  GGUF model or vocabulary file\n"
               "  --ids             print only the ids, on one line separated by spaces\n"
               "  --pieces          print only the pieces, one per line\n"
               "                    (default: one line per token, \"ID<TAB>PIECE\")\n"
               "  --no-bos          add no BOS/EOS tokens (by default they are added as the model asks)\n"
               "  --special         recognise special-token text such as <|im_start|> as single tokens\n"
               "\n"
               "Pieces are escaped to stay on one line: \\n \\r \\t \\\\ and \\xNN for other control bytes\n"
               "and for bytes that are not valid UTF-8 on their own.\n");
}

std::string escape_piece(std::string_view piece) {
  std::string out;
  size_t i = 0;
  while (i < piece.size()) {
    const auto c = static_cast<unsigned char>(piece[i]);
    if (c >= 0x80) {
      const size_t n = tokenizer::utf8::valid_prefix_length(piece.substr(i));
      if (n > 0) {
        out.append(piece.substr(i, n));
        i += n;
        continue;
      }
    }
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c < 0x20 || c >= 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02X", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  return out;
}

}  // namespace

int cmd_tokenize(const Args& args) {
  std::string model;
  std::vector<std::string> texts;
  bool ids_only = false, pieces_only = false, no_bos = false, special = false, end_of_options = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (end_of_options || a == "-" || a.empty() || a[0] != '-') {
      texts.push_back(a);
    } else if (a == "--") {
      end_of_options = true;
    } else if (a == "-h" || a == "--help") {
      print_tokenize_usage(stdout);
      return 0;
    } else if (a == "-m" || a == "--model") {
      if (i + 1 >= args.size()) {
        print_error("tokenize", a + " needs a file name");
        return 2;
      }
      model = args[++i];
    } else if (a == "--ids") {
      ids_only = true;
    } else if (a == "--pieces") {
      pieces_only = true;
    } else if (a == "--no-bos") {
      no_bos = true;
    } else if (a == "--special") {
      special = true;
    } else {
      print_error("tokenize", "unknown option '" + a + "'");
      std::fputc('\n', stderr);
      print_tokenize_usage(stderr);
      return 2;
    }
  }
  if (model.empty() || texts.size() != 1 || (ids_only && pieces_only)) {
    if (model.empty()) std::fprintf(stderr, "tessera-cli tokenize: no model given (-m FILE)\n\n");
    else if (texts.size() != 1)
      std::fprintf(stderr, "tessera-cli tokenize: expected one TEXT argument (quote it), got %zu\n\n", texts.size());
    else std::fprintf(stderr, "tessera-cli tokenize: --ids and --pieces exclude each other\n\n");
    print_tokenize_usage(stderr);
    return 2;
  }

  std::string text = texts[0];
  if (text == "-") {
    auto read = read_input_stream(0, kMaxTextInputBytes, "the text (standard input)");
    if (!read.ok()) {
      print_error("tokenize", read.error().message);
      return 1;
    }
    text = std::move(read).value();
  }

  auto file = gguf::GgufFile::open(model);
  if (!file.ok()) {
    print_error("tokenize", file.error().describe());
    return 1;
  }
  auto tok = tokenizer::Tokenizer::from_gguf(**file);
  if (!tok.ok()) {
    print_error("tokenize", tok.error().describe());
    return 1;
  }
  for (const std::string& w : (*tok)->warnings()) print_error("tokenize", "warning: " + w);

  const std::vector<int32_t> ids = (*tok)->encode(text, !no_bos, special);
  std::string out;
  if (ids_only) {
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i > 0) out.push_back(' ');
      out += std::to_string(ids[i]);
    }
    out.push_back('\n');
  } else {
    for (int32_t id : ids) {
      const std::string piece = escape_piece((*tok)->piece_view(id, /*render_special=*/true));
      if (!pieces_only) out += std::to_string(id) + "\t";
      out += piece;
      out.push_back('\n');
    }
  }
  // escape_piece leaves valid UTF-8 as it is: C1 controls and direction overrides too, which only
  // a terminal must not get.
  out = for_stream(stdout, out);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace tessera::cli

#include "vocab_vectors.h"

#include <sstream>

#include "support/test_support.h"

namespace tessera::tokenizer::vectors {

std::vector<VocabCase> load_vocab_cases(const std::filesystem::path& inp, const std::filesystem::path& out,
                                        std::string* error) {
  if (!std::filesystem::exists(inp) || !std::filesystem::exists(out)) {
    *error = "missing " + inp.string() + " or " + out.string();
    return {};
  }
  const auto in_bytes = tessera::test::read_file_bytes(inp);
  const auto out_bytes = tessera::test::read_file_bytes(out);
  const std::string all_in(in_bytes.begin(), in_bytes.end());
  const std::string all_out(out_bytes.begin(), out_bytes.end());
  const std::string sep = "\n__ggml_vocab_test__\n";

  std::vector<std::string> texts;
  size_t pos = 0;
  for (;;) {
    const size_t hit = all_in.find(sep, pos);
    if (hit == std::string::npos) break;
    texts.push_back(all_in.substr(pos, hit - pos));
    pos = hit + sep.size();
  }
  if (pos != all_in.size()) {
    *error = inp.string() + ": text after the final separator";
    return {};
  }
  std::vector<std::vector<int32_t>> id_lines;
  std::istringstream lines(all_out);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<int32_t> ids;
    std::istringstream nums(line);
    long long v;
    while (nums >> v) ids.push_back(static_cast<int32_t>(v));
    id_lines.push_back(std::move(ids));
  }
  if (texts.size() != id_lines.size()) {
    *error = inp.string() + ": " + std::to_string(texts.size()) + " texts but " + std::to_string(id_lines.size()) +
             " id lines in " + out.string();
    return {};
  }
  std::vector<VocabCase> cases;
  for (size_t i = 0; i < texts.size(); ++i) cases.push_back({texts[i], id_lines[i]});
  return cases;
}

std::string ids_string(const std::vector<int32_t>& ids) {
  std::string s;
  for (int32_t id : ids) {
    s += ' ';
    s += std::to_string(id);
  }
  return s;
}

}  // namespace tessera::tokenizer::vectors

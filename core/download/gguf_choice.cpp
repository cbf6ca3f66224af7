#include "download/gguf_choice.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "gguf/gguf_split.h"

namespace tessera::download {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Q4_K_M, IQ2_XXS, Q8_0, Q4_0_4_4, TQ1_0, F16, BF16, F32, MXFP4, MXFP4_MOE (upper case).
bool is_quant_token(std::string_view t) {
  if (t == "F16" || t == "BF16" || t == "F32" || t == "MXFP4" || t == "MXFP4_MOE") return true;
  size_t i = 0;
  if (t.rfind("IQ", 0) == 0 || t.rfind("TQ", 0) == 0) i = 2;
  else if (t.rfind("Q", 0) == 0) i = 1;
  else return false;
  if (i >= t.size() || !std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i + 1 >= t.size() || t[i] != '_') return false;
  for (size_t j = i + 1; j < t.size(); ++j)
    if (!std::isalnum(static_cast<unsigned char>(t[j])) && t[j] != '_') return false;
  return true;
}

// The last quantization token of one name (no folders, no extension).
std::string quant_of_name(std::string_view name) {
  const std::string u = upper(name);
  std::vector<std::string> tokens;
  size_t start = 0;
  for (size_t i = 0; i <= u.size(); ++i) {
    if (i == u.size() || u[i] == '-' || u[i] == '.') {
      tokens.push_back(u.substr(start, i - start));
      start = i + 1;
    }
  }
  for (size_t k = tokens.size(); k-- > 0;) {
    if (!is_quant_token(tokens[k])) continue;
    return k > 0 && tokens[k - 1] == "UD" ? "UD-" + tokens[k] : tokens[k];  // unsloth's dynamic quants
  }
  return {};
}

bool is_model_file(const RepoFile& f) {
  const std::string name = upper(f.name());
  return ends_with(name, ".GGUF") && name.find("MMPROJ") == std::string::npos;
}

}  // namespace

uint64_t GgufChoice::total_size() const {
  uint64_t n = 0;
  for (const auto& f : files) n += f.size;
  return n;
}

std::string quant_of_path(std::string_view path) {
  std::string_view name = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
  std::string stem(name);
  if (const auto split = gguf::parse_split_path(stem)) stem = split->prefix;
  else if (ends_with(upper(stem), ".GGUF")) stem.resize(stem.size() - 5);
  if (std::string q = quant_of_name(stem); !q.empty()) return q;
  // Sets often sit in a folder named after their quantization.
  std::string_view dir = path.substr(0, path.size() - name.size());
  while (!dir.empty() && dir.back() == '/') dir.remove_suffix(1);
  const size_t slash = dir.rfind('/');
  return dir.empty() ? std::string() : quant_of_name(dir.substr(slash == std::string_view::npos ? 0 : slash + 1));
}

std::vector<GgufChoice> gguf_choices(const std::vector<RepoFile>& files) {
  // One slot per model in listing order: a single file's choice, or the key of a set whose parts
  // are gathered as they come.
  struct Set {
    uint32_t count = 0;
    std::map<uint32_t, RepoFile> parts;
  };
  std::map<std::string, Set> sets;
  std::vector<std::pair<GgufChoice, std::string>> slots;  // (single file, "") or ({}, set key)
  for (const RepoFile& f : files) {
    if (!is_model_file(f)) continue;
    const auto split = gguf::parse_split_path(f.path);
    if (!split || split->count < 2) {
      slots.push_back({GgufChoice{quant_of_path(f.path), {f}}, ""});
      continue;
    }
    const std::string key = split->prefix + "/" + std::to_string(split->count);
    auto [it, fresh] = sets.try_emplace(key);
    if (fresh) {
      it->second.count = split->count;
      slots.push_back({GgufChoice{}, key});
    }
    it->second.parts.emplace(split->index, f);
  }
  std::vector<GgufChoice> out;
  for (auto& [single, key] : slots) {
    if (key.empty()) {
      out.push_back(std::move(single));
      continue;
    }
    const Set& set = sets.at(key);
    if (set.parts.size() != set.count) continue;  // not every part is listed
    GgufChoice c;
    for (const auto& [index, file] : set.parts) c.files.push_back(file);
    c.quant = quant_of_path(c.files.front().path);
    out.push_back(std::move(c));
  }
  return out;
}

Result<GgufChoice> choose_gguf(const std::vector<RepoFile>& files, std::string_view quant, std::string_view repo) {
  std::vector<GgufChoice> choices = gguf_choices(files);
  if (choices.empty()) {
    return make_error(ErrorKind::InvalidArgument, std::string(repo) + " has no GGUF model file (" +
                                                      std::to_string(files.size()) + " files listed)");
  }
  const std::string wanted = upper(quant.empty() ? "Q4_K_M" : quant);
  for (auto& c : choices)
    if (c.quant == wanted) return std::move(c);
  if (quant.empty()) return std::move(choices.front());
  std::string have;
  for (const auto& c : choices) {
    const std::string q = c.quant.empty() ? c.label() : c.quant;
    if (have.find(q) == std::string::npos) have += (have.empty() ? "" : ", ") + q;
  }
  return make_error(ErrorKind::InvalidArgument, std::string(repo) + " has no " + std::string(quant) +
                                                    " model; it has: " + have);
}

}  // namespace tessera::download

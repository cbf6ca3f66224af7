// tessera-cli inspect FILE [--json]: what a GGUF file holds, without loading any weights.
// With --tensor NAME: that tensor only; with --dequant OUT.f32 its values, decoded.
// Everything that comes from the file (keys, strings, names, error texts) goes through
// terminal_safe() in text output; JSON output is pure ASCII (\uXXXX escapes), so neither can put
// control bytes on the terminal.
#include <cstdio>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "gguf/gguf_file.h"
#include "inspect_model.h"
#include "inspect_tensor.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

void print_inspect_usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli inspect FILE [--json] [--all]\n"
               "       tessera-cli inspect FILE --tensor NAME [--json] [--dequant OUT.f32]\n"
               "  Shows a GGUF file's architecture, metadata, tensor table, totals by type,\n"
               "  parameter count and file size. Long arrays are summarised unless --all.\n"
               "  FILE may be any part of a split model (NAME-00002-of-00003.gguf): the whole set\n"
               "  is read, its parts listed.\n"
               "  --tensor NAME      show only that tensor (name, type, shape, bytes, offset)\n"
               "  --dequant OUT.f32  write its values as raw little-endian float32 in ggml element\n"
               "                     order (row by row), decoded by Tessera's CPU reference\n");
}

nlohmann::json value_to_json(const gguf::Value& v, bool all) {
  using gguf::ValueType;
  switch (v.type()) {
    case ValueType::String: return v.as_string();
    case ValueType::Bool: return *v.as_bool();
    case ValueType::Float32: case ValueType::Float64: return *v.as_float();
    case ValueType::Array: {
      nlohmann::json arr = nlohmann::json::array();
      const size_t limit = all ? v.items().size() : std::min<size_t>(v.items().size(), 16);
      for (size_t i = 0; i < limit; ++i) arr.push_back(value_to_json(v.items()[i], all));
      if (limit == v.items().size()) return arr;
      return nlohmann::json{{"type", std::string(gguf::value_type_name(v.array_type()))},
                            {"length", v.items().size()},
                            {"first", arr}};
    }
    default:
      if (gguf::is_signed_integer_type(v.type())) return *v.as_int();
      return *v.as_uint();
  }
}

// Metadata strings are whatever bytes the file holds: invalid UTF-8 becomes U+FFFD (dump() would
// throw on it), and ensure_ascii writes every other non-ASCII character and every control as a
// \uXXXX escape, so the JSON is valid and pure ASCII.
std::string json_text(const nlohmann::json& j) {
  return j.dump(2, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace);
}

std::string human_bytes(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 4) {
    v /= 1024.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof(buf), u == 0 ? "%.0f %s" : "%.2f %s", v, units[u]);
  return buf;
}

}  // namespace

int cmd_inspect(const Args& args) {
  std::string path, tensor_name, dequant_path;
  bool json = false, all = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") json = true;
    else if (a == "--all") all = true;
    else if (a == "--tensor" || a == "--dequant") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "tessera-cli inspect: %s needs a value\n", a.c_str());
        return 2;
      }
      (a == "--tensor" ? tensor_name : dequant_path) = args[++i];
    }
    else if (a == "-h" || a == "--help") {
      print_inspect_usage(stdout);
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "tessera-cli inspect: unknown option '%s'\n", terminal_safe(a).c_str());
      print_inspect_usage(stderr);
      return 2;
    } else if (path.empty()) {
      path = a;
    } else {
      std::fprintf(stderr, "tessera-cli inspect: more than one file given\n");
      return 2;
    }
  }
  if (path.empty()) {
    print_inspect_usage(stderr);
    return 2;
  }
  if (!dequant_path.empty() && tensor_name.empty()) {
    std::fprintf(stderr, "tessera-cli inspect: --dequant needs --tensor NAME\n");
    return 2;
  }
  auto opened = gguf::GgufFile::open(path);
  if (!opened.ok()) {
    std::fprintf(stderr, "tessera-cli inspect: %s\n", terminal_safe(opened.error().describe()).c_str());
    return 1;
  }
  const std::shared_ptr<const gguf::GgufFile> shared = std::move(*opened);
  const gguf::GgufFile& file = *shared;

  if (!tensor_name.empty()) {
    auto found = find_inspected_tensor(file, tensor_name);
    if (!found.ok()) {
      std::fprintf(stderr, "tessera-cli inspect: %s\n", terminal_safe(found.error().describe()).c_str());
      return 1;
    }
    const gguf::TensorInfo& t = **found;
    if (!dequant_path.empty()) {
      const Status st = write_dequantized_tensor(file, t, dequant_path);
      if (!st.ok()) {
        std::fprintf(stderr, "tessera-cli inspect: %s\n", terminal_safe(st.error().describe()).c_str());
        return 1;
      }
    }
    if (json) {
      nlohmann::json out = {{"name", t.name},         {"type", std::string(type_name(t.type))},
                            {"shape", t.dims},        {"elements", t.n_elements},
                            {"bytes", t.n_bytes},     {"offset", t.offset}};
      if (file.is_split()) out["part"] = file.parts()[t.part].path;
      if (!dequant_path.empty()) out["dequant"] = dequant_path;
      std::printf("%s\n", json_text(out).c_str());
    } else {
      std::printf("%s %s %s %llu bytes at offset %llu%s\n", terminal_safe(t.name).c_str(),
                  std::string(type_name(t.type)).c_str(), t.shape_string().c_str(),
                  static_cast<unsigned long long>(t.n_bytes), static_cast<unsigned long long>(t.offset),
                  file.is_split() ? (" of " + terminal_safe(file.parts()[t.part].path)).c_str() : "");
      if (!dequant_path.empty())
        std::printf("wrote %llu float32 values to %s\n", static_cast<unsigned long long>(t.n_elements),
                    terminal_safe(dequant_path).c_str());
    }
    return 0;
  }

  struct TypeTotal {
    uint64_t tensors = 0, elements = 0, bytes = 0;
  };
  std::map<std::string, TypeTotal> by_type;
  uint64_t params = 0, tensor_bytes = 0;
  for (const auto& t : file.tensors()) {
    auto& tot = by_type[std::string(type_name(t.type))];
    tot.tensors++;
    tot.elements += t.n_elements;
    tot.bytes += t.n_bytes;
    params += t.n_elements;
    tensor_bytes += t.n_bytes;
  }
  std::string arch = file.architecture();
  std::string name;
  if (const auto* v = file.find("general.name"); v && v->is_string()) name = v->as_string();

  if (json) {
    nlohmann::json out;
    out["file"] = path;
    out["file_size"] = file.file_size();
    out["gguf_version"] = file.version();
    out["alignment"] = file.alignment();
    nlohmann::json parts = nlohmann::json::array();
    for (const gguf::FilePart& p : file.parts())
      parts.push_back({{"path", p.path}, {"size", p.size}, {"tensors", p.tensor_count}});
    out["parts"] = parts;
    out["architecture"] = arch;
    out["name"] = name;
    out["parameters"] = params;
    out["tensor_bytes"] = tensor_bytes;
    nlohmann::json meta = nlohmann::json::object();
    for (const auto& e : file.metadata()) meta[e.key] = value_to_json(e.value, all);
    out["metadata"] = meta;
    nlohmann::json tensors = nlohmann::json::array();
    for (const auto& t : file.tensors()) {
      tensors.push_back({{"name", t.name}, {"type", std::string(type_name(t.type))}, {"shape", t.dims},
                         {"elements", t.n_elements}, {"bytes", t.n_bytes}, {"offset", t.offset}});
      if (file.is_split()) tensors.back()["part"] = t.part + 1;
    }
    out["tensors"] = tensors;
    nlohmann::json totals = nlohmann::json::object();
    for (const auto& [type, tot] : by_type)
      totals[type] = {{"tensors", tot.tensors}, {"elements", tot.elements}, {"bytes", tot.bytes}};
    out["totals_by_type"] = totals;
    const InspectedModel model = inspect_model(shared);
    nlohmann::json facts = nlohmann::json::object();
    for (const auto& f : model.facts) facts[f.name] = f.value;
    out["model"] = {{"runs", model.runs}, {"error", model.why_not}, {"facts", facts}};
    std::printf("%s\n", json_text(out).c_str());
    return 0;
  }

  std::printf("file:          %s\n", terminal_safe(path).c_str());
  std::printf("file size:     %llu bytes (%s)%s\n", static_cast<unsigned long long>(file.file_size()),
              human_bytes(file.file_size()).c_str(),
              file.is_split() ? (" in " + std::to_string(file.parts().size()) + " parts").c_str() : "");
  if (file.is_split()) {
    for (size_t i = 0; i < file.parts().size(); ++i) {
      const gguf::FilePart& p = file.parts()[i];
      std::printf("  part %-6zu %s (%s, %llu tensors)\n", i + 1, terminal_safe(p.path).c_str(), human_bytes(p.size).c_str(),
                  static_cast<unsigned long long>(p.tensor_count));
    }
  }
  std::printf("GGUF version:  %u (alignment %llu)\n", file.version(),
              static_cast<unsigned long long>(file.alignment()));
  std::printf("architecture:  %s\n", arch.empty() ? "(not set)" : terminal_safe(arch).c_str());
  if (!name.empty()) std::printf("name:          %s\n", terminal_safe(name).c_str());
  std::printf("parameters:    %llu\n", static_cast<unsigned long long>(params));
  std::printf("tensors:       %zu (%s)\n", file.tensors().size(), human_bytes(tensor_bytes).c_str());
  if (const InspectedModel model = inspect_model(shared); model.runs) {
    std::printf("\nmodel (as Tessera runs it):\n");
    for (const auto& f : model.facts)
      std::printf("  %-20s %s\n", terminal_safe(f.name).c_str(), terminal_safe(f.value).c_str());
  } else {
    std::printf("\nmodel: Tessera cannot run this file: %s\n", terminal_safe(model.why_not).c_str());
  }

  std::printf("\nmetadata (%zu keys):\n", file.metadata().size());
  for (const auto& e : file.metadata()) {
    std::printf("  %-44s %-8s %s\n", terminal_safe(e.key).c_str(),
                std::string(gguf::value_type_name(e.value.type())).c_str(),
                terminal_safe(e.value.to_display(all ? static_cast<size_t>(-1) : 8)).c_str());
  }
  if (!file.tensors().empty()) {
    std::printf("\ntensors:\n  %-40s %-6s %-24s %12s\n", "name", "type", "shape", "bytes");
    for (const auto& t : file.tensors()) {
      std::printf("  %-40s %-6s %-24s %12llu\n", terminal_safe(t.name).c_str(), std::string(type_name(t.type)).c_str(),
                  t.shape_string().c_str(), static_cast<unsigned long long>(t.n_bytes));
    }
    std::printf("\ntotals by type:\n");
    for (const auto& [type, tot] : by_type) {
      std::printf("  %-6s %5llu tensors %14llu elements %12s\n", type.c_str(),
                  static_cast<unsigned long long>(tot.tensors), static_cast<unsigned long long>(tot.elements),
                  human_bytes(tot.bytes).c_str());
    }
  }
  return 0;
}

}  // namespace tessera::cli

#include "gguf/gguf_split.h"

#include <sys/stat.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <unordered_map>

#include "gguf/gguf_file.h"

namespace tessera::gguf {
namespace {

// What a file's split keys say. count 0 or 1: the file stands alone.
struct SplitKeys {
  uint64_t count = 0;
  uint64_t no = 0;
  std::optional<uint64_t> tensors;
};

Error bad(const std::string& what) { return make_error(ErrorKind::BadFile, what); }

Result<SplitKeys> split_keys(const GgufFile& f) {
  SplitKeys k;
  TESSERA_ASSIGN_OR_RETURN(k.count, f.get_uint_or(kSplitCountKey, 0));
  TESSERA_ASSIGN_OR_RETURN(k.no, f.get_uint_or(kSplitNoKey, 0));
  if (f.has(kSplitTensorsCountKey)) {
    TESSERA_ASSIGN_OR_RETURN(k.tensors, f.get_uint(kSplitTensorsCountKey));
  }
  if (k.count > kMaxSplitParts) {
    return bad(f.path() + ": split.count is " + std::to_string(k.count) + ", above the " +
               std::to_string(kMaxSplitParts) + " parts the format can number");
  }
  if (k.count > 1 && !f.has(kSplitNoKey)) {
    return bad(f.path() + ": split.count says the model has " + std::to_string(k.count) +
               " parts, but the file has no split.no to say which one it is");
  }
  if (k.count <= 1 && k.no > 0) {
    return bad(f.path() + ": split.no is " + std::to_string(k.no) + " (part " + std::to_string(k.no + 1) +
               ") but split.count is " + std::to_string(k.count) + ": a part of a split model without its count");
  }
  if (k.count > 1 && k.no >= k.count) {
    return bad(f.path() + ": split.no is " + std::to_string(k.no) + ", not below split.count " +
               std::to_string(k.count) + " (parts are numbered from 0)");
  }
  return k;
}

std::string part_label(uint64_t index, uint64_t count) {
  return "part " + std::to_string(index + 1) + " of " + std::to_string(count);
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

}  // namespace

std::string split_part_path(std::string_view prefix, uint32_t index, uint32_t count) {
  char suffix[40];
  std::snprintf(suffix, sizeof suffix, "-%05u-of-%05u.gguf", index + 1, count);
  return std::string(prefix) + suffix;
}

std::optional<SplitName> parse_split_path(std::string_view path) {
  constexpr std::string_view kExt = ".gguf", kOf = "-of-";
  if (path.size() < kExt.size() || path.substr(path.size() - kExt.size()) != kExt) return std::nullopt;
  std::string_view rest = path.substr(0, path.size() - kExt.size());
  // "...-NNNNN-of-MMMMM": read MMMMM, then "-of-", then NNNNN, then '-'.
  auto digits_before = [](std::string_view s) {
    size_t n = 0;
    while (n < s.size() && s[s.size() - 1 - n] >= '0' && s[s.size() - 1 - n] <= '9') ++n;
    return n;
  };
  const size_t count_len = digits_before(rest);
  if (count_len == 0 || count_len > 9) return std::nullopt;
  const std::string_view count_text = rest.substr(rest.size() - count_len);
  rest.remove_suffix(count_len);
  if (rest.size() < kOf.size() || rest.substr(rest.size() - kOf.size()) != kOf) return std::nullopt;
  rest.remove_suffix(kOf.size());
  const size_t index_len = digits_before(rest);
  if (index_len == 0 || index_len > 9) return std::nullopt;
  const std::string_view index_text = rest.substr(rest.size() - index_len);
  rest.remove_suffix(index_len);
  if (rest.empty() || rest.back() != '-') return std::nullopt;
  rest.remove_suffix(1);
  if (rest.empty()) return std::nullopt;  // llama.cpp needs a prefix too
  uint32_t part = 0, count = 0;
  std::from_chars(index_text.data(), index_text.data() + index_text.size(), part);
  std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
  if (part < 1 || part > count || count > kMaxSplitParts) return std::nullopt;
  SplitName name{std::string(rest), part - 1, count};
  // Only the spelling split_part_path writes ("-2-of-3" or "-000002-of-..." are other files).
  if (split_part_path(name.prefix, name.index, name.count) != path) return std::nullopt;
  return name;
}

bool is_later_split_part(std::string_view path) {
  const auto name = parse_split_path(path);
  return name && name->index > 0;
}

Result<std::vector<GgufWriter>> split_into_parts(const GgufWriter& whole, uint32_t max_tensors_per_part,
                                                 bool first_without_tensors) {
  if (max_tensors_per_part == 0) return make_error(ErrorKind::InvalidArgument, "a part must hold at least one tensor");
  const size_t n_tensors = whole.tensors_.size();
  if (n_tensors > static_cast<size_t>(INT32_MAX))
    return make_error(ErrorKind::InvalidArgument, "too many tensors for split.tensors.count (i32)");
  // Later parts carry no metadata but the split keys, so they have the default alignment, as
  // llama-gguf-split writes them.
  std::vector<GgufWriter> parts(1);
  parts[0].metadata_ = whole.metadata_;
  parts[0].alignment_ = whole.alignment_;
  if (first_without_tensors && n_tensors > 0) parts.emplace_back();
  for (size_t i = 0; i < n_tensors; ++i) {
    if (parts.back().tensors_.size() == max_tensors_per_part) parts.emplace_back();
    parts.back().tensors_.push_back(whole.tensors_[i]);
  }
  if (parts.size() > kMaxSplitParts)
    return make_error(ErrorKind::InvalidArgument, std::to_string(parts.size()) + " parts, more than split.count can number");
  for (size_t i = 0; i < parts.size(); ++i) {
    GgufWriter& p = parts[i];
    p.version_ = whole.version_;
    p.set(std::string(kSplitNoKey), Value::u16(static_cast<uint16_t>(i)));
    p.set(std::string(kSplitCountKey), Value::u16(static_cast<uint16_t>(parts.size())));
    p.set(std::string(kSplitTensorsCountKey), Value::i32(static_cast<int32_t>(n_tensors)));
  }
  return parts;
}

Result<std::vector<std::string>> write_split_files(const GgufWriter& whole, const std::string& prefix,
                                                   uint32_t max_tensors_per_part, bool first_without_tensors) {
  TESSERA_ASSIGN_OR_RETURN(auto parts, split_into_parts(whole, max_tensors_per_part, first_without_tensors));
  std::vector<std::string> paths;
  for (size_t i = 0; i < parts.size(); ++i) {
    paths.push_back(split_part_path(prefix, static_cast<uint32_t>(i), static_cast<uint32_t>(parts.size())));
    TESSERA_TRY(parts[i].write_file(paths.back()));
  }
  return paths;
}

// ---- reading: the GgufFile members that know about sets ------------------------------------

Result<std::unique_ptr<GgufFile>> GgufFile::finish(std::unique_ptr<GgufFile> file, const ReaderLimits& limits,
                                                   bool siblings_on_disk) {
  TESSERA_ASSIGN_OR_RETURN(const SplitKeys keys, split_keys(*file));
  if (keys.count <= 1) {
    file->parts_ = {FilePart{file->name_, file->size_, file->data_offset_, file->tensors_.size()}};
    return file;
  }
  const std::string& path = file->name_;
  const std::string which = part_label(keys.no, keys.count);
  if (!siblings_on_disk) {
    return bad(path + " is " + which + " of a split model; its other parts were not given");
  }
  const auto name = parse_split_path(path);
  if (!name || name->count != keys.count || name->index != keys.no) {
    return bad(path + " is " + which + " of a split model (split.no, split.count), but its name does not end in " +
               split_part_path("", static_cast<uint32_t>(keys.no), static_cast<uint32_t>(keys.count)) +
               ", so its other parts cannot be found; keep the names llama-gguf-split gave the parts");
  }
  const auto count = static_cast<uint32_t>(keys.count);
  std::vector<std::string> missing;
  for (uint32_t i = 0; i < count; ++i) {
    const std::string part_path = split_part_path(name->prefix, i, count);
    if (i != keys.no && !exists(part_path)) missing.push_back(part_label(i, count) + " (" + part_path + ")");
  }
  if (!missing.empty()) {
    std::string list;
    const size_t shown = std::min<size_t>(missing.size(), 8);
    for (size_t i = 0; i < shown; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > shown) list += " and " + std::to_string(missing.size() - shown) + " more";
    return bad(path + " is " + which + " of a split model, and " + std::to_string(missing.size()) +
               (missing.size() == 1 ? " part is" : " parts are") + " missing: " + list);
  }
  std::vector<std::unique_ptr<GgufFile>> parts(count);
  for (uint32_t i = 0; i < count; ++i) {
    if (i == keys.no) continue;
    TESSERA_ASSIGN_OR_RETURN(parts[i], open_file(split_part_path(name->prefix, i, count), limits));
  }
  parts[keys.no] = std::move(file);
  return join_parts(std::move(parts));
}

Result<std::unique_ptr<GgufFile>> GgufFile::join_parts(std::vector<std::unique_ptr<GgufFile>> parts) {
  const size_t n = parts.size();
  const GgufFile& first = *parts.front();
  std::vector<SplitKeys> keys;
  for (size_t i = 0; i < n; ++i) {
    TESSERA_ASSIGN_OR_RETURN(SplitKeys k, split_keys(*parts[i]));
    if (k.count != n) {
      return bad(parts[i]->name_ + ": split.count is " + std::to_string(k.count) + ", but the set has " +
                 std::to_string(n) + " parts" + (i == 0 ? "" : " (split.count of " + first.name_ + ")"));
    }
    if (k.no != i) {
      return bad(parts[i]->name_ + ": split.no says it is " + part_label(k.no, n) + ", but it stands as " +
                 part_label(i, n) + " of the set (a copy or a part of another set)");
    }
    keys.push_back(k);
  }
  if (!keys[0].tensors) {
    return bad(first.name_ + ": missing metadata key '" + std::string(kSplitTensorsCountKey) +
               "' (the first part of a split model must say how many tensors the parts hold)");
  }
  const uint64_t expected = *keys[0].tensors;
  for (size_t i = 1; i < n; ++i) {
    if (keys[i].tensors && *keys[i].tensors != expected) {
      return bad(parts[i]->name_ + ": split.tensors.count is " + std::to_string(*keys[i].tensors) + ", but " +
                 first.name_ + " says " + std::to_string(expected));
    }
  }

  auto joined = std::unique_ptr<GgufFile>(new GgufFile());
  std::unordered_map<std::string_view, uint32_t> part_of;
  uint64_t total_tensors = 0;
  for (const auto& p : parts) total_tensors += p->tensors_.size();
  if (total_tensors != expected) {
    return bad("the " + std::to_string(n) + " parts of " + first.name_ + " hold " + std::to_string(total_tensors) +
               " tensors, but split.tensors.count says " + std::to_string(expected) +
               ": a part is damaged or belongs to another set");
  }
  joined->tensors_.reserve(total_tensors);
  part_of.reserve(total_tensors);
  uint64_t total_size = 0;
  for (uint32_t i = 0; i < n; ++i) {
    GgufFile& p = *parts[i];
    for (TensorInfo& t : p.tensors_) {
      t.part = i;
      const auto [it, inserted] = part_of.emplace(t.name, i);
      if (!inserted) {
        return bad("tensor '" + t.name + "' is in " + part_label(it->second, n) + " (" + parts[it->second]->name_ +
                   ") and in " + part_label(i, n) + " (" + p.name_ + ")");
      }
    }
    joined->parts_.push_back(FilePart{p.name_, p.size_, p.data_offset_, p.tensors_.size()});
    if (__builtin_add_overflow(total_size, p.size_, &total_size)) return bad(first.name_ + ": parts' sizes overflow 64 bits");
    joined->has_tensor_data_ = joined->has_tensor_data_ && p.has_tensor_data_;
  }
  for (auto& p : parts) {
    joined->tensors_.insert(joined->tensors_.end(), std::make_move_iterator(p->tensors_.begin()),
                            std::make_move_iterator(p->tensors_.end()));
    p->tensors_ = {};  // part_of's views are not used past this point
  }
  GgufFile& head = *parts.front();
  joined->name_ = head.name_;
  joined->version_ = head.version_;
  joined->alignment_ = head.alignment_;
  joined->data_offset_ = head.data_offset_;
  joined->metadata_ = std::move(head.metadata_);
  joined->size_ = total_size;
  joined->part_files_ = std::move(parts);
  return joined;
}

}  // namespace tessera::gguf

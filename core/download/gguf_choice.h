// Which files of a repository make a model: each GGUF file alone, or the parts of a split set
// (gguf_split.h naming) together, with the quantization its name says ("Q4_K_M", "IQ2_XXS",
// "UD-Q4_K_XL", "F16"). Vision projectors (mmproj) are not models and are left out, as are
// sets the listing does not hold every part of.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.h"
#include "download/hub_listing.h"

namespace tessera::download {

struct GgufChoice {
  std::string quant;            // upper case as named; "" when the name says none
  std::vector<RepoFile> files;  // one file, or a set's parts in order
  uint64_t total_size() const;
  bool is_split() const { return files.size() > 1; }
  const std::string& label() const { return files.front().path; }
};

// The quantization a file name says (its own name, else its folder's), "" when none.
std::string quant_of_path(std::string_view path);

// Every model of the listing, in the listing's order (by each model's first file).
std::vector<GgufChoice> gguf_choices(const std::vector<RepoFile>& files);

// The model for `quant` (compared without case); without a quant, Q4_K_M when there is one, else
// the first model listed (llama.cpp's -hf does the same). An error lists the quantizations there are.
Result<GgufChoice> choose_gguf(const std::vector<RepoFile>& files, std::string_view quant, std::string_view repo);

}  // namespace tessera::download

#include "cuda_test_util.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "device_info.h"
#include "kernels/quant_decode.cuh"
#include "quant/dequantize.h"
#include "quant/fp16.h"

namespace tessera::cuda::test {

const std::string& gpu_unavailable_reason() {
  static const std::string reason = [] {
    auto list = list_devices();
    if (!list.ok()) return list.error().describe();
    if (list->devices.empty()) return list->unavailable_reason;
    return std::string();
  }();
  return reason;
}

const std::vector<GgmlType>& all_kernel_types() {
  static const std::vector<GgmlType> types = {
      GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1,
      GgmlType::Q8_0, GgmlType::Q2_K, GgmlType::Q3_K, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K,
      GgmlType::IQ4_NL, GgmlType::IQ4_XS, GgmlType::IQ3_XXS, GgmlType::IQ3_S, GgmlType::IQ2_XXS, GgmlType::IQ2_XS,
      GgmlType::IQ2_S, GgmlType::IQ1_S, GgmlType::IQ1_M, GgmlType::TQ1_0, GgmlType::TQ2_0, GgmlType::MXFP4};
  return types;
}

bool is_quantized(GgmlType t) { return t != GgmlType::F32 && t != GgmlType::F16 && t != GgmlType::BF16; }

std::vector<uint8_t> random_rows(GgmlType type, int64_t rows, int64_t cols, size_t row_stride, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> data(static_cast<size_t>(rows) * row_stride);
  std::uniform_int_distribution<int> byte(0, 255);
  for (auto& b : data) b = static_cast<uint8_t>(byte(rng));
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_real_distribution<float> mag(1.0f / 256.0f, 1.0f / 64.0f);
  const auto& info = type_info(type);
  for (int64_t r = 0; r < rows; ++r) {
    uint8_t* row = data.data() + r * row_stride;
    if (type == GgmlType::F32) {
      for (int64_t c = 0; c < cols; ++c) {
        const float v = normal(rng);
        std::memcpy(row + 4 * c, &v, 4);
      }
    } else if (type == GgmlType::F16 || type == GgmlType::BF16) {
      for (int64_t c = 0; c < cols; ++c) {
        const float v = normal(rng);
        const uint16_t h = type == GgmlType::F16 ? fp32_to_fp16(v) : fp32_to_bf16(v);
        std::memcpy(row + 2 * c, &h, 2);
      }
    } else {
      int off[2];
      const int n = qd::scale_field_offsets(type, off);
      for (int64_t b = 0; b < cols / info.block_size; ++b) {
        uint8_t* blk = row + b * info.type_size;
        for (int k = 0; k < n; ++k) {
          float v = mag(rng);
          if (byte(rng) & 1) v = -v;
          const uint16_t h = fp32_to_fp16(v);
          std::memcpy(blk + off[k], &h, 2);
        }
        if (type == GgmlType::IQ1_M || type == GgmlType::MXFP4) {  // scales that are not an fp16 field
          float v = mag(rng);
          if (byte(rng) & 1) v = -v;
          qd::set_special_block_scale(type, blk, fp32_to_fp16(v));
        }
      }
    }
  }
  return data;
}

std::vector<float> dequantize_ref(GgmlType type, const std::vector<uint8_t>& data, int64_t rows, int64_t cols,
                                  size_t row_stride) {
  std::vector<float> out(static_cast<size_t>(rows * cols));
  for (int64_t r = 0; r < rows; ++r) {
    // Copy the row to aligned memory first (the reference requires natural alignment).
    std::vector<uint8_t> row(data.begin() + r * row_stride, data.begin() + r * row_stride + *row_size(type, cols));
    std::vector<uint32_t> aligned((row.size() + 3) / 4);
    std::memcpy(aligned.data(), row.data(), row.size());
    auto st = dequantize_row(type, aligned.data(), out.data() + r * cols, cols);
    EXPECT_TRUE(st.ok()) << st.error().describe();
  }
  return out;
}

DeviceBuffer poisoned_floats(size_t n) {
  std::vector<float> nan(n, std::numeric_limits<float>::quiet_NaN());
  return to_device(nan);
}

double max_rel_error(const std::vector<float>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return INFINITY;
  double scale = 1e-30, diff = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isnan(a[i])) return INFINITY;
    scale = std::max(scale, std::fabs(b[i]));
    diff = std::max(diff, std::fabs(static_cast<double>(a[i]) - b[i]));
  }
  return diff / scale;
}

double max_rel_error(const std::vector<float>& a, const std::vector<float>& b) {
  return max_rel_error(a, std::vector<double>(b.begin(), b.end()));
}

}  // namespace tessera::cuda::test

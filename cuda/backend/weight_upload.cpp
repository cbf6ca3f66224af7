#include "backend/weight_upload.h"

#include <cstring>
#include <new>
#include <vector>

#include "cuda_check.h"
#include "kernels/random_fill.h"
#include "kernels/rope.h"
#include "quant/dequantize.h"

namespace tessera::cuda {
namespace {

// FNV-1a over the tensor's name, then the slice's first row (or column + 2^40, so a column slice
// never shares a seed with a row slice).
uint64_t piece_seed(uint64_t random_seed, const TensorRef& t, const WeightPiece& p) {
  uint64_t seed = 1469598103934665603ull ^ random_seed;
  for (char c : t.name) seed = (seed ^ static_cast<uint8_t>(c)) * 1099511628211ull;
  const int64_t first = p.cut == PieceCut::Columns ? p.begin + (int64_t{1} << 40) : p.begin;
  return (seed ^ static_cast<uint64_t>(first)) * 1099511628211ull;
}

// The piece's bytes, produced on the host: gathered columns or f32 values.
Status make_on_host(const TensorRef& t, const WeightPiece& p, std::vector<uint8_t>& host) {
  host.resize(p.bytes);
  if (p.vector) {
    const TypeInfo& info = type_info(t.type);
    const int64_t n = static_cast<int64_t>(p.src_bytes / info.type_size) * info.block_size;
    std::vector<float> values(static_cast<size_t>(n));
    TESSERA_TRY(dequantize_row(t.type, t.data.data() + p.src_offset, values.data(), n));
    std::memcpy(host.data(), values.data() + (p.begin - p.first_element), p.bytes);
    return {};
  }
  for (int64_t r = 0; r < p.rows; ++r)
    std::memcpy(host.data() + static_cast<uint64_t>(r) * p.row_bytes,
                t.data.data() + static_cast<uint64_t>(r) * p.src_row_stride + p.src_offset, p.src_bytes);
  return {};
}

// Whether the piece is one contiguous range of the stored tensor (rows, or columns that are whole rows).
bool contiguous(const WeightPiece& p) {
  return !p.vector && (p.cut != PieceCut::Columns || p.src_bytes == p.src_row_stride);
}

Status upload_piece(const ModelSpec& spec, DeviceState& d, const WeightPiece& p, std::vector<uint8_t>& host) {
  const TensorRef& t = source_tensor(spec, p.source);
  uint8_t* dst = d.weights.as<uint8_t>() + p.offset;
  if (spec.random_weights_seed != 0) {
    const uint64_t seed = piece_seed(spec.random_weights_seed, t, p);
    // Gains and biases near 1; a Gated DeltaNet's ssm_a is -exp(A_log) < 0 (a positive one would
    // grow the state without bound over a long prompt).
    const bool decay_rate = p.source.layer >= 0 && p.source.slot == LayerTensor::DeltaA;
    if (p.vector)
      return fill_random_floats(reinterpret_cast<float*>(dst), p.rows, seed, decay_rate ? -1.5f : 0.5f,
                                decay_rate ? -0.5f : 1.5f, d.stream);
    return fill_random_weights(p.placed_type, dst, p.rows, p.cols, p.row_bytes, seed, d.stream);
  }
  const uint64_t read_end =
      p.cut == PieceCut::Columns && p.rows > 0
          ? static_cast<uint64_t>(p.rows - 1) * p.src_row_stride + p.src_offset + p.src_bytes
          : p.src_offset + p.src_bytes;
  if (read_end > t.data.size())
    return make_error(ErrorKind::BadFile, "tensor '" + t.name + "' in " + spec.source_path + " holds " +
                                              std::to_string(t.data.size()) + " bytes; its placed piece reads up to " +
                                              std::to_string(read_end));
  const void* src = t.data.data() + p.src_offset;
  if (!contiguous(p)) {
    try {
      TESSERA_TRY(make_on_host(t, p, host));
    } catch (const std::bad_alloc&) {
      return make_error(ErrorKind::OutOfMemory, "host memory ran out preparing " + std::to_string(p.bytes) +
                                                    " bytes of tensor '" + t.name + "' for device " +
                                                    std::to_string(d.dev.index) + " (" + d.dev.name + ")");
    }
    src = host.data();
  }
  TESSERA_CUDA_CHECK_DEV(cudaMemcpy(dst, src, p.bytes, cudaMemcpyHostToDevice), d.dev.physical);
  return {};
}

}  // namespace

uint64_t placed_weight_bytes(const DevicePlacement& place) {
  uint64_t n = 0;
  for (const WeightPiece& p : place.weights) n += p.bytes;
  for (const RotaryTable& r : place.rotary) n += r.bytes;
  return n;
}

Status upload_weights(const ModelSpec& spec, const RopeParams (&rope)[2], DeviceState& d,
                      const std::function<Status(uint64_t bytes)>& progress) {
  std::vector<uint8_t> host;  // reused by every gathered or converted piece
  for (const WeightPiece& p : d.place->weights) {
    TESSERA_TRY(upload_piece(spec, d, p, host));
    TESSERA_TRY(progress(p.bytes));
  }
  for (const RotaryTable& r : d.place->rotary) {
    const RopeParams& rp = rope[r.kind == RotaryKind::Full ? 0 : 1];
    const std::vector<double> theta = rope_theta_table(rp.n_dims, rp.freq_base, rp.freq_scale, rp.freq_factors);
    if (theta.size() * sizeof(double) != r.bytes)
      return make_error(ErrorKind::InvalidArgument, "rotary table of " + std::to_string(theta.size()) +
                                                        " angles, the placement has room for " +
                                                        std::to_string(r.bytes / sizeof(double)));
    TESSERA_CUDA_CHECK_DEV(
        cudaMemcpy(d.weights.as<uint8_t>() + r.offset, theta.data(), r.bytes, cudaMemcpyHostToDevice), d.dev.physical);
    TESSERA_TRY(progress(r.bytes));
  }
  if (spec.random_weights_seed != 0) TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(d.stream), d.dev.physical);
  return {};
}

}  // namespace tessera::cuda

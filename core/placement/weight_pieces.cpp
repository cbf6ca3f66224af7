#include "placement/weight_pieces.h"

namespace tessera::placement_detail {
namespace {

uint64_t stored_row_bytes(const TensorRef& t) {
  const TypeInfo& info = type_info(t.type);
  return static_cast<uint64_t>(t.row_length() / info.block_size) * info.type_size;
}

}  // namespace

uint64_t WeightPacker::take(uint64_t bytes) {
  const uint64_t at = total_;
  total_ = (total_ + bytes + kWeightAlignment - 1) / kWeightAlignment * kWeightAlignment;
  return at;
}

void WeightPacker::add_whole(const TensorRef& tensor, const WeightSource& source, bool vector) {
  add(tensor, source, vector, PieceCut::Whole, 0, vector ? tensor.n_elements() : tensor.n_rows());
}

void WeightPacker::add(const TensorRef& t, const WeightSource& source, bool vector, PieceCut cut, int64_t begin,
                       int64_t end) {
  if (!t.present() || end <= begin) return;
  const TypeInfo& info = type_info(t.type);
  WeightPiece p;
  p.source = source;
  p.cut = cut;
  p.begin = begin;
  p.end = end;
  p.vector = vector;
  p.stored_type = t.type;
  if (vector) {
    // Gains and biases are held as f32, whatever their stored type: elements [begin, end) of the
    // tensor read as whole rows of values.
    p.placed_type = GgmlType::F32;
    p.rows = end - begin;
    p.cols = 1;
    p.row_bytes = 4;
    const int64_t bs = static_cast<int64_t>(info.block_size);
    p.first_element = begin / bs * bs;
    const int64_t last = (end + bs - 1) / bs * bs;
    p.src_offset = static_cast<uint64_t>(p.first_element / bs) * info.type_size;
    p.src_bytes = static_cast<uint64_t>((last - p.first_element) / bs) * info.type_size;
    p.src_row_stride = p.src_bytes;
  } else if (cut == PieceCut::Columns) {
    const int64_t bs = static_cast<int64_t>(info.block_size);
    p.placed_type = t.type;
    p.rows = t.n_rows();
    p.cols = end - begin;
    p.row_bytes = static_cast<uint64_t>((end - begin + bs - 1) / bs) * info.type_size;
    p.src_offset = static_cast<uint64_t>(begin / bs) * info.type_size;
    p.src_bytes = p.row_bytes;
    p.src_row_stride = stored_row_bytes(t);
  } else {
    p.placed_type = t.type;
    p.rows = end - begin;
    p.cols = t.row_length();
    p.row_bytes = stored_row_bytes(t);
    p.src_offset = static_cast<uint64_t>(begin) * p.row_bytes;
    p.src_bytes = static_cast<uint64_t>(p.rows) * p.row_bytes;
    p.src_row_stride = p.row_bytes;
  }
  p.bytes = static_cast<uint64_t>(p.rows) * p.row_bytes;
  p.offset = take(p.bytes);
  pieces_.push_back(p);
}

void WeightPacker::add_rotary(RotaryKind kind, int32_t n_pairs) {
  if (n_pairs <= 0) return;
  RotaryTable r;
  r.kind = kind;
  r.n_pairs = n_pairs;
  r.bytes = static_cast<uint64_t>(n_pairs) * sizeof(double);
  r.offset = take(r.bytes);
  rotary_.push_back(r);
}

std::optional<Slice> row_slice_of(RowSlice rule, const TensorRef& t, bool vector, const RowShare& s) {
  const int64_t all = vector ? t.n_elements() : t.n_rows();
  const int64_t h0 = s.kv_head_begin, h1 = s.kv_head_end;
  const int64_t q0 = h0 * s.q_per_kv * s.head_dim, q1 = h1 * s.q_per_kv * s.head_dim;
  const int64_t k0 = h0 * s.head_dim, k1 = h1 * s.head_dim;
  auto rows = [](int64_t b, int64_t e) -> std::optional<Slice> {
    if (e <= b) return std::nullopt;
    return Slice{PieceCut::Rows, b, e};
  };
  switch (rule) {
    case RowSlice::MainOnly:
      if (s.is_main) return Slice{PieceCut::Whole, 0, all};
      return std::nullopt;
    case RowSlice::EveryDevice:
      if (s.has_heads()) return Slice{PieceCut::Whole, 0, all};
      return std::nullopt;
    case RowSlice::QueryRows:
      return rows(q0, q1);
    case RowSlice::QueryHeads:
      return rows(h0 * s.q_per_kv, h1 * s.q_per_kv);
    case RowSlice::KvRows:
      return rows(k0, k1);
    case RowSlice::QueryColumns:
      if (q1 <= q0) return std::nullopt;
      return Slice{PieceCut::Columns, q0, q1};
    case RowSlice::FfnRows:
      return rows(s.ffn_begin, s.ffn_end);
    case RowSlice::FfnColumns:
      if (s.ffn_end <= s.ffn_begin) return std::nullopt;
      return Slice{PieceCut::Columns, s.ffn_begin, s.ffn_end};
    case RowSlice::Unsplittable:
      return std::nullopt;  // plan_for_load refuses Row mode for models with experts
  }
  return std::nullopt;
}

}  // namespace tessera::placement_detail

// A whole model step over every device (eager, or a replayed CUDA graph for decode), and the
// host-facing reads of its results (logits, argmax).
#include "backend/cuda_model.h"
#include "cuda_check.h"

namespace tessera::cuda {

const int32_t* CudaModel::positions_on(const DeviceState& d, int n_tok) const {
  return d.index == home_ ? d.s.io + n_tok : d.s.io;
}

Status CudaModel::run_step(int n_tok, LogitsRequest request) {
  // Positions to every other active device (the home device holds ids then positions).
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  for (auto& dp : devs_)
    if (dp->active && dp->index != home_)
      TESSERA_TRY(transfer(home_, dp->index, dp->s.io, home.s.io + n_tok, 4 * static_cast<size_t>(n_tok)));
  TESSERA_TRY(run_layer_loop(spec_, *this, {n_tok, 0, request}));
  if (placement_.mode != SplitMode::Row && cur_ != home_) {
    // Join the last device's work back into the home stream (graph capture needs it too).
    DeviceState& last = *devs_[static_cast<size_t>(cur_)];
    TESSERA_TRY(use_device(last));
    TESSERA_CUDA_CHECK_DEV(cudaEventRecord(last.event, last.stream), last.dev.physical);
    TESSERA_TRY(use_device(home));
    TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(home.stream, last.event, 0), home.dev.physical);
  }
  return {};
}

Status CudaModel::run_decode_graph(LogitsRequest request) {
  const int which = request == LogitsRequest::None ? 0 : 1;
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  if (graph_exec_[which] == nullptr) {
    TESSERA_CUDA_CHECK_DEV(cudaStreamBeginCapture(home.stream, cudaStreamCaptureModeThreadLocal), home.dev.physical);
    Status st = run_step(1, request);
    (void)cudaSetDevice(home.dev.physical);
    cudaGraph_t graph = nullptr;
    const cudaError_t end = cudaStreamEndCapture(home.stream, &graph);
    cudaGraphExec_t exec = nullptr;
    cudaError_t inst = cudaErrorUnknown;
    if (st.ok() && end == cudaSuccess && graph != nullptr) inst = cudaGraphInstantiate(&exec, graph, 0);
    if (graph != nullptr) (void)cudaGraphDestroy(graph);
    if (!st.ok() || end != cudaSuccess || inst != cudaSuccess) {
      // Capture failed: run eagerly from now on and say why in describe().
      (void)cudaGetLastError();
      graphs_enabled_ = false;
      graph_note_ = "CUDA graph capture failed (" +
                    (!st.ok() ? st.error().message : std::string(cudaGetErrorString(end != cudaSuccess ? end : inst))) +
                    "); decode runs without graphs";
      return run_step(1, request);
    }
    graph_exec_[which] = exec;
  }
  TESSERA_CUDA_CHECK_DEV(cudaGraphLaunch(graph_exec_[which], home.stream), home.dev.physical);
  return {};
}

Status CudaModel::eval(std::span<const int32_t> tokens, int32_t start_pos, LogitsRequest request) {
  TESSERA_TRY(check_eval_arguments(tokens, start_pos, request,
                                   {n_batch_, n_ctx_, n_past_, spec_.n_vocab, all_logits_, recurrent_}));
  const int64_t n_tok = static_cast<int64_t>(tokens.size());
  logits_rows_ = 0;
  logits_copied_ = false;
  argmax_valid_ = false;

  // Token ids then positions, one small copy from pinned memory; the previous eval's copy must have
  // left the buffer before it is rewritten (it normally has: it ran before the previous step).
  DeviceState& home0 = *devs_[static_cast<size_t>(home_)];
  if (io_pending_) {
    TESSERA_CUDA_CHECK_DEV(cudaEventSynchronize(io_copied_), home0.dev.physical);
    io_pending_ = false;
  }
  for (int64_t t = 0; t < n_tok; ++t) {
    io_host_[t] = tokens[static_cast<size_t>(t)];
    io_host_[n_tok + t] = start_pos + static_cast<int32_t>(t);
  }
  DeviceState& home = *devs_[static_cast<size_t>(home_)];
  TESSERA_TRY(use_device(home));
  TESSERA_CUDA_CHECK_DEV(
      cudaMemcpyAsync(home.s.io, io_host_, 8 * static_cast<size_t>(n_tok), cudaMemcpyHostToDevice, home.stream),
      home.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaEventRecord(io_copied_, home.stream), home.dev.physical);
  io_pending_ = true;
  Status st;
  if (recurrent_) {
    // Positions from start_pos on are rewritten: checkpoints past it no longer describe this
    // sequence. A new sequence starts from a zero state.
    checkpoints_.forget_after(start_pos);
    if (start_pos == 0) st = zero_recurrent_state();
  }
  if (st.ok()) st = n_tok == 1 && graphs_enabled_ ? run_decode_graph(request) : run_step(static_cast<int>(n_tok), request);
  if (!st.ok()) {
    // Recurrent layers: some may have taken this step and others not; no position is left that
    // their state describes.
    if (recurrent_) kv_clear();
    return st;
  }
  TESSERA_TRY(use_device(home));
  TESSERA_CUDA_CHECK_DEV(cudaEventRecord(step_done_, home.stream), home.dev.physical);
  n_past_ = start_pos + static_cast<int32_t>(n_tok);
  if (request != LogitsRequest::None) {
    logits_rows_ = request == LogitsRequest::Last ? 1 : n_tok;
    argmax_valid_ = true;
  }
  return {};
}

Status CudaModel::wait_step(DeviceState& out) {
  TESSERA_TRY(use_device(out));
  if (out.index != home_) TESSERA_CUDA_CHECK_DEV(cudaStreamWaitEvent(out.stream, step_done_, 0), out.dev.physical);
  return {};
}

Result<std::span<const float>> CudaModel::logits() {
  if (logits_rows_ == 0)
    return make_error(ErrorKind::InvalidArgument, "the last eval produced no logits (LogitsRequest::None or none yet)");
  const size_t n = static_cast<size_t>(logits_rows_ * spec_.n_vocab);
  if (!logits_copied_) {
    DeviceState& out = *devs_[static_cast<size_t>(out_dev_)];
    TESSERA_TRY(wait_step(out));
    TESSERA_CUDA_CHECK_DEV(
        cudaMemcpyAsync(logits_host_.data(), out.s.logits, n * sizeof(float), cudaMemcpyDeviceToHost, out.stream),
        out.dev.physical);
    TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(out.stream), out.dev.physical);
    logits_copied_ = true;
  }
  return std::span<const float>(logits_host_.data(), n);
}

Result<int32_t> CudaModel::argmax() {
  if (!argmax_valid_)
    return make_error(ErrorKind::InvalidArgument, "the last eval produced no logits (LogitsRequest::None or none yet)");
  DeviceState& out = *devs_[static_cast<size_t>(out_dev_)];
  TESSERA_TRY(wait_step(out));
  TESSERA_CUDA_CHECK_DEV(
      cudaMemcpyAsync(argmax_host_, out.s.argmax_out, sizeof(int32_t), cudaMemcpyDeviceToHost, out.stream),
      out.dev.physical);
  TESSERA_CUDA_CHECK_DEV(cudaStreamSynchronize(out.stream), out.dev.physical);
  if (*argmax_host_ < 0) return nan_logits_error();  // the row holds a NaN (kernels/argmax.h)
  return *argmax_host_;
}

}  // namespace tessera::cuda

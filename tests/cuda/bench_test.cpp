// Micro-benchmarks of the CUDA kernels. Skipped unless TESSERA_CUDA_BENCH=1; the table also goes to
// $TESSERA_CUDA_BENCH_OUT when set. Run by tools/gpu/run_cuda_tests.sh on the GPU machine.
//
// Method (docs/perf.md): weights are random valid blocks generated on the device; each measured
// matrix is one of several copies that together exceed the L2 cache many times over, and
// consecutive launches cycle through the copies, so every launch reads its weights from DRAM.
// Launches are captured in a CUDA graph (as a decode step will be) and timed with events over
// whole graph replays; the median of several replays is reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "cuda_test_util.h"
#include "device_info.h"
#include "kernels/attention.h"
#include "kernels/dequant.h"
#include "kernels/gemm.h"
#include "kernels/matvec.h"
#include "kernels/random_fill.h"

namespace tessera::cuda {
namespace {

constexpr double kPeakReadGBs = 4200.0;  // DESIGN.md's read-bandwidth yardstick for the H200

class Report {
 public:
  Report() {
    if (const char* p = std::getenv("TESSERA_CUDA_BENCH_OUT"); p != nullptr && *p) file_ = std::fopen(p, "w");
  }
  ~Report() {
    if (file_ != nullptr) std::fclose(file_);
  }
  void line(const char* fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    std::printf("%s\n", buf);
    std::fflush(stdout);
    if (file_ != nullptr) {
      std::fprintf(file_, "%s\n", buf);
      std::fflush(file_);
    }
  }

 private:
  FILE* file_ = nullptr;
};

// Median seconds per call of `body` (which enqueues `calls` operations on `stream`), captured once
// into a graph and replayed.
double time_graph(cudaStream_t stream, int calls, const std::function<void()>& body) {
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  EXPECT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), cudaSuccess);
  body();
  EXPECT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  EXPECT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 2; ++i) cudaGraphLaunch(exec, stream);
  std::vector<float> ms;
  for (int i = 0; i < 7; ++i) {
    cudaEventRecord(a, stream);
    cudaGraphLaunch(exec, stream);
    cudaEventRecord(b, stream);
    cudaEventSynchronize(b);
    float t = 0;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2] * 1e-3 / calls;
}

bool bench_enabled() {
  const char* e = std::getenv("TESSERA_CUDA_BENCH");
  return e != nullptr && std::string(e) == "1";
}

TEST(Bench, MatvecGemmAttention) {
  if (!bench_enabled()) GTEST_SKIP() << "benchmarks run only with TESSERA_CUDA_BENCH=1";
  TESSERA_REQUIRE_GPU();
  Report rep;
  auto dev = query_device(0);
  TESSERA_ASSERT_OK(dev);
  rep.line("# device: %s, %d SMs, %.1f GiB, L2 %.0f MiB", dev->name.c_str(), dev->multiprocessor_count,
           dev->total_bytes / 1073741824.0, dev->l2_bytes / 1048576.0);
  cudaStream_t stream = nullptr;
  TESSERA_ASSERT_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  {  // the ceiling: a device-to-device copy
    const size_t bytes = size_t{1} << 30;
    auto src = DeviceBuffer::allocate(0, bytes, "copy src");
    auto dst = DeviceBuffer::allocate(0, bytes, "copy dst");
    TESSERA_ASSERT_OK(src);
    TESSERA_ASSERT_OK(dst);
    TESSERA_ASSERT_OK(fill_random_floats(src->as<float>(), static_cast<int64_t>(bytes / 4), 1, -1, 1, stream));
    const double t = time_graph(stream, 4, [&] {
      for (int i = 0; i < 4; ++i) cudaMemcpyAsync(dst->data(), src->data(), bytes, cudaMemcpyDeviceToDevice, stream);
    });
    rep.line("# copy 1 GiB D2D: %.1f us, %.0f GB/s read+write (%.0f GB/s each way)", t * 1e6, 2 * bytes / t / 1e9,
             bytes / t / 1e9);
  }

  rep.line("%-5s %-12s %-7s %3s %9s %8s %6s", "type", "shape", "kernel", "nv", "time_us", "GB/s", "%4.2T");
  struct Shape {
    int64_t rows, cols;
  };
  const std::vector<Shape> shapes = {{4096, 4096}, {14336, 4096}, {4096, 14336}};
  const size_t pool_target = size_t{768} << 20;  // >> 60 MB of L2
  for (GgmlType type : test::all_kernel_types()) {
    for (const Shape& s : shapes) {
      const size_t stride = *row_size(type, s.cols);
      const size_t mat_bytes = stride * static_cast<size_t>(s.rows);
      const int copies = static_cast<int>(std::max<size_t>(2, std::min<size_t>(64, pool_target / mat_bytes)));
      auto pool = DeviceBuffer::allocate(0, mat_bytes * copies + 256, "bench weights");
      TESSERA_ASSERT_OK(pool);
      TESSERA_ASSERT_OK(fill_random_weights(type, pool->data(), s.rows * copies, s.cols, stride, 42, stream));
      const int nv_max = kMaxMatvecVectors;
      auto x = DeviceBuffer::allocate(0, static_cast<size_t>(s.cols) * nv_max * 4, "x");
      auto y = DeviceBuffer::allocate(0, static_cast<size_t>(s.rows) * nv_max * 4, "y");
      auto ws = DeviceBuffer::allocate(0, *matvec_workspace_bytes(type, s.cols, nv_max) + 16, "ws");
      TESSERA_ASSERT_OK(x);
      TESSERA_ASSERT_OK(y);
      TESSERA_ASSERT_OK(ws);
      TESSERA_ASSERT_OK(fill_random_floats(x->as<float>(), s.cols * nv_max, 7, -1, 1, stream));
      const bool quant = test::is_quantized(type);
      const int calls = std::max(copies, 24);
      auto mat = [&](int i) {
        return WeightMatrix{type, pool->as<uint8_t>() + static_cast<size_t>(i % copies) * mat_bytes, s.rows, s.cols,
                            stride};
      };
      const std::string shape = std::to_string(s.rows) + "x" + std::to_string(s.cols);
      auto report = [&](const char* kernel, int nv, double t) {
        const double gbs = mat_bytes / t / 1e9;
        rep.line("%-5s %-12s %-7s %3d %9.2f %8.0f %5.1f%%", std::string(type_name(type)).c_str(), shape.c_str(), kernel,
                 nv, t * 1e6, gbs, 100.0 * gbs / kPeakReadGBs);
      };
      for (int nv : {1, 2, 8}) {
        if (nv > 1 && !(s.rows == 4096 && s.cols == 4096)) continue;
        if (quant) TESSERA_ASSERT_OK(quantize_activations(x->as<float>(), s.cols, s.cols, nv, ws->data(), stream));
        {
          Status st;
          const double t = time_graph(stream, calls, [&] {
            for (int i = 0; i < calls; ++i) {
              Status r = quant ? matvec_q8(mat(i), ws->data(), nv, y->as<float>(), s.rows, stream)
                               : matvec(mat(i), x->as<float>(), s.cols, y->as<float>(), s.rows, nv, nullptr, 0, stream);
              if (!r.ok() && st.ok()) st = r;
            }
          });
          TESSERA_ASSERT_OK(st);
          report(quant ? "q8dp4a" : "float", nv, t);
        }
        if (quant && nv == 1) {  // the whole call as a decode step issues it: quantize x + matvec
          Status st;
          const double t = time_graph(stream, calls, [&] {
            for (int i = 0; i < calls; ++i) {
              Status r = matvec(mat(i), x->as<float>(), s.cols, y->as<float>(), s.rows, 1, ws->data(), ws->bytes(), stream);
              if (!r.ok() && st.ok()) st = r;
            }
          });
          TESSERA_ASSERT_OK(st);
          report("+quantx", 1, t);
        }
      }
    }
  }

  {  // prefill GEMM: 512 x 4096 x 4096
    const int64_t T = 512, N = 4096, K = 4096;
    auto handle = CublasHandle::create(0);
    TESSERA_ASSERT_OK(handle);
    auto x = DeviceBuffer::allocate(0, T * K * 4, "x");
    auto y = DeviceBuffer::allocate(0, T * N * 4, "y");
    auto xs = DeviceBuffer::allocate(0, gemm_x_f16_bytes(T, K), "x16");
    auto wsc = DeviceBuffer::allocate(0, gemm_w_f16_bytes(N, K), "w16");
    TESSERA_ASSERT_OK(x);
    TESSERA_ASSERT_OK(y);
    TESSERA_ASSERT_OK(xs);
    TESSERA_ASSERT_OK(wsc);
    TESSERA_ASSERT_OK(fill_random_floats(x->as<float>(), T * K, 3, -1, 1, stream));
    GemmScratch scratch{xs->as<uint16_t>(), xs->bytes(), wsc->as<uint16_t>(), wsc->bytes()};
    for (GgmlType type : {GgmlType::F16, GgmlType::Q4_K, GgmlType::Q8_0, GgmlType::Q6_K}) {
      const size_t stride = *row_size(type, K);
      auto w = DeviceBuffer::allocate(0, stride * N, "w");
      TESSERA_ASSERT_OK(w);
      TESSERA_ASSERT_OK(fill_random_weights(type, w->data(), N, K, stride, 5, stream));
      const WeightMatrix wm{type, w->data(), N, K, stride};
      Status st;
      const double t = time_graph(stream, 8, [&] {
        for (int i = 0; i < 8; ++i) {
          Status r = gemm_xwt(*handle, wm, x->as<float>(), K, static_cast<int>(T), y->as<float>(), N, scratch, stream);
          if (!r.ok() && st.ok()) st = r;
        }
      });
      TESSERA_ASSERT_OK(st);
      rep.line("# gemm %s 512x4096x4096 (X f32->f16, W->f16, cuBLAS): %.1f us, %.0f TFLOP/s",
               std::string(type_name(type)).c_str(), t * 1e6, 2.0 * T * N * K / t / 1e12);
      if (type != GgmlType::F16) {
        const double td = time_graph(stream, 8, [&] {
          for (int i = 0; i < 8; ++i) (void)dequantize_rows_f16(wm, 0, N, wsc->as<uint16_t>(), K, stream);
        });
        rep.line("#   dequantize %s 4096x4096 -> f16: %.1f us, %.0f GB/s (read + write)",
                 std::string(type_name(type)).c_str(), td * 1e6, (stride * N + 2.0 * N * K) / td / 1e9);
      }
    }
    // cuBLAS alone on f16 inputs already in place
    const size_t stride = *row_size(GgmlType::F16, K);
    auto w = DeviceBuffer::allocate(0, stride * N, "w16b");
    TESSERA_ASSERT_OK(w);
    TESSERA_ASSERT_OK(fill_random_weights(GgmlType::F16, w->data(), N, K, stride, 9, stream));
    TESSERA_ASSERT_OK(fill_random_weights(GgmlType::F16, xs->data(), T, K, K * 2, 10, stream));
    const double t = time_graph(stream, 8, [&] {
      for (int i = 0; i < 8; ++i)
        (void)gemm_xwt_f16x(*handle, WeightMatrix{GgmlType::F16, w->data(), N, K, stride}, xs->as<uint16_t>(), K,
                            static_cast<int>(T), y->as<float>(), N, nullptr, 0, stream);
    });
    rep.line("# cublasGemmEx f16 x f16 -> f32, 512x4096x4096: %.1f us, %.0f TFLOP/s", t * 1e6, 2.0 * T * N * K / t / 1e12);
  }

  {  // attention: decode over a long cache, and prompts (SIMT and tensor-core kernels side by side)
    const int n_head = 32, n_kv = 8, D = 128, cap = 8192, max_tokens = 4096;
    const int64_t stride = n_kv * D;
    auto kc = DeviceBuffer::allocate(0, static_cast<size_t>(cap) * stride * 2, "k");
    auto vc = DeviceBuffer::allocate(0, static_cast<size_t>(cap) * stride * 2, "v");
    auto q = DeviceBuffer::allocate(0, static_cast<size_t>(max_tokens) * n_head * D * 4, "q");
    auto o = DeviceBuffer::allocate(0, static_cast<size_t>(max_tokens) * n_head * D * 4, "o");
    TESSERA_ASSERT_OK(kc);
    TESSERA_ASSERT_OK(vc);
    TESSERA_ASSERT_OK(q);
    TESSERA_ASSERT_OK(o);
    TESSERA_ASSERT_OK(fill_random_weights(GgmlType::F16, kc->data(), cap, stride, stride * 2, 1, stream));
    TESSERA_ASSERT_OK(fill_random_weights(GgmlType::F16, vc->data(), cap, stride, stride * 2, 2, stream));
    TESSERA_ASSERT_OK(fill_random_floats(q->as<float>(), static_cast<int64_t>(max_tokens) * n_head * D, 3, -1, 1, stream));
    struct Shape {
      int n_tokens, depth;  // query tokens, positions already cached before them
      bool tensor_cores;
    };
    const Shape shapes[] = {{1, cap - 1, false}, {1, cap - 1, true},  {512, 0, false},   {512, 0, true},
                            {4096, 0, false},    {4096, 0, true},     {512, 4096, false}, {512, 4096, true}};
    for (const Shape& sh : shapes) {
      std::vector<int32_t> pos(sh.n_tokens);
      for (int t = 0; t < sh.n_tokens; ++t) pos[t] = sh.depth + t;
      auto dp = test::to_device(pos);
      auto ws = DeviceBuffer::allocate(0, attention_workspace_bytes(sh.n_tokens, n_head, n_kv, D, cap) + 16, "ws");
      TESSERA_ASSERT_OK(ws);
      AttentionArgs a;
      a.q = q->as<float>();
      a.q_stride = n_head * D;
      a.cache = KvCacheView{kc->as<uint16_t>(), vc->as<uint16_t>(), stride, cap};
      a.out = o->as<float>();
      a.out_stride = n_head * D;
      a.positions = dp.as<int32_t>();
      a.n_tokens = sh.n_tokens;
      a.n_head = n_head;
      a.n_head_kv = n_kv;
      a.head_dim = D;
      a.scale = 0.088f;
      a.tensor_cores = a.tensor_cores_decode = sh.tensor_cores;
      Status st;
      const int calls = sh.n_tokens >= 4096 ? 2 : 8;
      const double t = time_graph(stream, calls, [&] {
        for (int i = 0; i < calls; ++i) {
          Status r = attention(a, ws->data(), ws->bytes(), stream);
          if (!r.ok() && st.ok()) st = r;
        }
      });
      TESSERA_ASSERT_OK(st);
      if (sh.n_tokens == 1) {
        const double bytes = 2.0 * cap * stride * 2;
        rep.line("# attention decode (%s), 8192 cached positions, 32/8 heads x 128: %.1f us, %.0f GB/s of K+V",
                 sh.tensor_cores ? "tensor cores" : "SIMT", t * 1e6, bytes / t / 1e9);
      } else {
        // Query-key pairs seen: each token's keys up to its position; 4 flops per pair and dimension.
        const double pairs = static_cast<double>(sh.n_tokens) * sh.depth + sh.n_tokens * (sh.n_tokens + 1.0) / 2.0;
        const double flops = 4.0 * n_head * D * pairs;
        rep.line("# attention prompt (%s), %d tokens at depth %d, 32/8 heads x 128: %.1f us, %.1f TFLOP/s",
                 sh.tensor_cores ? "tensor cores" : "SIMT", sh.n_tokens, sh.depth, t * 1e6, flops / t / 1e12);
      }
    }
  }
  TESSERA_ASSERT_CUDA(cudaStreamDestroy(stream));
}

}  // namespace
}  // namespace tessera::cuda

// The fiber scheduler of cuda_emulation.h, and host stand-ins for the CUDA runtime calls and the
// cuda_check.h functions the emulated kernel sources use (this test links no CUDA library).
#include "cuda_emulation.h"

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cuda_check.h"

// Switching between fibers. On x86-64 a few instructions that save the callee-saved registers and
// the floating-point control words on the old stack and restore them from the new one: glibc's
// swapcontext also saves the signal mask with a system call per switch, which made the model ten
// times slower. Elsewhere ucontext.
#if defined(__x86_64__)
extern "C" void tessera_emulation_switch(void** save_sp, void* load_sp);
extern "C" void tessera_emulation_start();
asm(R"(
  .text
  .globl tessera_emulation_switch
  .type tessera_emulation_switch, @function
tessera_emulation_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size tessera_emulation_switch, .-tessera_emulation_switch
  .globl tessera_emulation_start
  .type tessera_emulation_start, @function
tessera_emulation_start:
  andq $-16, %rsp
  call tessera_emulation_fiber_main
  ud2
  .size tessera_emulation_start, .-tessera_emulation_start
)");
#endif

extern "C" void tessera_emulation_fiber_main();

namespace tessera::cuda::emulation {
namespace {

constexpr size_t kStackBytes = 128 * 1024;
constexpr int kMaxThreads = 1024;
constexpr size_t kMaxDynamicShared = 227 * 1024;  // sm_90's opt-in limit per block

struct Barrier {
  int live = 0;     // threads that have not returned
  int arrived = 0;  // at the current generation
  uint64_t generation = 0;
};

struct Warp {
  Barrier barrier;
  uint32_t words[2][32 * kExchangeWords] = {};
};

struct Fiber {
#if defined(__x86_64__)
  void* sp = nullptr;  // the saved stack pointer while switched out
#else
  ucontext_t context{};
#endif
  std::unique_ptr<char[]> stack;
  uint3 index{};
  bool done = false;
  uint64_t exchanges = 0;  // picks the warp's buffer (double-buffered)
  // The barrier it waits at and the generation it waits to pass (the scheduler skips it until then).
  const Barrier* waiting = nullptr;
  uint64_t wait_generation = 0;
};

// The CTA being run (one at a time, on the thread that launched it).
struct Cta {
  dim3 grid, block;
  uint3 index{};
  const std::function<void()>* body = nullptr;
  std::vector<Fiber> fibers;
  std::vector<Warp> warps;
  Barrier barrier;
  std::vector<unsigned char> shared;
#if defined(__x86_64__)
  void* scheduler_sp = nullptr;
#else
  ucontext_t scheduler{};
#endif
  int current = -1;
  uint64_t progress = 0;  // barrier releases and returned threads: a pass without any is a deadlock
};

thread_local Cta* g_cta = nullptr;

Fiber& self() {
  return g_cta->fibers[static_cast<size_t>(g_cta->current)];
}

void to_scheduler(Fiber& f) {
#if defined(__x86_64__)
  tessera_emulation_switch(&f.sp, g_cta->scheduler_sp);
#else
  swapcontext(&f.context, &g_cta->scheduler);
#endif
}

void to_fiber(Cta& cta, Fiber& f) {
#if defined(__x86_64__)
  tessera_emulation_switch(&cta.scheduler_sp, f.sp);
#else
  swapcontext(&cta.scheduler, &f.context);
#endif
}

// Arrive at `b` and wait until every live thread has.
void wait_at(Barrier& b) {
  if (++b.arrived == b.live) {
    b.arrived = 0;
    ++b.generation;
    ++g_cta->progress;
    return;
  }
  Fiber& f = self();
  f.waiting = &b;
  f.wait_generation = b.generation;
  while (b.generation == f.wait_generation) to_scheduler(f);
  f.waiting = nullptr;
}

// A thread that returns no longer counts at barriers; one it was the last to reach opens.
void leave(Barrier& b) {
  --b.live;
  if (b.arrived > 0 && b.arrived == b.live) {
    b.arrived = 0;
    ++b.generation;
  }
}

int linear(const uint3& i, const dim3& d) {
  return static_cast<int>(i.x + i.y * d.x + i.z * d.x * d.y);
}

}  // namespace

// A fiber's whole life: the kernel's body, then back to the scheduler for good.
void fiber_main() {
  (*g_cta->body)();
  Fiber& f = self();
  f.done = true;
  leave(g_cta->barrier);
  leave(g_cta->warps[static_cast<size_t>(linear(f.index, g_cta->block) / 32)].barrier);
  ++g_cta->progress;
#if defined(__x86_64__)
  tessera_emulation_switch(&f.sp, g_cta->scheduler_sp);  // never resumed
#endif
  // ucontext: returning resumes uc_link, the scheduler.
}

void fiber_main();

const uint3& thread_index() {
  return self().index;
}
const uint3& block_index() {
  return g_cta->index;
}
const dim3& block_dim() {
  return g_cta->block;
}
const dim3& grid_dim() {
  return g_cta->grid;
}

void sync_threads() {
  wait_at(g_cta->barrier);
}

const uint32_t* warp_exchange(const uint32_t* words, int n) {
  Fiber& f = self();
  const int t = linear(f.index, g_cta->block);
  Warp& w = g_cta->warps[static_cast<size_t>(t / 32)];
  uint32_t* buffer = w.words[f.exchanges++ & 1];
  std::memcpy(buffer + (t % 32) * kExchangeWords, words, static_cast<size_t>(n) * 4);
  wait_at(w.barrier);
  return buffer;
}

void* dynamic_shared() {
  return g_cta->shared.data();
}

bool run_grid(dim3 grid, dim3 block, size_t shared_bytes, const std::function<void()>& thread_body) {
  const int n = static_cast<int>(block.x * block.y * block.z);
  if (n <= 0 || n > kMaxThreads || shared_bytes > kMaxDynamicShared || grid.x == 0 || grid.y == 0 || grid.z == 0)
    return false;
  Cta cta;
  cta.grid = grid;
  cta.block = block;
  cta.body = &thread_body;
  cta.fibers.resize(static_cast<size_t>(n));
  for (Fiber& f : cta.fibers) f.stack.reset(new char[kStackBytes]);
  std::mt19937 rng(12345);
  std::vector<int> order(static_cast<size_t>(n));
  Cta* const outer = g_cta;
  g_cta = &cta;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx) {
        cta.index = uint3{bx, by, bz};
        cta.barrier = Barrier{n, 0, 0};
        cta.warps.assign(static_cast<size_t>((n + 31) / 32), Warp{});
        for (size_t w = 0; w < cta.warps.size(); ++w)
          cta.warps[w].barrier.live = std::min(32, n - static_cast<int>(w) * 32);
        // NaN bytes: a read of shared memory no thread wrote shows in the results.
        cta.shared.assign(shared_bytes, 0xFF);
        for (int t = 0; t < n; ++t) {
          Fiber& f = cta.fibers[static_cast<size_t>(t)];
          f.index = uint3{static_cast<unsigned>(t) % block.x, static_cast<unsigned>(t) / block.x % block.y,
                          static_cast<unsigned>(t) / (block.x * block.y)};
          f.done = false;
          f.exchanges = 0;
          f.waiting = nullptr;
#if defined(__x86_64__)
          // A stack that "returns" into tessera_emulation_start: the control words (MXCSR's
          // default, x87 double extended), six zeroed registers, the return address.
          auto* top = reinterpret_cast<uint64_t*>(
              (reinterpret_cast<uintptr_t>(f.stack.get()) + kStackBytes) & ~uintptr_t{15});
          uint64_t* sp = top - 16;
          sp[0] = 0x1F80u | (uint64_t{0x037Fu} << 32);
          for (int r = 1; r <= 6; ++r) sp[r] = 0;
          sp[7] = reinterpret_cast<uint64_t>(&tessera_emulation_start);
          f.sp = sp;
#else
          getcontext(&f.context);
          f.context.uc_stack.ss_sp = f.stack.get();
          f.context.uc_stack.ss_size = kStackBytes;
          f.context.uc_link = &cta.scheduler;
          makecontext(&f.context, tessera_emulation_fiber_main, 0);
#endif
          order[static_cast<size_t>(t)] = t;
        }
        int remaining = n;
        while (remaining > 0) {
          const uint64_t before = cta.progress;
          std::shuffle(order.begin(), order.end(), rng);
          for (int t : order) {
            Fiber& f = cta.fibers[static_cast<size_t>(t)];
            if (f.done || (f.waiting != nullptr && f.waiting->generation == f.wait_generation)) continue;
            cta.current = t;
            to_fiber(cta, f);
            if (f.done) --remaining;
          }
          if (remaining > 0 && cta.progress == before) {
            std::fprintf(stderr, "cuda emulation: deadlock in CTA (%u, %u, %u): %d threads wait at a barrier others never reach\n",
                         bx, by, bz, remaining);
            std::abort();
          }
        }
      }
  g_cta = outer;
  return true;
}

}  // namespace tessera::cuda::emulation

extern "C" void tessera_emulation_fiber_main() {
  tessera::cuda::emulation::fiber_main();
}

// The CUDA runtime calls of the kernel launchers, answered as an sm_90 device would.
extern "C" {
cudaError_t cudaGetDevice(int* device) {
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int) {
  *value = attr == cudaDevAttrMaxSharedMemoryPerBlockOptin ? 232448 : attr == cudaDevAttrComputeCapabilityMajor ? 9 : 0;
  return cudaSuccess;
}
cudaError_t cudaFuncSetAttribute(const void*, cudaFuncAttribute, int) {
  return cudaSuccess;
}
}

namespace tessera::cuda {

int current_device_or_none() {
  return 0;
}
Error cuda_error(cudaError_t err, std::string_view call, int) {
  return Error(ErrorKind::Device, std::string(call) + " failed in the CUDA emulation (error " +
                                      std::to_string(static_cast<int>(err)) + ")");
}
Status check_launch(cudaError_t launch_result, std::string_view kernel) {
  if (launch_result == cudaSuccess) return {};
  return Error(ErrorKind::Device, std::string(kernel) + ": invalid launch configuration");
}
Status check_launch(std::string_view) {
  return {};
}

}  // namespace tessera::cuda

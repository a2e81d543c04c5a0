#include "fma_peak.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <set>
#include <stdexcept>
#include <thread>

namespace swblas_bench {

namespace {

// Twelve independent accumulator chains: a Zen 3 or Skylake core has two FMA
// pipes of latency 4 (5 on some parts), so at least 8-10 chains must be in
// flight to keep both pipes busy.  The registers start at zero, so no value
// ever becomes denormal.  The assembler accepts zmm text without -mavx512f, so
// this file needs no ISA flags; the AVX-512 loops run only when the CPU has it.
// One text for all four loops: REG is ymm or zmm, TYPE pd or ps (the same
// instruction rate, twice the lanes in single precision).
#define SWBLAS_FMA_CHAINS(REG, TYPE)                                                        \
  asm volatile(                                                                             \
      "vpxor %%xmm0, %%xmm0, %%xmm0\n\t"                                                    \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "1\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "2\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "3\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "4\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "5\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "6\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "7\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "8\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "9\n\t"                                         \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "10\n\t"                                        \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "11\n\t"                                        \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "12\n\t"                                        \
      "vmova" #TYPE " %%" #REG "0, %%" #REG "13\n\t"                                        \
      "1:\n\t"                                                                              \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "0\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "1\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "2\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "3\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "4\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "5\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "6\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "7\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "8\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "9\n\t"                      \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "10\n\t"                     \
      "vfmadd231" #TYPE " %%" #REG "12, %%" #REG "13, %%" #REG "11\n\t"                     \
      "dec %0\n\t"                                                                          \
      "jnz 1b\n\t"                                                                          \
      "vzeroupper\n\t"                                                                      \
      : "+r"(iterations)                                                                    \
      :                                                                                     \
      : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",     \
        "xmm10", "xmm11", "xmm12", "xmm13", "cc")

void fma_chains_avx2_pd(long iterations) { SWBLAS_FMA_CHAINS(ymm, pd); }
void fma_chains_avx2_ps(long iterations) { SWBLAS_FMA_CHAINS(ymm, ps); }
void fma_chains_avx512_pd(long iterations) { SWBLAS_FMA_CHAINS(zmm, pd); }
void fma_chains_avx512_ps(long iterations) { SWBLAS_FMA_CHAINS(zmm, ps); }
#undef SWBLAS_FMA_CHAINS

struct fma_kernel {
  const char* isa;
  void (*loop)(long iterations);
  double flops_per_iteration;  // 12 FMAs x lanes x 2 flops
};

fma_kernel widest_fma_kernel(fma_precision precision) {
  const bool f32 = precision == fma_precision::f32;
  const double element_bytes = f32 ? 4 : 8;
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return {"avx512", f32 ? fma_chains_avx512_ps : fma_chains_avx512_pd,
            12 * (64 / element_bytes) * 2};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return {"avx2", f32 ? fma_chains_avx2_ps : fma_chains_avx2_pd,
            12 * (32 / element_bytes) * 2};
  throw std::runtime_error("this CPU has neither AVX-512F nor AVX2+FMA");
}

void pin_to_cpu(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

// Iterations for one run of about min_seconds on one core.
long calibrate_iterations(const fma_kernel& kernel, int cpu, double min_seconds) {
  long iterations = 1 << 16;
  for (;;) {
    const double seconds =
        timed_parallel_run({cpu}, [&](std::size_t) { kernel.loop(iterations); });
    if (seconds >= min_seconds / 4) return static_cast<long>(iterations * min_seconds / seconds) + 1;
    iterations *= 4;
  }
}

std::string read_line(const std::string& path) {
  std::ifstream file(path);
  std::string line;
  std::getline(file, line);
  return line;
}

}  // namespace

std::vector<int> one_cpu_per_core() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  sched_getaffinity(0, sizeof allowed, &allowed);
  std::set<std::string> cores_seen;
  std::vector<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    const std::string siblings = read_line("/sys/devices/system/cpu/cpu" + std::to_string(cpu) +
                                           "/topology/thread_siblings_list");
    // Without sysfs every CPU counts as a core of its own.
    if (siblings.empty() || cores_seen.insert(siblings).second) cpus.push_back(cpu);
  }
  return cpus;
}

double timed_parallel_run(const std::vector<int>& cpus,
                          const std::function<void(std::size_t index)>& work) {
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> workers;
  for (std::size_t index = 0; index < cpus.size(); ++index)
    workers.emplace_back([&, index] {
      pin_to_cpu(cpus[index]);
      ++ready;
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      work(index);
    });
  while (ready.load() < static_cast<int>(cpus.size())) std::this_thread::yield();
  const auto start = std::chrono::steady_clock::now();
  go.store(true, std::memory_order_release);
  for (std::thread& worker : workers) worker.join();
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return elapsed.count();
}

const char* precision_name(fma_precision precision) {
  return precision == fma_precision::f32 ? "float" : "double";
}

fma_peak measure_fma_peak(int threads, double total_seconds, fma_precision precision) {
  // Many short runs rather than a few long ones: on a shared machine a 10 ms
  // run often falls into a time slice where no other process holds the core,
  // while every long run is slowed by some of them.
  constexpr double run_seconds = 0.01;
  const fma_kernel kernel = widest_fma_kernel(precision);
  const std::vector<int> cores = one_cpu_per_core();
  std::vector<int> cpus;
  for (int t = 0; t < threads; ++t) cpus.push_back(cores[t % cores.size()]);
  const long iterations = calibrate_iterations(kernel, cpus.front(), run_seconds);
  double best = 1e300;
  double spent = 0.0;
  for (int run = 0; run < 5 || spent < total_seconds; ++run) {
    const double seconds =
        timed_parallel_run(cpus, [&](std::size_t) { kernel.loop(iterations); });
    best = std::min(best, seconds);
    spent += seconds;
  }
  const double flops = kernel.flops_per_iteration * static_cast<double>(iterations) * threads;
  return {kernel.isa, threads, flops / best * 1e-9};
}

}  // namespace swblas_bench

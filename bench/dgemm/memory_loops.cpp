#include "memory_loops.h"

namespace swblas_bench {

// One clone per ISA, chosen by the loader (an ifunc) from what the CPU has.
#if defined(__x86_64__)
#define SWBLAS_WIDEST_VECTORS __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define SWBLAS_WIDEST_VECTORS
#endif

SWBLAS_WIDEST_VECTORS double read_sum(const double* a, std::size_t n) {
  // 32 lanes: four 512-bit accumulators, enough to cover an add's latency.
  constexpr std::size_t kLanes = 32;
  double partial[kLanes] = {};
  std::size_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (std::size_t lane = 0; lane < kLanes; ++lane) partial[lane] += a[i + lane];
  for (; i < n; ++i) partial[0] += a[i];
  double total = 0.0;
  for (double p : partial) total += p;
  return total;
}

SWBLAS_WIDEST_VECTORS void update(double* __restrict a, const double* __restrict b, double s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] += s * b[i];
}

SWBLAS_WIDEST_VECTORS void triad(double* __restrict a, const double* __restrict b, const double* __restrict c,
                                 double s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
}

SWBLAS_WIDEST_VECTORS void add_into(double* __restrict c, const double* __restrict a, const double* __restrict b,
                                    std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) c[i] += a[i] + b[i];
}

SWBLAS_WIDEST_VECTORS void add_into(float* __restrict c, const float* __restrict a, const float* __restrict b,
                                    std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) c[i] += a[i] + b[i];
}

}  // namespace swblas_bench

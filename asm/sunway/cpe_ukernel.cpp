// The Sunway CPE micro kernels (cpe_ukernel.h): one template over the element
// type on the 8-element vector of simd_v8.h. Compiled as C++ like the CPE
// sources that call it (swgcc -mslave on the machine, the host compiler here).
//
// Fast path: A with unit row stride (the tile of a non-transposed A, as DMA
// lays it out) and m a multiple of 8 up to 64. One C column lives in up to 8
// vector accumulators; each k step is 8 vector loads of an A column, one
// broadcast of alpha*B(l, j) and 8 FMAs. Everything else (transposed A,
// ragged m at the edges) takes the scalar loop.
#include "sunway/cpe_ukernel.h"

#include "sunway/simd_v8.h"

namespace {

constexpr long kMaxVectors = 8;

template <class T>
void column_vectors(long vectors, long k, T alpha, const T* a, long a_cs, const T* b, long b_rs, T* c) {
  swv8<T> acc[kMaxVectors];
  for (long v = 0; v < vectors; ++v) acc[v] = swv8_load(c + 8 * v);
  for (long l = 0; l < k; ++l) {
    const swv8<T> bl = swv8_splat(alpha * b[l * b_rs]);
    const T* al = a + l * a_cs;
    for (long v = 0; v < vectors; ++v) acc[v] = swv8_fma(swv8_load(al + 8 * v), bl, acc[v]);
  }
  for (long v = 0; v < vectors; ++v) swv8_store(c + 8 * v, acc[v]);
}

template <class T>
void scalar(long m, long n, long k, T alpha, const T* a, long a_rs, long a_cs, const T* b, long b_rs, long b_cs, T* c,
            long ldc) {
  for (long j = 0; j < n; ++j)
    for (long l = 0; l < k; ++l) {
      const T blj = alpha * b[l * b_rs + j * b_cs];
      for (long i = 0; i < m; ++i) c[i + j * ldc] += a[i * a_rs + l * a_cs] * blj;
    }
}

template <class T>
void ukernel(long m, long n, long k, T alpha, const T* a, long a_rs, long a_cs, const T* b, long b_rs, long b_cs, T* c,
             long ldc) {
  if (a_rs != 1 || m % 8 != 0 || m > 8 * kMaxVectors) {
    scalar(m, n, k, alpha, a, a_rs, a_cs, b, b_rs, b_cs, c, ldc);
    return;
  }
  for (long j = 0; j < n; ++j) column_vectors(m / 8, k, alpha, a, a_cs, b + j * b_cs, b_rs, c + j * ldc);
}

}  // namespace

extern "C" void sw_dgemm_ukernel(long m, long n, long k, double alpha, const double* a, long a_rs, long a_cs,
                                 const double* b, long b_rs, long b_cs, double* c, long ldc) {
  ukernel(m, n, k, alpha, a, a_rs, a_cs, b, b_rs, b_cs, c, ldc);
}

extern "C" void sw_sgemm_ukernel(long m, long n, long k, float alpha, const float* a, long a_rs, long a_cs,
                                 const float* b, long b_rs, long b_cs, float* c, long ldc) {
  ukernel(m, n, k, alpha, a, a_rs, a_cs, b, b_rs, b_cs, c, ldc);
}

// SIMD traits for AVX-512F: a vector of 8 doubles (zmm); same interface as
// avx2_simd (see simd_avx2.h). Only kernel files compiled with
// swblas_kernel_isa_flags(avx512 ...) may include this header.
#pragma once

#include <immintrin.h>

namespace swblas::kernels {

struct avx512_simd {
  using reg = __m512d;
  static constexpr int width = 8;

  static reg zero() { return _mm512_setzero_pd(); }
  static reg set1(double x) { return _mm512_set1_pd(x); }
  static reg load(const double* p) { return _mm512_load_pd(p); }
  static reg loadu(const double* p) { return _mm512_loadu_pd(p); }
  static reg broadcast(const double* p) { return _mm512_set1_pd(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_pd(a, b); }
  static void store(double* p, reg x) { _mm512_store_pd(p, x); }
  static void storeu(double* p, reg x) { _mm512_storeu_pd(p, x); }
  // always_inline: otherwise GCC 12 may find the (side-effect free) call
  // dead after inlining it into an always_inline caller, and drop it.
  __attribute__((always_inline)) static void prefetch(const void* p) {
    _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
  }
};

}  // namespace swblas::kernels

// SIMD traits for AVX2 + FMA: a vector of 4 doubles (ymm). Only kernel files
// compiled with swblas_kernel_isa_flags(avx2 ...) may include this header.
//
// The traits interface every register-block template relies on:
//   reg, width              vector type and its number of doubles
//   zero, set1              constants
//   load / loadu            aligned (packed panels) / unaligned (C, user A)
//   broadcast               one double from memory into every lane
//   fma(a, b, c)            a * b + c
//   mul                     a * b
//   store / storeu          aligned / unaligned
//   prefetch                into L1
#pragma once

#include <immintrin.h>

namespace swblas::kernels {

struct avx2_simd {
  using reg = __m256d;
  static constexpr int width = 4;

  static reg zero() { return _mm256_setzero_pd(); }
  static reg set1(double x) { return _mm256_set1_pd(x); }
  static reg load(const double* p) { return _mm256_load_pd(p); }
  static reg loadu(const double* p) { return _mm256_loadu_pd(p); }
  static reg broadcast(const double* p) { return _mm256_broadcast_sd(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_pd(a, b); }
  static void store(double* p, reg x) { _mm256_store_pd(p, x); }
  static void storeu(double* p, reg x) { _mm256_storeu_pd(p, x); }
  // always_inline: otherwise GCC 12 may find the (side-effect free) call
  // dead after inlining it into an always_inline caller, and drop it.
  __attribute__((always_inline)) static void prefetch(const void* p) {
    _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
  }
};

}  // namespace swblas::kernels

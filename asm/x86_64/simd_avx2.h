// SIMD traits for AVX2 + FMA: a vector of 4 doubles (avx2_simd) or 8 floats
// (avx2_simd_f32) in a ymm. Only kernel files compiled with
// swblas_kernel_isa_flags(avx2 ...) may include this header.
//
// The traits interface every register-block template relies on:
//   value_type              the element type (the descriptors', make_ukernel.h)
//   reg, width              vector type and its number of elements
//   registers               how many the ISA names (register budgets)
//   zero, set1              constants
//   load / loadu            aligned (packed panels) / unaligned (C, user A)
//   broadcast               one element from memory into every lane
//   fma(a, b, c)            a * b + c
//   fnma(a, b, c)           c - a * b, rounded once
//   mul, add                a * b, a + b
//   if_less(a, b, t, f)     lane by lane a < b ? t : f (false for NaN)
//   max(a, b), min(a, b)    lane by lane a > b ? a : b, a < b ? a : b (b
//                           where either is NaN: x86's maxpd/minpd)
//   abs(a)                  |a|, the sign bit cleared (NaN stays NaN)
//   store / storeu          aligned / unaligned
//   mask, first_lanes(n)    the first n lanes (0 < n < width), for
//   load_first, store_first reading and writing only those (no fault past
//                           the end of a matrix; other lanes read as 0)
//   load_lanes(p, lo, hi)   lanes [lo, hi) from p, the others 0 and not read
//                           (0 <= lo < hi <= width; no fault before p + lo)
//   lanes_from(a, b, s)     lanes s .. width-1 of a, then 0 .. s-1 of b
//                           (0 <= s < width): a window over a then b
//   prefetch                into L1
//   transpose(x)            x[i][j] := x[j][i] for a width x width block held
//                           in width registers (packing transposed operands)
#pragma once

#include <immintrin.h>

namespace swblas::kernels {

struct avx2_simd {
  using reg = __m256d;
  using value_type = double;
  static constexpr int width = 4;
  static constexpr int registers = 16;

  static reg zero() { return _mm256_setzero_pd(); }
  static reg set1(double x) { return _mm256_set1_pd(x); }
  static reg load(const double* p) { return _mm256_load_pd(p); }
  static reg loadu(const double* p) { return _mm256_loadu_pd(p); }
  static reg broadcast(const double* p) { return _mm256_broadcast_sd(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_pd(a, b, c); }
  static reg fnma(reg a, reg b, reg c) { return _mm256_fnmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_pd(a, b); }
  static reg add(reg a, reg b) { return _mm256_add_pd(a, b); }
  static reg div(reg a, reg b) { return _mm256_div_pd(a, b); }
  static reg if_less(reg a, reg b, reg t, reg f) {
    return _mm256_blendv_pd(f, t, _mm256_cmp_pd(a, b, _CMP_LT_OQ));
  }
  static reg max(reg a, reg b) { return _mm256_max_pd(a, b); }
  static reg abs(reg a) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), a); }
  static reg min(reg a, reg b) { return _mm256_min_pd(a, b); }
  // (re, im) -> (im, re) in each complex pair (vector_body.h).
  static reg swap_pairs(reg a) { return _mm256_permute_pd(a, 0x5); }
  static void store(double* p, reg x) { _mm256_store_pd(p, x); }
  static void storeu(double* p, reg x) { _mm256_storeu_pd(p, x); }
  using mask = __m256i;
  static mask first_lanes(int count) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(count), _mm256_setr_epi64x(0, 1, 2, 3));
  }
  static reg load_first(const double* p, mask m) { return _mm256_maskload_pd(p, m); }
  static void store_first(double* p, mask m, reg x) { _mm256_maskstore_pd(p, m, x); }
  static reg load_lanes(const double* p, int lo, int hi) {
    const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
    return _mm256_maskload_pd(p, _mm256_andnot_si256(_mm256_cmpgt_epi64(_mm256_set1_epi64x(lo), lane),
                                                     _mm256_cmpgt_epi64(_mm256_set1_epi64x(hi), lane)));
  }
  // Each double as its two 32-bit halves: lane j + s of a or, past the
  // end, lane j + s - 4 of b.
  static reg lanes_from(reg a, reg b, int s) {
    const __m256i half = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(2 * s));
    const __m256i from_b = _mm256_cmpgt_epi32(half, _mm256_set1_epi32(7));
    const __m256 lo = _mm256_permutevar8x32_ps(_mm256_castpd_ps(a), half);
    const __m256 hi = _mm256_permutevar8x32_ps(_mm256_castpd_ps(b), half);  // uses the index mod 8
    return _mm256_castps_pd(_mm256_blendv_ps(lo, hi, _mm256_castsi256_ps(from_b)));
  }
  // always_inline: otherwise GCC 12 may find the (side-effect free) call
  // dead after inlining it into an always_inline caller, and drop it.
  __attribute__((always_inline)) static void prefetch(const void* p) {
    _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
  }
  static void transpose(reg (&x)[width]) {
    const reg lo01 = _mm256_unpacklo_pd(x[0], x[1]);  // x00 x10 x02 x12
    const reg hi01 = _mm256_unpackhi_pd(x[0], x[1]);  // x01 x11 x03 x13
    const reg lo23 = _mm256_unpacklo_pd(x[2], x[3]);
    const reg hi23 = _mm256_unpackhi_pd(x[2], x[3]);
    x[0] = _mm256_permute2f128_pd(lo01, lo23, 0x20);
    x[1] = _mm256_permute2f128_pd(hi01, hi23, 0x20);
    x[2] = _mm256_permute2f128_pd(lo01, lo23, 0x31);
    x[3] = _mm256_permute2f128_pd(hi01, hi23, 0x31);
  }
};

// The same for floats (SGEMM kernels).
struct avx2_simd_f32 {
  using reg = __m256;
  using value_type = float;
  static constexpr int width = 8;
  static constexpr int registers = 16;

  static reg zero() { return _mm256_setzero_ps(); }
  static reg set1(float x) { return _mm256_set1_ps(x); }
  static reg load(const float* p) { return _mm256_load_ps(p); }
  static reg loadu(const float* p) { return _mm256_loadu_ps(p); }
  static reg broadcast(const float* p) { return _mm256_broadcast_ss(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_ps(a, b, c); }
  static reg fnma(reg a, reg b, reg c) { return _mm256_fnmadd_ps(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_ps(a, b); }
  static reg add(reg a, reg b) { return _mm256_add_ps(a, b); }
  static reg div(reg a, reg b) { return _mm256_div_ps(a, b); }
  static reg if_less(reg a, reg b, reg t, reg f) {
    return _mm256_blendv_ps(f, t, _mm256_cmp_ps(a, b, _CMP_LT_OQ));
  }
  static reg max(reg a, reg b) { return _mm256_max_ps(a, b); }
  static reg abs(reg a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
  static reg min(reg a, reg b) { return _mm256_min_ps(a, b); }
  static reg swap_pairs(reg a) { return _mm256_permute_ps(a, 0xB1); }
  static void store(float* p, reg x) { _mm256_store_ps(p, x); }
  static void storeu(float* p, reg x) { _mm256_storeu_ps(p, x); }
  using mask = __m256i;
  static mask first_lanes(int count) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  }
  static reg load_first(const float* p, mask m) { return _mm256_maskload_ps(p, m); }
  static void store_first(float* p, mask m, reg x) { _mm256_maskstore_ps(p, m, x); }
  static reg load_lanes(const float* p, int lo, int hi) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return _mm256_maskload_ps(p, _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32(lo), lane),
                                                     _mm256_cmpgt_epi32(_mm256_set1_epi32(hi), lane)));
  }
  static reg lanes_from(reg a, reg b, int s) {
    const __m256i lane = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(s));
    const __m256i from_b = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(7));
    return _mm256_blendv_ps(_mm256_permutevar8x32_ps(a, lane), _mm256_permutevar8x32_ps(b, lane),
                            _mm256_castsi256_ps(from_b));
  }
  __attribute__((always_inline)) static void prefetch(const void* p) { avx2_simd::prefetch(p); }
  static void transpose(reg (&x)[width]) {
    // Within each 128-bit half: pairs of rows interleaved (t), then columns
    // of four rows (q[4h + c]: column c, or c + 4 in the upper half, of rows
    // 4h..4h+3); the halves of rows 0-3 and 4-7 are then joined.
    reg t[width], q[width];
    for (int i = 0; i < width; i += 2) {
      t[i] = _mm256_unpacklo_ps(x[i], x[i + 1]);
      t[i + 1] = _mm256_unpackhi_ps(x[i], x[i + 1]);
    }
    for (int h = 0; h < width; h += 4) {
      q[h] = _mm256_shuffle_ps(t[h], t[h + 2], 0x44);
      q[h + 1] = _mm256_shuffle_ps(t[h], t[h + 2], 0xEE);
      q[h + 2] = _mm256_shuffle_ps(t[h + 1], t[h + 3], 0x44);
      q[h + 3] = _mm256_shuffle_ps(t[h + 1], t[h + 3], 0xEE);
    }
    for (int c = 0; c < 4; ++c) {
      x[c] = _mm256_permute2f128_ps(q[c], q[c + 4], 0x20);
      x[c + 4] = _mm256_permute2f128_ps(q[c], q[c + 4], 0x31);
    }
  }
};

}  // namespace swblas::kernels

// SIMD traits for AVX-512F: a vector of 8 doubles (avx512_simd) or 16
// floats (avx512_simd_f32) in a zmm; same interface as avx2_simd (see
// simd_avx2.h). Only kernel files compiled with
// swblas_kernel_isa_flags(avx512 ...) may include this header.
#pragma once

#include <immintrin.h>

namespace swblas::kernels {

struct avx512_simd {
  using reg = __m512d;
  using value_type = double;
  static constexpr int width = 8;
  static constexpr int registers = 32;

  static reg zero() { return _mm512_setzero_pd(); }
  static reg set1(double x) { return _mm512_set1_pd(x); }
  static reg load(const double* p) { return _mm512_load_pd(p); }
  static reg loadu(const double* p) { return _mm512_loadu_pd(p); }
  static reg broadcast(const double* p) { return _mm512_set1_pd(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_pd(a, b, c); }
  static reg fnma(reg a, reg b, reg c) { return _mm512_fnmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_pd(a, b); }
  static reg add(reg a, reg b) { return _mm512_add_pd(a, b); }
  static reg div(reg a, reg b) { return _mm512_div_pd(a, b); }
  static reg if_less(reg a, reg b, reg t, reg f) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(a, b, _CMP_LT_OQ), f, t);
  }
  // Zero-masked with a full mask: see unpacklo.
  static reg max(reg a, reg b) { return _mm512_maskz_max_pd(0xFF, a, b); }
  static reg abs(reg a) { return _mm512_abs_pd(a); }
  static reg min(reg a, reg b) { return _mm512_maskz_min_pd(0xFF, a, b); }
  // (re, im) -> (im, re) in each complex pair (vector_body.h).
  static reg swap_pairs(reg a) { return _mm512_maskz_permute_pd(0xFF, a, 0x55); }
  static void store(double* p, reg x) { _mm512_store_pd(p, x); }
  static void storeu(double* p, reg x) { _mm512_storeu_pd(p, x); }
  // The first `count` lanes (0 < count < width); the others are neither
  // read nor written (masked: no fault past the end of a matrix). Half a
  // vector goes by a plain 256-bit load or store: a load cannot take its
  // value from an earlier masked store to the same place and waits for it
  // to be written (Zen 5: 5.5 ns a round trip against 0.6), which a loop
  // of 4^3 DGEMMs on one C paid every call (28 -> 22 ns a call).
  using mask = __mmask8;
  static mask first_lanes(int count) { return static_cast<mask>((1u << count) - 1u); }
  static reg load_first(const double* p, mask m) {
    if (m == 0x0F) return __builtin_shufflevector(_mm256_loadu_pd(p), _mm256_setzero_pd(), 0, 1, 2, 3, 4, 5, 6, 7);
    return _mm512_maskz_loadu_pd(m, p);
  }
  static void store_first(double* p, mask m, reg x) {
    if (m == 0x0F) return _mm256_storeu_pd(p, __builtin_shufflevector(x, x, 0, 1, 2, 3));
    _mm512_mask_storeu_pd(p, m, x);
  }
  static reg load_lanes(const double* p, int lo, int hi) {
    return _mm512_maskz_loadu_pd(static_cast<mask>(((1u << hi) - 1u) & ~((1u << lo) - 1u)), p);
  }
  static reg lanes_from(reg a, reg b, int s) {  // index bit 3 picks b
    return _mm512_permutex2var_pd(a, _mm512_add_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), _mm512_set1_epi64(s)),
                                  b);
  }
  // always_inline: otherwise GCC 12 may find the (side-effect free) call
  // dead after inlining it into an always_inline caller, and drop it.
  __attribute__((always_inline)) static void prefetch(const void* p) {
    _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0);
  }
  // The zero-masked forms with a full mask are the plain instructions; the
  // unmasked intrinsics trip GCC 12's -Wuninitialized (_mm512_undefined_pd).
  static reg unpacklo(reg a, reg b) {
    return _mm512_maskz_unpacklo_pd(0xFF, a, b);
  }
  static reg unpackhi(reg a, reg b) {
    return _mm512_maskz_unpackhi_pd(0xFF, a, b);
  }
  template <int Lanes>
  static reg shuffle_lanes(reg a, reg b) {
    return _mm512_maskz_shuffle_f64x2(0xFF, a, b, Lanes);
  }

  static void transpose(reg (&x)[width]) {
    // Pairs of rows interleaved: t[2i] holds columns 0 2 4 6 of rows 2i and
    // 2i+1, t[2i+1] columns 1 3 5 7.
    reg t[width];
    for (int i = 0; i < width; i += 2) {
      t[i] = unpacklo(x[i], x[i + 1]);
      t[i + 1] = unpackhi(x[i], x[i + 1]);
    }
    // 128-bit lanes of rows 0-3 (u) and 4-7 (v): u[c] holds columns c and
    // c + 4 of rows 0-3, for c = 0..3.
    reg u[4], v[4];
    for (int h = 0; h < 2; ++h) {
      reg* out = h == 0 ? u : v;
      const reg* in = t + 4 * h;
      out[0] = shuffle_lanes<0x88>(in[0], in[2]);
      out[1] = shuffle_lanes<0x88>(in[1], in[3]);
      out[2] = shuffle_lanes<0xDD>(in[0], in[2]);
      out[3] = shuffle_lanes<0xDD>(in[1], in[3]);
    }
    for (int c = 0; c < 4; ++c) {
      x[c] = shuffle_lanes<0x88>(u[c], v[c]);
      x[c + 4] = shuffle_lanes<0xDD>(u[c], v[c]);
    }
  }
};

// The same for floats (SGEMM kernels); full-mask zero-masked forms for the
// reason given at avx512_simd::unpacklo.
struct avx512_simd_f32 {
  using reg = __m512;
  using value_type = float;
  static constexpr int width = 16;
  static constexpr int registers = 32;
  static constexpr __mmask16 kAll = 0xFFFF;

  static reg zero() { return _mm512_setzero_ps(); }
  static reg set1(float x) { return _mm512_set1_ps(x); }
  static reg load(const float* p) { return _mm512_load_ps(p); }
  static reg loadu(const float* p) { return _mm512_loadu_ps(p); }
  static reg broadcast(const float* p) { return _mm512_set1_ps(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_ps(a, b, c); }
  static reg fnma(reg a, reg b, reg c) { return _mm512_fnmadd_ps(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_ps(a, b); }
  static reg add(reg a, reg b) { return _mm512_add_ps(a, b); }
  static reg div(reg a, reg b) { return _mm512_div_ps(a, b); }
  static reg if_less(reg a, reg b, reg t, reg f) {
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, b, _CMP_LT_OQ), f, t);
  }
  static reg max(reg a, reg b) { return _mm512_maskz_max_ps(kAll, a, b); }
  static reg abs(reg a) { return _mm512_abs_ps(a); }
  static reg min(reg a, reg b) { return _mm512_maskz_min_ps(kAll, a, b); }
  static reg swap_pairs(reg a) { return _mm512_maskz_permute_ps(kAll, a, 0xB1); }
  static void store(float* p, reg x) { _mm512_store_ps(p, x); }
  static void storeu(float* p, reg x) { _mm512_storeu_ps(p, x); }
  using mask = __mmask16;
  static mask first_lanes(int count) { return static_cast<mask>((1u << count) - 1u); }
  static reg load_first(const float* p, mask m) {
    if (m == 0x00FF)
      return __builtin_shufflevector(_mm256_loadu_ps(p), _mm256_setzero_ps(), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                     12, 13, 14, 15);
    return _mm512_maskz_loadu_ps(m, p);
  }
  static void store_first(float* p, mask m, reg x) {
    if (m == 0x00FF) return _mm256_storeu_ps(p, __builtin_shufflevector(x, x, 0, 1, 2, 3, 4, 5, 6, 7));
    _mm512_mask_storeu_ps(p, m, x);
  }
  static reg load_lanes(const float* p, int lo, int hi) {
    return _mm512_maskz_loadu_ps(static_cast<mask>(((1u << hi) - 1u) & ~((1u << lo) - 1u)), p);
  }
  static reg lanes_from(reg a, reg b, int s) {  // index bit 4 picks b
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    return _mm512_permutex2var_ps(a, _mm512_add_epi32(lane, _mm512_set1_epi32(s)), b);
  }
  __attribute__((always_inline)) static void prefetch(const void* p) { avx512_simd::prefetch(p); }

  static void transpose(reg (&x)[width]) {
    // Within each 128-bit lane: pairs of rows interleaved (t), then columns
    // of four rows: q[4g + c] holds, in lane l, column 4l + c of rows
    // 4g..4g+3.
    reg t[width], q[width];
    for (int i = 0; i < width; i += 2) {
      t[i] = _mm512_maskz_unpacklo_ps(kAll, x[i], x[i + 1]);
      t[i + 1] = _mm512_maskz_unpackhi_ps(kAll, x[i], x[i + 1]);
    }
    for (int g = 0; g < width; g += 4) {
      q[g] = _mm512_maskz_shuffle_ps(kAll, t[g], t[g + 2], 0x44);
      q[g + 1] = _mm512_maskz_shuffle_ps(kAll, t[g], t[g + 2], 0xEE);
      q[g + 2] = _mm512_maskz_shuffle_ps(kAll, t[g + 1], t[g + 3], 0x44);
      q[g + 3] = _mm512_maskz_shuffle_ps(kAll, t[g + 1], t[g + 3], 0xEE);
    }
    // Column 4l + c gathers lane l of q[c], q[4 + c], q[8 + c], q[12 + c]:
    // even lanes (0x88) and odd lanes (0xDD) twice over.
    for (int c = 0; c < 4; ++c) {
      const reg even01 = lanes<0x88>(q[c], q[c + 4]), even23 = lanes<0x88>(q[c + 8], q[c + 12]);
      const reg odd01 = lanes<0xDD>(q[c], q[c + 4]), odd23 = lanes<0xDD>(q[c + 8], q[c + 12]);
      x[c] = lanes<0x88>(even01, even23);
      x[c + 8] = lanes<0xDD>(even01, even23);
      x[c + 4] = lanes<0x88>(odd01, odd23);
      x[c + 12] = lanes<0xDD>(odd01, odd23);
    }
  }

 private:
  template <int Lanes>
  static reg lanes(reg a, reg b) {
    return _mm512_maskz_shuffle_f32x4(kAll, a, b, Lanes);
  }
};

}  // namespace swblas::kernels

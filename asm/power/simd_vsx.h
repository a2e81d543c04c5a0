// SIMD traits for POWER VSX: a vector of 2 doubles (vsx_simd) or 4 floats
// (vsx_simd_f32) in one 128-bit VSR, the interface of x86_64/simd_avx2.h.
// VSX is part of every ppc64le CPU (POWER8 and later), but the traits are
// instantiated only in kernel files.
//
// Tag: the VSX kernels (built for POWER8) and the MMA kernel (built for
// POWER10) all instantiate the shared templates over these traits; a
// distinct tag per file keeps the linker from merging a POWER10-compiled
// copy into the code that POWER8/9 run (see simd_scalar.h).
#pragma once

#include <altivec.h>

#include <type_traits>

namespace swblas::kernels {

// What both element types share: the vec_ built-ins are overloaded on the
// vector type. Tagged too, for the reason above.
template <class Tag, class T>
struct vsx_lanes {
  using reg = std::conditional_t<std::is_same_v<T, double>, __vector double, __vector float>;
  using value_type = T;
  static constexpr int width = 16 / sizeof(T);
  static constexpr int registers = 64;  // the VSRs

  static reg zero() { return vec_splats(T(0)); }
  static reg set1(T x) { return vec_splats(x); }
  // vec_xl/vec_xst: element order is memory order on little-endian too
  // (POWER8 adds the doubleword swaps that lxvd2x/stxvd2x need).
  static reg load(const T* p) { return vec_xl(0, p); }
  static reg loadu(const T* p) { return vec_xl(0, p); }
  static reg broadcast(const T* p) { return vec_splats(*p); }  // lxvdsx for doubles
  static reg fma(reg a, reg b, reg c) { return vec_madd(a, b, c); }
  // -(a * b - c): negating the rounded result is exact.
  static reg fnma(reg a, reg b, reg c) { return vec_nmsub(a, b, c); }
  static reg mul(reg a, reg b) { return vec_mul(a, b); }
  static reg add(reg a, reg b) { return vec_add(a, b); }
  static reg div(reg a, reg b) { return vec_div(a, b); }
  static reg if_less(reg a, reg b, reg t, reg f) { return vec_sel(f, t, vec_cmplt(a, b)); }
  // x86's semantics (b where either is NaN), not xvmaxdp's.
  static reg max(reg a, reg b) { return vec_sel(b, a, vec_cmpgt(a, b)); }
  static reg abs(reg a) { return vec_abs(a); }
  static reg min(reg a, reg b) { return vec_sel(b, a, vec_cmplt(a, b)); }
  // (re, im) -> (im, re) in each complex pair (vector_body.h): a 32-bit
  // rotation of each doubleword swaps two floats, a doubleword permute two
  // doubles; either way independent of the byte order.
  static reg swap_pairs(reg a) {
    if constexpr (std::is_same_v<T, double>)
      return vec_xxpermdi(a, a, 2);
    else
      return reinterpret_cast<reg>(vec_rl(reinterpret_cast<__vector unsigned long long>(a), vec_splats(32ULL)));
  }
  static void store(T* p, reg x) { vec_xst(x, 0, p); }
  static void storeu(T* p, reg x) { vec_xst(x, 0, p); }
  // The first `count` lanes: POWER8 has no masked load or store.
  using mask = int;
  static mask first_lanes(int count) { return count; }
  // Through memory too: lanes [lo, hi) of p, and a window over a then b.
  static reg load_lanes(const T* p, int lo, int hi) {
    alignas(16) T lanes[width] = {};
    for (int i = lo; i < hi; ++i) lanes[i] = p[i];
    return vec_xl(0, lanes);
  }
  static reg lanes_from(reg a, reg b, int s) {
    alignas(16) T ab[2 * width];
    vec_xst(a, 0, ab);
    vec_xst(b, 0, ab + width);
    return vec_xl(0, ab + s);
  }
  // always_inline: see simd_scalar.h (GCC may otherwise drop the call).
  __attribute__((always_inline)) static void prefetch(const void* p) {
    __builtin_prefetch(p);
  }
};

template <class Tag>
struct vsx_simd : vsx_lanes<Tag, double> {
  using typename vsx_lanes<Tag, double>::reg;
  using typename vsx_lanes<Tag, double>::mask;
  using vsx_lanes<Tag, double>::width;

  // A partial vector of two lanes is its first lane.
  static reg load_first(const double* p, mask) { return vec_insert(*p, vec_splats(0.0), 0); }
  static void store_first(double* p, mask, reg x) { *p = vec_extract(x, 0); }
  // {x0, x1} = {{a, b}, {c, d}} becomes {{a, c}, {b, d}}.
  static void transpose(reg (&x)[width]) {
    const reg first = vec_mergeh(x[0], x[1]);
    const reg second = vec_mergel(x[0], x[1]);
    x[0] = first;
    x[1] = second;
  }
};

template <class Tag>
struct vsx_simd_f32 : vsx_lanes<Tag, float> {
  using typename vsx_lanes<Tag, float>::reg;
  using typename vsx_lanes<Tag, float>::mask;
  using vsx_lanes<Tag, float>::width;

  // Through memory: vec_insert at a variable lane made GCC 12 fail
  // (internal compiler error) at -mcpu=power9 once staged_tail used it.
  static reg load_first(const float* p, mask count) {
    alignas(16) float lanes[width] = {};
    for (int i = 0; i < count; ++i) lanes[i] = p[i];
    return vec_xl(0, lanes);
  }
  static void store_first(float* p, mask count, reg x) {
    alignas(16) float lanes[width];
    vec_xst(x, 0, lanes);
    for (int i = 0; i < count; ++i) p[i] = lanes[i];
  }
  // Pairs of rows interleaved by word, then by doubleword: x[j] becomes
  // column j of the 4 x 4 block.
  static void transpose(reg (&x)[width]) {
    using pairs = __vector double;
    const pairs lo01 = (pairs)vec_mergeh(x[0], x[1]);  // x00 x10 x01 x11
    const pairs hi01 = (pairs)vec_mergel(x[0], x[1]);  // x02 x12 x03 x13
    const pairs lo23 = (pairs)vec_mergeh(x[2], x[3]);
    const pairs hi23 = (pairs)vec_mergel(x[2], x[3]);
    x[0] = (reg)vec_mergeh(lo01, lo23);
    x[1] = (reg)vec_mergel(lo01, lo23);
    x[2] = (reg)vec_mergeh(hi01, hi23);
    x[3] = (reg)vec_mergel(hi01, hi23);
  }
};

}  // namespace swblas::kernels

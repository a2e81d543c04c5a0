// SIMD traits for POWER VSX: a vector of 2 doubles (one 128-bit VSR), the
// interface of x86_64/simd_avx2.h. VSX is part of every ppc64le CPU (POWER8
// and later), but the traits are instantiated only in kernel files.
//
// Tag: the VSX kernel (built for POWER8) and the MMA kernel (built for
// POWER10) both instantiate the shared templates over these traits; a
// distinct tag per file keeps the linker from merging a POWER10-compiled
// copy into the code that POWER8/9 run (see simd_scalar.h).
#pragma once

#include <altivec.h>

namespace swblas::kernels {

template <class Tag>
struct vsx_simd {
  using reg = __vector double;
  using value_type = double;
  static constexpr int width = 2;

  static reg zero() { return vec_splats(0.0); }
  static reg set1(double x) { return vec_splats(x); }
  // vec_xl/vec_xst: element order is memory order on little-endian too
  // (POWER8 adds the doubleword swaps that lxvd2x/stxvd2x need).
  static reg load(const double* p) { return vec_xl(0, p); }
  static reg loadu(const double* p) { return vec_xl(0, p); }
  static reg broadcast(const double* p) { return vec_splats(*p); }  // lxvdsx
  static reg fma(reg a, reg b, reg c) { return vec_madd(a, b, c); }
  static reg mul(reg a, reg b) { return vec_mul(a, b); }
  static reg add(reg a, reg b) { return vec_add(a, b); }
  static reg if_less(reg a, reg b, reg t, reg f) { return vec_sel(f, t, vec_cmplt(a, b)); }
  // x86's semantics (b where either is NaN), not xvmaxdp's.
  static reg max(reg a, reg b) { return vec_sel(b, a, vec_cmpgt(a, b)); }
  static reg min(reg a, reg b) { return vec_sel(b, a, vec_cmplt(a, b)); }
  static void store(double* p, reg x) { vec_xst(x, 0, p); }
  static void storeu(double* p, reg x) { vec_xst(x, 0, p); }
  // A partial vector of two lanes is its first lane.
  using mask = int;
  static mask first_lanes(int count) { return count; }
  static reg load_first(const double* p, mask) { return vec_insert(*p, vec_splats(0.0), 0); }
  static void store_first(double* p, mask, reg x) { *p = vec_extract(x, 0); }
  // always_inline: see simd_scalar.h (GCC may otherwise drop the call).
  __attribute__((always_inline)) static void prefetch(const void* p) {
    __builtin_prefetch(p);
  }
  // {x0, x1} = {{a, b}, {c, d}} becomes {{a, c}, {b, d}}.
  static void transpose(reg (&x)[width]) {
    const reg first = vec_mergeh(x[0], x[1]);
    const reg second = vec_mergel(x[0], x[1]);
    x[0] = first;
    x[1] = second;
  }
};

}  // namespace swblas::kernels

// A one-lane "vector" in plain C++, with the operations every register-block
// template uses (see simd traits in x86_64/simd_avx2.h for the full list).
// It serves the generic kernel and the row tails of the small path.
#pragma once

#include <cmath>

namespace swblas::kernels {

// Tag only distinguishes instantiations: templates instantiated in a kernel
// file compiled with -mavx2 (say) must never be merged by the linker with the
// copy that has to run on any CPU, so every kernel file instantiates its
// templates over its own types (scalar_simd<its traits>). T: the element.
template <class Tag, class T = double>
struct scalar_simd {
  using reg = T;
  using value_type = T;
  static constexpr int width = 1;
  static constexpr int registers = 16;  // x86-64's xmm (POWER has 32 FPRs)

  static reg zero() { return T(0); }
  static reg set1(T x) { return x; }
  static reg load(const T* p) { return *p; }
  static reg loadu(const T* p) { return *p; }
  static reg broadcast(const T* p) { return *p; }
  static reg fma(reg a, reg b, reg c) { return a * b + c; }
  static reg fnma(reg a, reg b, reg c) { return c - a * b; }
  static reg mul(reg a, reg b) { return a * b; }
  static reg add(reg a, reg b) { return a + b; }
  static reg div(reg a, reg b) { return a / b; }
  static reg if_less(reg a, reg b, reg t, reg f) { return a < b ? t : f; }
  static reg max(reg a, reg b) { return a > b ? a : b; }
  static reg abs(reg a) { return std::fabs(a); }
  static reg min(reg a, reg b) { return a < b ? a : b; }
  static void store(T* p, reg x) { *p = x; }
  static void storeu(T* p, reg x) { *p = x; }
  // A one-lane vector is never partial; these exist for the interface.
  using mask = int;
  static mask first_lanes(int count) { return count; }
  static reg load_first(const T* p, mask) { return *p; }
  static void store_first(T* p, mask, reg x) { *p = x; }
  static reg load_lanes(const T* p, int, int) { return *p; }
  static reg lanes_from(reg a, reg, int) { return a; }
  // always_inline: otherwise GCC 12 may find the (side-effect free) call
  // dead after inlining it into an always_inline caller, and drop it.
  __attribute__((always_inline)) static void prefetch(const void* p) {
    __builtin_prefetch(p);
  }
  static void transpose(reg (&)[width]) {}  // a 1 x 1 block
};

}  // namespace swblas::kernels

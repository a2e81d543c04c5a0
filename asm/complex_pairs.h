// Complex numbers in the registers of real SIMD traits: (re, im) pairs side
// by side, for traits with swap_pairs (two or more lanes). Shared by the
// Level-1/2 vector kernels (vector_body.h) and the 1m packing (pack.h), so
// that a product by a complex scalar is the same arithmetic in both.
#pragma once

namespace swblas::kernels {

// Whether traits can hold complex pairs: two lanes or more and swap_pairs
// (an expression test: vector types as template arguments lose attributes).
template <class Simd>
constexpr auto swaps_pairs(int) -> decltype((void)&Simd::swap_pairs, true) {
  return Simd::width >= 2;
}
template <class Simd>
constexpr bool swaps_pairs(...) {
  return false;
}

// a x = re(a) x + im(a) (-im x, re x): one FMA with re(a) in every lane, one
// with (-im a, +im a) against the pair-swapped x.
template <class Simd>
struct complex_pairs {
  using R = typename Simd::value_type;
  using reg = typename Simd::reg;
  static constexpr int W = Simd::width;  // reals a register: W / 2 elements

  static reg alternating(R even, R odd) {
    alignas(64) R lanes[W];
    for (int l = 0; l < W; ++l) lanes[l] = l % 2 == 0 ? even : odd;
    return Simd::loadu(lanes);
  }
  // re_a: re(a) in every lane; im_a: alternating(-im(a), im(a)).
  static reg times(reg re_a, reg im_a, reg x) { return Simd::fma(im_a, Simd::swap_pairs(x), Simd::mul(re_a, x)); }
};

}  // namespace swblas::kernels

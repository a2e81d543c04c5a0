// A register's lanes summed in lane order, one register or several at once:
// the ends of the vector primitives' dot products (vector_body.h,
// symmetric_square.h).
#pragma once

namespace swblas::kernels {

// The sum of a register's lanes, in lane order. (Summed pairwise, which
// shortens the chain, two of reference LAPACK's single-precision SST driver
// checks failed: ratio 78 against 50; netlib's in-order sum passes them.)
template <class Simd>
inline typename Simd::value_type lane_sum(typename Simd::reg r) {
  alignas(64) typename Simd::value_type lanes[Simd::width];
  Simd::storeu(lanes, r);
  typename Simd::value_type s = 0;
  for (int l = 0; l < Simd::width; ++l) s += lanes[l];
  return s;
}

// lane_sum of each of U registers, to the bit, into sums[0, U) (sums has
// room for U rounded up to whole registers): width registers at a time,
// transposed so that register l holds their lanes l, then added in lane
// order from zero. Four columns' sums one after the other cost a gemv_t
// of 64 x 64 half its time (Zen 5).
template <class Simd, int U>
inline void lane_sums(const typename Simd::reg (&r)[U], typename Simd::value_type* sums) {
  constexpr int W = Simd::width;
  for (int u0 = 0; u0 < U; u0 += W) {
    typename Simd::reg t[W];
#pragma GCC unroll 16
    for (int l = 0; l < W; ++l) t[l] = u0 + l < U ? r[u0 + l] : Simd::zero();
    Simd::transpose(t);
    typename Simd::reg s = Simd::zero();
#pragma GCC unroll 16
    for (int l = 0; l < W; ++l) s = Simd::add(s, t[l]);
    Simd::storeu(sums + u0, s);
  }
}

}  // namespace swblas::kernels

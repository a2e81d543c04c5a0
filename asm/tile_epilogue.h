// What a tile does to its accumulators on the way to C, on vectors of any
// SIMD traits V: the merge with beta * C, and the fused epilogue of
// ukernel.h (tile_op).
// The micro kernels apply the epilogue to their accumulators (register_block.h), the
// edge adapter to the elements of a partial tile (edge.h, one-lane traits):
// the same comparisons in both, and the same as the macro kernel's epilogue
// on stored tiles (activation_value in src/fused_ops.h), so that a fused
// GEMM gives the same results whichever of them ran.
#pragma once

#include <type_traits>

#include "ukernel.h"

namespace swblas::kernels {

// acc + beta * C for a vector c of C, beta != 0, as every kernel merges
// its accumulators into C; beta == 1 (every k block after the first, most
// callers) as an add, which Zen 4 runs beside the FMAs, not on their pipes.
template <class V>
struct beta_merge {
  typename V::reg beta;
  bool one;
  explicit beta_merge(typename V::value_type b) : beta(V::set1(b)), one(b == 1) {}
  __attribute__((always_inline)) typename V::reg operator()(typename V::reg c,
                                                          typename V::reg acc) const {
    return one ? V::add(c, acc) : V::fma(beta, c, acc);
  }
};

// The operation's constants, broadcast once per tile.
template <class V>
struct tile_op_constants {
  typename V::reg zero, slope, lo, hi;
  explicit tile_op_constants(const basic_tile_epilogue<typename V::value_type>& e)
      : zero(V::zero()), slope(V::set1(e.slope)), lo(V::set1(e.lo)), hi(V::set1(e.hi)) {}
};

// op(x), lane by lane; NaN stays NaN (every comparison is false for it).
template <class V, tile_op Op>
__attribute__((always_inline)) inline typename V::reg apply_tile_op(
    typename V::reg x, const tile_op_constants<V>& k) {
  if constexpr (Op == tile_op::relu) {
    return V::max(k.zero, x);  // 0 > x ? 0 : x, one instruction
  } else if constexpr (Op == tile_op::leaky_relu) {
    return V::if_less(k.zero, x, x, V::mul(k.slope, x));  // x > 0 ? x : slope x
  } else if constexpr (Op == tile_op::clamp) {
    return V::max(k.lo, V::min(k.hi, x));  // lo > y ? lo : y, y = hi < x ? hi : x
  } else {
    return x;
  }
}

// f(std::integral_constant<tile_op, e>) for the runtime operation op, so
// that the operation is a template argument once per tile, not a branch per
// element.
template <class F>
__attribute__((always_inline)) inline void with_tile_op(tile_op op, F&& f) {
  switch (op) {
    case tile_op::bias_only: return f(std::integral_constant<tile_op, tile_op::bias_only>{});
    case tile_op::relu: return f(std::integral_constant<tile_op, tile_op::relu>{});
    case tile_op::leaky_relu: return f(std::integral_constant<tile_op, tile_op::leaky_relu>{});
    case tile_op::clamp: return f(std::integral_constant<tile_op, tile_op::clamp>{});
  }
}

}  // namespace swblas::kernels

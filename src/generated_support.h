// What every generated block kernel includes: the contract types and the
// fused-epilogue call its "ukernel" marks are printed as.
//
// Generated translation units are compiled with their target's ISA flags
// (e.g. -mavx2 -mfma) so that the inline fused operations vectorise. The
// helpers are therefore in an unnamed namespace: each translation unit keeps
// its own copy, and the linker can never merge an AVX2 copy into code that
// runs on a CPU without AVX2 (which comdat folding of inline functions would).
#pragma once

#include <type_traits>

#include "fused_ops.h"
#include "macro_kernel.h"

namespace swblas::gen {
namespace {

// The epilogue of a spec without a bias term ignores the caller's bias.
inline epilogue_args without_bias(epilogue_args e) {
  e.bias = nullptr;
  e.bias_f32 = nullptr;
  return e;
}

// The operation a micro kernel applies in registers for epilogue op, or
// false for one it does not (a transcendental activation).
inline bool register_tile_op(epilogue_op op, tile_op* t) {
  switch (op) {
    case epilogue_op::none: *t = tile_op::bias_only; return true;
    case epilogue_op::relu: *t = tile_op::relu; return true;
    case epilogue_op::leaky_relu: *t = tile_op::leaky_relu; return true;
    case epilogue_op::clamp: *t = tile_op::clamp; return true;
    default: return false;
  }
}

// Whether a float micro kernel's epilogue on op gives what the contract
// says: each element in double from the float value, rounded once. Float
// arithmetic does where a float bias (bias_f32) is added (a float sum
// rounds as the double sum rounded to float: double rounding is innocuous
// with 53 >= 2 * 24 + 2 bits) and then the order-keeping relu or clamp
// applied, or where leaky_relu's float slope multiplies without a bias
// (the product of two floats is exact in double). A double slope, or a
// slope times a rounded sum, would round twice.
inline bool float_tile_op_rounds_once(const epilogue_args& epi, tile_op op) {
  if (op == tile_op::leaky_relu) return !epi.bias && double(float(epi.slope)) == epi.slope;
  return !epi.bias || epi.bias_f32;
}

// The micro-kernel call of one register tile (element (0, 0) at (i0, j0) of
// the block's C) in a kernel whose epilogue the micro kernel applies in
// registers: the plain call while C's last k block is still to come, the
// fused one on it: a full tile straight into the kernel's full-tile entry
// for the operation (ukernel_full_epilogue), where it has one, other tiles
// through ukernel_epilogue. An operation the micro kernel cannot apply, or
// a bias with both strides nonzero (no interface makes one), is applied to
// the stored tile instead. T is double or float; a float kernel's tile
// epilogue holds float parameters, so a float tile's epilogue goes to the
// stored tile too unless float arithmetic rounds as the contract does
// (float_tile_op_rounds_once).
template <class T>
inline void ukernel_epilogue(const ukernel_desc<T>& u, bool last, const epilogue_args& epi, dim_t i0, dim_t j0,
                             dim_t m, dim_t n, dim_t k, T alpha, const T* ap, const T* bp, T beta, T* c,
                             inc_t ldc) {
  const bool full = m == u.mr && n == u.nr;
  const bool bias_in_registers = !epi.bias || epi.rs_bias == 0 || (epi.rs_bias == 1 && epi.cs_bias == 0);
  tile_op op = tile_op::bias_only;
  const bool in_registers = last && bias_in_registers && register_tile_op(epi.op, &op) &&
                            (std::is_same_v<T, double> || float_tile_op_rounds_once(epi, op));
  if (!in_registers) {
    if (full)
      u.ukernel_full(k, alpha, ap, bp, beta, c, ldc);
    else
      u.ukernel(m, n, k, alpha, ap, bp, beta, c, ldc);
    if (last) apply_epilogue(epi, m, n, c, ldc, i0, j0);
    return;
  }
  basic_tile_epilogue<T> t;
  t.op = op;
  if (epi.bias) {
    const epilogue_args here = epi.from(i0, j0);
    if constexpr (std::is_same_v<T, double>)
      t.bias = here.bias;
    else
      t.bias = here.bias_f32;
    t.rs_bias = epi.rs_bias;
    t.cs_bias = epi.cs_bias;
  }
  t.slope = T(epi.slope);
  t.lo = T(epi.lo);
  t.hi = T(epi.hi);
  const ukernel_full_epilogue_fn<T> full_epilogue = u.ukernel_full_epilogue.of[static_cast<int>(op)];
  if (full && full_epilogue)
    full_epilogue(k, alpha, ap, bp, beta, c, ldc, t);
  else
    u.ukernel_epilogue(m, n, k, alpha, ap, bp, beta, c, ldc, t);
}

// A register tile that C's triangle cuts (element (0, 0) at c): the m x n
// product into a tile of its own, then beta * C + tile on the elements
// (i, j) where a_i * i + a_j * j + at_origin >= 0, nothing elsewhere.
template <class T>
void ukernel_on_triangle(const ukernel_desc<T>& u, dim_t m, dim_t n, dim_t k, T alpha, const T* ap, const T* bp,
                         T beta, T* c, inc_t ldc, long a_i, long a_j, dim_t at_origin) {
  alignas(64) T tile[kMaxTileElems];
  u.ukernel(m, n, k, alpha, ap, bp, T(0), tile, u.mr);
  for (dim_t j = 0; j < n; ++j)
    for (dim_t i = 0; i < m; ++i) {
      if (a_i * i + a_j * j + at_origin < 0) continue;
      T& cij = c[i + j * ldc];
      cij = (beta == T(0) ? T(0) : beta * cij) + tile[i + j * u.mr];
    }
}

}  // namespace
}  // namespace swblas::gen

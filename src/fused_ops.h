// The element-wise operations swblas fuses into a GEMM (issue 4):
//   C := epi(alpha * op(pro(A)) * op(B) + beta * C)
// with pro applied to every element of A (or of B), and epi = bias, then an
// activation, applied to every element of C once its last k block is done.
//
// Generated macro kernels call apply_prologue on each packed block right
// after packing it and apply_epilogue on each C tile right after its last
// micro-kernel call; the unfused (slower, always correct) path calls them
// on whole matrices. Both are templates over the operation so that the
// generated kernel of each pre-emitted op is specialised for it, and inline
// so that the generated translation unit (compiled with its target's ISA
// flags) vectorises them.
#pragma once

#include <cmath>
#include <cstddef>

#include "macro_kernel.h"

namespace swblas {

enum class prologue_op : int { none = 0, scale = 1, fake_quant = 2 };

enum class epilogue_op : int {
  none = 0,  // bias only (or nothing)
  relu = 1,
  leaky_relu = 2,  // x > 0 ? x : slope * x
  gelu_tanh = 3,   // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
  gelu_erf = 4,    // 0.5 x (1 + erf(x / sqrt(2)))
  sigmoid = 5,
  tanh = 6,
  silu = 7,   // x * sigmoid(x)
  clamp = 8,  // min(max(x, lo), hi)
};
inline constexpr int kEpilogueOpCount = 9;

// pro(a): scale: scale * a; fake_quant:
//   scale * (clamp(round(a / scale) + zero_point, qmin, qmax) - zero_point)
// round() rounds half to even (std::nearbyint in the default rounding mode),
// as PyTorch's fake_quantize_per_tensor_affine does.
struct prologue_args {
  prologue_op op = prologue_op::none;
  double scale = 1.0, zero_point = 0.0, qmin = 0.0, qmax = 0.0;
};

// epi(x) at C element (i, j) (global indices of the problem's column-major
// C): act(x + bias[i * rs_bias + j * cs_bias]), no bias term when bias is
// null. A per-row bias (length m) has rs_bias = 1, cs_bias = 0; a
// per-column bias (length n) rs_bias = 0, cs_bias = 1 (broadcast strides,
// so that the row-major interface only swaps them).
struct epilogue_args {
  epilogue_op op = epilogue_op::none;
  const double* bias = nullptr;
  inc_t rs_bias = 0, cs_bias = 0;
  double slope = 0.0;         // leaky_relu
  double lo = 0.0, hi = 0.0;  // clamp
};

// --- the scalar definitions (the reference the tests compare with) --------

template <prologue_op Op>
inline double prologue_value(const prologue_args& a, double x) {
  if constexpr (Op == prologue_op::scale) {
    return a.scale * x;
  } else if constexpr (Op == prologue_op::fake_quant) {
    double q = std::nearbyint(x / a.scale) + a.zero_point;
    q = q < a.qmin ? a.qmin : (q > a.qmax ? a.qmax : q);
    return a.scale * (q - a.zero_point);
  } else {
    (void)a;
    return x;
  }
}

template <epilogue_op Op>
inline double activation_value(const epilogue_args& a, double x) {
  if constexpr (Op == epilogue_op::relu) {
    return x > 0.0 ? x : 0.0;
  } else if constexpr (Op == epilogue_op::leaky_relu) {
    return x > 0.0 ? x : a.slope * x;
  } else if constexpr (Op == epilogue_op::gelu_tanh) {
    return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
  } else if constexpr (Op == epilogue_op::gelu_erf) {
    return 0.5 * x * (1.0 + std::erf(x * 0.7071067811865476));
  } else if constexpr (Op == epilogue_op::sigmoid) {
    return 1.0 / (1.0 + std::exp(-x));
  } else if constexpr (Op == epilogue_op::tanh) {
    return std::tanh(x);
  } else if constexpr (Op == epilogue_op::silu) {
    return x / (1.0 + std::exp(-x));
  } else if constexpr (Op == epilogue_op::clamp) {
    return x < a.lo ? a.lo : (x > a.hi ? a.hi : x);
  } else {
    (void)a;
    return x;
  }
}

// --- what generated kernels and the unfused path call ----------------------

// x[0:count] := pro(x[0:count]) in place (a packed block, zero padding
// included: padded rows only reach C rows that are never stored).
template <prologue_op Op>
inline void apply_prologue(const prologue_args& a, double* x, std::size_t count) {
  for (std::size_t e = 0; e < count; ++e) x[e] = prologue_value<Op>(a, x[e]);
}

// C tile c[0:m, 0:n] (column-major, ldc), whose element (0, 0) is element
// (i0, j0) of the problem's C: c := epi(c).
template <epilogue_op Op>
inline void apply_epilogue(const epilogue_args& a, dim_t m, dim_t n, double* c, inc_t ldc,
                           dim_t i0, dim_t j0) {
  for (dim_t j = 0; j < n; ++j) {
    double* col = c + j * ldc;
    const double* bias = a.bias ? a.bias + i0 * a.rs_bias + (j0 + j) * a.cs_bias : nullptr;
    for (dim_t i = 0; i < m; ++i)
      col[i] = activation_value<Op>(a, bias ? col[i] + bias[i * a.rs_bias] : col[i]);
  }
}

}  // namespace swblas

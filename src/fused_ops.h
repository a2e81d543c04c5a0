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
//
// std::exp, std::tanh and std::erf are library calls GCC cannot vectorise,
// so the operations use the branch-free approximations of namespace
// `elementwise` below (selects, bit manipulation and polynomials only: GCC
// vectorises them at -O3). They agree with the std:: definitions kept in
// activation_reference / prologue_reference to a few ulps over the whole
// double range, including infinities, NaN and subnormal results.
//
// Everything a kernel calls is always_inline: it must be compiled with the
// caller's ISA (AVX2 in a generated kernel, a target_clones clone in the
// runtime), and an out-of-line copy would be one weak symbol shared by
// translation units built with different ISA flags, which the linker could
// resolve to the AVX2 one for a caller that must run without AVX2.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

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
inline constexpr int kPrologueOpCount = 3;

// Which operand of the normalised (column-major) problem the prologue
// transforms. The user's prologue is always on A; a row-major call is
// normalised to C^T = op(B)^T op(A)^T, which moves it to the B slot.
enum class prologue_operand : int { a = 0, b = 1 };

// pro(a): scale: scale * a; fake_quant:
//   scale * (clamp(round(a / scale) + zero_point, qmin, qmax) - zero_point)
// round() rounds half to even (std::nearbyint in the default rounding mode),
// as PyTorch's fake_quantize_per_tensor_affine does.
struct prologue_args {
  prologue_op op = prologue_op::none;
  double scale = 1.0, zero_point = 0.0, qmin = 0.0, qmax = 0.0;
  prologue_operand operand = prologue_operand::a;
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

// --- vectorisable elementary functions --------------------------------------

namespace elementwise {

[[gnu::always_inline]] inline double from_bits(std::uint64_t u) {
  double d;
  std::memcpy(&d, &u, sizeof d);
  return d;
}

[[gnu::always_inline]] inline std::uint64_t to_bits(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

// c ? a : b as a bit blend: GCC (under the default -ftrapping-math) will not
// if-convert a ?: whose operands compute floating-point values, and would
// leave the loop unvectorised; both operands are computed anyway.
// a * b + c, fused where the target has FMA (the build's -std=c++17 turns
// off contraction): half the instructions in the polynomials.
#if defined(__FMA__) || defined(__FP_FAST_FMA)
[[gnu::always_inline]] inline double mul_add(double a, double b, double c) { return std::fma(a, b, c); }
#else
[[gnu::always_inline]] inline double mul_add(double a, double b, double c) { return a * b + c; }
#endif

[[gnu::always_inline]] inline double choose(bool c, double a, double b) {
  const std::uint64_t mask = -static_cast<std::uint64_t>(c);
  return from_bits((to_bits(a) & mask) | (to_bits(b) & ~mask));
}

inline constexpr double kRoundShift = 0x1.8p52;  // x + it - it rounds x to an integer

// x rounded to an integer, half to even (default rounding mode); exact for
// |x| >= 2^52, NaN and infinities unchanged.
[[gnu::always_inline]] inline double round_half_even(double x) {
  const double r = (x + kRoundShift) - kRoundShift;
  return choose(std::fabs(x) < 0x1p52, r, x);
}

// 2^m for an integral m in [-1022, 1023], built in the exponent field: the
// low mantissa bits of m + 1023 + kRoundShift hold m + 1023.
[[gnu::always_inline]] inline double pow2_int(double m) {
  return from_bits(to_bits(m + (kRoundShift + 1023.0)) << 52);
}

[[gnu::always_inline]] inline double with_sign_of(double magnitude, double sign_source) {
  const std::uint64_t sign = to_bits(sign_source) & 0x8000000000000000ull;
  return from_bits(to_bits(magnitude) | sign);
}

// exp(hi + lo) where lo is a correction of hi (|lo| << 1 or O(1)), so that
// callers with an exact split (erfc) keep the bits hi + lo would round away.
// Cody-Waite reduction hi + lo = n ln2 + r, |r| <= ln2/2, a degree-11
// polynomial for e^r (Chebyshev fit with mpmath, error 3e-18), and 2^n applied in two steps so that results
// near overflow and in the subnormal range are right.
[[gnu::always_inline]] inline double exp_split(double hi, double lo) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 bits: n*kLn2Hi exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double x = hi + lo;
  // Beyond these e^x is 0 or inf; clamping keeps n in range (NaN passes).
  const bool outside = (x < -746.0) | (x > 710.0);  // | : no branch
  const double h = choose(outside, choose(x < 0.0, -746.0, 710.0), hi);
  const double l = choose(outside, 0.0, lo);
  const double n = ((h + l) * kLog2e + kRoundShift) - kRoundShift;
  const double r = ((h - n * kLn2Hi) + l) - n * kLn2Lo;
  double p = 2.511004920481866e-8;
  p = mul_add(p, r, 2.7632654722527792e-7);
  p = mul_add(p, r, 2.7557240887229869e-6);
  p = mul_add(p, r, 2.4801485441561313e-5);
  p = mul_add(p, r, 1.9841269890076403e-4);
  p = mul_add(p, r, 1.3888888952352863e-3);
  p = mul_add(p, r, 8.3333333333195896e-3);
  p = mul_add(p, r, 4.1666666666487953e-2);
  p = mul_add(p, r, 1.6666666666666681e-1);
  p = mul_add(p, r, 5.0000000000000184e-1);
  p = mul_add(p, r, 1.0);
  p = mul_add(p, r, 1.0);
  // n in [-1076, 1025]: 2^n = 2^(n -+ 600) * 2^(+-600).
  const double step = choose(n < -1000.0, -600.0, choose(n > 1000.0, 600.0, 0.0));
  const double factor = choose(n < -1000.0, 0x1p-600, choose(n > 1000.0, 0x1p600, 1.0));
  return p * pow2_int(n - step) * factor;
}

[[gnu::always_inline]] inline double exp(double x) { return exp_split(x, 0.0); }

// e^y - 1 for |y| <= ln2/2, without the cancellation of exp(y) - 1.
[[gnu::always_inline]] inline double expm1_small(double y) {
  double q = 1.0 / 1307674368000.0;
  q = mul_add(q, y, 1.0 / 87178291200.0);
  q = mul_add(q, y, 1.0 / 6227020800.0);
  q = mul_add(q, y, 1.0 / 479001600.0);
  q = mul_add(q, y, 1.0 / 39916800.0);
  q = mul_add(q, y, 1.0 / 3628800.0);
  q = mul_add(q, y, 1.0 / 362880.0);
  q = mul_add(q, y, 1.0 / 40320.0);
  q = mul_add(q, y, 1.0 / 5040.0);
  q = mul_add(q, y, 1.0 / 720.0);
  q = mul_add(q, y, 1.0 / 120.0);
  q = mul_add(q, y, 1.0 / 24.0);
  q = mul_add(q, y, 1.0 / 6.0);
  q = mul_add(q, y, 0.5);
  return y + y * y * q;
}

// tanh(x) = e/(e + 2) with e = expm1(2|x|), sign restored.
[[gnu::always_inline]] inline double tanh(double x) {
  const double a = std::fabs(x);
  const double y = choose(a > 40.0, 40.0, 2.0 * a);  // tanh(20) rounds to 1
  const double e = choose(y < 0.34657359027997264, expm1_small(y), exp(y) - 1.0);
  const double t = e / (e + 2.0);
  return choose(x != x, x, with_sign_of(t, x));
}

[[gnu::always_inline]] inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

// erf(z) for |z| < 0.5: its Taylor series to z^27.
[[gnu::always_inline]] inline double erf_small(double z) {
  const double s = z * z;
  double p = -6.7113668551641104e-12;
  p = mul_add(p, s, 9.422759064650411e-11);
  p = mul_add(p, s, -1.2290555301717927e-9);
  p = mul_add(p, s, 1.4807192815879217e-8);
  p = mul_add(p, s, -1.6365844691234924e-7);
  p = mul_add(p, s, 1.6462114365889247e-6);
  p = mul_add(p, s, -1.4925650358406251e-5);
  p = mul_add(p, s, 1.2055332981789664e-4);
  p = mul_add(p, s, -8.5483270234508528e-4);
  p = mul_add(p, s, 5.2239776254421878e-3);
  p = mul_add(p, s, -2.6866170645131252e-2);
  p = mul_add(p, s, 1.1283791670955126e-1);
  p = mul_add(p, s, -3.7612638903183752e-1);
  p = mul_add(p, s, 1.1283791670955126);
  return z * p;
}

// erfc(z) for z >= 0.5 (any z >= 0 works, less accurately below 0.5):
// erfc(z) = t exp(-z^2 + g(t)) with t = 2/(2 + z), g smooth on t in
// (0, 0.8] and given by its Chebyshev series (fitted with mpmath, truncated
// at 3e-17). z^2 is split exactly (z = zh + zl, zh with 26 significant bits)
// so that its rounding does not cost relative accuracy where z^2 ~ 700.
[[gnu::always_inline]] inline double erfc_large(double z) {
  static constexpr double kCheb[] = {
      -7.8318707272406001e-1, 5.0589479331734064e-1,  2.0165332295700412e-2,
      -4.1507842704837142e-3, -6.929393033131829e-4,  8.0613044480901668e-5,
      2.5850999510766173e-5,  -2.453241361936654e-6,  -1.0665628949056517e-6,
      1.0956136201272647e-7,  4.6182837214229254e-8,  -6.3050891373696668e-9,
      -1.9633309872353595e-9, 3.9793711163649333e-10, 7.3597120815386668e-11,
      -2.4619582503772174e-11, -1.7696477486824439e-12, 1.3810080809606214e-12,
      -4.6002066179630267e-14, -6.380484046552099e-14, 9.9377184182455142e-15,
      1.8569583472104992e-15, -7.7079563859333715e-16, 3.1621351296209296e-17,
      3.4489452474809714e-17};
  constexpr int kTerms = sizeof kCheb / sizeof kCheb[0];
  const double zc = choose(z < 30.0, z, 30.0);  // erfc(30) underflows to 0
  const double t = 2.0 / (2.0 + zc);
  const double u = 2.5 * t - 1.0;  // t in (0, 0.8] -> u in (-1, 1]
  double b1 = 0.0, b2 = 0.0;       // Clenshaw
#pragma GCC unroll 32  // unrolled, the caller's element loop vectorises
  for (int k = kTerms - 1; k >= 1; --k) {
    const double b0 = 2.0 * u * b1 - b2 + kCheb[k];
    b2 = b1;
    b1 = b0;
  }
  const double g = u * b1 - b2 + kCheb[0];
  const double zh = from_bits(to_bits(zc) & 0xfffffffff8000000ull);
  const double zl = zc - zh;
  const double square_lo = (zh + zh) * zl + zl * zl;  // z^2 = zh^2 (exact) + this
  return t * exp_split(-(zh * zh), g - square_lo);
}

// 1 + erf(x) = erfc(-x), without cancellation for x < 0.
[[gnu::always_inline]] inline double one_plus_erf(double x) {
  const double z = std::fabs(x);
  const double small = erf_small(z);
  const double tail = erfc_large(z);
  const double erf_z = choose(z < 0.5, small, 1.0 - tail);   // erf(|x|)
  const double erfc_z = choose(z < 0.5, 1.0 - small, tail);  // erfc(|x|)
  return choose(x < 0.0, erfc_z, 1.0 + erf_z);
}

[[gnu::always_inline]] inline double erf(double x) {
  const double z = std::fabs(x);
  const double e = choose(z < 0.5, erf_small(z), 1.0 - erfc_large(z));
  return choose(x != x, x, with_sign_of(e, x));
}

// x * s(x) for the sigmoid-shaped activations: the limit 0 (signed like x)
// at x = -inf, where the formula would give -inf * 0.
[[gnu::always_inline]] inline double times_vanishing(double x, double value) {
  return choose(x == -HUGE_VAL, -0.0, value);
}

}  // namespace elementwise

// --- the operations generated kernels and the unfused path apply -----------

template <prologue_op Op>
[[gnu::always_inline]] inline double prologue_value(const prologue_args& a, double x) {
  if constexpr (Op == prologue_op::scale) {
    return a.scale * x;
  } else if constexpr (Op == prologue_op::fake_quant) {
    namespace ew = elementwise;
    double q = ew::round_half_even(x / a.scale) + a.zero_point;
    q = ew::choose(q < a.qmin, a.qmin, ew::choose(q > a.qmax, a.qmax, q));
    return a.scale * (q - a.zero_point);
  } else {
    (void)a;
    return x;
  }
}

// NaN propagates through every activation (relu(NaN) is NaN, as in
// PyTorch); the x * sigmoid-like ones tend to -0 at -inf.
template <epilogue_op Op>
[[gnu::always_inline]] inline double activation_value(const epilogue_args& a, double x) {
  namespace ew = elementwise;
  if constexpr (Op == epilogue_op::relu) {
    return ew::choose(x < 0.0, 0.0, x);  // relu(-0) = -0, as maxpd(0, x) gives
  } else if constexpr (Op == epilogue_op::leaky_relu) {
    return ew::choose(x > 0.0, x, a.slope * x);
  } else if constexpr (Op == epilogue_op::gelu_tanh) {
    // 0.5 (1 + tanh(u)) = sigmoid(2u): no cancellation for x < 0.
    const double u = 0.7978845608028654 * (x + 0.044715 * x * x * x);
    return ew::times_vanishing(x, x / (1.0 + ew::exp(-2.0 * u)));
  } else if constexpr (Op == epilogue_op::gelu_erf) {
    return ew::times_vanishing(x, 0.5 * x * ew::one_plus_erf(x * 0.7071067811865476));
  } else if constexpr (Op == epilogue_op::sigmoid) {
    return ew::sigmoid(x);
  } else if constexpr (Op == epilogue_op::tanh) {
    return ew::tanh(x);
  } else if constexpr (Op == epilogue_op::silu) {
    return ew::times_vanishing(x, x / (1.0 + ew::exp(-x)));
  } else if constexpr (Op == epilogue_op::clamp) {
    return ew::choose(x < a.lo, a.lo, ew::choose(x > a.hi, a.hi, x));
  } else {
    (void)a;
    return x;
  }
}

// --- the std:: definitions, the reference the tests compare with -----------

template <prologue_op Op>
inline double prologue_reference(const prologue_args& a, double x) {
  if constexpr (Op == prologue_op::fake_quant) {
    double q = std::nearbyint(x / a.scale) + a.zero_point;
    q = q < a.qmin ? a.qmin : (q > a.qmax ? a.qmax : q);
    return a.scale * (q - a.zero_point);
  } else {
    return prologue_value<Op>(a, x);
  }
}

template <epilogue_op Op>
inline double activation_reference(const epilogue_args& a, double x) {
  if constexpr (Op == epilogue_op::gelu_tanh) {
    if (x == -HUGE_VAL) return -0.0;
    return 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
  } else if constexpr (Op == epilogue_op::gelu_erf) {
    if (x == -HUGE_VAL) return -0.0;
    return 0.5 * x * (1.0 + std::erf(x * 0.7071067811865476));
  } else if constexpr (Op == epilogue_op::sigmoid) {
    return 1.0 / (1.0 + std::exp(-x));
  } else if constexpr (Op == epilogue_op::tanh) {
    return std::tanh(x);
  } else if constexpr (Op == epilogue_op::silu) {
    if (x == -HUGE_VAL) return -0.0;
    return x / (1.0 + std::exp(-x));
  } else {
    return activation_value<Op>(a, x);
  }
}

// --- what generated kernels and the unfused path call ----------------------

// x[0:count] := pro(x[0:count]) in place (a packed block, zero padding
// included: padded rows only reach C rows that are never stored).
template <prologue_op Op>
[[gnu::always_inline]] inline void apply_prologue(const prologue_args& a, double* x, std::size_t count) {
  for (std::size_t e = 0; e < count; ++e) x[e] = prologue_value<Op>(a, x[e]);
}

namespace elementwise {

// c[0:m, 0:n] := act(c + bias(i, j)) for one bias layout, `bias_at(i, j)`
// giving the bias of tile element (i, j). The arguments are a local copy
// and the pointers restrict-qualified: stores to C then cannot alias them
// and GCC keeps them in registers across the tile.
template <epilogue_op Op, typename Bias>
[[gnu::always_inline]] inline void epilogue_tile(const epilogue_args& a, dim_t m, dim_t n,
                                                 double* __restrict c, inc_t ldc,
                                                 const Bias& bias_at) {
  for (dim_t j = 0; j < n; ++j) {
    double* __restrict col = c + j * ldc;
    // Not unrolled before vectorisation: with a tile height known at compile
    // time (8 in a generated kernel) GCC would otherwise unroll it completely
    // first and leave scalar code.
#pragma GCC unroll 1
    for (dim_t i = 0; i < m; ++i) col[i] = activation_value<Op>(a, col[i] + bias_at(i, j));
  }
}

}  // namespace elementwise

// C tile c[0:m, 0:n] (column-major, ldc), whose element (0, 0) is element
// (i0, j0) of the problem's C: c := epi(c). Called on every micro tile by
// generated kernels: the bias layout is decided once per tile.
template <epilogue_op Op>
[[gnu::always_inline]] inline void apply_epilogue(const epilogue_args& args, dim_t m, dim_t n,
                                                  double* c, inc_t ldc, dim_t i0, dim_t j0) {
  const epilogue_args a = args;
  const double* __restrict bias = a.bias ? a.bias + i0 * a.rs_bias + j0 * a.cs_bias : nullptr;
  const inc_t rs = a.rs_bias, cs = a.cs_bias;
  if (!bias) {  // x + -0.0 is x, -0 included
    elementwise::epilogue_tile<Op>(a, m, n, c, ldc, [](dim_t, dim_t) { return -0.0; });
  } else if (rs == 1 && cs == 0) {  // per row of C
    elementwise::epilogue_tile<Op>(a, m, n, c, ldc, [bias](dim_t i, dim_t) { return bias[i]; });
  } else if (rs == 0) {  // per column of C
    elementwise::epilogue_tile<Op>(a, m, n, c, ldc,
                                   [bias, cs](dim_t, dim_t j) { return bias[j * cs]; });
  } else {
    elementwise::epilogue_tile<Op>(a, m, n, c, ldc, [bias, rs, cs](dim_t i, dim_t j) {
      return bias[i * rs + j * cs];
    });
  }
}

}  // namespace swblas

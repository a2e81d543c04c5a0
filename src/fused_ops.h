// The element-wise operations swblas fuses into a GEMM:
//   C := epi(alpha * op(pro(A)) * op(B) + beta * C)
// with pro applied to every element of A (or of B), and epi = bias, then an
// activation, applied to every element of C once its last k block is done.
//
// The runtime applies the prologue to each packed block right after packing
// it, generated block kernels apply the epilogue to each C tile right after
// its last micro-kernel call; the unfused (slower, always correct) path
// calls them on whole matrices. Both are templates over the operation, with
// a run-time switch in front, and inline so that the translation unit that
// calls them (a generated kernel compiled with its target's ISA flags, or a
// target_clones clone) vectorises them.
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
#include <type_traits>

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
  // The bias as floats, with the same strides, for a float GEMM whose bias
  // values are all floats exactly (with_float_bias in fused.cpp): float
  // micro kernels add it in registers, and the float sum rounds as the
  // double sum rounded to float would. Null otherwise.
  const float* bias_f32 = nullptr;
  double slope = 0.0;         // leaky_relu
  double lo = 0.0, hi = 0.0;  // clamp
  // The opt-in fast mode (SWBLAS_ACT_*_FAST): a float C's transcendental
  // activation evaluated in float arithmetic (fast_activation_value), not
  // in double and rounded once. Ignored for a double C.
  bool fast_f32 = false;

  // The epilogue of the part of C whose element (0, 0) is (i0, j0) here:
  // the bias from there on.
  epilogue_args from(dim_t i0, dim_t j0) const {
    epilogue_args e = *this;
    const inc_t offset = i0 * rs_bias + j0 * cs_bias;
    if (e.bias) e.bias += offset;
    if (e.bias_f32) e.bias_f32 += offset;
    return e;
  }
};

// --- vectorisable elementary functions --------------------------------------
//
// Each has a double form (the exact activations) and, where the opt-in fast
// mode needs one, a float form (twice the lanes, shorter series; accuracy
// stated beside fast_activation_value). A formula whose forms differ only
// in their constants is one template over the type, finding the per-type
// pieces by overload; float and double have no associated namespace, so
// every overload is declared before the first template that calls it.

namespace elementwise {

// C++20's std::bit_cast.
template <class To, class From>
[[gnu::always_inline]] inline To bit_cast(From from) {
  static_assert(sizeof(To) == sizeof(From), "a value of the same size");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

// A float or double as the unsigned integer of its size, and back.
template <class R>
using bits_of = std::conditional_t<sizeof(R) == sizeof(std::uint64_t), std::uint64_t, std::uint32_t>;
template <class U>
using float_of = std::conditional_t<sizeof(U) == sizeof(double), double, float>;

template <class R>
[[gnu::always_inline]] inline bits_of<R> to_bits(R f) {
  static_assert(std::is_floating_point_v<R>, "a float or a double");
  return bit_cast<bits_of<R>>(f);
}

template <class U>
[[gnu::always_inline]] inline float_of<U> from_bits(U u) {
  static_assert(std::is_unsigned_v<U>, "the bits of a float or a double");
  return bit_cast<float_of<U>>(u);
}

// a * b + c, fused where the target has FMA (the build's -std=c++17 turns
// off contraction): half the instructions in the polynomials.
#if defined(__FMA__) || defined(__FP_FAST_FMA)
[[gnu::always_inline]] inline double mul_add(double a, double b, double c) { return std::fma(a, b, c); }
#else
[[gnu::always_inline]] inline double mul_add(double a, double b, double c) { return a * b + c; }
#endif
#if defined(__FMA__) || defined(__FP_FAST_FMAF)
[[gnu::always_inline]] inline float mul_add(float a, float b, float c) { return std::fma(a, b, c); }
#else
[[gnu::always_inline]] inline float mul_add(float a, float b, float c) { return a * b + c; }
#endif

// c ? a : b as a bit blend: GCC (under the default -ftrapping-math) will not
// if-convert a ?: whose operands compute floating-point values, and would
// leave the loop unvectorised; both operands are computed anyway.
template <class R>
[[gnu::always_inline]] inline R choose(bool c, R a, R b) {
  const bits_of<R> mask = -static_cast<bits_of<R>>(c);
  return from_bits(bits_of<R>((to_bits(a) & mask) | (to_bits(b) & ~mask)));
}

// magnitude (not negative) with the sign of sign_source.
template <class R>
[[gnu::always_inline]] inline R with_sign_of(R magnitude, R sign_source) {
  return from_bits(bits_of<R>(to_bits(magnitude) | (to_bits(sign_source) & to_bits(R(-0.0)))));
}

// x * s(x) for the sigmoid-shaped activations: the limit 0 (signed like x)
// at x = -inf, where the formula would give -inf * 0.
[[gnu::always_inline]] inline double times_vanishing(double x, double value) {
  return choose(x == -HUGE_VAL, -0.0, value);
}

[[gnu::always_inline]] inline float times_vanishing(float x, float value) {
  return choose(x == -HUGE_VALF, -0.0f, value);
}

inline constexpr double kRoundShift = 0x1.8p52;   // x + it - it rounds x to an integer
inline constexpr float kRoundShiftF = 0x1.8p23f;  // the same for a float

// x rounded to an integer, half to even (default rounding mode); exact for
// |x| >= 2^52, NaN and infinities unchanged.
[[gnu::always_inline]] inline double round_half_even(double x) {
  const double r = (x + kRoundShift) - kRoundShift;
  return choose(std::fabs(x) < 0x1p52, r, x);
}

// 2^(m + offset) for integral m and offset with m + offset in [-1022, 1023],
// built in the exponent field: the low mantissa bits of m + offset + 1023 +
// kRoundShift hold m + offset + 1023 (offset folds into the constant).
[[gnu::always_inline]] inline double pow2_int(double m, double offset = 0.0) {
  return from_bits(to_bits(m + (kRoundShift + 1023.0 + offset)) << 52);
}

// The same for a float, m + offset in [-126, 127].
[[gnu::always_inline]] inline float pow2_int(float m, float offset) {
  return from_bits(to_bits(m + (kRoundShiftF + 127.0f + offset)) << 23);
}

// sum of a[i] x^i, i < N, by Estrin's scheme: the lower half and the upper
// half evaluated independently, joined by one multiply-add with x^(N/2)
// rounded up to a power of two. The activations are bound by the latency of
// these polynomials (an element's chain is longer than the out-of-order
// window hides), and Estrin's is log2(N) multiply-adds deep where Horner's
// is N - 1. The caller's coefficients decrease, so the extra roundings stay
// far below an ulp of the sum.
template <std::size_t N, class R>
[[gnu::always_inline]] inline R power_of_two_power(R x) {
  if constexpr (N == 1) {
    return x;
  } else {
    const R half = power_of_two_power<N / 2>(x);
    return half * half;
  }
}

template <std::size_t N>
constexpr std::size_t estrin_split() {  // the largest power of two below N
  std::size_t h = 1;
  while (2 * h < N) h *= 2;
  return h;
}

template <std::size_t N, class R>
[[gnu::always_inline]] inline R polynomial(const R* a, R x) {
  if constexpr (N == 1) {
    return a[0];
  } else {
    constexpr std::size_t kLow = estrin_split<N>();
    return mul_add(polynomial<N - kLow>(a + kLow, x), power_of_two_power<kLow>(x),
                   polynomial<kLow>(a, x));
  }
}

template <std::size_t N, class R>
[[gnu::always_inline]] inline R polynomial(const R (&a)[N], R x) {
  return polynomial<N>(&a[0], x);
}

// --- the exponential ----------------------------------------------------------

// e^r = 1 + r + r^2 q(r) for |r| <= ln2/2: a degree-11 Chebyshev fit of
// e^r (mpmath, error 3e-18), lowest coefficient first.
inline constexpr double kExpQ[] = {
    5.0000000000000184e-1, 1.6666666666666681e-1, 4.1666666666487953e-2, 8.3333333333195896e-3,
    1.3888888952352863e-3, 1.9841269890076403e-4, 2.4801485441561313e-5, 2.7557240887229869e-6,
    2.7632654722527792e-7, 2.511004920481866e-8};

// e^y - 1 for |y| <= ln2/2, without the cancellation of exp(y) - 1: its
// Taylor series y + y^2 (1/2 + y/6 + ... + y^13/15!).
inline constexpr double kExpm1Q[] = {
    0.5,           1.0 / 6.0,         1.0 / 24.0,        1.0 / 120.0,       1.0 / 720.0,
    1.0 / 5040.0,  1.0 / 40320.0,     1.0 / 362880.0,    1.0 / 3628800.0,   1.0 / 39916800.0,
    1.0 / 479001600.0, 1.0 / 6227020800.0, 1.0 / 87178291200.0, 1.0 / 1307674368000.0};

[[gnu::always_inline]] inline double expm1_small(double y) {
  return y + y * y * polynomial(kExpm1Q, y);
}

// In float: Taylor's coefficients 1/2! .. 1/9!, a tenth of an ulp for
// |y| <= ln2 (the series' range in tanh; exp needs ln2/2).
inline constexpr float kExpm1QF[] = {1.0f / 2,    1.0f / 6,     1.0f / 24,     1.0f / 120,
                                     1.0f / 720,  1.0f / 5040,  1.0f / 40320,  1.0f / 362880};

[[gnu::always_inline]] inline float expm1_small(float y) { return mul_add(y * y, polynomial(kExpm1QF, y), y); }

// e^r - 1 for the reduced argument of exp_reduce, |r| <= ln2/2.
[[gnu::always_inline]] inline double expm1_reduced(double r) { return mul_add(polynomial(kExpQ, r), r * r, r); }
[[gnu::always_inline]] inline float expm1_reduced(float r) { return expm1_small(r); }

// The exponential's constants per type: ln2 = kLn2Hi + kLn2Lo with n * kLn2Hi
// exact for every exponent n; e^x is normal from kNormalFrom on and past
// the largest finite value at kInfiniteFrom (one_plus_exp clamps to these).
template <class R>
struct exp_constants;

template <>
struct exp_constants<double> {
  static constexpr double kLog2e = 1.4426950408889634;
  static constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 bits
  static constexpr double kLn2Lo = 1.90821492927058770002e-10;
  static constexpr double kRound = kRoundShift;
  static constexpr double kNormalFrom = -707.0, kInfiniteFrom = 710.0;
};

template <>
struct exp_constants<float> {
  static constexpr float kLog2e = 1.44269504f;
  static constexpr float kLn2Hi = 0.693359375f;  // 9 bits
  static constexpr float kLn2Lo = -2.12194440e-4f;
  static constexpr float kRound = kRoundShiftF;
  static constexpr float kNormalFrom = -86.0f, kInfiniteFrom = 88.8f;
};

// e^(h + l) = e^r 2^n with n = round((h + l) / ln2), returned as e^r (Cody-Waite
// reduction: h + l = n ln2 + r, |r| <= ln2/2) and n. Needs n within the
// exponent field (pow2_int: |h + l| <= 746 for a double, 88 for a float); l
// is a correction of h (|l| << 1 or O(1)), kept apart so that callers with
// an exact split (erfc) keep the bits h + l would round away, or ignored
// (kSplit = false: no additions of a zero).
template <bool kSplit, class R>
[[gnu::always_inline]] inline R exp_reduce(R h, R l, R& n) {
  using k = exp_constants<R>;
  R r;
  if constexpr (kSplit) {
    n = mul_add(h + l, k::kLog2e, k::kRound) - k::kRound;
    r = mul_add(-n, k::kLn2Lo, mul_add(-n, k::kLn2Hi, h) + l);
  } else {
    n = mul_add(h, k::kLog2e, k::kRound) - k::kRound;
    r = mul_add(-n, k::kLn2Lo, mul_add(-n, k::kLn2Hi, h));
  }
  return R(1) + expm1_reduced(r);
}

// e^(h + l) (l as in exp_reduce) for h + l in [kNormalFrom, kInfiniteFrom]
// ([-707, 710] for a double, [-86, 88.8] for a float): 2^n is applied as
// 2^(n-1) * 2, so that n one past the largest exponent (where e^x may still
// be finite) needs no exponent field beyond it; from kNormalFrom on,
// e^r 2^(n-1) is still normal, so the doubling is exact. NaN stays NaN.
template <bool kSplit, class R>
[[gnu::always_inline]] inline R exp_in_normal_range(R h, R l) {
  R n;
  const R p = exp_reduce<kSplit>(h, l, n);
  return p * pow2_int(n, R(-1)) * R(2);
}

template <class R>
[[gnu::always_inline]] inline R exp_normal(R x) {
  return exp_in_normal_range<false>(x, R(0));
}

// exp(hi + lo) (lo as in exp_reduce) over the whole double range: clamped
// where e^x is 0 or inf, and 2^n applied in two steps so that results near
// overflow and in the subnormal range are right.
template <bool kSplit>
[[gnu::always_inline]] inline double exp_any(double hi, double lo) {
  const double x = kSplit ? hi + lo : hi;
  // Beyond these e^x is 0 or inf; clamping keeps n in range (NaN passes).
  const bool outside = (x < -746.0) | (x > 710.0);  // | : no branch
  const double h = choose(outside, choose(x < 0.0, -746.0, 710.0), hi);
  const double l = kSplit ? choose(outside, 0.0, lo) : 0.0;
  double n;
  const double p = exp_reduce<kSplit>(h, l, n);
  // n in [-1076, 1025]: 2^n = 2^(n -+ 600) * 2^(+-600).
  const double step = choose(n < -1000.0, -600.0, choose(n > 1000.0, 600.0, 0.0));
  const double factor = choose(n < -1000.0, 0x1p-600, choose(n > 1000.0, 0x1p600, 1.0));
  return p * pow2_int(n - step) * factor;
}

[[gnu::always_inline]] inline double exp_split(double hi, double lo) { return exp_any<true>(hi, lo); }

// The float form, for arguments up to 88.7: 0 below kNormalFrom (-86), where
// e^x < 2^-124 (the fast mode's floor, swblas.h; no subnormal digits to get
// right).
[[gnu::always_inline]] inline float exp_split(float hi, float lo) {
  constexpr float kFrom = exp_constants<float>::kNormalFrom;
  const bool vanishes = hi + lo < kFrom;
  return choose(vanishes, 0.0f, exp_in_normal_range<true>(choose(vanishes, kFrom, hi), choose(vanishes, 0.0f, lo)));
}

[[gnu::always_inline]] inline double exp(double x) { return exp_any<false>(x, 0.0); }

// 1 + e^x, the same value as 1 + exp(x) for every x, with less work: below
// kNormalFrom e^x is lost in the 1 (its subnormal digits need no care),
// from kInfiniteFrom on it is inf, so x is clamped to them and exp_normal does.
template <class R>
[[gnu::always_inline]] inline R one_plus_exp(R x) {
  using k = exp_constants<R>;
  return R(1) + exp_normal(choose(x < k::kNormalFrom, k::kNormalFrom, choose(x > k::kInfiniteFrom, k::kInfiniteFrom, x)));
}

// tanh(x) = e/(e + 2) with e = expm1(2|x|), sign restored: expm1's series
// below `series_below`, e^y - 1 above (where it no longer cancels); from
// |x| = `saturates_from` on tanh rounds to 1.
template <class R>
[[gnu::always_inline]] inline R tanh_by_expm1(R x, R saturates_from, R series_below) {
  const R a = std::fabs(x);
  const R y = R(2) * choose(a > saturates_from, saturates_from, a);
  const R e = choose(y < series_below, expm1_small(y), exp_normal(y) - R(1));
  const R t = e / (e + R(2));
  return choose(x != x, x, with_sign_of(t, x));
}

[[gnu::always_inline]] inline double tanh(double x) { return tanh_by_expm1(x, 40.0, 0.34657359027997264); }
[[gnu::always_inline]] inline float tanh(float x) { return tanh_by_expm1(x, 10.0f, 0.693147182f); }

// --- erf and erfc ----------------------------------------------------------------

// erf(z) for |z| < 0.5: its Taylor series to z^27, z p(z^2).
inline constexpr double kErfSmall[] = {
    1.1283791670955126,     -3.7612638903183752e-1, 1.1283791670955126e-1,
    -2.6866170645131252e-2, 5.2239776254421878e-3,  -8.5483270234508528e-4,
    1.2055332981789664e-4,  -1.4925650358406251e-5, 1.6462114365889247e-6,
    -1.6365844691234924e-7, 1.4807192815879217e-8,  -1.2290555301717927e-9,
    9.422759064650411e-11,  -6.7113668551641104e-12};

[[gnu::always_inline]] inline double erf_small(double z) { return z * polynomial(kErfSmall, z * z); }

template <std::size_t N>
struct coefficients {
  double c[N];
};

// The monomial coefficients of the Chebyshev series sum_k c[k] T_k(u), k < N,
// at compile time (T_0 = 1, T_1 = u, T_k = 2u T_{k-1} - T_{k-2}: integer
// coefficients, exact in double). On [-1, 1] the conversion is well
// conditioned when the series converges fast: the sum of the monomial
// coefficients' magnitudes bounds the evaluation error.
template <std::size_t N>
constexpr coefficients<N> chebyshev_to_monomial(const double (&c)[N]) {
  coefficients<N> sum{}, before{}, current{};
  before.c[0] = 1.0;  // T_0
  sum.c[0] = c[0];
  if (N > 1) {
    current.c[1] = 1.0;  // T_1
    sum.c[1] = c[1];
  }
  for (std::size_t k = 2; k < N; ++k) {
    coefficients<N> next{};
    for (std::size_t i = 0; i <= k; ++i) {
      next.c[i] = (i > 0 ? 2.0 * current.c[i - 1] : 0.0) - before.c[i];
      sum.c[i] += c[k] * next.c[i];
    }
    before = current;
    current = next;
  }
  return sum;
}

// erfc(z) for z >= 0.5 (any z >= 0 works, less accurately below 0.5):
// erfc(z) = t exp(-z^2 + g(t)) with t = 2/(2 + z), g smooth on t in
// (0, 0.8] and given by its Chebyshev series in u = 2.5 t - 1 (fitted with
// mpmath, truncated at 3e-17), evaluated in the monomial basis (the sum of
// its coefficients' magnitudes is 1.4) so that Estrin's scheme applies.
inline constexpr double kErfcChebyshev[] = {
    -7.8318707272406001e-1, 5.0589479331734064e-1,  2.0165332295700412e-2,
    -4.1507842704837142e-3, -6.929393033131829e-4,  8.0613044480901668e-5,
    2.5850999510766173e-5,  -2.453241361936654e-6,  -1.0665628949056517e-6,
    1.0956136201272647e-7,  4.6182837214229254e-8,  -6.3050891373696668e-9,
    -1.9633309872353595e-9, 3.9793711163649333e-10, 7.3597120815386668e-11,
    -2.4619582503772174e-11, -1.7696477486824439e-12, 1.3810080809606214e-12,
    -4.6002066179630267e-14, -6.380484046552099e-14, 9.9377184182455142e-15,
    1.8569583472104992e-15, -7.7079563859333715e-16, 3.1621351296209296e-17,
    3.4489452474809714e-17};
inline constexpr std::size_t kErfcTerms = sizeof kErfcChebyshev / sizeof(double);
inline constexpr coefficients<kErfcTerms> kErfcG =
    chebyshev_to_monomial(kErfcChebyshev);
// The float form's g covers every z a float needs, t in [0.16, 1] (z from 0
// to 10.5), so that erfc alone gives 1 + erf(x) on both sides and erf's
// series is not evaluated too. g = (1 - t) h(u), u = (2t - 1.16) / 0.84:
// g vanishes at z = 0 and so does its error, where 1 - t = z t / 2 is
// computed to a few ulps. h is its degree-11 Chebyshev interpolant
// (mpmath's chebyfit, error 1.7e-9; g within 2.5e-8 with the coefficients
// rounded to float), lowest coefficient first.
inline constexpr float kErfcWholeH[] = {
    -1.340849519e+00f, 2.726949565e-02f, 6.706973165e-02f, -4.710457288e-03f,
    -7.641887292e-03f, 1.590070315e-03f, 9.590328555e-04f, -4.414939322e-04f,
    -8.702550986e-05f, 9.366293671e-05f, 1.671542009e-06f, -1.164868900e-05f};

// erfc(z) = t exp(-z^2 + g) given t, g and z^2 = square_hi + square_lo with
// square_hi exact: the callers split z (or x = z sqrt2) so that the rounding
// of z^2 does not cost relative accuracy where z^2 is large.
template <class R>
[[gnu::always_inline]] inline R erfc_of_square(R t, R g, R square_hi, R square_lo) {
  return t * exp_split(-square_hi, g - square_lo);
}

// z = zh + zl, zh with 26 significant bits: zh^2 is exact.
[[gnu::always_inline]] inline double erfc_large(double z) {
  const double zc = choose(z < 30.0, z, 30.0);  // erfc(30) underflows to 0
  const double zh = from_bits(to_bits(zc) & std::uint64_t{0xfffffffff8000000});
  const double zl = zc - zh;
  const double t = 2.0 / (2.0 + zc);
  const double u = 2.5 * t - 1.0;  // t in (0, 0.8] -> u in (-1, 1]
  // g's two leading terms last, so that the rest's roundings are small
  // against g (one Estrin tree over all terms: erfc's worst error 4.3 eps
  // instead of 3.1).
  const double g = kErfcG.c[0] + mul_add(kErfcG.c[1], u, u * u * polynomial<kErfcTerms - 2>(kErfcG.c + 2, u));
  return erfc_of_square(t, g, zh * zh, (zh + zh) * zl + zl * zl);
}

// 1 + erf(x / sqrt2) = erfc(-x / sqrt2), without cancellation for x < 0
// (gelu_erf's factor). z = |x| / sqrt2 rounded first, as the definition in
// activation_reference does.
[[gnu::always_inline]] inline double one_plus_erf_by_root2(double x) {
  const double z = std::fabs(x) * 0.7071067811865476;
  const double small = erf_small(z);
  const double tail = erfc_large(z);
  const double erf_z = choose(z < 0.5, small, 1.0 - tail);   // erf(z)
  const double erfc_z = choose(z < 0.5, 1.0 - small, tail);  // erfc(z)
  return choose(x < 0.0, erfc_z, 1.0 + erf_z);
}

// The float form from erfc alone (kErfcWholeH): 2 - erfc(z) for x >= 0,
// where erfc(z) <= 1 leaves no cancellation. z^2 from a = |x|, not z: the
// rounding of z = a / sqrt2 would cost up to 100 ulps where z^2 ~ 90. a =
// ah + al, ah with 12 significant bits, z^2 = (ah^2 + 2 ah al + al^2) / 2
// with ah^2 / 2 exact.
[[gnu::always_inline]] inline float one_plus_erf_by_root2(float x) {
  const float a = std::fabs(x);
  const float ac = choose(a < 14.0f, a, 14.0f);  // exp_split's 0 from 13.2 on
  const float z = ac * 0.707106781f;
  const float t = 2.0f / (2.0f + z);
  const float u = mul_add(t, 2.0f / 0.84f, -1.16f / 0.84f);  // t in [0.16, 1] -> u in [-1, 1]
  const float g = (0.5f * z * t) * polynomial(kErfcWholeH, u);
  const float ah = from_bits(to_bits(ac) & std::uint32_t{0xfffff000});
  const float al = ac - ah;
  const float erfc_z = erfc_of_square(t, g, 0.5f * (ah * ah), 0.5f * ((ah + ah) * al + al * al));
  return choose(x < 0.0f, erfc_z, 2.0f - erfc_z);
}

[[gnu::always_inline]] inline double erf(double x) {
  const double z = std::fabs(x);
  const double e = choose(z < 0.5, erf_small(z), 1.0 - erfc_large(z));
  return choose(x != x, x, with_sign_of(e, x));
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

// The activations with a fast form: the transcendental ones.
inline constexpr bool has_fast_form(epilogue_op op) {
  return op == epilogue_op::gelu_tanh || op == epilogue_op::gelu_erf || op == epilogue_op::sigmoid ||
         op == epilogue_op::tanh || op == epilogue_op::silu;
}

// gelu_tanh's -2u = x (c1 + c3 x^2), per type (the float ones computed in
// float: the fast mode's bound was measured with them).
template <class R>
struct gelu_tanh_constants;
template <>
struct gelu_tanh_constants<double> {
  static constexpr double kC1 = -2.0 * 0.7978845608028654, kC3 = kC1 * 0.044715;
};
template <>
struct gelu_tanh_constants<float> {
  static constexpr float kC1 = -2.0f * 0.797884561f, kC3 = kC1 * 0.044715f;
};

// The transcendental activations, one body for double (exact,
// activation_value) and float (the fast mode, fast_activation_value):
// elementwise's overloads give each type its own exponential, tanh and erf.
template <epilogue_op Op, class R>
[[gnu::always_inline]] inline R transcendental_activation(R x) {
  namespace ew = elementwise;
  if constexpr (Op == epilogue_op::gelu_tanh) {
    // 0.5 (1 + tanh(u)) = sigmoid(2u): no cancellation for x < 0. -2u is
    // x (c1 + c3 x^2): three operations deep instead of five.
    using k = gelu_tanh_constants<R>;
    const R minus_2u = x * ew::mul_add(k::kC3, x * x, k::kC1);
    return ew::times_vanishing(x, x / ew::one_plus_exp(minus_2u));
  } else if constexpr (Op == epilogue_op::gelu_erf) {
    return ew::times_vanishing(x, R(0.5) * x * ew::one_plus_erf_by_root2(x));
  } else if constexpr (Op == epilogue_op::sigmoid) {
    return R(1) / ew::one_plus_exp(-x);
  } else if constexpr (Op == epilogue_op::tanh) {
    return ew::tanh(x);
  } else {
    static_assert(Op == epilogue_op::silu, "a transcendental activation");
    return ew::times_vanishing(x, x / ew::one_plus_exp(-x));
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
  } else if constexpr (has_fast_form(Op)) {
    return transcendental_activation<Op>(x);
  } else if constexpr (Op == epilogue_op::clamp) {
    return ew::choose(x < a.lo, a.lo, ew::choose(x > a.hi, a.hi, x));
  } else {
    (void)a;
    return x;
  }
}

// The fast mode's activation of a float (epilogue_args::fast_f32): float
// arithmetic throughout, the same formulas as activation_value. Measured
// over every float against the exact value rounded to float, with and
// without FMA: sigmoid, tanh and silu within 2 ulps; gelu_erf within 4 ulps
// from x = -2 on and 7 below (6 with FMA; its erfc squares x exactly);
// gelu_tanh within 2 ulps from x = -0.5 on, 6 from -2 on, a relative 1.3e-5
// (202 ulps) below, where the float argument of its exponential,
// -2u = -1.6 (x + 0.0447 x^3), has grown; all within 2^-120 where the exact
// value is below that (the exponential overflows to inf, or erfc's is
// flushed, and the result is 0). NaN, the infinities and the sign of zero
// as the exact forms (tests/fused/fast_activation_test.cpp).

template <epilogue_op Op>
[[gnu::always_inline]] inline float fast_activation_value(float x) {
  static_assert(has_fast_form(Op), "an activation with a float form");
  return transcendental_activation<Op>(x);
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
// included: padded rows only reach C rows that are never stored). T is
// double or float: a float is transformed in double and rounded once.
template <prologue_op Op, class T>
[[gnu::always_inline]] inline void apply_prologue(const prologue_args& a, T* x, std::size_t count) {
  for (std::size_t e = 0; e < count; ++e) x[e] = T(prologue_value<Op>(a, double(x[e])));
}

namespace elementwise {

// c[0:m, 0:n] := act(c + bias(i, j)) for one bias layout, `bias_at(i, j)`
// giving the bias of tile element (i, j). The arguments are a local copy
// and the pointers restrict-qualified: stores to C then cannot alias them
// and GCC keeps them in registers across the tile. A float element gets its
// bias and activation in double and is rounded once.
template <epilogue_op Op, class T, typename Bias>
[[gnu::always_inline]] inline void epilogue_tile(const epilogue_args& a, dim_t m, dim_t n,
                                                 T* __restrict c, inc_t ldc,
                                                 const Bias& bias_at) {
  for (dim_t j = 0; j < n; ++j) {
    T* __restrict col = c + j * ldc;
    // Not unrolled before vectorisation: with a tile height known at compile
    // time (8 in a generated kernel) GCC would otherwise unroll it completely
    // first and leave scalar code.
#pragma GCC unroll 1
    for (dim_t i = 0; i < m; ++i) col[i] = T(activation_value<Op>(a, double(col[i]) + bias_at(i, j)));
  }
}

}  // namespace elementwise

namespace elementwise {

// c[0:m, 0:n] := act(biased(c, i, j)) in float arithmetic (the fast mode).
template <epilogue_op Op, typename Biased>
[[gnu::always_inline]] inline void fast_epilogue_tile(dim_t m, dim_t n, float* __restrict c, inc_t ldc,
                                                      const Biased& biased) {
  for (dim_t j = 0; j < n; ++j) {
    float* __restrict col = c + j * ldc;
#pragma GCC unroll 1
    for (dim_t i = 0; i < m; ++i) col[i] = fast_activation_value<Op>(biased(col[i], i, j));
  }
}

}  // namespace elementwise

// apply_epilogue's fast mode for a float tile: the bias rounded to float
// and added in float (bias_f32 holds it rounded where the driver made it).
template <epilogue_op Op>
[[gnu::always_inline]] inline void apply_fast_epilogue(const epilogue_args& args, dim_t m, dim_t n, float* c,
                                                       inc_t ldc, dim_t i0, dim_t j0) {
  const epilogue_args a = args;
  const inc_t rs = a.rs_bias, cs = a.cs_bias;
  if (!a.bias) return elementwise::fast_epilogue_tile<Op>(m, n, c, ldc, [](float x, dim_t, dim_t) { return x; });
  if (!a.bias_f32) {
    const double* __restrict bias = a.bias + i0 * rs + j0 * cs;
    return elementwise::fast_epilogue_tile<Op>(m, n, c, ldc, [bias, rs, cs](float x, dim_t i, dim_t j) {
      return x + float(bias[i * rs + j * cs]);
    });
  }
  const float* __restrict bias = a.bias_f32 + i0 * rs + j0 * cs;
  if (rs == 1 && cs == 0)
    return elementwise::fast_epilogue_tile<Op>(m, n, c, ldc, [bias](float x, dim_t i, dim_t) { return x + bias[i]; });
  elementwise::fast_epilogue_tile<Op>(m, n, c, ldc,
                                      [bias, rs, cs](float x, dim_t i, dim_t j) { return x + bias[i * rs + j * cs]; });
}

// C tile c[0:m, 0:n] (column-major, ldc), whose element (0, 0) is element
// (i0, j0) of the problem's C: c := epi(c). Called on every micro tile by
// generated kernels: the bias layout is decided once per tile.
template <epilogue_op Op, class T>
[[gnu::always_inline]] inline void apply_epilogue(const epilogue_args& args, dim_t m, dim_t n,
                                                  T* c, inc_t ldc, dim_t i0, dim_t j0) {
  if constexpr (std::is_same_v<T, float> && has_fast_form(Op)) {
    if (args.fast_f32) return apply_fast_epilogue<Op>(args, m, n, c, ldc, i0, j0);
  }
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

// The same with the operation read at run time (one kernel serves every
// operation): the switch is once per tile, the tile's loop specialised.
template <class T>
[[gnu::always_inline]] inline void apply_epilogue(const epilogue_args& args, dim_t m, dim_t n, T* c,
                                                  inc_t ldc, dim_t i0, dim_t j0) {
  switch (args.op) {
    case epilogue_op::none: return apply_epilogue<epilogue_op::none>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::relu: return apply_epilogue<epilogue_op::relu>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::leaky_relu: return apply_epilogue<epilogue_op::leaky_relu>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::gelu_tanh: return apply_epilogue<epilogue_op::gelu_tanh>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::gelu_erf: return apply_epilogue<epilogue_op::gelu_erf>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::sigmoid: return apply_epilogue<epilogue_op::sigmoid>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::tanh: return apply_epilogue<epilogue_op::tanh>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::silu: return apply_epilogue<epilogue_op::silu>(args, m, n, c, ldc, i0, j0);
    case epilogue_op::clamp: return apply_epilogue<epilogue_op::clamp>(args, m, n, c, ldc, i0, j0);
  }
}

// x[0:count] := pro(x[0:count]) with the operation read at run time.
template <class T>
[[gnu::always_inline]] inline void apply_prologue(const prologue_args& a, T* x, std::size_t count) {
  switch (a.op) {
    case prologue_op::none: return;
    case prologue_op::scale: return apply_prologue<prologue_op::scale>(a, x, count);
    case prologue_op::fake_quant: return apply_prologue<prologue_op::fake_quant>(a, x, count);
  }
}

}  // namespace swblas

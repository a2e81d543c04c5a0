// Constructing rotations: ?rotg with the safe scaling of the reference's
// 3.10 algorithms (drotg.f90, zrotg.f90), and ?rotmg with the reference's
// flags and its gam rescaling of d1 and d2.
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include "../element_ops.h"
#include "level1.h"

namespace swblas {
namespace {


// The reference's safmin and safmax (radix 2), and the square root of
// safmin, below which a square may underflow.
template <class R>
struct rotg_scale {
  using limits = std::numeric_limits<R>;
  static R safmin() { return std::ldexp(R(1), std::max(limits::min_exponent - 1, 1 - limits::max_exponent)); }
  static R safmax() { return std::ldexp(R(1), std::max(1 - limits::min_exponent, limits::max_exponent - 1)); }
  static R rtmin() { return std::sqrt(safmin()); }
  static R clamped(R v) { return std::min(safmax(), std::max(safmin(), v)); }
};

// Real: r = sigma sqrt(a^2 + b^2) computed on a and b scaled into range,
// sigma the sign of the larger; b returns z, from which c and s can be
// rebuilt.
template <class R>
void construct(R& a, R& b, R& c, R& s) {
  using k = rotg_scale<R>;
  const R anorm = std::fabs(a), bnorm = std::fabs(b);
  if (bnorm == R(0)) {
    c = 1, s = 0, b = 0;
    return;
  }
  if (anorm == R(0)) {
    c = 0, s = 1, a = b, b = 1;
    return;
  }
  const R scl = k::clamped(std::max(anorm, bnorm));
  const R sigma = std::copysign(R(1), anorm > bnorm ? a : b);
  const R r = sigma * (scl * std::sqrt((a / scl) * (a / scl) + (b / scl) * (b / scl)));
  c = a / r;
  s = b / r;
  const R z = anorm > bnorm ? s : c != R(0) ? R(1) / c : R(1);
  a = r;
  b = z;
}

template <class R>
R abs_squared(std::complex<R> t) {
  return t.real() * t.real() + t.imag() * t.imag();
}
template <class R>
R max_part(std::complex<R> t) {
  return std::max(std::fabs(t.real()), std::fabs(t.imag()));
}
// conj(a) b written out (no NaN recovery, as gfortran).
template <class R>
std::complex<R> conj_times(std::complex<R> a, std::complex<R> b) {
  return {a.real() * b.real() + a.imag() * b.imag(), a.real() * b.imag() - a.imag() * b.real()};
}

template <class R>
struct complex_rotation {
  R c;
  std::complex<R> r, s;
};

// c = sqrt(f2 / h2), r = f / c, s = conj(g) f / sqrt(f2 h2) for f and g in
// range (f2 = |f|^2, h2 = |f|^2 + |g|^2), each formed so that no
// intermediate overflows or underflows (the reference's zrotg.f90 of 3.11);
// rtmax bounds h2 for the product f2 h2.
template <class R>
complex_rotation<R> in_range_rotation(std::complex<R> f, std::complex<R> g, R f2, R h2, R rtmax) {
  using k = rotg_scale<R>;
  if (f2 >= h2 * k::safmin()) {
    const R c = std::sqrt(f2 / h2);
    const std::complex<R> r = divided(f, c);
    if (f2 > k::rtmin() && h2 < rtmax) return {c, r, conj_times(g, divided(f, std::sqrt(f2 * h2)))};
    return {c, r, conj_times(g, divided(r, h2))};
  }
  // f2 / h2 may be subnormal and h2 / f2 overflow; h2 is g2.
  const R d = std::sqrt(f2 * h2), c = f2 / d;
  return {c, c >= k::safmin() ? divided(f, c) : times(f, std::complex<R>(h2 / d)), conj_times(g, divided(f, d))};
}

// f != 0, g != 0: unscaled when both are well inside the range, otherwise
// on f and g scaled by the larger (f by its own size when that scaling
// would underflow it), c and r scaled back.
template <class R>
complex_rotation<R> general_rotation(std::complex<R> f, std::complex<R> g) {
  using k = rotg_scale<R>;
  const R f1 = max_part(f), g1 = max_part(g), rtmax = std::sqrt(k::safmax() / 4);
  if (f1 > k::rtmin() && f1 < rtmax && g1 > k::rtmin() && g1 < rtmax) {
    const R f2 = abs_squared(f);
    return in_range_rotation(f, g, f2, f2 + abs_squared(g), rtmax * 2);
  }
  const R u = k::clamped(std::max(f1, g1));
  const std::complex<R> gs = divided(g, u);
  const R g2 = abs_squared(gs);
  const bool own_scale = f1 / u < k::rtmin();
  const R v = own_scale ? k::clamped(f1) : u, w = own_scale ? v / u : R(1);
  const std::complex<R> fs = divided(f, v);
  const R f2 = abs_squared(fs), h2 = own_scale ? f2 * (w * w) + g2 : f2 + g2;
  complex_rotation<R> rot = in_range_rotation(fs, gs, f2, h2, rtmax * 2);
  rot.c *= w;
  rot.r = times(rot.r, std::complex<R>(u));
  return rot;
}

// f == 0, g != 0: c = 0, r = |g|, s = conj(g) / |g|.
template <class R>
complex_rotation<R> rotation_of_zero(std::complex<R> g) {
  using k = rotg_scale<R>;
  if (g.real() == R(0) || g.imag() == R(0)) {
    const R r = std::fabs(g.real() == R(0) ? g.imag() : g.real());
    return {0, r, divided(std::conj(g), r)};
  }
  const R g1 = max_part(g);
  const bool in_range = g1 > k::rtmin() && g1 < std::sqrt(k::safmax() / 2);
  const R u = in_range ? R(1) : k::clamped(g1);
  const std::complex<R> gs = in_range ? g : divided(g, u);
  const R d = std::sqrt(abs_squared(gs));
  return {0, d * u, divided(std::conj(gs), d)};
}

// Complex: a := r, b only read.
template <class R>
void construct(std::complex<R>& a, const std::complex<R>& b, R& c, std::complex<R>& s) {
  const complex_rotation<R> rot = b == std::complex<R>(0)   ? complex_rotation<R>{1, a, 0}
                                  : a == std::complex<R>(0) ? rotation_of_zero(b)
                                                            : general_rotation(a, b);
  c = rot.c;
  s = rot.s;
  a = rot.r;
}

}  // namespace

template <class T>
void rotg(T& a, T& b, real_t<T>& c, T& s) {
  construct(a, b, c, s);
}

namespace {

// The bounds the reference tests |d1| and |d2| against: its literals, near
// gam^2 and gam^-2 (4096^2); the scaling itself is by gam exactly.
template <class R>
struct rotmg_bounds;
template <>
struct rotmg_bounds<float> {
  static constexpr float gamsq = 1.67772e7f, rgamsq = 5.96046e-8f;
};
template <>
struct rotmg_bounds<double> {
  static constexpr double gamsq = 16777216.0, rgamsq = 5.9604645e-8;
};

// H as rotmg builds it: flag -1 full, 0 with a unit diagonal, 1 with unit
// off-diagonal entries (1 above, -1 below), -2 the identity.
template <class R>
struct modified_rotation {
  R flag = -1, h11 = 0, h21 = 0, h12 = 0, h22 = 0;
};

// The zero rotation the reference returns when d1 < 0 or the weighted
// squares leave no rotation (d1, d2 and x1 zeroed too).
template <class R>
modified_rotation<R> zero_rotation(R& d1, R& d2, R& x1) {
  d1 = d2 = x1 = 0;
  return {};
}

// H zeroing the second component of (sqrt(d1) x1, sqrt(d2) y1), d2 y1 != 0:
// d1, d2 and x1 updated for it.
template <class R>
modified_rotation<R> unscaled_rotation(R& d1, R& d2, R& x1, R y1) {
  const R p2 = d2 * y1, p1 = d1 * x1, q2 = p2 * y1, q1 = p1 * x1;
  if (std::fabs(q1) > std::fabs(q2)) {
    modified_rotation<R> h{0, 0, -y1 / x1, p2 / p1, 0};
    const R u = R(1) - h.h12 * h.h21;
    if (!(u > R(0))) return zero_rotation(d1, d2, x1);
    d1 /= u, d2 /= u, x1 *= u;
    return h;
  }
  if (q2 < R(0)) return zero_rotation(d1, d2, x1);
  const modified_rotation<R> h{1, p1 / p2, 0, 0, x1 / y1};
  const R u = R(1) + h.h11 * h.h22, d2_new = d1 / u;
  d1 = d2 / u;
  d2 = d2_new;
  x1 = y1 * u;
  return h;
}

// The implicit unit entries of flags 0 and 1 made explicit (flag -1).
template <class R>
void make_full(modified_rotation<R>& h) {
  if (h.flag == R(0))
    h.h11 = h.h22 = 1, h.flag = -1;
  else if (h.flag == R(1))
    h.h21 = -1, h.h12 = 1, h.flag = -1;
}

// The reference's rescaling: d1 and |d2| brought within its bounds by
// factors gam^2, the rows of H scaled to match. An infinite d stays (the
// reference would loop forever).
template <class R>
void rescale(R& d1, R& d2, R& x1, modified_rotation<R>& h) {
  constexpr R gam = 4096, gam2 = gam * gam;
  constexpr R gamsq = rotmg_bounds<R>::gamsq, rgamsq = rotmg_bounds<R>::rgamsq;
  const auto outside = [=](R d) { return d != R(0) && std::isfinite(d) && (d <= rgamsq || d >= gamsq); };
  while (outside(d1)) {
    make_full(h);
    if (d1 <= rgamsq)
      d1 *= gam2, x1 /= gam, h.h11 /= gam, h.h12 /= gam;
    else
      d1 /= gam2, x1 *= gam, h.h11 *= gam, h.h12 *= gam;
  }
  while (outside(std::fabs(d2))) {
    make_full(h);
    if (std::fabs(d2) <= rgamsq)
      d2 *= gam2, h.h21 /= gam, h.h22 /= gam;
    else
      d2 /= gam2, h.h21 *= gam, h.h22 *= gam;
  }
}

}  // namespace

// Only the entries H's flag leaves explicit are stored (none for -2).
template <class R>
void rotmg(R& d1, R& d2, R& x1, R y1, R* param) {
  if (!(d1 < R(0)) && d2 * y1 == R(0)) {
    param[0] = -2;
    return;
  }
  modified_rotation<R> h = d1 < R(0) ? zero_rotation(d1, d2, x1) : unscaled_rotation(d1, d2, x1, y1);
  rescale(d1, d2, x1, h);
  if (h.flag < R(0))
    param[1] = h.h11, param[2] = h.h21, param[3] = h.h12, param[4] = h.h22;
  else if (h.flag == R(0))
    param[2] = h.h21, param[3] = h.h12;
  else
    param[1] = h.h11, param[4] = h.h22;
  param[0] = h.flag;
}

template void rotg(float&, float&, float&, float&);
template void rotg(double&, double&, double&, double&);
template void rotg(std::complex<float>&, std::complex<float>&, float&, std::complex<float>&);
template void rotg(std::complex<double>&, std::complex<double>&, double&, std::complex<double>&);
template void rotmg(float&, float&, float&, float, float*);
template void rotmg(double&, double&, double&, double, double*);

}  // namespace swblas

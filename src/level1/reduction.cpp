// The Level 1 reductions: dot products, asum, i?amax and nrm2. Their
// vectors are read through the primitives on unit stride: a strided one is
// first copied to this thread's buffer (an input only, so increment 0
// simply repeats its element), or, when that copy cannot be had, read in
// place element by element (the strided_* loops).

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <limits>

#include "../element_ops.h"

#include "level1.h"
#include "vector_team.h"

namespace swblas {
namespace {

template <class T>
const T* contiguous_x(const vector_view<const T>& x) {
  return unit_stride_input(x, pack_role::vector_x);
}
template <class T>
const T* contiguous_y(const vector_view<const T>& y) {
  return unit_stride_input(y, pack_role::vector_y);
}

// The reductions on the caller's strided vectors, one element after the
// other as the reference loops.
template <class T>
T strided_dot(bool conj, const vector_view<const T>& x, const vector_view<const T>& y) {
  T sum = T(0);
  for (index_t i = 0; i < x.n; ++i) sum += times(conjugate_if(conj, x[i]), y[i]);
  return sum;
}

template <class T>
real_t<T> strided_asum(const vector_view<const T>& x) {
  real_t<T> sum = 0;
  for (index_t i = 0; i < x.n; ++i) sum += abs1(x[i]);
  return sum;
}

// first_iamax's search (asm/vector_body.h).
template <class T>
index_t strided_iamax(const vector_view<const T>& x) {
  index_t best = 0;
  real_t<T> max = abs1(x[0]);
  for (index_t i = 1; i < x.n; ++i)
    if (abs1(x[i]) > max) {
      best = i;
      max = abs1(x[i]);
    }
  return best;
}

// Real part e of x (two per complex element), for nrm2.
template <class T>
real_t<T> part_of(const vector_view<const T>& x, index_t e) {
  constexpr index_t parts = index_t(sizeof(T) / sizeof(real_t<T>));
  return reinterpret_cast<const real_t<T>*>(&x[e / parts])[e % parts];
}

// Whether a reduction over x (and `bytes` read in all) goes straight to the
// kernel: unit stride and short enough for one thread. At length 8 the
// layers between (the copy test, the team's ranges, each a call) cost as
// much as the kernel.
template <class T>
bool straight_to_kernel(const vector_view<const T>& x, std::size_t bytes) {
  return x.unit() && vector_team_size(x.n, bytes) <= 1;
}
template <class T>
bool straight_to_kernel(const vector_view<const T>& x) {
  return straight_to_kernel(x, sizeof(T) * std::size_t(x.n));
}

// Reductions beyond the caches are summed by a team (vector_team.h),
// each thread over whole cache lines.
template <class T>
constexpr index_t kLine = index_t(64 / sizeof(T));

// sum over ranges of `kernel(count, x, y)` (dotu, dotc). Sums are not cut
// at cache lines (line_anchor): their last bits would then depend on where
// the vectors lie, and callers compare results computed on copies of one
// vector (SciPy's cossin test: two paths over copies of one matrix, sign
// flips in the result).
template <class T, class Kernel>
T team_dot(Kernel kernel, index_t n, const T* x, const T* y) {
  return sum_over_ranges<T>(n, kLine<T>, 2 * sizeof(T) * std::size_t(n),
                            [&](index_t b, index_t e) { return kernel(e - b, x + b, y + b); });
}

constexpr std::size_t kIamaxAnchoredBytes = std::size_t{1} << 20;

// The reference's i?amax over a team, the first range cut where x reaches
// a cache line (line_anchor; the index found does not depend on the cut):
// each part but the first skips its leading NaNs (a NaN is never larger
// than what precedes it) and the first part whose maximum is strictly
// larger than all before it wins, as one pass would find.
// A vector it neither shares nor cuts goes straight to the kernel, with
// no frame for the rest (idamax of 8: 5.4 -> 9.4 GB/s, Zen 5).
template <class T>
index_t cut_iamax(index_t n, const T* x, index_t anchor, int nt);
template <class T>
inline index_t team_iamax(index_t n, const T* x) {
  // Cut only beyond L2: cut, idamax of 200 and 1000 from malloc's offset
  // ran 1.1-1.8x slower (Zen 5), beyond it 1.2x faster.
  const index_t anchor = sizeof(T) * std::size_t(n) > kIamaxAnchoredBytes ? line_anchor(x, n) : 0;
  const int nt = vector_team_size(n, sizeof(T) * std::size_t(n));
  if (nt <= 1 && anchor == 0) return vector_kernels_of<T>().iamax(n, x);
  return cut_iamax(n, x, anchor, nt);
}

// team_iamax of a vector shared by nt threads or cut at `anchor`.
template <class T>
__attribute__((noinline)) index_t cut_iamax(index_t n, const T* x, index_t anchor, int nt) {
  const vector_kernels<T>& k = vector_kernels_of<T>();
  std::array<index_t, 2 * kMaxVectorTeam> best;  // [2t]: range t before the anchor, [2t + 1]: the rest of it
  const std::size_t parts = 2 * std::size_t(nt);
  std::fill_n(best.begin(), parts, index_t{-1});
  const auto search = [&](index_t b, index_t e, std::size_t part) {
    if (b > 0)
      while (b < e && std::isnan(abs1(x[b]))) ++b;
    if (b >= e) return;
    if (e - b >= kLine<T>) {
      best[part] = b + k.iamax(e - b, x + b);
      return;
    }
    index_t i = b;  // less than a line (before the anchor): the kernel's set-up would cost more
    for (index_t r = b + 1; r < e; ++r)
      if (abs1(x[r]) > abs1(x[i])) i = r;
    best[part] = i;
  };
  const auto search_range = [&](index_t b, index_t e, std::size_t t) {
    if (b < anchor && anchor < e) {
      search(b, anchor, 2 * t);
      b = anchor;
    }
    search(b, e, 2 * t + 1);
  };
  if (nt <= 1) {
    search_range(0, n, 0);
  } else {
    run_items(nt, nt, [&](dim_t t) {
      index_t b, e;
      anchored_range_of(n, kLine<T>, anchor, static_cast<int>(t), nt, &b, &e);
      if (b < e) search_range(b, e, std::size_t(t));
    });
  }
  index_t winner = -1;
  for (std::size_t part = 0; part < parts; ++part) {
    const index_t i = best[part];
    if (i >= 0 && (winner < 0 || abs1(x[i]) > abs1(x[winner]))) winner = i;
  }
  return winner;
}

// 2^e, exactly, at compile time.
template <class R>
constexpr R pow2(int e) {
  R p = 1;
  for (; e > 0; --e) p *= 2;
  for (; e < 0; ++e) p /= 2;
  return p;
}
constexpr int floor_half(int k) { return k >= 0 ? k / 2 : -((1 - k) / 2); }
constexpr int ceil_half(int k) { return -floor_half(-k); }

// Blue's thresholds and scalings (reference dnrm2.f90): |x| above tbig is
// summed scaled by sbig, below tsml scaled by ssml, in between unscaled.
template <class R>
struct blue {
  using limits = std::numeric_limits<R>;
  static constexpr int digits = limits::digits, emin = limits::min_exponent, emax = limits::max_exponent;
  static constexpr R tsml = pow2<R>(ceil_half(emin - 1));
  static constexpr R tbig = pow2<R>(floor_half(emax - digits + 1));
  static constexpr R ssml = pow2<R>(-floor_half(emin - digits));
  static constexpr R sbig = pow2<R>(-ceil_half(emax + digits - 1));
};

// sqrt(sum p_i^2) over `count` reals with the three accumulators of the
// reference, combined as it combines them.
// part(i) is the i-th real.
template <class R, class Part>
R blue_norm(Part part, index_t count) {
  using b = blue<R>;
  R abig = 0, amed = 0, asml = 0;
  bool notbig = true;
  for (index_t i = 0; i < count; ++i) {
    const R ax = std::fabs(part(i));
    if (ax > b::tbig) {
      abig += (ax * b::sbig) * (ax * b::sbig);
      notbig = false;
    } else if (ax < b::tsml) {
      if (notbig) asml += (ax * b::ssml) * (ax * b::ssml);
    } else {
      amed += ax * ax;
    }
  }
  const bool amed_counts = amed > R(0) || std::isnan(amed);
  if (abig > R(0)) {
    if (amed_counts) abig += (amed * b::sbig) * b::sbig;
    return std::sqrt(abig) / b::sbig;
  }
  if (asml > R(0)) {
    if (!amed_counts) return std::sqrt(asml) / b::ssml;
    const R big = std::sqrt(amed), small = std::sqrt(asml) / b::ssml;
    const R ymax = small > big ? small : big, ymin = small > big ? big : small;
    return std::sqrt(ymax * ymax * (R(1) + (ymin / ymax) * (ymin / ymax)));
  }
  return std::sqrt(amed);
}

// An unscaled sum of `count` squares is as accurate as Blue's when no
// square overflowed (the sum is at most tbig^2, so no |x| exceeds tbig) and
// the squares that underflowed (at most count half-units of the subnormal
// range) cannot move the sum by more than half an ulp; a NaN sum is the
// reference's NaN too.
template <class R>
bool unscaled_sum_is_exact_enough(R sumsq, index_t count) {
  using b = blue<R>;
  return std::isnan(sumsq) || (sumsq <= b::tbig * b::tbig && sumsq >= R(count) * std::numeric_limits<R>::min());
}

// dotu (conj false) or dotc.
template <class T>
T dot(bool conj, const vector_view<const T>& x, const vector_view<const T>& y) {
  if (x.n < 1) return T(0);
  const vector_kernels<T>& k = vector_kernels_of<T>();
  const auto kernel = conj ? k.dotc : k.dotu;
  if (straight_to_kernel(x, 2 * sizeof(T) * std::size_t(x.n)) && y.unit()) return kernel(x.n, x.data, y.data);
  const T* xs = contiguous_x(x);
  const T* ys = xs ? contiguous_y(y) : nullptr;
  if (!ys) return strided_dot(conj, x, y);
  return team_dot(kernel, x.n, xs, ys);
}

}  // namespace

template <class T>
T dotu(const vector_view<const T>& x, const vector_view<const T>& y) {
  return dot(false, x, y);
}

template <class T>
T dotc(const vector_view<const T>& x, const vector_view<const T>& y) {
  return dot(true, x, y);
}

// No primitive mixes precisions; each product of two floats is exact in
// double.
double sum_in_double(double start, const vector_view<const float>& x, const vector_view<const float>& y) {
  double sum = start;
  for (index_t i = 0; i < x.n; ++i) sum += double(x[i]) * double(y[i]);
  return sum;
}

// The norm of `count` reals, part(e) the e-th, given their unscaled sum of
// squares: its square root, else Blue's sums, out of line so that the
// common case sets up no frame for them (dnrm2 of 8, median of five: 10.3
// -> 10.7 GB/s, OpenBLAS 10.5; Zen 5).
template <class R, class Part>
__attribute__((noinline)) R scaled_norm(Part part, index_t count) {
  return blue_norm<R>(part, count);
}
template <class R, class Part>
inline R norm_of(R sumsq, Part part, index_t count) {
  if (unscaled_sum_is_exact_enough(sumsq, count)) return std::sqrt(sumsq);
  return scaled_norm<R>(part, count);
}
template <class R>
inline R norm_of(R sumsq, const R* v, index_t count) {
  return norm_of(sumsq, [v](index_t e) { return v[e]; }, count);
}

template <class T>
real_t<T> nrm2(const vector_view<const T>& x) {
  using R = real_t<T>;
  if (x.n < 1) return R(0);
  const index_t count = x.n * index_t(sizeof(T) / sizeof(R));
  if (straight_to_kernel(x))
    return norm_of(std::real(vector_kernels_of<T>().dotc(x.n, x.data, x.data)), reinterpret_cast<const R*>(x.data),
                   count);
  const T* v = contiguous_x(x);
  if (!v) {
    const auto part = [&x](index_t e) { return part_of(x, e); };
    R sumsq = 0;
    for (index_t e = 0; e < count; ++e) sumsq += part(e) * part(e);
    return norm_of(sumsq, part, count);
  }
  return norm_of(std::real(team_dot(vector_kernels_of<T>().dotc, x.n, v, v)), reinterpret_cast<const R*>(v), count);
}

template <class T>
real_t<T> asum(const vector_view<const T>& x) {
  if (x.n < 1 || x.inc < 1) return real_t<T>(0);
  if (straight_to_kernel(x)) return vector_kernels_of<T>().asum(x.n, x.data);
  const T* v = contiguous_x(x);
  if (!v) return strided_asum(x);
  return sum_over_ranges<real_t<T>>(x.n, kLine<T>, sizeof(T) * std::size_t(x.n),
                                    [&](index_t b, index_t e) { return vector_kernels_of<T>().asum(e - b, v + b); });
}

template <class T>
index_t iamax(const vector_view<const T>& x) {
  if (x.n < 1 || x.inc < 1) return 0;
  if (x.unit()) return team_iamax(x.n, x.data) + 1;
  const T* v = contiguous_x(x);
  return (v ? team_iamax(x.n, v) : strided_iamax(x)) + 1;
}

#define SWBLAS_LEVEL1_REDUCTIONS(T)                                          \
  template T dotu(const vector_view<const T>&, const vector_view<const T>&); \
  template T dotc(const vector_view<const T>&, const vector_view<const T>&); \
  template real_t<T> nrm2(const vector_view<const T>&);                      \
  template real_t<T> asum(const vector_view<const T>&);                      \
  template index_t iamax(const vector_view<const T>&);

SWBLAS_LEVEL1_REDUCTIONS(float)
SWBLAS_LEVEL1_REDUCTIONS(double)
SWBLAS_LEVEL1_REDUCTIONS(std::complex<float>)
SWBLAS_LEVEL1_REDUCTIONS(std::complex<double>)

}  // namespace swblas

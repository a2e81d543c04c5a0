// The Level 1 operations that write vectors: swap, copy, axpy, scal, rot
// and rotm. Unit strides run plain loops the compiler vectorises (axpy and
// scal: the vector primitives); other increments, 0 included where the
// reference allows it, update the elements one after the other in the
// reference's order, so that repeated elements see each other's updates.
#include <algorithm>
#include <complex>
#include <type_traits>

#include "../element_ops.h"
#include "level1.h"
#include "vector_team.h"

namespace swblas {
namespace {

// Unit-stride vectors beyond the caches are updated by a team
// (vector_team.h), each thread on whole cache lines.
template <class T>
constexpr index_t kLine = index_t(64 / sizeof(T));

// kernel(begin, end) over [0, n) of vectors moving bytes_per_element, cut
// where the written vector `out` reaches a cache line (line_anchor: two
// vectors from malloc are both on one from there).
template <class T, class Kernel>
void team_update(index_t n, std::size_t bytes_per_element, const T* out, Kernel kernel) {
  for_each_range(n, kLine<T>, bytes_per_element * std::size_t(n), kernel, line_anchor(out, n));
}

// f(x_i, y_i) for i = 0 .. n-1 in the reference's order.
template <class T, class U, class F>
void for_each_pair(const vector_view<T>& x, const vector_view<U>& y, F f) {
  if (x.unit() && y.unit()) {
    team_update<U>(x.n, 2 * sizeof(T), y.data, [&](index_t b, index_t e) {
      for (index_t i = b; i < e; ++i) f(x.data[i], y.data[i]);
    });
    return;
  }
  for (index_t i = 0; i < x.n; ++i) f(x[i], y[i]);
}

// x := alpha x on contiguous data: a complex x scaled by a real alpha is
// the real vector of its 2n parts.
template <class T, class S>
void scal_unit(S alpha, T* x, index_t n) {
  team_update<T>(n, sizeof(T), x, [&](index_t b, index_t e) {
    if constexpr (std::is_same_v<S, T>)
      vector_kernels_of<T>().scal(e - b, alpha, x + b);
    else
      vector_kernels_of<S>().scal(2 * (e - b), alpha, reinterpret_cast<S*>(x + b));
  });
}

}  // namespace

template <class T>
void swap(const vector_view<T>& x, const vector_view<T>& y) {
  for_each_pair(x, y, [](T& a, T& b) { std::swap(a, b); });
}

template <class T>
void copy(const vector_view<const T>& x, const vector_view<T>& y) {
  for_each_pair(x, y, [](const T& a, T& b) { b = a; });
}

template <class T>
void axpy(T alpha, const vector_view<const T>& x, const vector_view<T>& y) {
  if (x.n < 1 || abs1(alpha) == real_t<T>(0)) return;
  if (x.unit() && y.unit())
    return team_update<T>(x.n, 2 * sizeof(T), y.data, [&](index_t b, index_t e) {
      vector_kernels_of<T>().axpy(e - b, alpha, x.data + b, y.data + b);
    });
  for_each_pair(x, y, [alpha](const T& a, T& b) { b += times(alpha, a); });
}

template <class T, class S>
void scal(S alpha, const vector_view<T>& x) {
  if (x.n < 1 || x.inc < 1) return;
  if (x.unit()) return scal_unit(alpha, x.data, x.n);
  for (index_t i = 0; i < x.n; ++i) x[i] = times(alpha, x[i]);
}

// A complex x and y are multiplied by (c, 0) and (s, 0), as gfortran does.
template <class T>
void rot(const vector_view<T>& x, const vector_view<T>& y, real_t<T> c, real_t<T> s) {
  const T cc(c), ss(s);
  for_each_pair(x, y, [cc, ss](T& a, T& b) {
    const T w = a;
    a = times(cc, w) + times(ss, b);
    b = times(cc, b) - times(ss, w);
  });
}

// H by its flag: -1 full, 0 unit diagonal, 1 unit off-diagonal (the
// reference reads any other positive or NaN flag as 1), -2 identity.
template <class R>
void rotm(const vector_view<R>& x, const vector_view<R>& y, const R* param) {
  const R flag = param[0];
  if (x.n < 1 || flag + R(2) == R(0)) return;
  const R h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];
  if (flag < R(0))
    for_each_pair(x, y, [=](R& a, R& b) {
      const R w = a, z = b;
      a = w * h11 + z * h12;
      b = w * h21 + z * h22;
    });
  else if (flag == R(0))
    for_each_pair(x, y, [=](R& a, R& b) {
      const R w = a, z = b;
      a = w + z * h12;
      b = w * h21 + z;
    });
  else
    for_each_pair(x, y, [=](R& a, R& b) {
      const R w = a, z = b;
      a = w * h11 + z;
      b = -w + h22 * z;
    });
}

#define SWBLAS_LEVEL1_UPDATES(T)                                                         \
  template void swap(const vector_view<T>&, const vector_view<T>&);                      \
  template void copy(const vector_view<const T>&, const vector_view<T>&);                \
  template void axpy(T, const vector_view<const T>&, const vector_view<T>&);             \
  template void scal(T, const vector_view<T>&);                                          \
  template void rot(const vector_view<T>&, const vector_view<T>&, real_t<T>, real_t<T>);

SWBLAS_LEVEL1_UPDATES(float)
SWBLAS_LEVEL1_UPDATES(double)
SWBLAS_LEVEL1_UPDATES(std::complex<float>)
SWBLAS_LEVEL1_UPDATES(std::complex<double>)
template void scal(float, const vector_view<std::complex<float>>&);
template void scal(double, const vector_view<std::complex<double>>&);
template void rotm(const vector_view<float>&, const vector_view<float>&, const float*);
template void rotm(const vector_view<double>&, const vector_view<double>&, const double*);

}  // namespace swblas

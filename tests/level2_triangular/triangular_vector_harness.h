// What the tests of trmv, tbmv, tpmv, trsv, tbsv and tpsv share: one call
// of any of them through any entry point, a triangle written into the
// caller's storage with NaN wherever the routine must not read, and naive
// loops in wider arithmetic (wide_t) that follow the reference's loops (a
// column of op(A) whose x_j is zero is skipped where the reference skips it).
#pragma once

#include <cblas.h>
#include <swblas.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "../level3/level3_harness.h"

namespace swblas_test {

enum class form { full, band, packed };

// The entry points of one precision.
template <class T>
struct routines;
#define SWBLAS_TEST_TRIANGULAR_ROUTINES(T, p)                                                                   \
  template <>                                                                                                 \
  struct routines<T> {                                                                                        \
    static constexpr auto trmv = p##trmv_, tbmv = p##tbmv_, tpmv = p##tpmv_;                                  \
    static constexpr auto trsv = p##trsv_, tbsv = p##tbsv_, tpsv = p##tpsv_;                                  \
    static constexpr auto cblas_trmv = cblas_##p##trmv, cblas_tbmv = cblas_##p##tbmv,                        \
                          cblas_tpmv = cblas_##p##tpmv;                                                       \
    static constexpr auto cblas_trsv = cblas_##p##trsv, cblas_tbsv = cblas_##p##tbsv,                        \
                          cblas_tpsv = cblas_##p##tpsv;                                                       \
  };
SWBLAS_TEST_TRIANGULAR_ROUTINES(float, s)
SWBLAS_TEST_TRIANGULAR_ROUTINES(double, d)
SWBLAS_TEST_TRIANGULAR_ROUTINES(std::complex<float>, c)
SWBLAS_TEST_TRIANGULAR_ROUTINES(std::complex<double>, z)
#undef SWBLAS_TEST_TRIANGULAR_ROUTINES

// One call's arguments. For CBLAS the options are mapped to its enums
// (any other character to the illegal value 77).
struct triangular_call {
  entry through = entry::f77;
  form storage = form::full;
  bool solve = false;
  char uplo = 'U', trans = 'N', diag = 'N';
  int n = 0, k = 0, lda = 1, incx = 1;
};

inline CBLAS_UPLO cblas_uplo(char u) { return u == 'U' ? CblasUpper : u == 'L' ? CblasLower : CBLAS_UPLO(77); }
inline CBLAS_TRANSPOSE cblas_trans(char t) {
  return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : t == 'C' ? CblasConjTrans : CBLAS_TRANSPOSE(77);
}
inline CBLAS_DIAG cblas_diag(char d) { return d == 'N' ? CblasNonUnit : d == 'U' ? CblasUnit : CBLAS_DIAG(77); }

template <class T>
void call_fortran(const triangular_call& c, const T* a, T* x) {
  using R = routines<T>;
  const char *u = &c.uplo, *t = &c.trans, *d = &c.diag;
  switch (c.storage) {
    case form::full:
      return (c.solve ? R::trsv : R::trmv)(u, t, d, &c.n, a, &c.lda, x, &c.incx);
    case form::band:
      return (c.solve ? R::tbsv : R::tbmv)(u, t, d, &c.n, &c.k, a, &c.lda, x, &c.incx);
    case form::packed:
      return (c.solve ? R::tpsv : R::tpmv)(u, t, d, &c.n, a, x, &c.incx);
  }
}

template <class T>
void call_cblas(const triangular_call& c, CBLAS_LAYOUT layout, const T* a, T* x) {
  using R = routines<T>;
  const CBLAS_UPLO u = cblas_uplo(c.uplo);
  const CBLAS_TRANSPOSE t = cblas_trans(c.trans);
  const CBLAS_DIAG d = cblas_diag(c.diag);
  switch (c.storage) {
    case form::full:
      return (c.solve ? R::cblas_trsv : R::cblas_trmv)(layout, u, t, d, c.n, a, c.lda, x, c.incx);
    case form::band:
      return (c.solve ? R::cblas_tbsv : R::cblas_tbmv)(layout, u, t, d, c.n, c.k, a, c.lda, x, c.incx);
    case form::packed:
      return (c.solve ? R::cblas_tpsv : R::cblas_tpmv)(layout, u, t, d, c.n, a, x, c.incx);
  }
}

template <class T>
void call(const triangular_call& c, const T* a, T* x) {
  switch (c.through) {
    case entry::f77:
      return call_fortran(c, a, x);
    case entry::cblas_col:
      return call_cblas(c, CblasColMajor, a, x);
    case entry::cblas_row:
      return call_cblas(c, CblasRowMajor, a, x);
  }
}

// Where a column-major storage keeps element (r, c) of its triangle.
inline std::size_t column_major_index(form f, bool upper, int n, int k, int lda, int r, int c) {
  const std::size_t col = std::size_t(c);
  switch (f) {
    case form::full:
      return std::size_t(r) + col * lda;
    case form::band:
      return std::size_t(upper ? k + r - c : r - c) + col * lda;
    case form::packed:
      break;
  }
  return upper ? r + col * (col + 1) / 2 : r + col * (2 * std::size_t(n) - col - 1) / 2;
}

// A row-major storage is the column-major one of the transpose, whose
// triangle is the other one.
inline std::size_t stored_index(const triangular_call& c, int r, int col) {
  const bool upper = c.uplo == 'U';
  if (c.through == entry::cblas_row) return column_major_index(c.storage, !upper, c.n, c.k, c.lda, col, r);
  return column_major_index(c.storage, upper, c.n, c.k, c.lda, r, col);
}

inline std::size_t storage_size(const triangular_call& c) {
  const std::size_t n = std::size_t(c.n);
  if (c.storage == form::packed) return std::max<std::size_t>(1, n * (n + 1) / 2);
  return std::size_t(c.lda) * std::max<std::size_t>(1, n);
}

inline int bandwidth(const triangular_call& c) { return c.storage == form::band ? c.k : c.n; }

// Whether (r, c) is in the call's triangle (its diagonal included).
inline bool in_triangle(const triangular_call& c, int r, int col) {
  const int off = c.uplo == 'U' ? col - r : r - col;
  return off >= 0 && off <= bandwidth(c);
}

template <class T>
T quiet_nan() {
  return T(std::numeric_limits<real_t<T>>::quiet_NaN());
}

template <class W>
W conj_if(bool conj, W x) {
  if constexpr (std::is_arithmetic_v<W>)
    return x;
  else
    return conj ? std::conj(x) : x;
}

// A's triangle (n x n, row r column c at r + c n) as the caller means it:
// zero outside, one on a unit diagonal.
template <class T>
struct triangle {
  triangular_call call;
  std::vector<T> dense;
  T at(int r, int c) const { return dense[std::size_t(r) + std::size_t(c) * call.n]; }
  bool unit() const { return call.diag == 'U'; }

  // Random off-diagonal elements in [-1, 1] (both parts), and a diagonal
  // of magnitude above each row's and column's off-diagonal sum: the
  // solves are well conditioned.
  static triangle random(const triangular_call& c, std::mt19937& g) {
    triangle t{c, std::vector<T>(std::size_t(c.n) * c.n, T(0))};
    const auto u = [&g] { return uniform<real_t<T>>(g, -1, 1); };
    const real_t<T> dominant = real_t<T>(2 * std::min(bandwidth(c), std::max(c.n - 1, 0)) + 2);
    for (int col = 0; col < c.n; ++col)
      for (int r = 0; r < c.n; ++r) {
        if (!in_triangle(c, r, col)) continue;
        const float re = float(u());
        T v = scalar<T>(re, float(u()));
        if (r == col) v = t.unit() ? T(1) : v + (u() < 0 ? -dominant : dominant);
        t.dense[std::size_t(r) + std::size_t(col) * c.n] = v;
      }
    return t;
  }

  // The caller's storage: the triangle, and NaN everywhere the routine
  // must not read (the other triangle, a unit diagonal, padding).
  std::vector<T> stored() const {
    std::vector<T> a(storage_size(call), quiet_nan<T>());
    for (int col = 0; col < call.n; ++col)
      for (int r = 0; r < call.n; ++r)
        if (in_triangle(call, r, col) && !(r == col && unit())) a[stored_index(call, r, col)] = at(r, col);
    return a;
  }

  // Element (i, j) of op(A).
  wide_t<T> op(int i, int j) const {
    if (call.trans == 'N') return wide_t<T>(at(i, j));
    return conj_if(call.trans == 'C', wide_t<T>(at(j, i)));
  }
  bool op_upper() const { return (call.uplo == 'U') == (call.trans == 'N'); }
  bool op_in_triangle(int i, int j) const {
    return call.trans == 'N' ? in_triangle(call, i, j) : in_triangle(call, j, i);
  }

  // Whether the reference runs op(A) column by column (the Fortran
  // routine's NoTrans, which a row-major CBLAS call with a transpose
  // becomes), rather than by dot products.
  bool column_form() const { return (call.trans == 'N') != (call.through == entry::cblas_row); }

  // op(A) x in the reference's loops: in column form a column j with
  // x_j == 0 contributes nothing (its NaN included).
  std::vector<wide_t<T>> product(const std::vector<wide_t<T>>& x) const {
    std::vector<wide_t<T>> y(x.size(), wide_t<T>(0));
    for (int j = 0; j < call.n; ++j) {
      if (column_form() && x[j] == wide_t<T>(0)) continue;
      for (int i = 0; i < call.n; ++i)
        if (op_in_triangle(i, j)) y[i] += (i == j && unit() ? x[j] : op(i, j) * x[j]);
    }
    return y;
  }

  // op(A)^-1 x by the reference's substitution: in column form skipping a
  // zero x_j (no 0 / 0 on a zero diagonal), otherwise by dot products.
  std::vector<wide_t<T>> solution(std::vector<wide_t<T>> x) const {
    const int n = call.n;
    const bool forward = !op_upper();
    for (int s = 0; s < n; ++s) {
      const int j = forward ? s : n - 1 - s;
      if (column_form()) {
        if (x[j] == wide_t<T>(0)) continue;
        if (!unit()) x[j] /= op(j, j);
        for (int i = 0; i < n; ++i)
          if (i != j && op_in_triangle(i, j)) x[i] -= x[j] * op(i, j);
      } else {
        wide_t<T> temp = x[j];
        for (int i = 0; i < n; ++i)
          if (i != j && op_in_triangle(j, i)) temp -= op(j, i) * x[i];
        x[j] = unit() ? temp : temp / op(j, j);
      }
    }
    return x;
  }
};

// A vector of n elements at increment inc, with a guard value in the gaps.
template <class T>
struct strided {
  int n, inc;
  std::vector<T> data;
  strided(int n_, int inc_) : n(n_), inc(inc_), data(std::size_t(1 + std::max(n_ - 1, 0) * std::abs(inc_)), guard()) {}
  static T guard() { return scalar<T>(12345.5f, -6789.25f); }
  // Element i as the reference orders it (from the far end for inc < 0).
  T& operator[](int i) {
    return data[std::size_t(inc > 0 ? i * inc : (n - 1 - i) * -inc)];
  }
  std::vector<wide_t<T>> values() {
    std::vector<wide_t<T>> v;
    for (int i = 0; i < n; ++i) v.push_back(wide_t<T>((*this)[i]));
    return v;
  }
  bool gaps_intact() {
    std::vector<bool> element(data.size(), false);
    for (int i = 0; i < n; ++i) element[std::size_t(&(*this)[i] - data.data())] = true;
    for (std::size_t e = 0; e < data.size(); ++e)
      if (!element[e] && data[e] != guard()) return false;
    return true;
  }
};

template <class W>
bool finite(W x) {
  if constexpr (std::is_arithmetic_v<W>)
    return std::isfinite(x);
  else
    return std::isfinite(x.real()) && std::isfinite(x.imag());
}

}  // namespace swblas_test

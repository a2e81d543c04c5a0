// What the tests of the routines that update one triangle of a square C
// share: NaN where C must not be touched, and the comparison of the result
// with a naive one there and everywhere else.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

#include "level3_harness.h"

namespace swblas_test {

inline bool in_triangle(char uplo, int i, int j) { return uplo == 'U' ? i <= j : i >= j; }

// NaN in the triangle of the n x n C that is not `uplo`'s, and with
// `everywhere` in that one too.
template <class T>
void poison_triangles(stored<T>& c, char uplo, bool everywhere) {
  const real_t<T> nan = std::numeric_limits<real_t<T>>::quiet_NaN();
  for (int j = 0; j < c.cols; ++j)
    for (int i = 0; i < c.rows; ++i)
      if (everywhere || !in_triangle(uplo, i, j)) c.at(i, j) = T(nan);
}

// The naive result on the triangle: element (i, j) at i + j*n, within
// bound of which the routine's must be.
struct naive_triangle {
  int n;
  std::vector<std::complex<double>> want;
  std::vector<double> bound;
};

// f(i, j, want, bound) for each (i, j) of the n x n triangle `uplo`.
template <class F>
naive_triangle naive_on_triangle(int n, char uplo, F f) {
  naive_triangle t{n, std::vector<std::complex<double>>(std::size_t(n) * n), std::vector<double>(std::size_t(n) * n)};
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (in_triangle(uplo, i, j)) f(i, j, t.want[i + std::size_t(j) * n], t.bound[i + std::size_t(j) * n]);
  return t;
}

// C's `uplo` triangle within `bound` of `want`, with
// real_diagonal exactly real on the diagonal; the other triangle still NaN;
// the padding's guards intact.
template <class T>
::testing::AssertionResult triangle_matches(stored<T>& c, char uplo, const naive_triangle& t,
                                            bool real_diagonal = false) {
  if (!c.guards_intact()) return ::testing::AssertionFailure() << "padding written";
  const auto at = [](int i, int j) { return " at (" + std::to_string(i) + ", " + std::to_string(j) + ")"; };
  for (int j = 0; j < c.cols; ++j)
    for (int i = 0; i < c.rows; ++i) {
      const std::complex<double> got(c.at(i, j));
      const std::size_t e = i + std::size_t(j) * c.rows;
      if (!in_triangle(uplo, i, j)) {
        if (!std::isnan(got.real())) return ::testing::AssertionFailure() << "other triangle written" << at(i, j);
      } else if (!(std::abs(got - t.want[e]) <= t.bound[e])) {
        return ::testing::AssertionFailure() << got << " instead of " << t.want[e] << at(i, j);
      } else if (real_diagonal && i == j && got.imag() != 0) {
        return ::testing::AssertionFailure() << "imaginary part " << got.imag() << at(i, j);
      }
    }
  return ::testing::AssertionSuccess();
}

}  // namespace swblas_test

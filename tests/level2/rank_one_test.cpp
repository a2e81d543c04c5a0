// ger (real), geru and gerc (complex) of every precision against a naive
// update, through the Fortran and both CBLAS layouts: sizes 0 .. 33 (not
// square), increments -3 .. 3, padded leading dimensions, alpha == 0
// (nothing read or written). A's padding must keep its guards.
#include <gtest/gtest.h>

#include <complex>
#include <limits>
#include <sstream>
#include <string>
#include <utility>

#include "general_harness.h"

namespace {

using namespace swblas_test;

struct rank_one_case {
  int m, n, incx, incy, pad;
  bool conjugated;  // gerc
  entry how;
  double alpha_re, alpha_im;
};

std::string describe(const rank_one_case& c) {
  std::ostringstream o;
  o << "m " << c.m << " n " << c.n << " incx " << c.incx << " incy " << c.incy << " pad " << c.pad << " gerc "
    << c.conjugated << " entry " << int(c.how) << " alpha (" << c.alpha_re << "," << c.alpha_im << ")";
  return o.str();
}

template <class T>
void call(const rank_one_case& c, T alpha, strided<T>& x, strided<T>& y, stored_matrix<T>& a) {
  using R = routines<T>;
  if (c.how == entry::f77) {
    const auto update = c.conjugated ? R::gerc : R::geru;
    update(&c.m, &c.n, &alpha, x.data.data(), &c.incx, y.data.data(), &c.incy, a.data.data(), &a.ld);
    return;
  }
  const auto update = c.conjugated ? R::cblas_gerc : R::cblas_geru;
  update(layout_of(c.how), c.m, c.n, cblas_scalar(alpha), x.data.data(), c.incx, y.data.data(), c.incy,
         a.data.data(), a.ld);
}

template <class T>
wide_t<T> conjugated_if(bool conj, T v) {
  if constexpr (is_complex<T>)
    if (conj) return std::conj(wide_t<T>(v));
  return wide_t<T>(v);
}

template <class T>
void check_case(const rank_one_case& c, std::mt19937& g) {
  const T nan = nan_value<T>();
  const T alpha = scalar<T>(c.alpha_re, c.alpha_im);
  stored_matrix<T> a(c.m, c.n, std::max(c.m - 1, 0), std::max(c.n - 1, 0), false, c.how == entry::cblas_row, c.pad,
                     nan);
  strided<T> x(c.m, c.incx, nan), y(c.n, c.incy, nan);
  a.fill(g);
  if (alpha == T(0)) {
    x.fill_with(nan);
    y.fill_with(nan);
  } else {
    x.fill(g);
    y.fill(g);
  }
  const stored_matrix<T> before = a;

  call(c, alpha, x, y, a);

  if (c.m == 0 || c.n == 0 || alpha == T(0)) {
    EXPECT_TRUE(same_bits(a.data, before.data)) << "quick return wrote A: " << describe(c);
    return;
  }
  stored_matrix<T> old = before;
  for (int j = 0; j < c.n; ++j)
    for (int i = 0; i < c.m; ++i) {
      const wide_t<T> p = wide_t<T>(alpha) * wide_t<T>(x[i]) * conjugated_if(c.conjugated, y[j]);
      const wide_t<T> expected = wide_t<T>(old.at(i, j)) + p;
      ASSERT_TRUE(close(a.at(i, j), expected, magnitude(p) + magnitude(wide_t<T>(old.at(i, j))), 1))
          << "A(" << i << "," << j << ") " << describe(c);
      old.at(i, j) = a.at(i, j);  // what remains must equal the old storage: the padding
    }
  EXPECT_TRUE(same_bits(a.data, old.data)) << "padding written: " << describe(c);
}

template <class T>
class RankOne : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(RankOne, precisions);

TYPED_TEST(RankOne, MatchesNaiveUpdate) {
  using T = TypeParam;
  std::mt19937 g(5);
  const int count = int(std::size(kIncrements));
  for (const bool conjugated : {false, true}) {
    if (conjugated && !is_complex<T>) continue;
    for (const entry how : kEntries)
      for (const int m : kSizes)
        for (const int n : kSizes)
          for (int ix = 0; ix < count; ++ix) {
            const int incy = kIncrements[(ix + m + 2 * n) % count];
            for (const double alpha : {0.0, 1.0, -0.625}) {
              const rank_one_case c{m, n, kIncrements[ix], incy, (m + ix) % 3, conjugated, how, alpha, alpha / 2};
              check_case<T>(c, g);
            }
          }
  }
}

// Long columns: more rows than one pass of the primitives takes (16 KB of
// elements), in both storages.
TYPED_TEST(RankOne, SplitsLongColumns) {
  std::mt19937 g(17);
  for (const bool conjugated : {false, true})
    for (const entry how : kEntries)
      for (const auto& [m, n] : {std::pair{4100, 3}, std::pair{3, 4100}})
        check_case<TypeParam>({m, n, -2, 3, 1, conjugated, how, 0.75, -0.375}, g);
}

// An infinite x_i times a zero y_j is NaN in A(i, j): the reference
// updates every column (no test of y_j against zero).
TYPED_TEST(RankOne, ZeroYStillMultipliesX) {
  using T = TypeParam;
  const T inf = T(std::numeric_limits<real_t<T>>::infinity());
  for (const bool conjugated : {false, true})
    for (const entry how : kEntries) {
      const rank_one_case c{2, 2, 1, 1, 0, conjugated, how, 1, 0};
      stored_matrix<T> a(2, 2, 1, 1, false, how == entry::cblas_row, 0, T(0));
      a.fill_with(T(1));
      strided<T> x(2, 1, T(0)), y(2, 1, T(0));
      x[0] = inf;
      x[1] = T(1);
      y[1] = T(1);
      call(c, T(1), x, y, a);
      EXPECT_TRUE(std::isnan(std::abs(a.at(0, 0)))) << describe(c);
      EXPECT_EQ(a.at(1, 0), T(1)) << describe(c);
    }
}

}  // namespace

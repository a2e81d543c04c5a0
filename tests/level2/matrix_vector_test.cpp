// gemv and gbmv of every precision against a naive product, through the
// Fortran and both CBLAS layouts: every transpose, sizes 0 .. 33 (not
// square), bands 0 .. 5, increments -3 .. 3, padded leading dimensions,
// and the reference's special scalars (beta == 0 overwrites NaN, alpha ==
// 0 reads neither A nor x, alpha == 0 and beta == 1 returns at once).
// Storage that is not an element of A (padding, outside the band) and x's
// gaps hold NaN: reading them would show.
#include <gtest/gtest.h>

#include <complex>
#include <sstream>
#include <string>
#include <utility>

#include "general_harness.h"

namespace {

using namespace swblas_test;

// alpha and beta (exact in every precision), and which operands hold NaN (that must not be read, or
// must be overwritten).
struct scalars {
  double alpha_re, alpha_im, beta_re, beta_im;
  bool nan_y, nan_a_x;
};
constexpr scalars kScalars[] = {
    {0.75, -0.375, 0.4375, 0.1875, false, false},  // general
    {1.0, 0.0, 1.0, 0.0, false, false},            // y += A x
    {0.75, -0.375, 0.0, 0.0, true, false},         // beta == 0: y's NaN overwritten
    {0.0, 0.0, 0.4375, 0.1875, false, true},       // alpha == 0: y := beta y only
    {0.0, 0.0, 0.0, 0.0, true, true},              // y := 0
    {0.0, 0.0, 1.0, 0.0, true, true},              // quick return: y untouched
};

struct shape {
  char trans;
  int m, n, kl, ku;  // kl < 0: gemv
  int incx, incy, pad;
  entry how;
};

std::string describe(const shape& s, const scalars& c) {
  std::ostringstream o;
  o << "trans " << s.trans << " m " << s.m << " n " << s.n << " kl " << s.kl << " ku " << s.ku << " incx " << s.incx
    << " incy " << s.incy << " pad " << s.pad << " entry " << int(s.how) << " alpha (" << c.alpha_re << ","
    << c.alpha_im << ") beta (" << c.beta_re << "," << c.beta_im << ")";
  return o.str();
}

template <class T>
void call(const shape& s, T alpha, stored_matrix<T>& a, strided<T>& x, T beta, strided<T>& y) {
  using R = routines<T>;
  const bool band = s.kl >= 0;
  if (s.how == entry::f77) {
    if (band)
      R::gbmv(&s.trans, &s.m, &s.n, &s.kl, &s.ku, &alpha, a.data.data(), &a.ld, x.data.data(), &s.incx, &beta,
              y.data.data(), &s.incy);
    else
      R::gemv(&s.trans, &s.m, &s.n, &alpha, a.data.data(), &a.ld, x.data.data(), &s.incx, &beta, y.data.data(),
              &s.incy);
    return;
  }
  if (band)
    R::cblas_gbmv(layout_of(s.how), cblas_trans(s.trans), s.m, s.n, s.kl, s.ku, cblas_scalar(alpha),
                  a.data.data(), a.ld, x.data.data(), s.incx, cblas_scalar(beta), y.data.data(), s.incy);
  else
    R::cblas_gemv(layout_of(s.how), cblas_trans(s.trans), s.m, s.n, cblas_scalar(alpha), a.data.data(), a.ld,
                  x.data.data(), s.incx, cblas_scalar(beta), y.data.data(), s.incy);
}

// op(A)(i, j) of the stored matrix, widened.
template <class T>
wide_t<T> op_element(stored_matrix<T>& a, char trans, int i, int j) {
  if (trans == 'N') return wide_t<T>(a.value(i, j));
  const wide_t<T> v(a.value(j, i));
  if constexpr (is_complex<T>)
    if (trans == 'C') return std::conj(v);
  return v;
}

template <class T>
void check_case(const shape& s, const scalars& c, std::mt19937& g) {
  const bool band = s.kl >= 0;
  const int kl = band ? s.kl : std::max(s.m - 1, 0), ku = band ? s.ku : std::max(s.n - 1, 0);
  const bool transposed = s.trans != 'N';
  const int lenx = transposed ? s.m : s.n, leny = transposed ? s.n : s.m;
  const T nan = nan_value<T>();
  stored_matrix<T> a(s.m, s.n, kl, ku, band, s.how == entry::cblas_row, s.pad, nan);
  strided<T> x(lenx, s.incx, nan), y(leny, s.incy, scalar<T>(-5.5, 2.25));
  if (c.nan_a_x) {
    a.fill_with(nan);
    x.fill_with(nan);
  } else {
    a.fill(g);
    x.fill(g);
  }
  if (c.nan_y) y.fill_with(nan);
  else y.fill(g);
  const T alpha = scalar<T>(c.alpha_re, c.alpha_im), beta = scalar<T>(c.beta_re, c.beta_im);
  const strided<T> before = y;

  call(s, alpha, a, x, beta, y);

  const bool quick = s.m == 0 || s.n == 0 || (alpha == T(0) && beta == T(1));
  if (quick) {
    EXPECT_TRUE(same_bits(y.data, before.data)) << "quick return wrote y: " << describe(s, c);
    return;
  }
  strided<T> old = before;  // indexed like y
  for (int i = 0; i < leny; ++i) {
    wide_t<T> sum = 0;
    double bound = 0;
    if (alpha != T(0))
      for (int j = 0; j < lenx; ++j) {
        const wide_t<T> p = op_element(a, s.trans, i, j) * wide_t<T>(x[j]);
        sum += p;
        bound += magnitude(p);
      }
    const wide_t<T> scaled_y = beta == T(0) ? wide_t<T>(0) : wide_t<T>(beta) * wide_t<T>(old[i]);
    const wide_t<T> expected = wide_t<T>(alpha) * sum + scaled_y;
    bound = magnitude(wide_t<T>(alpha)) * bound + magnitude(scaled_y);
    ASSERT_TRUE(close(y[i], expected, bound, lenx)) << "y[" << i << "] " << describe(s, c);
  }
  // The gaps of y keep their guards.
  for (std::size_t e = 0; e < y.data.size(); ++e) {
    if (e % std::size_t(std::abs(s.incy)) == 0) continue;
    ASSERT_TRUE(same_bits(y.data[e], before.data[e])) << "gap " << e << " " << describe(s, c);
  }
}

constexpr char kTransposes[] = {'N', 'T', 'C'};  // C is T for a real precision

// Every increment of x, with y's increment rotating through the list.
template <class T>
void run_all(int kl, int ku, std::mt19937& g) {
  const int count = int(std::size(kIncrements));
  for (entry how : kEntries)
    for (char trans : kTransposes)
      for (int m : kSizes)
        for (int n : kSizes)
          for (int ix = 0; ix < count; ++ix) {
            const int incy = kIncrements[((ix + m + n + kl) % count + count) % count];  // kl is -1 for gemv
            const shape s{trans, m, n, kl, ku, kIncrements[ix], incy, (m + n + ix) % 3, how};
            for (const scalars& c : kScalars) check_case<T>(s, c, g);
          }
}

template <class T>
class MatrixVector : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(MatrixVector, precisions);

TYPED_TEST(MatrixVector, GemvMatchesNaiveProduct) {
  std::mt19937 g(7);
  run_all<TypeParam>(-1, -1, g);
}

TYPED_TEST(MatrixVector, GbmvMatchesNaiveProduct) {
  std::mt19937 g(11);
  for (int kl : {0, 1, 2, 5})
    for (int ku : {0, 1, 2, 5}) run_all<TypeParam>(kl, ku, g);
}

// Tall and wide matrices: more rows than one pass of the primitives takes
// (16 KB of elements), in both storages.
TYPED_TEST(MatrixVector, GemvSplitsLongColumns) {
  std::mt19937 g(13);
  for (const entry how : kEntries)
    for (const char trans : kTransposes)
      for (const auto& [m, n] : {std::pair{4100, 3}, std::pair{3, 4100}})
        for (const auto& [incx, incy] : {std::pair{1, 1}, std::pair{-2, 3}})
          for (const scalars& c : {kScalars[0], kScalars[2]})
            check_case<TypeParam>({trans, m, n, -1, -1, incx, incy, 1, how}, c, g);
}

// A NaN in A reaches y even where x is zero: the reference multiplies
// every element (no test of x_j against zero).
TYPED_TEST(MatrixVector, NaNInAPropagatesThroughZeroX) {
  using T = TypeParam;
  const T nan = nan_value<T>();
  for (const bool band : {false, true})
    for (const entry how : kEntries)
      for (const char trans : {'N', 'T', 'C'}) {
        const shape s{trans, 3, 3, band ? 1 : -1, band ? 1 : -1, 1, 1, 0, how};
        stored_matrix<T> a(3, 3, 1, 1, band, how == entry::cblas_row, 0, T(0));
        a.fill_with(T(1));
        a.at(1, 1) = nan;
        strided<T> x(3, 1, T(1)), y(3, 1, T(0));
        x[1] = T(0);
        call(s, T(1), a, x, T(0), y);
        EXPECT_TRUE(std::isnan(std::abs(y[1]))) << "band " << band << " entry " << int(how) << " trans " << trans;
        EXPECT_FALSE(std::isnan(std::abs(y[0])));
      }
}

}  // namespace

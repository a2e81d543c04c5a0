// ?gemm in the four precisions against a naive loop: every transpose pair
// (conjugate transposes for complex), odd sizes, padded leading dimensions
// with guard values, alpha == 0 reading neither A nor B, beta == 0
// overwriting NaN, complex alpha and beta, and the CBLAS layouts.
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

#include "level3_harness.h"

namespace swblas_test {
namespace {

template <class T>
T op_element(stored<T>& x, char trans, int i, int l) {
  if (trans == 'N') return x.at(i, l);
  const T v = x.at(l, i);
  if constexpr (is_complex<T>)
    if (trans == 'C') return std::conj(v);
  return v;
}

CBLAS_TRANSPOSE cblas_trans(char t) { return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans; }

template <class T>
struct gemm_case {
  entry api;
  char ta, tb;
  int m, n, k;
  T alpha, beta;
};

template <class T>
std::string describe(const gemm_case<T>& g) {
  return std::string(gemm_routine<T>::name) + (g.api == entry::f77 ? " f77" : g.api == entry::cblas_col ? " cblas col" : " cblas row") +
         " " + g.ta + g.tb + " " + std::to_string(g.m) + "x" + std::to_string(g.n) + "x" + std::to_string(g.k);
}

// Runs the case; `a_nan`: A and B hold NaN (they must not be read), `c_nan`:
// C holds NaN (beta == 0 must overwrite it).
template <class T>
void check_case(const gemm_case<T>& g, unsigned seed, bool ab_nan = false, bool c_nan = false) {
  using R = real_t<T>;
  const bool rm = g.api == entry::cblas_row;
  stored<T> a(g.ta == 'N' ? g.m : g.k, g.ta == 'N' ? g.k : g.m, rm, 3);
  stored<T> b(g.tb == 'N' ? g.k : g.n, g.tb == 'N' ? g.n : g.k, rm, 2);
  stored<T> c(g.m, g.n, rm, 1);
  std::mt19937 gen(seed);
  const T nan = T(std::numeric_limits<R>::quiet_NaN());
  if (ab_nan) {
    a.fill_with(nan);
    b.fill_with(nan);
  } else {
    a.fill(gen);
    b.fill(gen);
  }
  if (c_nan)
    c.fill_with(nan);
  else
    c.fill(gen);
  // Expected C (in double: its error is far inside the bound) and a bound per
  // element from the magnitudes summed.
  std::vector<std::complex<double>> want(std::size_t(g.m) * g.n);
  std::vector<double> bound(want.size());
  const double eps = std::numeric_limits<R>::epsilon();
  const bool beta_zero = g.beta == T(0), alpha_zero = g.alpha == T(0);
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      std::complex<double> s = 0;
      double mag = 0;
      if (!alpha_zero)
        for (int l = 0; l < g.k; ++l) {
          const std::complex<double> x(op_element(a, g.ta, i, l)), y(op_element(b, g.tb, l, j));
          s += x * y;
          mag += norm1(x) * norm1(y);
        }
      const std::complex<double> al(g.alpha), be(g.beta), c0(c.at(i, j));
      const std::size_t e = i + std::size_t(j) * g.m;
      want[e] = al * s + (beta_zero ? 0 : be * c0);
      bound[e] = 4 * (g.k + 4) * eps * (norm1(al) * mag + (beta_zero ? 0 : norm1(be) * norm1(c0))) + 1e-30;
    }
  const int lda = a.ld, ldb = b.ld, ldc = c.ld;
  if (g.api == entry::f77)
    gemm_routine<T>::f77(&g.ta, &g.tb, &g.m, &g.n, &g.k, &g.alpha, a.data.data(), &lda, b.data.data(), &ldb, &g.beta,
                    c.data.data(), &ldc);
  else
    gemm_routine<T>::cblas(rm ? CblasRowMajor : CblasColMajor, cblas_trans(g.ta), cblas_trans(g.tb), g.m, g.n, g.k,
                      &g.alpha, a.data.data(), lda, b.data.data(), ldb, &g.beta, c.data.data(), ldc);
  ASSERT_TRUE(c.guards_intact()) << describe(g);
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      const std::size_t e = i + std::size_t(j) * g.m;
      const std::complex<double> got(c.at(i, j));
      ASSERT_LE(std::abs(got - want[e]), bound[e])
          << describe(g) << " at (" << i << ", " << j << "): got " << double(got.real()) << " want "
          << double(want[e].real());
    }
}

// A few alpha / beta pairs: 0, 1, general; complex ones with imaginary parts.
// As many real as complex ones: the tests index them.
template <class T>
std::vector<std::pair<T, T>> scalars() {
  if constexpr (is_complex<T>)
    return {{T(1), T(0)}, {T(0.7f, -0.4f), T(1)}, {T(-1), T(0.3f, 0.9f)}, {T(0), T(1.3f, -0.2f)}, {T(0.5f, 0.5f), T(-0.6f)}};
  else
    return {{T(1), T(0)}, {T(0.7f), T(1)}, {T(-1), T(1.3f)}, {T(0), T(0.4f)}, {T(0.5f), T(-0.6f)}};
}

template <class T>
class Gemm : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Gemm, precisions);

TYPED_TEST(Gemm, SmallAndOddSizesEveryTransposeAndEntry) {
  using T = TypeParam;
  unsigned seed = 1;
  const int sizes[] = {0, 1, 3, 17};
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for (char ta : transposes<T>())
      for (char tb : transposes<T>())
        for (int m : sizes)
          for (int n : sizes)
            for (int k : sizes)
              for (auto [alpha, beta] : scalars<T>()) check_case<T>({api, ta, tb, m, n, k, alpha, beta}, seed++);
}

TYPED_TEST(Gemm, LargerThanOneBlockEveryTranspose) {
  using T = TypeParam;
  const auto s = scalars<T>();
  for (char ta : transposes<T>())
    for (char tb : transposes<T>()) check_case<T>({entry::f77, ta, tb, 161, 139, 517, s[1].first, s[2].second}, 7);
  check_case<T>({entry::cblas_row, 'T', 'N', 130, 157, 611, s[4].first, s[4].second}, 8);
}

// The small-problem path's shapes (double and float take it; complex is
// packed): small ones over several strips, few columns, few rows with A
// transposed (its blocks copied untransposed), and a k over several blocks.
TYPED_TEST(Gemm, SmallAndSkinnyShapesEveryTranspose) {
  using T = TypeParam;
  const auto s = scalars<T>();
  struct dims {
    int m, n, k;
  };
  const dims shapes[] = {{150, 13, 530}, {45, 5, 530}, {11, 97, 520}, {7, 40, 290}, {69, 29, 23}, {200, 190, 210}};
  unsigned seed = 90;
  for (const dims& d : shapes)
    for (char ta : transposes<T>())
      for (char tb : {'N', 'T'}) check_case<T>({entry::f77, ta, tb, d.m, d.n, d.k, s[1].first, s[2].second}, seed++);
}

TYPED_TEST(Gemm, AlphaZeroReadsNeitherAnorB) {
  using T = TypeParam;
  for (auto [alpha, beta] : scalars<T>())
    if (alpha == T(0)) check_case<T>({entry::f77, 'N', 'N', 23, 19, 11, alpha, beta}, 3, /*ab_nan=*/true);
}

TYPED_TEST(Gemm, BetaZeroOverwritesNan) {
  using T = TypeParam;
  for (char ta : transposes<T>()) {
    check_case<T>({entry::f77, ta, 'N', 37, 29, 13, T(1), T(0)}, 4, false, /*c_nan=*/true);
    check_case<T>({entry::f77, ta, 'N', 37, 29, 0, T(1), T(0)}, 5, false, true);
  }
}

}  // namespace
}  // namespace swblas_test

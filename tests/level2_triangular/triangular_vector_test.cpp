// trmv, tbmv, tpmv, trsv, tbsv and tpsv of every precision against naive
// loops, through the Fortran and the CBLAS (both layouts) entry points:
// every uplo, trans and diag, orders across the 64-wide diagonal blocks,
// band widths, increments of both signs, padded leading dimensions, and
// NaN wherever the routine must not read.
#include <gtest/gtest.h>

#include <complex>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "triangular_vector_harness.h"

namespace {

using namespace swblas_test;

template <class T>
class TriangularVector : public ::testing::Test {};
using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(TriangularVector, Precisions);

std::string describe(const triangular_call& c) {
  std::ostringstream s;
  const char* forms[] = {"full", "band", "packed"};
  const char* entries[] = {"f77", "cblas col", "cblas row"};
  s << (c.solve ? "solve " : "product ") << forms[int(c.storage)] << ' ' << entries[int(c.through)] << " uplo "
    << c.uplo << " trans " << c.trans << " diag " << c.diag << " n " << c.n << " k " << c.k << " lda " << c.lda
    << " incx " << c.incx;
  return s.str();
}

// Calls the routine on t's storage and x, and checks x against the naive
// loops: within a rounding bound where those are finite, not finite where
// they are not; x's gaps and A untouched.
template <class T>
void check_call(const triangle<T>& t, strided<T>& x) {
  const triangular_call& c = t.call;
  const std::vector<wide_t<T>> before = x.values();
  const std::vector<wide_t<T>> expected = c.solve ? t.solution(before) : t.product(before);
  const std::vector<T> a = t.stored();
  std::vector<T> a_copy = a;
  call(c, a.data(), x.data.data());

  double scale = 1;
  for (int i = 0; i < c.n; ++i) {
    if (finite(before[i])) scale = std::max(scale, magnitude(before[i]));
    if (finite(expected[i])) scale = std::max(scale, magnitude(expected[i]));
  }
  // Rows of op(A) sum to at most 4 (min(k, n - 1) + 1) in magnitude.
  const double rows = c.solve ? 1 : 4 * (std::min(bandwidth(c), c.n) + 1);
  const double eps = std::numeric_limits<real_t<T>>::epsilon();
  const double tolerance = 64 * (c.n + 2) * eps * rows * scale;
  for (int i = 0; i < c.n; ++i) {
    const wide_t<T> got(x[i]);
    if (!finite(expected[i])) {
      EXPECT_FALSE(finite(got)) << describe(c) << " at " << i;
    } else {
      ASSERT_LE(magnitude(got - expected[i]), tolerance) << describe(c) << " at " << i;
    }
  }
  EXPECT_TRUE(x.gaps_intact()) << describe(c);
  EXPECT_EQ(std::memcmp(a.data(), a_copy.data(), a.size() * sizeof(T)), 0) << describe(c);
}

// Random x, a few of its elements zero (the reference's skipped columns).
template <class T>
strided<T> random_vector(int n, int inc, std::mt19937& g) {
  strided<T> x(n, inc);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int i = 0; i < n; ++i) x[i] = i % 5 == 3 ? T(0) : scalar<T>(u(g), u(g));
  return x;
}

// Every entry point, option and increment for one storage and operation.
template <class T>
void check_all(form storage, bool solve, const std::vector<int>& band_widths) {
  std::mt19937 g(storage == form::band ? 11u : 7u);
  for (entry through : {entry::f77, entry::cblas_col, entry::cblas_row})
    for (char uplo : {'U', 'L'})
      for (char trans : {'N', 'T', 'C'})
        for (char diag : {'N', 'U'})
          for (int n : {0, 1, 2, 3, 7, 33, 130})
            for (int k : band_widths)
              for (int incx : {-3, -2, -1, 1, 2, 3}) {
                triangular_call c{through, storage, solve, uplo, trans, diag, n, k, 1, incx};
                c.lda = storage == form::band ? k + 3 : n + 3;  // padded with NaN
                const triangle<T> t = triangle<T>::random(c, g);
                strided<T> x = random_vector<T>(n, incx, g);
                check_call(t, x);
                if (::testing::Test::HasFatalFailure()) return;
              }
}

TYPED_TEST(TriangularVector, FullProduct) { check_all<TypeParam>(form::full, false, {0}); }
TYPED_TEST(TriangularVector, FullSolve) { check_all<TypeParam>(form::full, true, {0}); }
TYPED_TEST(TriangularVector, BandProduct) { check_all<TypeParam>(form::band, false, {0, 1, 2, 5}); }
TYPED_TEST(TriangularVector, BandSolve) { check_all<TypeParam>(form::band, true, {0, 1, 2, 5}); }
TYPED_TEST(TriangularVector, PackedProduct) { check_all<TypeParam>(form::packed, false, {0}); }
TYPED_TEST(TriangularVector, PackedSolve) { check_all<TypeParam>(form::packed, true, {0}); }

// The minimal leading dimensions (n, and k + 1) and lower-case options.
TYPED_TEST(TriangularVector, TightLeadingDimensionAndLowerCaseOptions) {
  std::mt19937 g(3);
  for (form storage : {form::full, form::band})
    for (bool solve : {false, true})
      for (char uplo : {'u', 'l'})
        for (char trans : {'n', 't', 'c'}) {
          triangular_call c{entry::f77, storage, solve, uplo, trans, 'n', 70, 4, 1, 1};
          c.lda = storage == form::band ? c.k + 1 : c.n;
          triangular_call upper_case = c;
          upper_case.uplo = char(uplo - 'a' + 'A');
          upper_case.trans = char(trans - 'a' + 'A');
          upper_case.diag = 'N';
          const triangle<TypeParam> t = triangle<TypeParam>::random(upper_case, g);
          strided<TypeParam> x = random_vector<TypeParam>(c.n, 1, g);
          strided<TypeParam> lower_x = x;
          check_call(t, x);
          // The same call with the lower-case options gives the same x.
          const std::vector<TypeParam> a = t.stored();
          call(c, a.data(), lower_x.data.data());
          EXPECT_EQ(std::memcmp(x.data.data(), lower_x.data.data(), x.data.size() * sizeof(TypeParam)), 0)
              << describe(c);
        }
}

// The reference skips a column of op(A) whose x_j is zero where it runs
// column by column (NoTrans; a row-major Trans): a NaN in that column, on
// its diagonal, or a zero diagonal there (0 / 0 in a solve) never reaches
// x. Row j of op(A) is zero beside the diagonal, so that x_j stays zero in
// a solve. j falls inside a diagonal block and at the start of one.
TYPED_TEST(TriangularVector, ZeroColumnsKeepNaNOut) {
  using T = TypeParam;
  std::mt19937 g(5);
  for (form storage : {form::full, form::band, form::packed})
    for (bool solve : {false, true})
      for (entry through : {entry::f77, entry::cblas_row})
        for (char uplo : {'U', 'L'})
          for (int j : {70, 64}) {
            const char trans = through == entry::cblas_row ? 'T' : 'N';
            triangular_call c{through, storage, solve, uplo, trans, 'N', 130, 5, 1, 1};
            c.lda = storage == form::band ? c.k + 1 : c.n;
            triangle<T> t = triangle<T>::random(c, g);
            auto op_entry = [&](int r, int col) -> T& {
              return trans == 'N' ? t.dense[std::size_t(r) + std::size_t(col) * c.n]
                                  : t.dense[std::size_t(col) + std::size_t(r) * c.n];
            };
            for (int i = 0; i < c.n; ++i) {
              if (i == j) continue;
              if (t.op_in_triangle(i, j)) op_entry(i, j) = quiet_nan<T>();
              if (t.op_in_triangle(j, i)) op_entry(j, i) = T(0);
            }
            op_entry(j, j) = solve ? T(0) : quiet_nan<T>();
            strided<T> x = random_vector<T>(c.n, 1, g);
            x[j] = T(0);
            check_call(t, x);
            for (int i = 0; i < c.n; ++i) ASSERT_TRUE(finite(wide_t<T>(x[i]))) << describe(c) << " at " << i;
          }
}

// A NaN in x reaches every element the reference combines it into.
TYPED_TEST(TriangularVector, NaNInXPropagates) {
  using T = TypeParam;
  std::mt19937 g(9);
  for (form storage : {form::full, form::band, form::packed})
    for (bool solve : {false, true})
      for (char uplo : {'U', 'L'})
        for (char trans : {'N', 'T', 'C'}) {
          const triangular_call c{entry::f77, storage, solve, uplo, trans, 'N', 100, 3, storage == form::band ? 4 : 100,
                                  -2};
          const triangle<T> t = triangle<T>::random(c, g);
          strided<T> x = random_vector<T>(c.n, c.incx, g);
          x[50] = quiet_nan<T>();
          check_call(t, x);
        }
}

}  // namespace

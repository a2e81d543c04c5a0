// ?trsm by its residual: op(A) X (or X op(A)) against alpha B, with A
// diagonally dominant so that the bound of a backward-stable solve holds.
// Every side, triangle, transpose and diagonal, the three entries, odd
// sizes and sizes beyond the substitution block, NaN where A must not be
// read, alpha == 0 over NaN.
#include <gtest/gtest.h>

#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "triangular_harness.h"

namespace swblas_test {
namespace {

template <class T>
void check_trsm(const triangular_case& g, T alpha, unsigned seed, bool b_nan = false) {
  const triangular_routine<T>& r = triangular_routines<T>::trsm;
  triangular_run<T> run(r, g, alpha, seed, true, b_nan);
  const double eps = std::numeric_limits<real_t<T>>::epsilon();
  const std::complex<double> al(alpha);
  expect_result(r.name, g, alpha, run, [&](int i, int j) {
    const product_element got = side_product(g, run.a, run.b, i, j);
    const std::complex<double> want = al * std::complex<double>(run.b0.at(i, j));
    return std::pair(std::abs(got.value - want), 8 * (run.a.k + 4) * eps * (got.magnitude + norm1(want)) + 1e-30);
  });
}

template <class T>
class Trsm : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Trsm, precisions);

TYPED_TEST(Trsm, EveryOptionAndEntryOnOddSizes) {
  using T = TypeParam;
  unsigned seed = 1;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for (int m : {0, 1, 5, 19})
      for (int n : {0, 1, 4, 23})
        for_each_option<T>(api, m, n, [&](const triangular_case& g) { check_trsm<T>(g, T(0.7f), seed++); });
}

TYPED_TEST(Trsm, LargerThanOneBlock) {
  using T = TypeParam;
  // The blocking is the drivers', the same behind every entry.
  for_each_option<T>(entry::f77, 300, 170, [](const triangular_case& g) { check_trsm<T>(g, T(-0.5f), 11); });
}

TYPED_TEST(Trsm, AlphaZeroOverwritesNaN) {
  using T = TypeParam;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for_each_option<T>(api, 13, 9, [](const triangular_case& g) { check_trsm<T>(g, T(0), 3, /*b_nan=*/true); });
}

// Up to 64 rows (side left) the solve is one substitution: each element is
// alpha b minus the solved elements' terms in the order they were solved,
// divided by the diagonal. LAPACK's RFP solver, two half solves around a
// GEMM, is tested against one whole solve with a bound that only such a
// solve meets on ill-conditioned matrices; a blocked solve (GEMM updates
// past 32 rows) broke it. Bit for bit, so the library and this test are
// built without FMA contraction.
template <class T>
void expect_substitution_order(char uplo, char transa, int m) {
  const int n = 7, lda = m + 1, ldb = m + 2;
  std::mt19937 gen(static_cast<unsigned>(m * 4 + uplo + transa));
  std::uniform_real_distribution<T> d(-1, 1);
  std::vector<T> a(static_cast<std::size_t>(lda * m)), b(static_cast<std::size_t>(ldb * n));
  for (T& v : a) v = d(gen);
  for (T& v : b) v = d(gen);
  for (int i = 0; i < m; ++i) a[i + std::size_t(i) * lda] += T(2);
  const auto op_a = [&](int i, int k) { return transa == 'N' ? a[i + std::size_t(k) * lda] : a[k + std::size_t(i) * lda]; };
  const bool forward = (uplo == 'L') == (transa == 'N');
  const T alpha = T(0.75);
  std::vector<T> want = b;
  for (int j = 0; j < n; ++j)
    for (int s = 0; s < m; ++s) {
      const int i = forward ? s : m - 1 - s;
      T t = alpha * b[i + std::size_t(j) * ldb];
      for (int r = 0; r < s; ++r) {
        const int k = forward ? r : m - 1 - r;
        t -= want[k + std::size_t(j) * ldb] * op_a(i, k);
      }
      want[i + std::size_t(j) * ldb] = t / op_a(i, i);
    }
  triangular_routines<T>::trsm.f77("L", &uplo, &transa, "N", &m, &n, &alpha, a.data(), &lda, b.data(), &ldb);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      ASSERT_EQ(b[i + std::size_t(j) * ldb], want[i + std::size_t(j) * ldb])
          << triangular_routines<T>::trsm.name << " uplo " << uplo << " transa " << transa << " m " << m << " at ("
          << i << ", " << j << ")";
}

TYPED_TEST(Trsm, SmallSolvesAreOneSubstitutionInTheReferenceOrder) {
  using T = TypeParam;
  if constexpr (std::is_floating_point_v<T>)
    for (char uplo : {'U', 'L'})
      for (char transa : {'N', 'T'})
        for (int m : {50, 64}) expect_substitution_order<T>(uplo, transa, m);
}

}  // namespace
}  // namespace swblas_test

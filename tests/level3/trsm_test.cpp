// ?trsm by its residual: op(A) X (or X op(A)) against alpha B, with A
// diagonally dominant so that the bound of a backward-stable solve holds.
// Every side, triangle, transpose and diagonal, the three entries, odd
// sizes and sizes beyond the substitution block, NaN where A must not be
// read, alpha == 0 over NaN.
#include <gtest/gtest.h>

#include <utility>

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
  for_each_option<T>(entry::f77, 300, 290, [](const triangular_case& g) { check_trsm<T>(g, T(-0.5f), 11); });
}

TYPED_TEST(Trsm, AlphaZeroOverwritesNaN) {
  using T = TypeParam;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for_each_option<T>(api, 13, 9, [](const triangular_case& g) { check_trsm<T>(g, T(0), 3, /*b_nan=*/true); });
}

}  // namespace
}  // namespace swblas_test

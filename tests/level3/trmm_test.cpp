// ?trmm against a naive product with the op(A) the call means: every side,
// triangle, transpose and diagonal, the three entries (Fortran, CBLAS
// column- and row-major), odd sizes and larger than a block, NaN where
// A must not be read (other triangle, unit diagonal), alpha == 0 over NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include "triangular_harness.h"

namespace swblas_test {
namespace {

template <class T>
void check_trmm(const triangular_case& g, T alpha, unsigned seed, bool b_nan = false) {
  const triangular_routine<T>& r = triangular_routines<T>::trmm;
  triangular_run<T> run(r, g, alpha, seed, false, b_nan);
  const double eps = std::numeric_limits<real_t<T>>::epsilon();
  const std::complex<double> al(alpha);
  const side_product<T> product(g, run.a, run.b0);
  expect_result(r.name, g, alpha, run, [&](int i, int j) {
    const product_element want = product(i, j);
    return std::pair(std::abs(std::complex<double>(run.b.at(i, j)) - al * want.value),
                     4 * (run.a.k + 4) * eps * norm1(al) * want.magnitude + 1e-30);
  });
}

template <class T>
class Trmm : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Trmm, precisions);

TYPED_TEST(Trmm, EveryOptionAndEntryOnOddSizes) {
  using T = TypeParam;
  unsigned seed = 1;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for (int m : {0, 1, 5, 19})
      for (int n : {0, 1, 4, 23})
        for_each_option<T>(api, m, n, [&](const triangular_case& g) { check_trmm<T>(g, T(0.7f), seed++); });
}

TYPED_TEST(Trmm, LargerThanOneBlock) {
  using T = TypeParam;
  // The blocking is the drivers', the same behind every entry.
  for_each_option<T>(entry::f77, 300, 290, [](const triangular_case& g) { check_trmm<T>(g, T(-0.5f), 11); });
}

// B's rows (left) or columns (right) go by blocks as deep as the GEMM's k
// block (at most 384 here, half that in complex): 800 are several blocks.
TYPED_TEST(Trmm, SweepOverSeveralBlocks) {
  using T = TypeParam;
  for_each_option<T>(entry::f77, 800, 37, [](const triangular_case& g) { check_trmm<T>(g, T(0.25f), 17); });
  for_each_option<T>(entry::f77, 37, 800, [](const triangular_case& g) { check_trmm<T>(g, T(0.25f), 18); });
}

// On the right, B's columns past the GEMM's column panel (1024 on the
// AVX-512 and AVX2 tables of Zen 4 and 5): each block's product goes as
// the panel holding the block, in place, after the columns beside it.
TYPED_TEST(Trmm, RightSideWiderThanAColumnPanel) {
  using T = TypeParam;
  for_each_option<T>(entry::f77, 2, 1100, [](const triangular_case& g) {
    if (g.side == 'R') check_trmm<T>(g, T(0.5f), 19);
  });
}

TYPED_TEST(Trmm, AlphaZeroOverwritesNaN) {
  using T = TypeParam;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for_each_option<T>(api, 13, 9, [](const triangular_case& g) { check_trmm<T>(g, T(0), 3, /*b_nan=*/true); });
}

// A NaN in B reaches the elements whose product has a term with it, as in
// the reference, which multiplies op(A)'s triangle only; not those where it
// would meet op(A)'s zero half (the GEMM kernels multiply the diagonal
// blocks' zeros). Found by the differential fuzzer (tests/stress).
template <class T>
void expect_nan_reaches_only_its_products(const triangular_case& g) {
  std::mt19937 gen(5);
  triangular_operand<T> a(g, false, gen);
  stored<T> b(g.m, g.n, g.api == entry::cblas_row, 1);
  b.fill(gen);
  const int r = g.m / 2, c = g.n / 2;
  b.at(r, c) = T(std::numeric_limits<real_t<T>>::quiet_NaN());
  call(triangular_routines<T>::trmm, g, T(0.5f), a, b);
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      const bool reached = g.side == 'L' ? j == c && a.op_at(i, r) != 0.0 : i == r && a.op_at(c, j) != 0.0;
      ASSERT_EQ(std::isnan(std::abs(std::complex<double>(b.at(i, j)))), reached)
          << describe("trmm", g) << " at (" << i << ", " << j << ")";
    }
}

// One block, and several (800 is beyond the sweep's block depth).
TYPED_TEST(Trmm, NaNInBReachesOnlyTheProductsWithIt) {
  using T = TypeParam;
  for (entry api : {entry::f77, entry::cblas_row})
    for (const auto& [m, n] : {std::pair(70, 45), std::pair(800, 9), std::pair(9, 800)})
      for_each_option<T>(api, m, n, expect_nan_reaches_only_its_products<T>);
}

}  // namespace
}  // namespace swblas_test

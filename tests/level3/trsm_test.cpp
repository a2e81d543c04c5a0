// ?trsm by its residual: op(A) X (or X op(A)) against alpha B, with A
// diagonally dominant so that the bound of a backward-stable solve holds.
// Every side, triangle, transpose and diagonal, the three entries, odd
// sizes and sizes beyond the substitution block, NaN where A must not be
// read, alpha == 0 over NaN. And a whole solve to the bit against LAPACK's
// ?tfsm way of solving it: two half solves around one GEMM.
#include <gtest/gtest.h>

#include <random>
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
  const side_product<T> product(g, run.a, run.b);
  expect_result(r.name, g, alpha, run, [&](int i, int j) {
    const product_element got = product(i, j);
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


// LAPACK's RFP solver ?tfsm solves an even order 2k as two half solves
// around one GEMM, alpha applied by the first solve and as the GEMM's beta,
// and its test compares that with one ?trsm of the whole by sqrt(eps), on
// ill-conditioned matrices too: only bit-equal results pass every case.
// Both triangles on both sides (each side's two directions).
TYPED_TEST(Trsm, WholeSolveIsTwoHalfSolvesAroundOneGemmToTheBit) {
  using T = TypeParam;
  const auto trsm = triangular_routines<T>::trsm.cblas;
  const T alpha = T(0.37f) + T(1) / T(3), one = T(1), minus_one = T(-1);
  std::mt19937 gen(7);
  for (int k : {20, 25, 32})
    for (CBLAS_SIDE side : {CblasLeft, CblasRight})
      for (CBLAS_UPLO uplo : {CblasLower, CblasUpper}) {
        const int order = 2 * k, other = 23;
        const int m = side == CblasLeft ? order : other, n = side == CblasLeft ? other : order;
        stored<T> a(order, order, false, 3), b(m, n, false, 2);
        a.fill(gen);
        for (int d = 0; d < order; ++d) a.at(d, d) += T(4);
        b.fill(gen);
        stored<T> whole = b, halves = b;
        trsm(CblasColMajor, side, uplo, CblasNoTrans, CblasNonUnit, m, n, &alpha, a.data.data(), a.ld,
             whole.data.data(), whole.ld);
        // The half solved first: the leading one where op(A) is lower on the
        // left or upper on the right, the trailing one otherwise.
        const bool leading = (side == CblasLeft) == (uplo == CblasLower);
        const int first = leading ? 0 : k, second = leading ? k : 0;
        const auto part = [&](int h) {  // B's rows (left) or columns (right) from h
          return side == CblasLeft ? &halves.at(h, 0) : &halves.at(0, h);
        };
        const int rows = side == CblasLeft ? k : m, cols = side == CblasLeft ? n : k;
        trsm(CblasColMajor, side, uplo, CblasNoTrans, CblasNonUnit, rows, cols, &alpha, &a.at(first, first), a.ld,
             part(first), halves.ld);
        if (side == CblasLeft)  // B2 := alpha B2 - A(second, first) X1
          gemm_routine<T>::cblas(CblasColMajor, CblasNoTrans, CblasNoTrans, k, n, k, &minus_one, &a.at(second, first),
                                 a.ld, part(first), halves.ld, &alpha, part(second), halves.ld);
        else  // B2 := alpha B2 - X1 A(first, second)
          gemm_routine<T>::cblas(CblasColMajor, CblasNoTrans, CblasNoTrans, m, k, k, &minus_one, part(first),
                                 halves.ld, &a.at(first, second), a.ld, &alpha, part(second), halves.ld);
        trsm(CblasColMajor, side, uplo, CblasNoTrans, CblasNonUnit, rows, cols, &one, &a.at(second, second), a.ld,
             part(second), halves.ld);
        for (std::size_t i = 0; i < whole.data.size(); ++i)
          ASSERT_EQ(whole.data[i], halves.data[i]) << "k " << k << (side == CblasLeft ? " left " : " right ")
                                                   << (uplo == CblasLower ? "lower" : "upper") << ", element " << i;
      }
}

}  // namespace
}  // namespace swblas_test

// ?trsm by its residual: op(A) X (or X op(A)) against alpha B, with A
// diagonally dominant so that the bound of a backward-stable solve holds.
// Every side, triangle, transpose and diagonal, the three entries, odd
// sizes and sizes beyond the substitution block, NaN where A must not be
// read, alpha == 0 over NaN. And a whole solve to the bit against LAPACK's
// ?tfsm way of solving it: two half solves around one GEMM.
#include <gtest/gtest.h>

#include <complex>
#include <random>
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
  for_each_option<T>(entry::f77, 300, 290, [](const triangular_case& g) { check_trsm<T>(g, T(-0.5f), 11); });
}

TYPED_TEST(Trsm, AlphaZeroOverwritesNaN) {
  using T = TypeParam;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for_each_option<T>(api, 13, 9, [](const triangular_case& g) { check_trsm<T>(g, T(0), 3, /*b_nan=*/true); });
}


// The CBLAS calls of one precision, column-major, non-unit diagonal.
void trsm_call(CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, float alpha, const float* a, int lda, float* b, int ldb) {
  cblas_strsm(CblasColMajor, s, u, CblasNoTrans, CblasNonUnit, m, n, alpha, a, lda, b, ldb);
}
void trsm_call(CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, double alpha, const double* a, int lda, double* b, int ldb) {
  cblas_dtrsm(CblasColMajor, s, u, CblasNoTrans, CblasNonUnit, m, n, alpha, a, lda, b, ldb);
}
template <class R>
void trsm_call(CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, std::complex<R> alpha, const std::complex<R>* a, int lda,
               std::complex<R>* b, int ldb) {
  if constexpr (std::is_same_v<R, float>)
    cblas_ctrsm(CblasColMajor, s, u, CblasNoTrans, CblasNonUnit, m, n, &alpha, a, lda, b, ldb);
  else
    cblas_ztrsm(CblasColMajor, s, u, CblasNoTrans, CblasNonUnit, m, n, &alpha, a, lda, b, ldb);
}
void gemm_call(int m, int n, int k, float alpha, const float* a, int lda, const float* b, int ldb, float beta,
               float* c, int ldc) {
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
void gemm_call(int m, int n, int k, double alpha, const double* a, int lda, const double* b, int ldb, double beta,
               double* c, int ldc) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
template <class R>
void gemm_call(int m, int n, int k, std::complex<R> alpha, const std::complex<R>* a, int lda,
               const std::complex<R>* b, int ldb, std::complex<R> beta, std::complex<R>* c, int ldc) {
  if constexpr (std::is_same_v<R, float>)
    cblas_cgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc);
  else
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc);
}

template <class T>
std::vector<T> random_entries(std::size_t count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<T> v(count);
  for (T& x : v) {
    if constexpr (std::is_arithmetic_v<T>)
      x = T(u(rng));
    else
      x = T(u(rng), u(rng));
  }
  return v;
}

// LAPACK's RFP solver ?tfsm solves an even order 2k as two half solves
// around one GEMM, alpha applied by the first solve and as the GEMM's beta,
// and its test compares that with one ?trsm of the whole by sqrt(eps), on
// ill-conditioned matrices too: only bit-equal results pass every case.
// Both triangles on both sides (each side's two directions).
TYPED_TEST(Trsm, WholeSolveIsTwoHalfSolvesAroundOneGemmToTheBit) {
  using T = TypeParam;
  const T alpha = T(0.37f) + T(1) / T(3);
  for (int k : {20, 25, 32})
    for (CBLAS_SIDE side : {CblasLeft, CblasRight})
      for (CBLAS_UPLO uplo : {CblasLower, CblasUpper}) {
        const int order = 2 * k, other = 23, lda = order + 3;
        const int m = side == CblasLeft ? order : other, n = side == CblasLeft ? other : order, ldb = m + 2;
        std::vector<T> a = random_entries<T>(std::size_t(lda) * order, 7 + k);
        for (int d = 0; d < order; ++d) a[d + std::size_t(d) * lda] += T(4);
        const std::vector<T> b = random_entries<T>(std::size_t(ldb) * n, 9 + k);
        std::vector<T> whole = b, halves = b;
        trsm_call(side, uplo, m, n, alpha, a.data(), lda, whole.data(), ldb);
        // The half solved first: the leading one where op(A) is lower on the
        // left or upper on the right, the trailing one otherwise.
        const bool leading = (side == CblasLeft) == (uplo == CblasLower);
        const int first = leading ? 0 : k, second = leading ? k : 0;
        const auto block = [&](int i, int j) { return a.data() + i + std::size_t(j) * lda; };
        const auto part = [&](int h) {  // B's rows (left) or columns (right) from h
          return halves.data() + (side == CblasLeft ? std::size_t(h) : std::size_t(h) * ldb);
        };
        const int rows = side == CblasLeft ? k : m, cols = side == CblasLeft ? n : k;
        trsm_call(side, uplo, rows, cols, alpha, block(first, first), lda, part(first), ldb);
        if (side == CblasLeft)  // B2 := alpha B2 - A(second, first) X1
          gemm_call(k, n, k, T(-1), block(second, first), lda, part(first), ldb, alpha, part(second), ldb);
        else  // B2 := alpha B2 - X1 A(first, second)
          gemm_call(m, k, k, T(-1), part(first), ldb, block(first, second), lda, alpha, part(second), ldb);
        trsm_call(side, uplo, rows, cols, T(1), block(second, second), lda, part(second), ldb);
        for (std::size_t i = 0; i < whole.size(); ++i)
          ASSERT_EQ(whole[i], halves[i]) << "k " << k << (side == CblasLeft ? " left " : " right ")
                                         << (uplo == CblasLower ? "lower" : "upper") << ", element " << i;
      }
}

}  // namespace
}  // namespace swblas_test

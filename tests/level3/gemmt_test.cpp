// ?gemmt against a naive loop over C's triangle: both triangles, every
// pair of transposes, the three entries (Fortran, CBLAS column- and
// row-major), odd sizes and one larger than a block, NaN in the triangle
// that must not be touched, alpha == 0, beta == 0 overwriting NaN.
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <limits>
#include <string>
#include <vector>

#include "triangle_check.h"

extern "C" {
// As a Fortran program sees them: scalars and matrices by address.
#define GEMMT_F77(name)                                                                                      \
  void name(const char*, const char*, const char*, const int*, const int*, const void*, const void*,       \
            const int*, const void*, const int*, const void*, void*, const int*);
GEMMT_F77(sgemmt_)
GEMMT_F77(dgemmt_)
GEMMT_F77(cgemmt_)
GEMMT_F77(zgemmt_)
}

namespace swblas_test {
namespace {

template <class T>
struct gemmt_routine {
  const char* name;
  decltype(&sgemmt_) f77;
  void (*cblas)(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int, const T*, const T*, int,
                const T*, int, const T*, T*, int);
};

template <class T>
gemmt_routine<T> routine();
template <>
gemmt_routine<float> routine() {
  return {"sgemmt", sgemmt_,
          [](CBLAS_LAYOUT l, CBLAS_UPLO u, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int n, int k, const float* al,
             const float* a, int lda, const float* b, int ldb, const float* be, float* c, int ldc) {
            cblas_sgemmt(l, u, ta, tb, n, k, *al, a, lda, b, ldb, *be, c, ldc);
          }};
}
template <>
gemmt_routine<double> routine() {
  return {"dgemmt", dgemmt_,
          [](CBLAS_LAYOUT l, CBLAS_UPLO u, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int n, int k, const double* al,
             const double* a, int lda, const double* b, int ldb, const double* be, double* c, int ldc) {
            cblas_dgemmt(l, u, ta, tb, n, k, *al, a, lda, b, ldb, *be, c, ldc);
          }};
}
template <>
gemmt_routine<std::complex<float>> routine() {
  using X = std::complex<float>;
  return {"cgemmt", cgemmt_,
          [](CBLAS_LAYOUT l, CBLAS_UPLO u, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int n, int k, const X* al,
             const X* a, int lda, const X* b, int ldb, const X* be, X* c,
             int ldc) { cblas_cgemmt(l, u, ta, tb, n, k, al, a, lda, b, ldb, be, c, ldc); }};
}
template <>
gemmt_routine<std::complex<double>> routine() {
  using X = std::complex<double>;
  return {"zgemmt", zgemmt_,
          [](CBLAS_LAYOUT l, CBLAS_UPLO u, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int n, int k, const X* al,
             const X* a, int lda, const X* b, int ldb, const X* be, X* c,
             int ldc) { cblas_zgemmt(l, u, ta, tb, n, k, al, a, lda, b, ldb, be, c, ldc); }};
}

CBLAS_TRANSPOSE cblas_trans(char t) { return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans; }

struct gemmt_case {
  entry api;
  char uplo, transa, transb;
  int n, k;
};

std::string describe(const char* name, const gemmt_case& g) {
  return std::string(name) + (g.api == entry::f77 ? " f77" : g.api == entry::cblas_row ? " cblas row" : " cblas col") +
         " uplo " + g.uplo + " trans " + g.transa + g.transb + " n " + std::to_string(g.n) + " k " +
         std::to_string(g.k);
}

// op(X)(i, l) of a stored X under t.
template <class T>
std::complex<double> op_at(stored<T>& x, char t, int i, int l) {
  if (t == 'N') return std::complex<double>(x.at(i, l));
  const std::complex<double> v(x.at(l, i));
  return t == 'C' ? std::conj(v) : v;
}

// Runs one case: the triangle not updated holds NaN and must keep it; with
// c_nan the updated one does too (beta == 0 must not read it).
template <class T>
void check_gemmt(const gemmt_case& g, T alpha, T beta, unsigned seed, bool c_nan = false) {
  using R = real_t<T>;
  const gemmt_routine<T> r = routine<T>();
  const bool rm = g.api == entry::cblas_row;
  stored<T> a(g.transa == 'N' ? g.n : g.k, g.transa == 'N' ? g.k : g.n, rm, 2);
  stored<T> b(g.transb == 'N' ? g.k : g.n, g.transb == 'N' ? g.n : g.k, rm, 1), c(g.n, g.n, rm, 3);
  std::mt19937 gen(seed);
  a.fill(gen);
  b.fill(gen);
  c.fill(gen);
  poison_triangles(c, g.uplo, c_nan);
  const bool beta_zero = beta == T(0);
  const std::complex<double> al(alpha), be(beta);
  const double eps = std::numeric_limits<R>::epsilon();
  // op(A)'s rows and op(B)'s columns copied once, so that each element's
  // sum reads them contiguously (read in place, the naive loop was most of
  // this test's time).
  std::vector<std::complex<double>> a_rows(std::size_t(g.n) * g.k), b_columns(std::size_t(g.n) * g.k);
  for (int i = 0; i < g.n; ++i)
    for (int l = 0; l < g.k; ++l) {
      a_rows[std::size_t(i) * g.k + l] = op_at(a, g.transa, i, l);
      b_columns[std::size_t(i) * g.k + l] = op_at(b, g.transb, l, i);
    }
  const naive_triangle t = naive_on_triangle(g.n, g.uplo, [&](int i, int j, std::complex<double>& want, double& bound) {
    std::complex<double> s = 0;
    double mag = 0;
    const std::complex<double>* x = a_rows.data() + std::size_t(i) * g.k;
    const std::complex<double>* y = b_columns.data() + std::size_t(j) * g.k;
    for (int l = 0; l < g.k; ++l) {
      s += x[l] * y[l];
      mag += norm1(x[l]) * norm1(y[l]);
    }
    const std::complex<double> c0(c.at(i, j));
    want = alpha == T(0) ? std::complex<double>(0) : al * s;
    if (!beta_zero) want += be * c0;
    bound = 4 * (g.k + 4) * eps * (norm1(al) * mag + (beta_zero ? 0 : norm1(be) * norm1(c0))) + 1e-30;
  });
  const int lda = a.ld, ldb = b.ld, ldc = c.ld;
  if (g.api == entry::f77)
    r.f77(&g.uplo, &g.transa, &g.transb, &g.n, &g.k, &alpha, a.data.data(), &lda, b.data.data(), &ldb, &beta,
          c.data.data(), &ldc);
  else
    r.cblas(rm ? CblasRowMajor : CblasColMajor, g.uplo == 'U' ? CblasUpper : CblasLower, cblas_trans(g.transa),
            cblas_trans(g.transb), g.n, g.k, &alpha, a.data.data(), lda, b.data.data(), ldb, &beta, c.data.data(),
            ldc);
  ASSERT_TRUE(triangle_matches(c, g.uplo, t)) << describe(r.name, g);
}

template <class T>
class Gemmt : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Gemmt, precisions);

TYPED_TEST(Gemmt, EveryTriangleTransposeAndEntryOnOddSizes) {
  using T = TypeParam;
  unsigned seed = 1;
  for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
    for (char uplo : {'U', 'L'})
      for (char ta : {'N', 'T', 'C'})
        for (char tb : {'N', 'T', 'C'})
          for (int n : {0, 1, 5, 19})
            for (int k : {0, 4, 23}) check_gemmt<T>({api, uplo, ta, tb, n, k}, scalar<T>(0.7f, -0.2f), scalar<T>(-1.3f, 0.5f), seed++);
}

TYPED_TEST(Gemmt, LargerThanOneBlock) {
  using T = TypeParam;
  for (char uplo : {'U', 'L'}) {
    check_gemmt<T>({entry::f77, uplo, 'N', 'T', 300, 270}, scalar<T>(-0.5f, 0.3f), scalar<T>(0.25f, 0.1f), 11);
    check_gemmt<T>({entry::cblas_row, uplo, 'C', 'N', 300, 270}, scalar<T>(-0.5f, 0.3f), scalar<T>(0.25f, 0.1f), 12);
  }
}

TYPED_TEST(Gemmt, AlphaZeroAndBetaZero) {
  using T = TypeParam;
  for (char uplo : {'U', 'L'}) {
    check_gemmt<T>({entry::f77, uplo, 'N', 'N', 13, 9}, T(0), T(0.5f), 3);
    check_gemmt<T>({entry::cblas_row, uplo, 'T', 'N', 13, 9}, T(0), T(0), 4, /*c_nan=*/true);
    check_gemmt<T>({entry::cblas_col, uplo, 'N', 'C', 13, 9}, T(1), T(0), 5, /*c_nan=*/true);
  }
}

}  // namespace
}  // namespace swblas_test

// ?symm and ?hemm against a naive loop over the full matrix built from the
// stored triangle: both sides and triangles, the three entries (Fortran,
// CBLAS column- and row-major), odd sizes, NaN in the triangle that must
// not be read (and in a Hermitian diagonal's imaginary parts), alpha == 0,
// beta == 0 overwriting NaN, argument errors.
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <limits>
#include <string>

#include "level3_harness.h"

extern "C" {
// The routines declared by the test as a Fortran program sees them.
void ssymm_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
            const int*, const void*, void*, const int*);
void dsymm_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
            const int*, const void*, void*, const int*);
void csymm_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
            const int*, const void*, void*, const int*);
void zsymm_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
            const int*, const void*, void*, const int*);
void chemm_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
            const int*, const void*, void*, const int*);
void zhemm_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
            const int*, const void*, void*, const int*);
}

namespace swblas_test {
namespace {

using f77_symm = void (*)(const char*, const char*, const int*, const int*, const void*, const void*, const int*,
                          const void*, const int*, const void*, void*, const int*);

// A routine of the family: its Fortran entry, and the CBLAS one through a
// uniform signature.
template <class T>
struct symm_routine {
  const char* name;
  bool hermitian;
  f77_symm f77;
  void (*cblas)(CBLAS_LAYOUT, CBLAS_SIDE, CBLAS_UPLO, int, int, const T*, const T*, int, const T*, int, const T*, T*,
                int);
};

template <class T>
std::vector<symm_routine<T>> routines();
template <>
std::vector<symm_routine<float>> routines() {
  return {{"ssymm", false, ssymm_,
           [](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const float* al, const float* a, int lda,
              const float* b, int ldb, const float* be, float* c, int ldc) {
             cblas_ssymm(l, s, u, m, n, *al, a, lda, b, ldb, *be, c, ldc);
           }}};
}
template <>
std::vector<symm_routine<double>> routines() {
  return {{"dsymm", false, dsymm_,
           [](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const double* al, const double* a, int lda,
              const double* b, int ldb, const double* be, double* c, int ldc) {
             cblas_dsymm(l, s, u, m, n, *al, a, lda, b, ldb, *be, c, ldc);
           }}};
}
template <class X, class Cblas>
auto complex_cblas(Cblas f) {
  return [f](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const X* al, const X* a, int lda, const X* b,
             int ldb, const X* be, X* c, int ldc) { f(l, s, u, m, n, al, a, lda, b, ldb, be, c, ldc); };
}
template <>
std::vector<symm_routine<std::complex<float>>> routines() {
  using X = std::complex<float>;
  return {{"csymm", false, csymm_,
           [](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const X* al, const X* a, int lda, const X* b,
              int ldb, const X* be, X* c, int ldc) { cblas_csymm(l, s, u, m, n, al, a, lda, b, ldb, be, c, ldc); }},
          {"chemm", true, chemm_,
           [](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const X* al, const X* a, int lda, const X* b,
              int ldb, const X* be, X* c, int ldc) { cblas_chemm(l, s, u, m, n, al, a, lda, b, ldb, be, c, ldc); }}};
}
template <>
std::vector<symm_routine<std::complex<double>>> routines() {
  using X = std::complex<double>;
  return {{"zsymm", false, zsymm_,
           [](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const X* al, const X* a, int lda, const X* b,
              int ldb, const X* be, X* c, int ldc) { cblas_zsymm(l, s, u, m, n, al, a, lda, b, ldb, be, c, ldc); }},
          {"zhemm", true, zhemm_,
           [](CBLAS_LAYOUT l, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, const X* al, const X* a, int lda, const X* b,
              int ldb, const X* be, X* c, int ldc) { cblas_zhemm(l, s, u, m, n, al, a, lda, b, ldb, be, c, ldc); }}};
}

struct symm_case {
  entry api;
  char side, uplo;
  int m, n;
};

std::string describe(const char* name, const symm_case& g) {
  return std::string(name) + (g.api == entry::f77 ? " f77" : g.api == entry::cblas_col ? " cblas col" : " cblas row") +
         " side " + g.side + " uplo " + g.uplo + " " + std::to_string(g.m) + "x" + std::to_string(g.n);
}

// Runs one case: the triangle A does not store holds NaN (so does the
// imaginary part of a Hermitian diagonal); with c_nan C holds NaN.
template <class T>
void check_symm(const symm_routine<T>& r, const symm_case& g, T alpha, T beta, unsigned seed, bool c_nan = false) {
  using R = real_t<T>;
  const bool rm = g.api == entry::cblas_row;
  const int ka = g.side == 'L' ? g.m : g.n;
  stored<T> a(ka, ka, rm, 2), b(g.m, g.n, rm, 1), c(g.m, g.n, rm, 3);
  std::mt19937 gen(seed);
  a.fill(gen);
  b.fill(gen);
  c.fill(gen);
  const R nan = std::numeric_limits<R>::quiet_NaN();
  // The matrix the routine must use, and the storage it gets.
  std::vector<T> full(std::size_t(ka) * ka);
  for (int i = 0; i < ka; ++i)
    for (int l = 0; l < ka; ++l) {
      const bool stored_here = g.uplo == 'U' ? i <= l : i >= l;
      T v = stored_here ? a.at(i, l) : a.at(l, i);
      if (!stored_here && r.hermitian) {
        if constexpr (is_complex<T>) v = std::conj(v);
      }
      if (i == l && r.hermitian) v = T(std::real(v));
      full[i + std::size_t(l) * ka] = v;
    }
  for (int i = 0; i < ka; ++i)
    for (int l = 0; l < ka; ++l) {
      const bool stored_here = g.uplo == 'U' ? i <= l : i >= l;
      if (!stored_here) a.at(i, l) = T(nan);
      if constexpr (is_complex<T>)
        if (i == l && r.hermitian) a.at(i, i) = T(a.at(i, i).real(), nan);
    }
  if (c_nan) c.fill_with(T(nan));
  const bool left = g.side == 'L', beta_zero = beta == T(0);
  const double eps = std::numeric_limits<R>::epsilon();
  std::vector<std::complex<double>> want(std::size_t(g.m) * g.n);
  std::vector<double> bound(want.size());
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      std::complex<double> s = 0;
      double mag = 0;
      for (int l = 0; l < ka; ++l) {
        const std::complex<double> x(left ? full[i + std::size_t(l) * ka] : b.at(i, l));
        const std::complex<double> y(left ? b.at(l, j) : full[l + std::size_t(j) * ka]);
        s += x * y;
        mag += norm1(x) * norm1(y);
      }
      const std::complex<double> al(alpha), be(beta), c0(c.at(i, j));
      const std::size_t e = i + std::size_t(j) * g.m;
      want[e] = alpha == T(0) ? std::complex<double>(0) : al * s;
      if (!beta_zero) want[e] += be * c0;
      bound[e] = 4 * (ka + 4) * eps * (norm1(al) * mag + (beta_zero ? 0 : norm1(be) * norm1(c0))) + 1e-30;
    }
  const int lda = a.ld, ldb = b.ld, ldc = c.ld;
  if (g.api == entry::f77)
    r.f77(&g.side, &g.uplo, &g.m, &g.n, &alpha, a.data.data(), &lda, b.data.data(), &ldb, &beta, c.data.data(), &ldc);
  else
    r.cblas(rm ? CblasRowMajor : CblasColMajor, left ? CblasLeft : CblasRight, g.uplo == 'U' ? CblasUpper : CblasLower,
            g.m, g.n, &alpha, a.data.data(), lda, b.data.data(), ldb, &beta, c.data.data(), ldc);
  ASSERT_TRUE(c.guards_intact()) << describe(r.name, g);
  for (int i = 0; i < g.m; ++i)
    for (int j = 0; j < g.n; ++j) {
      const std::size_t e = i + std::size_t(j) * g.m;
      ASSERT_LE(std::abs(std::complex<double>(c.at(i, j)) - want[e]), bound[e])
          << describe(r.name, g) << " at (" << i << ", " << j << ")";
    }
}

template <class T>
class Symm : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Symm, precisions);

TYPED_TEST(Symm, EverySideTriangleAndEntryOnOddSizes) {
  using T = TypeParam;
  unsigned seed = 1;
  for (const symm_routine<T>& r : routines<T>())
    for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
      for (char side : {'L', 'R'})
        for (char uplo : {'U', 'L'})
          for (int m : {0, 1, 5, 19})
            for (int n : {0, 1, 4, 23})
              check_symm<T>(r, {api, side, uplo, m, n}, T(0.7f), T(-1.3f), seed++);
}

TYPED_TEST(Symm, LargerThanOneBlock) {
  using T = TypeParam;
  for (const symm_routine<T>& r : routines<T>())
    for (char side : {'L', 'R'})
      for (char uplo : {'U', 'L'}) check_symm<T>(r, {entry::f77, side, uplo, 271, 263}, T(-0.5f), T(0.25f), 11);
}

TYPED_TEST(Symm, AlphaZeroAndBetaZero) {
  using T = TypeParam;
  for (const symm_routine<T>& r : routines<T>()) {
    check_symm<T>(r, {entry::f77, 'L', 'U', 13, 9}, T(0), T(0.5f), 3);
    check_symm<T>(r, {entry::f77, 'R', 'L', 13, 9}, T(1), T(0), 4, /*c_nan=*/true);
  }
}

}  // namespace
}  // namespace swblas_test

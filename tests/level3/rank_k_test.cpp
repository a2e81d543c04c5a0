// ?syrk, ?herk, ?syr2k and ?her2k against a naive loop over C's triangle:
// both triangles, every legal transpose, the three entries (Fortran, CBLAS
// column- and row-major), odd sizes and one larger than a block, NaN in the
// triangle that must not be touched (and in the imaginary parts of a
// Hermitian diagonal, which become 0), alpha == 0, beta == 0 overwriting NaN.
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "triangle_check.h"

extern "C" {
// The routines as a Fortran program sees them: scalars and matrices by
// address, complex ones as (re, im) pairs; herk's alpha and beta and
// her2k's beta real.
#define RANK_K_F77(name)                                                                                           \
  void name(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*, \
            void*, const int*);
#define RANK_2K_F77(name)                                                                                          \
  void name(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*, \
            const int*, const void*, void*, const int*);
RANK_K_F77(ssyrk_)
RANK_K_F77(dsyrk_)
RANK_K_F77(csyrk_)
RANK_K_F77(zsyrk_)
RANK_K_F77(cherk_)
RANK_K_F77(zherk_)
RANK_2K_F77(ssyr2k_)
RANK_2K_F77(dsyr2k_)
RANK_2K_F77(csyr2k_)
RANK_2K_F77(zsyr2k_)
RANK_2K_F77(cher2k_)
RANK_2K_F77(zher2k_)
}

namespace swblas_test {
namespace {

// One call of a routine through one entry; a rank-k routine ignores B.
template <class T>
using rank_k_runner = void (*)(entry, char uplo, char trans, int n, int k, T alpha, const T* a, int lda, const T* b,
                               int ldb, T beta, T* c, int ldc);

template <class T>
struct rank_k_routine {
  const char* name;
  bool hermitian, two_terms;
  const char* transposes;  // the legal TRANS characters
  rank_k_runner<T> run;
};

CBLAS_LAYOUT layout_of(entry api) { return api == entry::cblas_row ? CblasRowMajor : CblasColMajor; }
CBLAS_UPLO uplo_of(char u) { return u == 'U' ? CblasUpper : CblasLower; }
CBLAS_TRANSPOSE trans_of(char t) { return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans; }

// A scalar as the routine takes it (herk's alpha and beta, her2k's beta:
// the real part), and as CBLAS passes it: real by value, complex by address.
template <class S, class T>
S as_scalar(T v) {
  if constexpr (std::is_same_v<S, T>)
    return v;
  else
    return S(std::real(v));
}
inline float cblas_arg(const float& v) { return v; }
inline double cblas_arg(const double& v) { return v; }
template <class R>
const void* cblas_arg(const std::complex<R>& v) {
  return &v;
}

// Alpha and beta of types SA and SB.
#define RANK_K_ROUTINE(NAME, HERMITIAN, TRANSPOSES, F77, CBLAS, SA, SB)                                          \
  rank_k_routine<X> {                                                                                           \
    NAME, HERMITIAN, false, TRANSPOSES,                                                                        \
        [](entry api, char u, char t, int n, int k, X al, const X* a, int lda, const X*, int, X be, X* c,      \
           int ldc) {                                                                                          \
          const SA fa = as_scalar<SA>(al);                                                                     \
          const SB fb = as_scalar<SB>(be);                                                                     \
          if (api == entry::f77)                                                                               \
            F77(&u, &t, &n, &k, &fa, a, &lda, &fb, c, &ldc);                                                   \
          else                                                                                                 \
            CBLAS(layout_of(api), uplo_of(u), trans_of(t), n, k, cblas_arg(fa), a, lda, cblas_arg(fb), c, ldc); \
        }                                                                                                      \
  }
#define RANK_2K_ROUTINE(NAME, HERMITIAN, TRANSPOSES, F77, CBLAS, SB)                                             \
  rank_k_routine<X> {                                                                                           \
    NAME, HERMITIAN, true, TRANSPOSES,                                                                         \
        [](entry api, char u, char t, int n, int k, X al, const X* a, int lda, const X* b, int ldb, X be, X* c, \
           int ldc) {                                                                                          \
          const SB fb = as_scalar<SB>(be);                                                                     \
          if (api == entry::f77)                                                                               \
            F77(&u, &t, &n, &k, &al, a, &lda, b, &ldb, &fb, c, &ldc);                                          \
          else                                                                                                 \
            CBLAS(layout_of(api), uplo_of(u), trans_of(t), n, k, cblas_arg(al), a, lda, b, ldb, cblas_arg(fb), \
                  c, ldc);                                                                                     \
        }                                                                                                      \
  }

template <class T>
std::vector<rank_k_routine<T>> routines();
template <>
std::vector<rank_k_routine<float>> routines() {
  using X = float;
  return {RANK_K_ROUTINE("ssyrk", false, "NTC", ssyrk_, cblas_ssyrk, X, X),
          RANK_2K_ROUTINE("ssyr2k", false, "NTC", ssyr2k_, cblas_ssyr2k, X)};
}
template <>
std::vector<rank_k_routine<double>> routines() {
  using X = double;
  return {RANK_K_ROUTINE("dsyrk", false, "NTC", dsyrk_, cblas_dsyrk, X, X),
          RANK_2K_ROUTINE("dsyr2k", false, "NTC", dsyr2k_, cblas_dsyr2k, X)};
}
template <>
std::vector<rank_k_routine<std::complex<float>>> routines() {
  using X = std::complex<float>;
  return {RANK_K_ROUTINE("csyrk", false, "NT", csyrk_, cblas_csyrk, X, X),
          RANK_K_ROUTINE("cherk", true, "NC", cherk_, cblas_cherk, float, float),
          RANK_2K_ROUTINE("csyr2k", false, "NT", csyr2k_, cblas_csyr2k, X),
          RANK_2K_ROUTINE("cher2k", true, "NC", cher2k_, cblas_cher2k, float)};
}
template <>
std::vector<rank_k_routine<std::complex<double>>> routines() {
  using X = std::complex<double>;
  return {RANK_K_ROUTINE("zsyrk", false, "NT", zsyrk_, cblas_zsyrk, X, X),
          RANK_K_ROUTINE("zherk", true, "NC", zherk_, cblas_zherk, double, double),
          RANK_2K_ROUTINE("zsyr2k", false, "NT", zsyr2k_, cblas_zsyr2k, X),
          RANK_2K_ROUTINE("zher2k", true, "NC", zher2k_, cblas_zher2k, double)};
}

struct rank_k_case {
  entry api;
  char uplo, trans;
  int n, k;
};

std::string describe(const char* name, const rank_k_case& g) {
  return std::string(name) + (g.api == entry::f77 ? " f77" : g.api == entry::cblas_row ? " cblas row" : " cblas col") +
         " uplo " + g.uplo + " trans " + g.trans + " n " + std::to_string(g.n) + " k " + std::to_string(g.k);
}

template <class T>
std::complex<double> conj_if(bool c, T x) {
  const std::complex<double> z(x);
  return c ? std::conj(z) : z;
}

// Runs one case. The triangle C does not store holds NaN and must keep it;
// so do the imaginary parts of a Hermitian diagonal, which must become 0.
// With c_nan the stored triangle holds NaN too (beta == 0 must not read it).
template <class T>
void check_rank_k(const rank_k_routine<T>& r, const rank_k_case& g, T alpha, T beta, unsigned seed,
                  bool c_nan = false) {
  using R = real_t<T>;
  const bool rm = g.api == entry::cblas_row, plain = g.trans == 'N';
  const int rows = plain ? g.n : g.k, cols = plain ? g.k : g.n;
  stored<T> a(rows, cols, rm, 2), b(rows, cols, rm, 1), c(g.n, g.n, rm, 3);
  std::mt19937 gen(seed);
  a.fill(gen);
  b.fill(gen);
  c.fill(gen);
  poison_triangles(c, g.uplo, c_nan);
  if constexpr (is_complex<T>)
    if (r.hermitian && !c_nan)
      for (int i = 0; i < g.n; ++i) c.at(i, i) = T(c.at(i, i).real(), std::numeric_limits<R>::quiet_NaN());
  // The scalars as the routine takes them, and its second term's alpha.
  if (r.hermitian) beta = T(std::real(beta));
  if (r.hermitian && !r.two_terms) alpha = T(std::real(alpha));
  const std::complex<double> al(alpha), be(beta), al2 = r.hermitian ? std::conj(al) : al;
  const bool beta_zero = beta == T(0), alpha_zero = alpha == T(0), herm = r.hermitian;
  // x(i, l) = op(X)(i, l); y(j, l) = op(Y)'(l, j): copied once by rows i
  // and j, so that each element's sum reads them contiguously (read in
  // place, the naive loop was most of this test's time).
  const auto x = [&](stored<T>& m, int i, int l) { return plain ? conj_if(false, m.at(i, l)) : conj_if(herm, m.at(l, i)); };
  const auto y = [&](stored<T>& m, int j, int l) { return plain ? conj_if(herm, m.at(j, l)) : conj_if(false, m.at(l, j)); };
  const auto by_rows = [&](const auto& op, stored<T>& m) {
    std::vector<std::complex<double>> rows(std::size_t(g.n) * g.k);
    for (int i = 0; i < g.n; ++i)
      for (int l = 0; l < g.k; ++l) rows[std::size_t(i) * g.k + l] = op(m, i, l);
    return rows;
  };
  const std::vector<std::complex<double>> xa = by_rows(x, a), ya = by_rows(y, a);
  const std::vector<std::complex<double>> xb = r.two_terms ? by_rows(x, b) : xa, yb = r.two_terms ? by_rows(y, b) : ya;
  const double eps = std::numeric_limits<R>::epsilon();
  const naive_triangle t = naive_on_triangle(g.n, g.uplo, [&](int i, int j, std::complex<double>& want, double& bound) {
    std::complex<double> s = 0;
    double mag = 0;
    const std::size_t xi = std::size_t(i) * g.k, yj = std::size_t(j) * g.k;
    for (int l = 0; l < g.k; ++l) {
      s += al * xa[xi + l] * yb[yj + l];
      mag += norm1(al) * norm1(xa[xi + l]) * norm1(yb[yj + l]);
      if (!r.two_terms) continue;
      s += al2 * xb[xi + l] * ya[yj + l];
      mag += norm1(al2) * norm1(xb[xi + l]) * norm1(ya[yj + l]);
    }
    // A Hermitian diagonal's imaginary parts are neither read nor kept.
    const bool real_diagonal = herm && i == j;
    const std::complex<double> c0 = real_diagonal ? std::complex<double>(c.at(i, j)).real() : c.at(i, j);
    want = alpha_zero ? std::complex<double>(0) : s;
    if (!beta_zero) want += be * c0;
    if (real_diagonal) want = want.real();
    bound = 4 * (2 * g.k + 4) * eps * (mag + (beta_zero ? 0 : norm1(be) * norm1(c0))) + 1e-30;
  });
  r.run(g.api, g.uplo, g.trans, g.n, g.k, alpha, a.data.data(), a.ld, b.data.data(), b.ld, beta, c.data.data(), c.ld);
  ASSERT_TRUE(triangle_matches(c, g.uplo, t, herm)) << describe(r.name, g);
}

template <class T>
class RankK : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(RankK, precisions);

TYPED_TEST(RankK, EveryTriangleTransposeAndEntryOnOddSizes) {
  using T = TypeParam;
  unsigned seed = 1;
  for (const rank_k_routine<T>& r : routines<T>())
    for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
      for (char uplo : {'U', 'L'})
        for (const char* t = r.transposes; *t; ++t)
          for (int n : {0, 1, 5, 19})
            for (int k : {0, 1, 4, 23})
              check_rank_k<T>(r, {api, uplo, *t, n, k}, scalar<T>(0.7f, 0.2f), scalar<T>(-1.3f, 0.4f), seed++);
}

TYPED_TEST(RankK, LargerThanOneBlock) {
  using T = TypeParam;
  // Each triangle once, with one transpose each (the naive loop is slow).
  for (const rank_k_routine<T>& r : routines<T>()) {
    check_rank_k<T>(r, {entry::f77, 'U', 'N', 300, 270}, scalar<T>(-0.5f, 0.3f), scalar<T>(0.25f, -0.1f), 11);
    check_rank_k<T>(r, {entry::cblas_row, 'L', r.transposes[1], 300, 270}, scalar<T>(0.5f, 0.3f),
                    scalar<T>(-0.25f, 0.1f), 12);
  }
}

TYPED_TEST(RankK, AlphaZeroAndBetaZero) {
  using T = TypeParam;
  for (const rank_k_routine<T>& r : routines<T>())
    for (char uplo : {'U', 'L'}) {
      check_rank_k<T>(r, {entry::f77, uplo, 'N', 13, 9}, T(0), T(0.5f), 3);
      check_rank_k<T>(r, {entry::cblas_row, uplo, 'N', 13, 9}, T(0), T(0), 4, /*c_nan=*/true);
      check_rank_k<T>(r, {entry::f77, uplo, r.transposes[1], 13, 9}, T(1), T(0), 5, /*c_nan=*/true);
      check_rank_k<T>(r, {entry::cblas_col, uplo, 'N', 13, 0}, T(1), T(2), 6);
    }
}

// n == 0, or no product (alpha == 0 or k == 0) with beta == 1: C is left
// bit for bit as it was, a Hermitian diagonal's imaginary parts included.
TYPED_TEST(RankK, QuickReturnLeavesCUntouched) {
  using T = TypeParam;
  for (const rank_k_routine<T>& r : routines<T>())
    for (entry api : {entry::f77, entry::cblas_col, entry::cblas_row})
      for (int k : {0, 7}) {
        stored<T> a(6, 7, api == entry::cblas_row, 1), c(6, 6, api == entry::cblas_row, 2);
        std::mt19937 gen(k);
        a.fill(gen);
        c.fill(gen);
        const std::vector<T> before = c.data;
        r.run(api, 'L', 'N', 6, k, T(k == 0 ? 1 : 0), a.data.data(), a.ld, a.data.data(), a.ld, T(1),
              c.data.data(), c.ld);
        ASSERT_EQ(std::memcmp(before.data(), c.data.data(), before.size() * sizeof(T)), 0) << r.name;
      }
}

}  // namespace
}  // namespace swblas_test

// ?symv ?hemv ?sbmv ?hbmv ?spmv ?hpmv of every precision against the naive
// product with the full matrix, through the Fortran and the CBLAS (both
// layouts) entry points: both triangles, sizes 0..200, band widths 0..5,
// increments -3..3, and the reference's special cases (beta == 0 over NaN,
// alpha == 0, garbage imaginary parts on a Hermitian diagonal).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "symmetric_harness.h"

namespace {

using namespace l2sym;

template <class T>
class SymmetricProduct : public ::testing::Test {};
using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(SymmetricProduct, Precisions);

template <class T>
void call_product(api a, const stored_matrix<T>& m, T alpha, const T* x, int incx, T beta, T* y, int incy) {
  const routines<T>& r = routines_of<T>();
  const int n = m.n, k = m.k, lda = m.lda;
  const T* A = m.data.data();
  if (a == api::fortran) {
    const char u = m.uplo;
    switch (m.kind) {
      case storage::full:
        return r.symv(&u, &n, &alpha, A, &lda, x, &incx, &beta, y, &incy);
      case storage::band:
        return r.sbmv(&u, &n, &k, &alpha, A, &lda, x, &incx, &beta, y, &incy);
      case storage::packed:
        return r.spmv(&u, &n, &alpha, A, x, &incx, &beta, y, &incy);
    }
  }
  const CBLAS_LAYOUT l = layout_of(a);
  const CBLAS_UPLO u = uplo_of(m.uplo);
  switch (m.kind) {
    case storage::full:
      return r.c_symv(l, u, n, scalar_arg(alpha), A, lda, x, incx, scalar_arg(beta), y, incy);
    case storage::band:
      return r.c_sbmv(l, u, n, k, scalar_arg(alpha), A, lda, x, incx, scalar_arg(beta), y, incy);
    case storage::packed:
      return r.c_spmv(l, u, n, scalar_arg(alpha), A, x, incx, scalar_arg(beta), y, incy);
  }
}

struct product_case {
  storage kind;
  char uplo;
  int n, k, incx, incy;
};

// One call against the model; y's elements between the strided ones and A
// and x must stay as they were.
template <class T>
void check_product(api a, const product_case& c, T alpha, T beta, bool nan_y, std::mt19937& gen) {
  const T nan(std::numeric_limits<real_t<T>>::quiet_NaN());
  stored_matrix<T> m = random_matrix<T>(c.kind, c.uplo, c.n, c.k, a == api::cblas_row, gen);
  const strided xs{c.n, c.incx}, ys{c.n, c.incy};
  std::vector<T> x = random_vector<T>(xs.size(), gen);
  std::vector<T> y = random_vector<T>(ys.size(), gen);
  if (nan_y)
    for (int i = 0; i < c.n; ++i) y[ys.offset(i)] = nan;
  if (alpha == T(0)) {  // neither A nor x is read then
    std::fill(m.data.begin(), m.data.end(), nan);
    std::fill(x.begin(), x.end(), nan);
  }
  std::vector<T> expected = y;
  for (int i = 0; i < c.n; ++i) {
    T sum = T(0);
    for (int j = 0; j < c.n; ++j) sum += m.logical(i, j) * x[xs.offset(j)];
    const T scaled = beta == T(0) ? T(0) : beta * y[ys.offset(i)];
    expected[ys.offset(i)] = alpha == T(0) ? scaled : scaled + alpha * sum;
  }
  const std::vector<T> a_before = m.data, x_before = x;
  call_product(a, m, alpha, x.data(), c.incx, beta, y.data(), c.incy);
  const char* why = a == api::fortran ? "Fortran" : a == api::cblas_col ? "CBLAS col" : "CBLAS row";
  for (std::size_t p = 0; p < y.size(); ++p) {
    const bool element = c.n > 0 && (p % std::abs(c.incy)) == 0;
    if (element) {
      EXPECT_TRUE(close(y[p], expected[p], c.n))
          << why << " uplo " << c.uplo << " n " << c.n << " k " << c.k << " incx " << c.incx << " incy " << c.incy
          << " at " << p << ": " << y[p] << " vs " << expected[p];
    } else {
      EXPECT_EQ(y[p], expected[p]) << why << " wrote outside y";
    }
  }
  EXPECT_EQ(0, std::memcmp(m.data.data(), a_before.data(), a_before.size() * sizeof(T)));
  EXPECT_EQ(0, std::memcmp(x.data(), x_before.data(), x_before.size() * sizeof(T)));
}

template <class T>
void check_products(storage kind, const std::vector<int>& ks, const std::vector<int>& sizes = {0, 1, 2, 3, 7, 33},
                    const std::vector<int>& increments = {-3, -2, -1, 1, 2, 3}) {
  std::mt19937 gen(7);
  const T alpha = T(real_t<T>(0.75));
  const T complex_alpha = random_value<T>(gen), complex_beta = random_value<T>(gen);
  for (api a : kApis)
    for (char uplo : {'U', 'L'})
      for (int n : sizes)
        for (int k : ks)
          for (int incx : increments)
            for (int incy : increments) {
              const product_case c{kind, uplo, n, k, incx, incy};
              check_product<T>(a, c, complex_alpha, complex_beta, false, gen);
              if (incx != incy) continue;  // the special cases on fewer strides
              check_product<T>(a, c, alpha, T(0), true, gen);   // beta == 0 over NaN
              check_product<T>(a, c, T(0), complex_beta, false, gen);
              check_product<T>(a, c, alpha, T(1), false, gen);
              check_product<T>(a, c, T(0), T(1), false, gen);  // the quick return
            }
}

TYPED_TEST(SymmetricProduct, Full) { check_products<TypeParam>(storage::full, {0}); }
// Full storage runs in blocks of 64 columns with panels of rows beside
// them (symv.cpp): sizes across both.
TYPED_TEST(SymmetricProduct, FullAcrossBlocks) {
  check_products<TypeParam>(storage::full, {0}, {64, 65, 130, 200}, {-2, 1});
}
TYPED_TEST(SymmetricProduct, Band) { check_products<TypeParam>(storage::band, {0, 1, 2, 5}); }
TYPED_TEST(SymmetricProduct, Packed) { check_products<TypeParam>(storage::packed, {0}); }

}  // namespace

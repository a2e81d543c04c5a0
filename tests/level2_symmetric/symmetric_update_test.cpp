// ?syr ?her ?spr ?hpr ?syr2 ?her2 ?spr2 ?hpr2 of every precision against
// the naive update of the full matrix, through the Fortran and the CBLAS
// (both layouts) entry points: both triangles, sizes 0..33, increments
// -3..3, alpha == 0, and the Hermitian diagonal, whose imaginary part the
// updates set to zero (also where x(j) and y(j) are zero).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "symmetric_harness.h"

namespace {

using namespace l2sym;

template <class T>
class SymmetricUpdate : public ::testing::Test {};
using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(SymmetricUpdate, Precisions);

// y null: rank 1 (alpha's real part only: ?her, ?hpr take a real alpha).
template <class T>
void call_update(api a, stored_matrix<T>& m, T alpha, const T* x, int incx, const T* y, int incy) {
  const routines<T>& r = routines_of<T>();
  const int n = m.n, lda = m.lda;
  const real_t<T> ralpha = std::real(alpha);
  T* A = m.data.data();
  const bool packed = m.kind == storage::packed;
  if (a == api::fortran) {
    const char u = m.uplo;
    if (!y) return packed ? r.spr(&u, &n, &ralpha, x, &incx, A) : r.syr(&u, &n, &ralpha, x, &incx, A, &lda);
    return packed ? r.spr2(&u, &n, &alpha, x, &incx, y, &incy, A) : r.syr2(&u, &n, &alpha, x, &incx, y, &incy, A, &lda);
  }
  const CBLAS_LAYOUT l = layout_of(a);
  const CBLAS_UPLO u = uplo_of(m.uplo);
  if (!y) return packed ? r.c_spr(l, u, n, ralpha, x, incx, A) : r.c_syr(l, u, n, ralpha, x, incx, A, lda);
  return packed ? r.c_spr2(l, u, n, scalar_arg(alpha), x, incx, y, incy, A)
                : r.c_syr2(l, u, n, scalar_arg(alpha), x, incx, y, incy, A, lda);
}

struct update_case {
  storage kind;
  char uplo;
  int n, incx, incy;
  bool rank2;
};

template <class T>
void check_update(api a, const update_case& c, T alpha, std::mt19937& gen) {
  stored_matrix<T> m = random_matrix<T>(c.kind, c.uplo, c.n, 0, a == api::cblas_row, gen);
  const strided xs{c.n, c.incx}, ys{c.n, c.incy};
  std::vector<T> x = random_vector<T>(xs.size(), gen), y = random_vector<T>(ys.size(), gen);
  if (c.n > 2) x[xs.offset(1)] = y[ys.offset(1)] = T(0);  // a column the reference skips
  if (!c.rank2) alpha = T(std::real(alpha));
  if (alpha == T(0)) {  // the quick return reads neither
    std::fill(x.begin(), x.end(), T(std::numeric_limits<real_t<T>>::quiet_NaN()));
    std::fill(y.begin(), y.end(), T(std::numeric_limits<real_t<T>>::quiet_NaN()));
  }
  // The model: every stored element from the updated full matrix.
  std::vector<T> expected = m.data;
  std::vector<bool> stored(expected.size(), false);
  for (int j = 0; j < c.n; ++j)
    for (int i = 0; i < c.n; ++i) {
      const long p = m.where(i, j);
      if (p < 0) continue;
      stored[p] = true;
      const T xi = x[xs.offset(i)], xj = x[xs.offset(j)], yi = y[ys.offset(i)], yj = y[ys.offset(j)];
      const T increment = c.rank2 ? alpha * xi * conj_of(yj) + conj_of(alpha) * yi * conj_of(xj)
                                  : alpha * xi * conj_of(xj);
      if (alpha == T(0)) continue;  // the quick return: the diagonal too stays as it was
      expected[p] = i == j && is_complex_v<T> ? T(std::real(m.data[p]) + std::real(increment)) : m.data[p] + increment;
    }
  const std::vector<T> x_before = x, y_before = y;
  call_update(a, m, alpha, x.data(), c.incx, c.rank2 ? y.data() : nullptr, c.incy);
  const char* why = a == api::fortran ? "Fortran" : a == api::cblas_col ? "CBLAS col" : "CBLAS row";
  for (std::size_t p = 0; p < expected.size(); ++p)
    EXPECT_TRUE(stored[p] ? close(m.data[p], expected[p], c.n) : m.data[p] == expected[p])
        << why << (c.rank2 ? " rank 2" : " rank 1") << " uplo " << c.uplo << " n " << c.n << " incx " << c.incx
        << " incy " << c.incy << " at " << p << ": " << m.data[p] << " vs " << expected[p];
  for (int j = 0; j < c.n && alpha != T(0); ++j)
    EXPECT_EQ(std::imag(m.data[m.where(j, j)]), 0) << why << ": a Hermitian diagonal stays real";
  EXPECT_EQ(0, std::memcmp(x.data(), x_before.data(), x_before.size() * sizeof(T)));
  EXPECT_EQ(0, std::memcmp(y.data(), y_before.data(), y_before.size() * sizeof(T)));
}

template <class T>
void check_updates(storage kind) {
  std::mt19937 gen(11);
  for (api a : kApis)
    for (bool rank2 : {false, true})
      for (char uplo : {'U', 'L'})
        for (int n : {0, 1, 2, 3, 7, 33})
          for (int incx : {-3, -2, -1, 1, 2, 3})
            for (int incy : {-3, -2, -1, 1, 2, 3}) {
              if (!rank2 && incy != 1) continue;
              const update_case c{kind, uplo, n, incx, incy, rank2};
              check_update<T>(a, c, random_value<T>(gen), gen);
              if (incx == incy) check_update<T>(a, c, T(0), gen);
            }
}

TYPED_TEST(SymmetricUpdate, Full) { check_updates<TypeParam>(storage::full); }
TYPED_TEST(SymmetricUpdate, Packed) { check_updates<TypeParam>(storage::packed); }

}  // namespace

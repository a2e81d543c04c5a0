// Illegal arguments of the symmetric and Hermitian Level-2 routines: the
// position the error handler receives (the reference's, and for CBLAS the
// one netlib's CBLAS tester expects before its own row-major swap), and
// that nothing is written. This file brings its recording xerbla_ and
// cblas_xerbla into the whole level2_symmetric_tests binary; no other test
// of it makes an illegal call.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "../recording_error_handlers.h"
#include "symmetric_harness.h"

namespace {

using namespace l2sym;

enum family { symv, sbmv, spmv, syr, spr, syr2, spr2 };

struct error_case {
  family f;
  const char* why;
  char uplo;  // 'X': illegal
  int n, k, lda, incx, incy;
  int fortran;  // the Fortran position; CBLAS: one more
};

const error_case kCases[] = {
    {symv, "UPLO", 'X', 0, 0, 1, 1, 1, 1},     {symv, "N", 'U', -1, 0, 1, 1, 1, 2},
    {symv, "LDA", 'L', 3, 0, 2, 1, 1, 5},      {symv, "INCX", 'U', 0, 0, 1, 0, 1, 7},
    {symv, "INCY", 'U', 0, 0, 1, 1, 0, 10},    {symv, "UPLO before N", 'X', -1, 0, 1, 0, 0, 1},
    {sbmv, "UPLO", 'X', 0, 0, 1, 1, 1, 1},     {sbmv, "N", 'U', -1, 0, 1, 1, 1, 2},
    {sbmv, "K", 'U', 0, -1, 1, 1, 1, 3},       {sbmv, "LDA < K + 1", 'L', 0, 2, 2, 1, 1, 6},
    {sbmv, "INCX", 'U', 0, 0, 1, 0, 1, 8},     {sbmv, "INCY", 'L', 0, 0, 1, 1, 0, 11},
    {spmv, "UPLO", 'X', 0, 0, 1, 1, 1, 1},     {spmv, "N", 'U', -1, 0, 1, 1, 1, 2},
    {spmv, "INCX", 'U', 0, 0, 1, 0, 1, 6},     {spmv, "INCY", 'L', 0, 0, 1, 1, 0, 9},
    {syr, "UPLO", 'X', 0, 0, 1, 1, 1, 1},      {syr, "N", 'U', -1, 0, 1, 1, 1, 2},
    {syr, "INCX", 'U', 0, 0, 1, 0, 1, 5},      {syr, "LDA", 'L', 2, 0, 1, 1, 1, 7},
    {spr, "UPLO", 'X', 0, 0, 1, 1, 1, 1},      {spr, "N", 'U', -1, 0, 1, 1, 1, 2},
    {spr, "INCX", 'L', 0, 0, 1, 0, 1, 5},      {syr2, "UPLO", 'X', 0, 0, 1, 1, 1, 1},
    {syr2, "N", 'U', -1, 0, 1, 1, 1, 2},       {syr2, "INCX", 'U', 0, 0, 1, 0, 1, 5},
    {syr2, "INCY", 'U', 0, 0, 1, 1, 0, 7},     {syr2, "LDA", 'L', 2, 0, 1, 1, 1, 9},
    {syr2, "INCX before INCY", 'L', 0, 0, 1, 0, 0, 5},
    {spr2, "UPLO", 'X', 0, 0, 1, 1, 1, 1},     {spr2, "N", 'U', -1, 0, 1, 1, 1, 2},
    {spr2, "INCX", 'U', 0, 0, 1, 0, 1, 5},     {spr2, "INCY", 'L', 0, 0, 1, 1, 0, 7},
    // With n > 0 too: the reference CBLAS copies a row-major Hermitian call's
    // vectors to unit stride and misses a zero increment there; swblas
    // reports it in every layout, as the Fortran routine does.
    {symv, "INCX, n > 0", 'U', 2, 0, 2, 0, 1, 7}, {syr, "INCX, n > 0", 'L', 2, 0, 2, 0, 1, 5},
    {syr2, "INCY, n > 0", 'U', 2, 0, 2, 1, 0, 7}, {spr2, "INCX, n > 0", 'L', 2, 0, 1, 0, 1, 5},
};

constexpr double kUntouched = 42.0;

// One call of the case's family through `a`; layout_code overrides the
// layout (an illegal one).
template <class T>
void call_family(const error_case& e, api a, int layout_code, T* A, const T* x, T* y) {
  const routines<T>& r = routines_of<T>();
  const T alpha(1), beta(0);
  const real_t<T> ralpha(1);
  if (a == api::fortran) {
    const char* u = &e.uplo;
    switch (e.f) {
      case symv: return r.symv(u, &e.n, &alpha, A, &e.lda, x, &e.incx, &beta, y, &e.incy);
      case sbmv: return r.sbmv(u, &e.n, &e.k, &alpha, A, &e.lda, x, &e.incx, &beta, y, &e.incy);
      case spmv: return r.spmv(u, &e.n, &alpha, A, x, &e.incx, &beta, y, &e.incy);
      case syr: return r.syr(u, &e.n, &ralpha, x, &e.incx, A, &e.lda);
      case spr: return r.spr(u, &e.n, &ralpha, x, &e.incx, A);
      case syr2: return r.syr2(u, &e.n, &alpha, x, &e.incx, y, &e.incy, A, &e.lda);
      case spr2: return r.spr2(u, &e.n, &alpha, x, &e.incx, y, &e.incy, A);
    }
  }
  const CBLAS_LAYOUT l = layout_code ? CBLAS_LAYOUT(layout_code) : layout_of(a);
  const CBLAS_UPLO u = e.uplo == 'X' ? CBLAS_UPLO(77) : uplo_of(e.uplo);
  switch (e.f) {
    case symv: return r.c_symv(l, u, e.n, scalar_arg(alpha), A, e.lda, x, e.incx, scalar_arg(beta), y, e.incy);
    case sbmv: return r.c_sbmv(l, u, e.n, e.k, scalar_arg(alpha), A, e.lda, x, e.incx, scalar_arg(beta), y, e.incy);
    case spmv: return r.c_spmv(l, u, e.n, scalar_arg(alpha), A, x, e.incx, scalar_arg(beta), y, e.incy);
    case syr: return r.c_syr(l, u, e.n, ralpha, x, e.incx, A, e.lda);
    case spr: return r.c_spr(l, u, e.n, ralpha, x, e.incx, A);
    case syr2: return r.c_syr2(l, u, e.n, scalar_arg(alpha), x, e.incx, y, e.incy, A, e.lda);
    case spr2: return r.c_spr2(l, u, e.n, scalar_arg(alpha), x, e.incx, y, e.incy, A);
  }
}

std::string cblas_name(const char* fortran) {
  std::string s = "cblas_";
  for (const char* c = fortran; *c && *c != ' '; ++c) s += char(std::tolower(*c));
  return s;
}

template <class T>
void expect_error(const error_case& e, api a, int layout_code, int expected, const std::string& routine) {
  std::vector<T> A(64, T(kUntouched)), x(64, T(1)), y(64, T(kUntouched));
  recorded = {};
  call_family<T>(e, a, layout_code, A.data(), x.data(), y.data());
  const std::string why = routine + ": " + e.why + (a == api::cblas_row ? " (row-major)" : "");
  EXPECT_EQ(recorded.count, 1) << why;
  EXPECT_EQ(recorded.routine, routine) << why;
  EXPECT_EQ(recorded.info, expected) << why;
  EXPECT_EQ(A, std::vector<T>(64, T(kUntouched))) << why;
  EXPECT_EQ(y, std::vector<T>(64, T(kUntouched))) << why;
}

// The reference cblas_?her2 and cblas_?hpr2 check a row-major call as the
// Fortran call with x and y exchanged: incX is reported at incY's place
// (8) and incY at incX's (6), so with both illegal incY's comes first;
// the tester's handler swaps them back.
int row_major_position(const error_case& e, int cblas) {
  const bool exchanged = (e.f == syr2 || e.f == spr2);
  if (!exchanged || (cblas != 6 && cblas != 8)) return cblas;
  if (e.incy == 0) return 6;
  return 8;
}

template <class T>
class SymmetricErrors : public ::testing::Test {};
using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(SymmetricErrors, Precisions);

TYPED_TEST(SymmetricErrors, Fortran) {
  for (const error_case& e : kCases)
    expect_error<TypeParam>(e, api::fortran, 0, e.fortran, routines_of<TypeParam>().names[e.f]);
}

TYPED_TEST(SymmetricErrors, CblasColumnMajor) {
  for (const error_case& e : kCases)
    expect_error<TypeParam>(e, api::cblas_col, 0, e.fortran + 1, cblas_name(routines_of<TypeParam>().names[e.f]));
}

TYPED_TEST(SymmetricErrors, CblasRowMajor) {
  for (const error_case& e : kCases) {
    const int cblas = e.fortran + 1;
    const int expected = is_complex_v<TypeParam> ? row_major_position(e, cblas) : cblas;
    expect_error<TypeParam>(e, api::cblas_row, 0, expected, cblas_name(routines_of<TypeParam>().names[e.f]));
  }
}

TYPED_TEST(SymmetricErrors, CblasLayout) {
  for (const error_case& e : kCases)
    if (std::string(e.why) == "N")
      expect_error<TypeParam>(e, api::cblas_col, 77, 1, cblas_name(routines_of<TypeParam>().names[e.f]));
}

TEST(SymmetricErrors, CblasNamesTheIllegalOption) {
  std::vector<double> a(4, kUntouched), x(2, 1), y(2, kUntouched);
  recorded = {};
  cblas_dsymv(CblasRowMajor, CBLAS_UPLO(77), 1, 1.0, a.data(), 1, x.data(), 1, 0.0, y.data(), 1);
  EXPECT_EQ(recorded.message, "Illegal Uplo setting, 77\n");
  cblas_dspr(CBLAS_LAYOUT(5), CblasUpper, 1, 1.0, x.data(), 1, a.data());
  EXPECT_EQ(recorded.info, 1);
  EXPECT_EQ(recorded.message, "Illegal layout setting, 5\n");
}

}  // namespace

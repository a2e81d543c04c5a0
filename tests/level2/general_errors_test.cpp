// Illegal arguments of gemv, gbmv, ger, geru and gerc in every precision:
// the routine name and position the error handler receives, as the
// reference numbers them, and that y (or A) is left untouched. A row-major
// CBLAS call reports the position its argument has in the column-major
// call of the transposed problem, which the handlers written for the
// reference (the CBLAS tester's, netlib's cblas_xerbla) exchange back:
// M <-> N and KL <-> KU (gemv, gbmv), M <-> N and incX <-> incY (ger).
// This file brings its recording xerbla_ and cblas_xerbla into the whole
// level2_tests binary; no other test of it makes an illegal call.
#include <gtest/gtest.h>

#include <complex>
#include <string>
#include <vector>

#include "../recording_error_handlers.h"
#include "general_harness.h"

namespace {

using namespace swblas_test;

constexpr double kUntouched = 42.0;

struct matrix_vector_error {
  const char* why;
  char trans;
  int m, n, kl, ku, lda, incx, incy;
  int expected;
};

struct rank_one_error {
  const char* why;
  int m, n, incx, incy, lda;
  int expected;
};

// Names as the handlers receive them: "DGEMV " (Fortran, 6 characters) or
// "cblas_dgemv".
std::string fortran_name(char prefix, const std::string& routine) {
  std::string name = std::string(1, char(prefix - 'a' + 'A')) + routine;
  for (char& ch : name) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  name.resize(6, ' ');
  return name;
}
std::string cblas_name(char prefix, const std::string& routine) { return "cblas_" + std::string(1, prefix) + routine; }

// Runs `call` on fresh operands (all 1, the output kUntouched) and checks
// what the handler received.
template <class T, class Call>
void expect_error(const std::string& routine, const char* why, int expected, Call call) {
  std::vector<T> a(64, T(1)), x(64, T(1)), out(64, T(kUntouched));
  recorded = {};
  call(a.data(), x.data(), out.data());
  EXPECT_EQ(recorded.count, 1) << routine << ": " << why;
  EXPECT_EQ(recorded.routine, routine) << why;
  EXPECT_EQ(recorded.info, expected) << routine << ": " << why;
  EXPECT_EQ(out, std::vector<T>(64, T(kUntouched))) << routine << ": " << why;
}

template <class T>
class GeneralErrors : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(GeneralErrors, precisions);

// ---- gemv ----

TYPED_TEST(GeneralErrors, FortranGemv) {
  using T = TypeParam;
  const matrix_vector_error cases[] = {
      {"TRANS", 'X', 2, 2, 0, 0, 2, 1, 1, 1},     {"M", 'N', -1, 2, 0, 0, 2, 1, 1, 2},
      {"N", 'T', 2, -1, 0, 0, 2, 1, 1, 3},        {"LDA < M", 'N', 3, 2, 0, 0, 2, 1, 1, 6},
      {"LDA < 1", 'C', 0, 2, 0, 0, 0, 1, 1, 6},   {"INCX", 'N', 2, 2, 0, 0, 2, 0, 1, 8},
      {"INCY", 'T', 2, 2, 0, 0, 2, 1, 0, 11},     {"TRANS before M", 'Q', -1, 2, 0, 0, 2, 1, 1, 1},
      {"M before N", 'N', -1, -1, 0, 0, 2, 1, 1, 2}, {"LDA before INCX", 'N', 3, 2, 0, 0, 2, 0, 0, 6},
  };
  for (const matrix_vector_error& e : cases)
    expect_error<T>(fortran_name(routines<T>::prefix, "gemv"), e.why, e.expected, [&](T* a, T* x, T* y) {
      const T alpha(1), beta(0);
      routines<T>::gemv(&e.trans, &e.m, &e.n, &alpha, a, &e.lda, x, &e.incx, &beta, y, &e.incy);
    });
}

template <class T>
void expect_cblas_gemv_errors(CBLAS_LAYOUT layout, const matrix_vector_error (&cases)[10]) {
  for (const matrix_vector_error& e : cases)
    expect_error<T>(cblas_name(routines<T>::prefix, "gemv"), e.why, e.expected, [&](T* a, T* x, T* y) {
      const T alpha(1), beta(0);
      routines<T>::cblas_gemv(layout, cblas_trans(e.trans), e.m, e.n, cblas_scalar(alpha), a, e.lda, x, e.incx,
                              cblas_scalar(beta), y, e.incy);
    });
}

TYPED_TEST(GeneralErrors, CblasGemv) {
  const matrix_vector_error column_major[] = {
      {"TransA", 'X', 2, 2, 0, 0, 2, 1, 1, 2},    {"M", 'N', -1, 2, 0, 0, 2, 1, 1, 3},
      {"N", 'T', 2, -1, 0, 0, 2, 1, 1, 4},        {"lda < M", 'N', 3, 2, 0, 0, 2, 1, 1, 7},
      {"lda < 1", 'C', 0, 2, 0, 0, 0, 1, 1, 7},   {"incX", 'N', 2, 2, 0, 0, 2, 0, 1, 9},
      {"incY", 'T', 2, 2, 0, 0, 2, 1, 0, 12},     {"TransA before M", 'Q', -1, 2, 0, 0, 2, 1, 1, 2},
      {"M before N", 'N', -1, -1, 0, 0, 2, 1, 1, 3}, {"lda before incX", 'N', 3, 2, 0, 0, 2, 0, 0, 7},
  };
  expect_cblas_gemv_errors<TypeParam>(CblasColMajor, column_major);
  // Row-major: M and N exchanged; lda bounds N; with both M and N illegal
  // the transposed call finds N first.
  const matrix_vector_error row_major[] = {
      {"TransA", 'X', 2, 2, 0, 0, 2, 1, 1, 2},    {"M", 'N', -1, 2, 0, 0, 2, 1, 1, 4},
      {"N", 'T', 2, -1, 0, 0, 2, 1, 1, 3},        {"lda < N", 'N', 2, 3, 0, 0, 2, 1, 1, 7},
      {"lda < 1", 'C', 2, 0, 0, 0, 0, 1, 1, 7},   {"incX", 'N', 2, 2, 0, 0, 2, 0, 1, 9},
      {"incY", 'C', 2, 2, 0, 0, 2, 1, 0, 12},     {"TransA before M", 'Q', -1, 2, 0, 0, 2, 1, 1, 2},
      {"N before M", 'N', -1, -1, 0, 0, 2, 1, 1, 3}, {"lda before incX", 'N', 2, 3, 0, 0, 2, 0, 0, 7},
  };
  expect_cblas_gemv_errors<TypeParam>(CblasRowMajor, row_major);
}

// ---- gbmv ----

TYPED_TEST(GeneralErrors, FortranGbmv) {
  using T = TypeParam;
  const matrix_vector_error cases[] = {
      {"TRANS", 'X', 2, 2, 0, 0, 1, 1, 1, 1},     {"M", 'N', -1, 2, 0, 0, 1, 1, 1, 2},
      {"N", 'T', 2, -1, 0, 0, 1, 1, 1, 3},        {"KL", 'N', 2, 2, -1, 0, 1, 1, 1, 4},
      {"KU", 'C', 2, 2, 0, -1, 1, 1, 1, 5},       {"LDA < KL+KU+1", 'N', 2, 2, 1, 1, 2, 1, 1, 8},
      {"INCX", 'N', 2, 2, 1, 0, 2, 0, 1, 10},     {"INCY", 'T', 2, 2, 0, 1, 2, 1, 0, 13},
      {"KL before KU", 'N', 2, 2, -1, -1, 1, 1, 1, 4}, {"LDA before INCX", 'N', 0, 0, 1, 0, 1, 0, 0, 8},
  };
  for (const matrix_vector_error& e : cases)
    expect_error<T>(fortran_name(routines<T>::prefix, "gbmv"), e.why, e.expected, [&](T* a, T* x, T* y) {
      const T alpha(1), beta(0);
      routines<T>::gbmv(&e.trans, &e.m, &e.n, &e.kl, &e.ku, &alpha, a, &e.lda, x, &e.incx, &beta, y, &e.incy);
    });
}

template <class T>
void expect_cblas_gbmv_errors(CBLAS_LAYOUT layout, const matrix_vector_error (&cases)[10]) {
  for (const matrix_vector_error& e : cases)
    expect_error<T>(cblas_name(routines<T>::prefix, "gbmv"), e.why, e.expected, [&](T* a, T* x, T* y) {
      const T alpha(1), beta(0);
      routines<T>::cblas_gbmv(layout, cblas_trans(e.trans), e.m, e.n, e.kl, e.ku, cblas_scalar(alpha), a, e.lda, x,
                              e.incx, cblas_scalar(beta), y, e.incy);
    });
}

TYPED_TEST(GeneralErrors, CblasGbmv) {
  const matrix_vector_error column_major[] = {
      {"TransA", 'X', 2, 2, 0, 0, 1, 1, 1, 2},    {"M", 'N', -1, 2, 0, 0, 1, 1, 1, 3},
      {"N", 'T', 2, -1, 0, 0, 1, 1, 1, 4},        {"KL", 'N', 2, 2, -1, 0, 1, 1, 1, 5},
      {"KU", 'C', 2, 2, 0, -1, 1, 1, 1, 6},       {"lda < KL+KU+1", 'N', 2, 2, 1, 1, 2, 1, 1, 9},
      {"incX", 'N', 2, 2, 1, 0, 2, 0, 1, 11},     {"incY", 'T', 2, 2, 0, 1, 2, 1, 0, 14},
      {"KL before KU", 'N', 2, 2, -1, -1, 1, 1, 1, 5}, {"lda before incX", 'N', 0, 0, 1, 0, 1, 0, 0, 9},
  };
  expect_cblas_gbmv_errors<TypeParam>(CblasColMajor, column_major);
  // Row-major: M <-> N and KL <-> KU; the transposed call checks KU first.
  const matrix_vector_error row_major[] = {
      {"TransA", 'X', 2, 2, 0, 0, 1, 1, 1, 2},    {"M", 'N', -1, 2, 0, 0, 1, 1, 1, 4},
      {"N", 'T', 2, -1, 0, 0, 1, 1, 1, 3},        {"KL", 'N', 2, 2, -1, 0, 1, 1, 1, 6},
      {"KU", 'C', 2, 2, 0, -1, 1, 1, 1, 5},       {"lda < KL+KU+1", 'N', 2, 2, 1, 1, 2, 1, 1, 9},
      {"incX", 'N', 2, 2, 1, 0, 2, 0, 1, 11},     {"incY", 'C', 2, 2, 0, 1, 2, 1, 0, 14},
      {"KU before KL", 'N', 2, 2, -1, -1, 1, 1, 1, 5}, {"lda before incX", 'N', 0, 0, 1, 0, 1, 0, 0, 9},
  };
  expect_cblas_gbmv_errors<TypeParam>(CblasRowMajor, row_major);
}

// ---- ger, geru, gerc ----

const rank_one_error kFortranRankOne[] = {
    {"M", -1, 2, 1, 1, 2, 1},     {"N", 2, -1, 1, 1, 2, 2},          {"INCX", 2, 2, 0, 1, 2, 5},
    {"INCY", 2, 2, 1, 0, 2, 7},   {"LDA < M", 3, 2, 1, 1, 2, 9},     {"LDA < 1", 0, 2, 1, 1, 0, 9},
    {"M before N", -1, -1, 1, 1, 2, 1}, {"INCX before INCY", 2, 2, 0, 0, 2, 5},
};
const rank_one_error kCblasColumnMajorRankOne[] = {
    {"M", -1, 2, 1, 1, 2, 2},     {"N", 2, -1, 1, 1, 2, 3},          {"incX", 2, 2, 0, 1, 2, 6},
    {"incY", 2, 2, 1, 0, 2, 8},   {"lda < M", 3, 2, 1, 1, 2, 10},    {"lda < 1", 0, 2, 1, 1, 0, 10},
    {"M before N", -1, -1, 1, 1, 2, 2}, {"incX before incY", 2, 2, 0, 0, 2, 6},
};
// Row-major: the transposed call has M and N, x and y exchanged; it finds
// N before M and incY before incX.
const rank_one_error kCblasRowMajorRankOne[] = {
    {"M", -1, 2, 1, 1, 2, 3},     {"N", 2, -1, 1, 1, 2, 2},          {"incX", 2, 2, 0, 1, 2, 8},
    {"incY", 2, 2, 1, 0, 2, 6},   {"lda < N", 2, 3, 1, 1, 2, 10},    {"lda < 1", 2, 0, 1, 1, 0, 10},
    {"N before M", -1, -1, 1, 1, 2, 2}, {"incY before incX", 2, 2, 0, 0, 2, 6},
};

TYPED_TEST(GeneralErrors, RankOne) {
  using T = TypeParam;
  using R = routines<T>;
  const char p = R::prefix;
  for (const bool conjugated : {false, true}) {
    const std::string routine = is_complex<T> ? (conjugated ? "gerc" : "geru") : "ger";
    const auto fortran = conjugated ? R::gerc : R::geru;
    const auto cblas = conjugated ? R::cblas_gerc : R::cblas_geru;
    for (const rank_one_error& e : kFortranRankOne)
      expect_error<T>(fortran_name(p, routine), e.why, e.expected, [&](T*, T* x, T* a) {
        const T alpha(1);
        fortran(&e.m, &e.n, &alpha, x, &e.incx, x, &e.incy, a, &e.lda);
      });
    for (const CBLAS_LAYOUT layout : {CblasColMajor, CblasRowMajor})
      for (const rank_one_error& e : layout == CblasColMajor ? kCblasColumnMajorRankOne : kCblasRowMajorRankOne)
        expect_error<T>(cblas_name(p, routine), e.why, e.expected, [&](T*, T* x, T* a) {
          const T alpha(1);
          cblas(layout, e.m, e.n, cblas_scalar(alpha), x, e.incx, x, e.incy, a, e.lda);
        });
  }
}

// An illegal layout or transpose: position 1 or 2, with the reference's
// message naming the value.
TYPED_TEST(GeneralErrors, CblasOptions) {
  using T = TypeParam;
  using R = routines<T>;
  const T alpha(1), beta(0);
  std::vector<T> a(16, T(1)), x(16, T(1)), y(16, T(kUntouched));
  const std::vector<T> untouched = y;
  const auto expect = [&](const std::string& routine, int info, const std::string& message) {
    EXPECT_EQ(recorded.count, 1) << routine;
    EXPECT_EQ(recorded.routine, routine);
    EXPECT_EQ(recorded.info, info) << routine;
    EXPECT_EQ(recorded.message, message) << routine;
    EXPECT_EQ(y, untouched) << routine;
    recorded = {};
  };
  recorded = {};
  R::cblas_gemv(CBLAS_LAYOUT(77), CblasNoTrans, 1, 1, cblas_scalar(alpha), a.data(), 1, x.data(), 1,
                cblas_scalar(beta), y.data(), 1);
  expect(cblas_name(R::prefix, "gemv"), 1, "Illegal layout setting, 77\n");
  R::cblas_gemv(CblasRowMajor, CBLAS_TRANSPOSE(78), 1, 1, cblas_scalar(alpha), a.data(), 1, x.data(), 1,
                cblas_scalar(beta), y.data(), 1);
  expect(cblas_name(R::prefix, "gemv"), 2, "Illegal TransA setting, 78\n");
  R::cblas_gbmv(CBLAS_LAYOUT(77), CBLAS_TRANSPOSE(78), 1, 1, 0, 0, cblas_scalar(alpha), a.data(), 1, x.data(), 1,
                cblas_scalar(beta), y.data(), 1);
  expect(cblas_name(R::prefix, "gbmv"), 1, "Illegal layout setting, 77\n");
  R::cblas_gbmv(CblasColMajor, CBLAS_TRANSPOSE(78), 1, 1, 0, 0, cblas_scalar(alpha), a.data(), 1, x.data(), 1,
                cblas_scalar(beta), y.data(), 1);
  expect(cblas_name(R::prefix, "gbmv"), 2, "Illegal TransA setting, 78\n");
  R::cblas_gerc(CBLAS_LAYOUT(79), 1, 1, cblas_scalar(alpha), x.data(), 1, x.data(), 1, y.data(), 1);
  expect(cblas_name(R::prefix, is_complex<T> ? "gerc" : "ger"), 1, "Illegal layout setting, 79\n");
}

}  // namespace

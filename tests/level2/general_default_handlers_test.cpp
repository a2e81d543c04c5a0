// What swblas's own error handlers print for illegal arguments of gemv,
// gbmv and ger/geru/gerc: the Fortran reference message, and for CBLAS the
// caller's own parameter number, a row-major call's exchanged positions
// undone (M and N, KL and KU, incX and incY).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "general_harness.h"

namespace {

using namespace swblas_test;

template <class T>
class GeneralDefaultHandlers : public ::testing::Test {};
using precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(GeneralDefaultHandlers, precisions);

std::string cblas_message(int position, const std::string& routine) {
  return "Parameter " + std::to_string(position) + " to routine " + routine + " was incorrect\n";
}

// Runs call with stderr captured; y (or A) must stay as it was.
template <class T, class Call>
std::string printed_by(Call call) {
  const std::vector<T> a(16, T(1)), x(16, T(1));
  std::vector<T> out(16, T(42));
  testing::internal::CaptureStderr();
  call(a.data(), x.data(), out.data());
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_EQ(out, std::vector<T>(16, T(42)));
  return printed;
}

TYPED_TEST(GeneralDefaultHandlers, FortranPrintsTheReferenceMessage) {
  using T = TypeParam;
  using R = routines<T>;
  const T alpha(1), beta(0);
  const int two = 2, zero = 0, one = 1, minus = -1;
  const char n = 'N';
  const std::string p(1, char(R::prefix - 'a' + 'A'));
  EXPECT_EQ(printed_by<T>([&](const T* a, const T* x, T* y) {
              R::gemv(&n, &two, &two, &alpha, a, &two, x, &zero, &beta, y, &one);
            }),
            " ** On entry to " + p + "GEMV  parameter number  8 had an illegal value\n");
  EXPECT_EQ(printed_by<T>([&](const T* a, const T* x, T* y) {
              R::gbmv(&n, &two, &two, &minus, &zero, &alpha, a, &two, x, &one, &beta, y, &one);
            }),
            " ** On entry to " + p + "GBMV  parameter number  4 had an illegal value\n");
  const std::string ger = is_complex<T> ? "GERC " : "GER  ";
  EXPECT_EQ(printed_by<T>([&](const T*, const T* x, T* a) {
              R::gerc(&two, &two, &alpha, x, &one, x, &one, a, &one);
            }),
            " ** On entry to " + p + ger + " parameter number  9 had an illegal value\n");
}

TYPED_TEST(GeneralDefaultHandlers, CblasRowMajorPrintsTheCallersPosition) {
  using T = TypeParam;
  using R = routines<T>;
  const T alpha(1), beta(0);
  const std::string p(1, R::prefix);
  // M illegal (position 3), N illegal (4), lda < N (7).
  for (const auto& [m, n, lda, position] : {std::tuple{-1, 2, 2, 3}, std::tuple{2, -1, 2, 4}, std::tuple{2, 3, 2, 7}})
    EXPECT_EQ(printed_by<T>([&](const T* a, const T* x, T* y) {
                R::cblas_gemv(CblasRowMajor, CblasNoTrans, m, n, cblas_scalar(alpha), a, lda, x, 1, cblas_scalar(beta),
                              y, 1);
              }),
              cblas_message(position, "cblas_" + p + "gemv"));
  // KL illegal (5), KU illegal (6).
  for (const auto& [kl, ku, position] : {std::tuple{-1, 0, 5}, std::tuple{0, -1, 6}})
    EXPECT_EQ(printed_by<T>([&](const T* a, const T* x, T* y) {
                R::cblas_gbmv(CblasRowMajor, CblasTrans, 2, 2, kl, ku, cblas_scalar(alpha), a, 2, x, 1,
                              cblas_scalar(beta), y, 1);
              }),
              cblas_message(position, "cblas_" + p + "gbmv"));
  // incX illegal (6), incY illegal (8).
  const std::string ger = is_complex<T> ? "geru" : "ger";
  for (const auto& [incx, incy, position] : {std::tuple{0, 1, 6}, std::tuple{1, 0, 8}})
    EXPECT_EQ(printed_by<T>([&](const T*, const T* x, T* a) {
                R::cblas_geru(CblasRowMajor, 2, 2, cblas_scalar(alpha), x, incx, x, incy, a, 2);
              }),
              cblas_message(position, "cblas_" + p + ger));
}

}  // namespace

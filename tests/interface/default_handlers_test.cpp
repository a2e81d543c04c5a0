// swblas's own xerbla_ and cblas_xerbla (this binary does not replace them):
// the reference messages on stderr, and they return instead of stopping.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gemm_oracle.h"

namespace {

std::string stderr_of_f77_call(char transa, int m, int lda) {
  const int n = 2, k = 2, ldb = 2, ldc = 2;
  const double alpha = 1.0, beta = 0.0;
  std::vector<double> a(16, 1.0), b(16, 1.0), c(16, 5.0);
  testing::internal::CaptureStderr();
  dgemm_(&transa, "N", &m, &n, &k, &alpha, a.data(), &lda, b.data(), &ldb,
         &beta, c.data(), &ldc);
  const std::string text = testing::internal::GetCapturedStderr();
  EXPECT_EQ(c, std::vector<double>(16, 5.0));
  return text;
}

TEST(DefaultXerbla, PrintsTheReferenceMessageAndReturns) {
  EXPECT_EQ(stderr_of_f77_call('N', -1, 2),
            " ** On entry to DGEMM  parameter number  3 had an illegal value\n");
  EXPECT_EQ(stderr_of_f77_call('N', 2, 1),
            " ** On entry to DGEMM  parameter number  8 had an illegal value\n");
  EXPECT_EQ(stderr_of_f77_call('Z', 2, 2),
            " ** On entry to DGEMM  parameter number  1 had an illegal value\n");
}

TEST(DefaultXerbla, StopsAtTheNameOfACCaller) {
  const int info = 4;
  testing::internal::CaptureStderr();
  xerbla_("DGEMM", &info, 99);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            " ** On entry to DGEMM parameter number  4 had an illegal value\n");
}

std::string stderr_of_cblas_call(int layout, int transa, int m, int n,
                                 int lda) {
  std::vector<double> a(16, 1.0), b(16, 1.0), c(16, 5.0);
  testing::internal::CaptureStderr();
  cblas_dgemm(static_cast<CBLAS_LAYOUT>(layout),
              static_cast<CBLAS_TRANSPOSE>(transa), CblasNoTrans, m, n, 2, 1.0,
              a.data(), lda, b.data(), 2, 0.0, c.data(), 2);
  const std::string text = testing::internal::GetCapturedStderr();
  EXPECT_EQ(c, std::vector<double>(16, 5.0));
  return text;
}

TEST(DefaultCblasXerbla, PrintsTheReferenceMessageAndReturns) {
  EXPECT_EQ(stderr_of_cblas_call(5, CblasNoTrans, 2, 2, 2),
            "Parameter 1 to routine cblas_dgemm was incorrect\n"
            "Illegal layout setting, 5\n");
  EXPECT_EQ(stderr_of_cblas_call(CblasColMajor, 77, 2, 2, 2),
            "Parameter 2 to routine cblas_dgemm was incorrect\n"
            "Illegal TransA setting, 77\n");
  EXPECT_EQ(stderr_of_cblas_call(CblasColMajor, CblasNoTrans, -1, 2, 2),
            "Parameter 4 to routine cblas_dgemm was incorrect\n");
  EXPECT_EQ(stderr_of_cblas_call(CblasColMajor, CblasNoTrans, 2, 2, 1),
            "Parameter 9 to routine cblas_dgemm was incorrect\n");
}

// The row-major call is checked as the transposed Fortran call, whose numbers
// the default handler turns back into those of the CBLAS arguments.
TEST(DefaultCblasXerbla, RowMajorNumbersAreSwappedBackByTheDefaultHandler) {
  EXPECT_EQ(stderr_of_cblas_call(CblasRowMajor, CblasNoTrans, -1, 2, 2),
            "Parameter 4 to routine cblas_dgemm was incorrect\n");
  EXPECT_EQ(stderr_of_cblas_call(CblasRowMajor, CblasNoTrans, 2, -1, 2),
            "Parameter 5 to routine cblas_dgemm was incorrect\n");
  EXPECT_EQ(stderr_of_cblas_call(CblasRowMajor, CblasNoTrans, 2, 2, 1),
            "Parameter 9 to routine cblas_dgemm was incorrect\n");
}

// The batched GEMMs number a row-major call's errors as cblas_dgemm does;
// the default handler turns them back into the caller's positions, here in
// the strided signature (M 4, N 5, lda 9, stridea 10, ldb 12, strideb 13).
std::string stderr_of_row_major_strided_call(int m, int n, int lda, int stridea) {
  std::vector<double> a(64, 1.0), b(64, 1.0), c(64, 5.0);
  testing::internal::CaptureStderr();
  cblas_dgemm_batch_strided(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, 2, 1.0, a.data(),
                            lda, stridea, b.data(), 2, 4, 0.0, c.data(), 2, 4, 2);
  const std::string text = testing::internal::GetCapturedStderr();
  EXPECT_EQ(c, std::vector<double>(64, 5.0));
  return text;
}

TEST(DefaultCblasXerbla, RowMajorBatchNumbersAreSwappedBackToo) {
  const char* const routine = " to routine cblas_dgemm_batch_strided was incorrect\n";
  EXPECT_EQ(stderr_of_row_major_strided_call(-1, 2, 2, 4), "Parameter 4" + std::string(routine));
  EXPECT_EQ(stderr_of_row_major_strided_call(2, -1, 2, 4), "Parameter 5" + std::string(routine));
  EXPECT_EQ(stderr_of_row_major_strided_call(2, 2, 1, 4), "Parameter 9" + std::string(routine));
  EXPECT_EQ(stderr_of_row_major_strided_call(2, 2, 2, -4),
            "Parameter 10" + std::string(routine));
}

// Outside a row-major GEMM error, a direct call is printed as given.
TEST(DefaultCblasXerbla, PrintsADirectCallAsGiven) {
  testing::internal::CaptureStderr();
  cblas_xerbla(4, "cblas_dgemm", "%s\n", "why");
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "Parameter 4 to routine cblas_dgemm was incorrect\nwhy\n");
}

}  // namespace

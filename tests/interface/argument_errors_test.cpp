// Illegal arguments: the parameter number the error handler receives, for
// every argument of dgemm_ and cblas_dgemm, and that C is left untouched.
// This binary defines its own xerbla_ and cblas_xerbla, which must replace
// swblas's (as a program's XERBLA does).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gemm_oracle.h"
#include "../recording_error_handlers.h"

namespace {

constexpr double kUntouched = 42.0;

struct f77_error_case {
  const char* why;
  char transa, transb;
  int m, n, k, lda, ldb, ldc;
  int expected_info;
};

// The reference DGEMM's positions, the first illegal one winning.
const f77_error_case kF77Errors[] = {
    {"TRANSA", 'X', 'N', 2, 2, 2, 2, 2, 2, 1},
    {"TRANSA blank", ' ', 'N', 2, 2, 2, 2, 2, 2, 1},
    {"TRANSB", 'N', '/', 2, 2, 2, 2, 2, 2, 2},
    {"M", 'N', 'N', -1, 2, 2, 2, 2, 2, 3},
    {"N", 'N', 'N', 2, -1, 2, 2, 2, 2, 4},
    {"K", 'N', 'N', 2, 2, -1, 2, 2, 2, 5},
    {"LDA < M", 'N', 'N', 2, 2, 2, 1, 2, 2, 8},
    {"LDA < K (A transposed)", 'T', 'N', 2, 2, 3, 2, 3, 2, 8},
    {"LDA < 1", 'N', 'N', 0, 2, 2, 0, 2, 1, 8},
    {"LDB < K", 'N', 'N', 2, 2, 3, 2, 2, 2, 10},
    {"LDB < N (B transposed)", 'N', 'C', 2, 3, 2, 2, 2, 2, 10},
    {"LDC < M", 'N', 'N', 3, 2, 2, 3, 2, 2, 13},
    {"LDC < 1", 'N', 'N', 0, 2, 2, 1, 2, 0, 13},
    {"TRANSA before LDC", 'Q', 'N', 3, 2, 2, 3, 2, 1, 1},
    {"M before K", 'N', 'N', -1, 2, -1, 1, 1, 1, 3},
    {"N before LDA", 'N', 'N', 5, -3, 2, 1, 2, 5, 4},
    {"LDA before LDB", 'N', 'N', 3, 3, 3, 1, 1, 3, 8},
    // Tiny calls, which dgemm_ tries on its fast path first (tiny_call.h).
    {"tiny: TRANSB one past 'N'", 'n', 'O', 4, 4, 4, 4, 4, 4, 2},
    {"tiny: LDA < M", 'n', 't', 4, 4, 4, 3, 4, 4, 8},
    {"tiny: LDB < K", 'n', 'n', 4, 4, 4, 4, 3, 4, 10},
    {"tiny: LDB < N (B transposed)", 'N', 't', 2, 3, 2, 2, 2, 2, 10},
    {"tiny: LDC < M", 'n', 'c', 4, 4, 4, 4, 4, 3, 13},
};

TEST(Dgemm, ReportsTheFirstIllegalArgumentAndWritesNothing) {
  const double alpha = 1.0, beta = 0.0;
  {  // A legal call first: the tiny calls' fast path opens once the runtime is built.
    const int four = 4;
    std::vector<double> a(16, 1.0), b(16, 1.0), c(16);
    dgemm_("N", "N", &four, &four, &four, &alpha, a.data(), &four, b.data(), &four, &beta, c.data(), &four);
  }
  for (const f77_error_case& e : kF77Errors) {
    std::vector<double> a(64, 1.0), b(64, 1.0), c(64, kUntouched);
    recorded = {};
    dgemm_(&e.transa, &e.transb, &e.m, &e.n, &e.k, &alpha, a.data(), &e.lda,
           b.data(), &e.ldb, &beta, c.data(), &e.ldc);
    EXPECT_EQ(recorded.count, 1) << e.why;
    EXPECT_EQ(recorded.routine, "DGEMM ") << e.why;
    EXPECT_EQ(recorded.info, e.expected_info) << e.why;
    EXPECT_EQ(c, std::vector<double>(64, kUntouched)) << e.why;
  }
}

struct cblas_error_case {
  const char* why;
  int layout, transa, transb;
  int m, n, k, lda, ldb, ldc;
  int expected_info;
};

constexpr int R = CblasRowMajor, C = CblasColMajor, N = CblasNoTrans,
              T = CblasTrans;

// The numbers as the reference CBLAS passes them to cblas_xerbla. For a
// row-major call it checks the transposed Fortran call, so M arrives as 5,
// N as 4, lda as 11 and ldb as 9 (its handler, and the CBLAS tester's, swap
// them back: see RowMajorNumbersAreSwappedBackByTheDefaultHandler).
const cblas_error_case kCblasErrors[] = {
    {"layout", 0, N, N, 0, 0, 0, 1, 1, 1, 1},
    {"layout before TransA", 103, 999, N, 0, 0, 0, 1, 1, 1, 1},
    {"col TransA", C, 114, N, 0, 0, 0, 1, 1, 1, 2},
    {"col TransB", C, N, 110, 0, 0, 0, 1, 1, 1, 3},
    {"col M", C, N, N, -1, 0, 0, 1, 1, 1, 4},
    {"col N", C, N, T, 0, -1, 0, 1, 1, 1, 5},
    {"col K", C, T, N, 0, 0, -1, 1, 1, 1, 6},
    {"col lda", C, N, N, 2, 0, 0, 1, 1, 2, 9},
    {"col lda (A transposed)", C, T, N, 0, 0, 2, 1, 2, 1, 9},
    {"col ldb", C, N, N, 0, 0, 2, 1, 1, 1, 11},
    {"col ldb (B transposed)", C, N, T, 0, 2, 0, 1, 1, 1, 11},
    {"col ldc", C, N, N, 2, 0, 0, 2, 1, 1, 14},
    {"col M before N", C, N, N, -1, -1, 0, 1, 1, 1, 4},
    {"row TransA", R, 0, N, 0, 0, 0, 1, 1, 1, 2},
    {"row TransB", R, N, 0, 0, 0, 0, 1, 1, 1, 3},
    {"row M", R, N, N, -1, 0, 0, 1, 1, 1, 5},
    {"row N", R, N, T, 0, -1, 0, 1, 1, 1, 4},
    {"row K", R, T, T, 0, 0, -1, 1, 1, 1, 6},
    {"row lda", R, N, N, 0, 0, 2, 1, 1, 2, 11},
    {"row lda (A transposed)", R, T, N, 2, 0, 0, 1, 2, 1, 11},
    {"row ldb", R, N, N, 0, 2, 0, 1, 1, 1, 9},
    {"row ldb (B transposed)", R, N, T, 0, 0, 2, 2, 1, 2, 9},
    {"row ldc", R, N, N, 0, 2, 0, 1, 2, 1, 14},
    // The transposed Fortran call checks N before M, ldb before lda.
    {"row N before M", R, N, N, -1, -1, 0, 1, 1, 1, 4},
    {"row ldb before lda", R, N, N, 0, 2, 2, 1, 1, 2, 9},
};

TEST(CblasDgemm, ReportsTheReferenceParameterNumberAndWritesNothing) {
  for (const cblas_error_case& e : kCblasErrors) {
    std::vector<double> a(64, 1.0), b(64, 1.0), c(64, kUntouched);
    recorded = {};
    cblas_dgemm(static_cast<CBLAS_LAYOUT>(e.layout),
                static_cast<CBLAS_TRANSPOSE>(e.transa),
                static_cast<CBLAS_TRANSPOSE>(e.transb), e.m, e.n, e.k, 1.0,
                a.data(), e.lda, b.data(), e.ldb, 0.0, c.data(), e.ldc);
    EXPECT_EQ(recorded.count, 1) << e.why;
    EXPECT_EQ(recorded.routine, "cblas_dgemm") << e.why;
    EXPECT_EQ(recorded.info, e.expected_info) << e.why;
    EXPECT_EQ(c, std::vector<double>(64, kUntouched)) << e.why;
  }
}

TEST(CblasDgemm, NamesTheIllegalEnumValueLikeTheReference) {
  std::vector<double> c(4, kUntouched);
  const auto call = [&c](int layout, int ta, int tb) {
    recorded = {};
    cblas_dgemm(static_cast<CBLAS_LAYOUT>(layout),
                static_cast<CBLAS_TRANSPOSE>(ta),
                static_cast<CBLAS_TRANSPOSE>(tb), 1, 1, 1, 1.0, c.data(), 1,
                c.data(), 1, 0.0, c.data(), 1);
    return recorded.message;
  };
  EXPECT_EQ(call(7, N, N), "Illegal layout setting, 7\n");
  EXPECT_EQ(call(R, 8, N), "Illegal TransA setting, 8\n");
  EXPECT_EQ(call(C, N, 9), "Illegal TransB setting, 9\n");
  recorded = {};
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, -1, 1, 1, 1.0,
              c.data(), 1, c.data(), 1, 0.0, c.data(), 1);
  EXPECT_EQ(recorded.message, "");
  EXPECT_EQ(c, std::vector<double>(4, kUntouched));
}

}  // namespace

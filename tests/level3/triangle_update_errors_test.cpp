// Illegal arguments of syrk, herk, syr2k, her2k and gemmt: the position
// the error handler receives, as the reference (OpenBLAS for gemmt) numbers
// it, and that C is left untouched. This file brings its recording
// xerbla_ and cblas_xerbla into the whole level3_tests binary, as a program
// may; no other test of it makes an illegal call.
#include <gtest/gtest.h>

#include <cblas.h>
#include <swblas.h>

#include <complex>
#include <string>
#include <vector>

#include "../recording_error_handlers.h"

extern "C" {
void dsyrk_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*, void*,
            const int*);
void zherk_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*, void*,
            const int*);
void zsyrk_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*, void*,
            const int*);
void dsyr2k_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
             const int*, const void*, void*, const int*);
void zher2k_(const char*, const char*, const int*, const int*, const void*, const void*, const int*, const void*,
             const int*, const void*, void*, const int*);
void dgemmt_(const char*, const char*, const char*, const int*, const int*, const void*, const void*, const int*,
             const void*, const int*, const void*, void*, const int*);
}

namespace {

constexpr double kUntouched = 42.0;

// One call's arguments; b is ignored by the rank-k routines, transb by all
// but gemmt.
struct error_case {
  const char* why;
  int layout;  // CBLAS only
  char uplo, trans, transb;
  int n, k, lda, ldb, ldc;
  int expected;
};

// Runs `call` on fresh operands and checks what the handler received.
template <class Call>
void expect_error(const char* routine, const error_case& e, Call call) {
  std::vector<std::complex<double>> a(64, 1.0), b(64, 1.0), c(64, kUntouched);
  recorded = {};
  call(e, a.data(), b.data(), c.data());
  EXPECT_EQ(recorded.count, 1) << routine << ": " << e.why;
  EXPECT_EQ(recorded.routine, routine) << e.why;
  EXPECT_EQ(recorded.info, e.expected) << routine << ": " << e.why;
  EXPECT_EQ(c, std::vector<std::complex<double>>(64, kUntouched)) << routine << ": " << e.why;
}

CBLAS_UPLO uplo_of(char u) { return u == 'U' ? CblasUpper : u == 'L' ? CblasLower : CBLAS_UPLO(77); }
CBLAS_TRANSPOSE trans_of(char t) {
  return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : t == 'C' ? CblasConjTrans : CBLAS_TRANSPOSE(77);
}
const int kCol = CblasColMajor, kRow = CblasRowMajor;

TEST(TriangleUpdateErrors, FortranRankK) {
  const error_case cases[] = {
      {"UPLO", 0, 'X', 'N', 'N', 2, 2, 2, 2, 2, 1},
      {"TRANS", 0, 'U', 'X', 'N', 2, 2, 2, 2, 2, 2},
      {"N", 0, 'U', 'N', 'N', -1, 2, 2, 2, 2, 3},
      {"K", 0, 'U', 'N', 'N', 2, -1, 2, 2, 2, 4},
      {"LDA < N", 0, 'L', 'N', 'N', 3, 2, 2, 3, 3, 7},
      {"LDA < K (transposed)", 0, 'L', 'T', 'N', 2, 3, 2, 3, 2, 7},
      {"LDC < N", 0, 'U', 'N', 'N', 3, 2, 3, 3, 2, 10},
      {"UPLO before N", 0, 'Q', 'N', 'N', -1, 2, 2, 2, 2, 1},
  };
  for (const error_case& e : cases)
    expect_error("DSYRK ", e, [](const error_case& e, auto* a, auto*, auto* c) {
      const double alpha = 1, beta = 0;
      dsyrk_(&e.uplo, &e.trans, &e.n, &e.k, &alpha, a, &e.lda, &beta, c, &e.ldc);
    });
  // A transpose the complex routine does not take.
  expect_error("ZHERK ", {"TRANS T", 0, 'U', 'T', 'N', 2, 2, 2, 2, 2, 2},
               [](const error_case& e, auto* a, auto*, auto* c) {
                 const double alpha = 1, beta = 0;
                 zherk_(&e.uplo, &e.trans, &e.n, &e.k, &alpha, a, &e.lda, &beta, c, &e.ldc);
               });
  expect_error("ZSYRK ", {"TRANS C", 0, 'U', 'C', 'N', 2, 2, 2, 2, 2, 2},
               [](const error_case& e, auto* a, auto*, auto* c) {
                 const std::complex<double> alpha = 1, beta = 0;
                 zsyrk_(&e.uplo, &e.trans, &e.n, &e.k, &alpha, a, &e.lda, &beta, c, &e.ldc);
               });
}

TEST(TriangleUpdateErrors, FortranRank2K) {
  const error_case cases[] = {
      {"LDA", 0, 'U', 'N', 'N', 3, 2, 2, 3, 3, 7},
      {"LDB < N", 0, 'U', 'N', 'N', 3, 2, 3, 2, 3, 9},
      {"LDB < K (transposed)", 0, 'U', 'C', 'N', 2, 3, 3, 2, 2, 9},
      {"LDC", 0, 'L', 'N', 'N', 3, 2, 3, 3, 2, 12},
      {"LDA before LDB", 0, 'L', 'N', 'N', 3, 2, 1, 1, 3, 7},
  };
  for (const error_case& e : cases)
    expect_error("DSYR2K", e, [](const error_case& e, auto* a, auto* b, auto* c) {
      const double alpha = 1, beta = 0;
      dsyr2k_(&e.uplo, &e.trans, &e.n, &e.k, &alpha, a, &e.lda, b, &e.ldb, &beta, c, &e.ldc);
    });
  expect_error("ZHER2K", {"TRANS T", 0, 'L', 'T', 'N', 2, 2, 2, 2, 2, 2},
               [](const error_case& e, auto* a, auto* b, auto* c) {
                 const std::complex<double> alpha = 1;
                 const double beta = 0;
                 zher2k_(&e.uplo, &e.trans, &e.n, &e.k, &alpha, a, &e.lda, b, &e.ldb, &beta, c, &e.ldc);
               });
}

TEST(TriangleUpdateErrors, FortranGemmt) {
  const error_case cases[] = {
      {"UPLO", 0, '/', 'N', 'N', 2, 2, 2, 2, 2, 1},
      {"TRANSA", 0, 'U', 'X', 'N', 2, 2, 2, 2, 2, 2},
      {"TRANSB", 0, 'U', 'N', 'X', 2, 2, 2, 2, 2, 3},
      {"N", 0, 'U', 'N', 'N', -1, 2, 2, 2, 2, 4},
      {"K", 0, 'U', 'N', 'N', 2, -1, 2, 2, 2, 5},
      {"LDA < N", 0, 'U', 'N', 'N', 3, 2, 2, 2, 3, 8},
      {"LDB < K", 0, 'U', 'N', 'N', 2, 3, 2, 2, 2, 10},
      {"LDB < N (transposed)", 0, 'U', 'N', 'T', 3, 2, 3, 2, 3, 10},
      {"LDC", 0, 'L', 'T', 'C', 3, 2, 2, 3, 2, 13},
  };
  for (const error_case& e : cases)
    expect_error("DGEMMT", e, [](const error_case& e, auto* a, auto* b, auto* c) {
      const double alpha = 1, beta = 0;
      dgemmt_(&e.uplo, &e.trans, &e.transb, &e.n, &e.k, &alpha, a, &e.lda, b, &e.ldb, &beta, c, &e.ldc);
    });
}

// CBLAS numbers as the reference CBLAS: the layout first; a row-major call
// of these is checked as its transposed column-major call, which for syrk
// and syr2k exchanges no positions, for gemmt lda and ldb (as cblas_dgemm).
TEST(TriangleUpdateErrors, CblasRankKAndGemmt) {
  const error_case syrk[] = {
      {"layout", 0, 'U', 'N', 'N', 2, 2, 2, 2, 2, 1},
      {"Uplo", kCol, 'X', 'N', 'N', 2, 2, 2, 2, 2, 2},
      {"Trans", kRow, 'U', 'X', 'N', 2, 2, 2, 2, 2, 3},
      {"N", kRow, 'U', 'N', 'N', -1, 2, 2, 2, 2, 4},
      {"K", kCol, 'U', 'N', 'N', 2, -1, 2, 2, 2, 5},
      {"lda < N", kCol, 'U', 'N', 'N', 3, 2, 2, 2, 3, 8},
      {"lda < K (row-major)", kRow, 'U', 'N', 'N', 2, 3, 2, 2, 2, 8},
      {"ldc", kRow, 'L', 'T', 'N', 3, 2, 3, 2, 2, 11},
  };
  for (const error_case& e : syrk)
    expect_error("cblas_dsyrk", e, [](const error_case& e, auto* a, auto*, auto* c) {
      cblas_dsyrk(CBLAS_LAYOUT(e.layout), uplo_of(e.uplo), trans_of(e.trans), e.n, e.k, 1.0,
                  reinterpret_cast<const double*>(a), e.lda, 0.0, reinterpret_cast<double*>(c), e.ldc);
    });
  EXPECT_EQ(recorded.message, "");
  expect_error("cblas_dsyrk", syrk[2], [](const error_case& e, auto* a, auto*, auto* c) {
    cblas_dsyrk(CBLAS_LAYOUT(e.layout), uplo_of(e.uplo), trans_of(e.trans), e.n, e.k, 1.0,
                reinterpret_cast<const double*>(a), e.lda, 0.0, reinterpret_cast<double*>(c), e.ldc);
  });
  EXPECT_EQ(recorded.message, "Illegal Trans setting, 77\n");
  // Column-major, herk refuses Trans; row-major it reads it as NoTrans.
  expect_error("cblas_zherk", {"Trans", kCol, 'U', 'T', 'N', 2, 2, 2, 2, 2, 3},
               [](const error_case& e, auto* a, auto*, auto* c) {
                 cblas_zherk(CBLAS_LAYOUT(e.layout), uplo_of(e.uplo), trans_of(e.trans), e.n, e.k, 1.0, a, e.lda,
                             0.0, c, e.ldc);
               });
  expect_error("cblas_zsyrk", {"ConjTrans row-major", kRow, 'U', 'C', 'N', 2, 2, 2, 2, 2, 3},
               [](const error_case& e, auto* a, auto*, auto* c) {
                 const std::complex<double> alpha = 1, beta = 0;
                 cblas_zsyrk(CBLAS_LAYOUT(e.layout), uplo_of(e.uplo), trans_of(e.trans), e.n, e.k, &alpha, a,
                             e.lda, &beta, c, e.ldc);
               });
  expect_error("cblas_dsyr2k", {"ldb", kRow, 'U', 'N', 'N', 2, 3, 3, 2, 2, 10},
               [](const error_case& e, auto* a, auto* b, auto* c) {
                 cblas_dsyr2k(CBLAS_LAYOUT(e.layout), uplo_of(e.uplo), trans_of(e.trans), e.n, e.k, 1.0,
                              reinterpret_cast<const double*>(a), e.lda, reinterpret_cast<const double*>(b), e.ldb,
                              0.0, reinterpret_cast<double*>(c), e.ldc);
               });
  const error_case gemmt[] = {
      {"TransB", kRow, 'U', 'N', 'X', 2, 2, 2, 2, 2, 4},
      {"ldb col-major", kCol, 'U', 'N', 'N', 2, 3, 2, 2, 2, 11},
      {"ldb row-major, reported at lda's", kRow, 'U', 'N', 'N', 3, 2, 2, 2, 3, 9},
      {"lda row-major, reported at ldb's", kRow, 'U', 'N', 'N', 2, 3, 2, 2, 2, 11},
      {"ldc", kRow, 'L', 'N', 'N', 3, 2, 2, 3, 2, 14},
  };
  for (const error_case& e : gemmt)
    expect_error("cblas_dgemmt", e, [](const error_case& e, auto* a, auto* b, auto* c) {
      cblas_dgemmt(CBLAS_LAYOUT(e.layout), uplo_of(e.uplo), trans_of(e.trans), trans_of(e.transb), e.n, e.k, 1.0,
                   reinterpret_cast<const double*>(a), e.lda, reinterpret_cast<const double*>(b), e.ldb, 0.0,
                   reinterpret_cast<double*>(c), e.ldc);
    });
}

}  // namespace

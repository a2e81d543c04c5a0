// Illegal arguments of the four batched entry points: the routine name and
// parameter number the (replaced) error handler receives, and that no C is
// written, not even the C of a legal group before the illegal one. Row-major
// positions are those of the transposed call, as cblas_dgemm's (swblas.h).
#include <cblas.h>
#include <gtest/gtest.h>
#include <swblas.h>

#include <cstring>
#include <string>
#include <vector>

#include "../recording_error_handlers.h"
#include "batch_support.h"

namespace {

using swblas_batch_test::group_data;
using swblas_batch_test::group_spec;

// Two groups; the second one is made illegal by each case. Group 0 is legal
// and must stay untouched too (every group is checked first).
struct group_args {
  int ta, tb;  // CBLAS values
  int m, n, k, lda, ldb, ldc, size;
};

struct batch_case {
  const char* why;
  int layout;
  group_args second;
  int group_count;
  int expected;
};

constexpr int N = CblasNoTrans, T = CblasTrans;

// Column-major unless stated: legal second group {N, N, 4, 3, 2, lda 4, ldb 2, ldc 4, size 2}.
const batch_case kCblasCases[] = {
    {"layout", 99, {N, N, 4, 3, 2, 4, 2, 4, 2}, 2, 1},
    {"transa", CblasColMajor, {77, N, 4, 3, 2, 4, 2, 4, 2}, 2, 2},
    {"transb", CblasColMajor, {N, -1, 4, 3, 2, 4, 2, 4, 2}, 2, 3},
    {"m", CblasColMajor, {N, N, -1, 3, 2, 4, 2, 4, 2}, 2, 4},
    {"n", CblasColMajor, {N, N, 4, -1, 2, 4, 2, 4, 2}, 2, 5},
    {"k", CblasColMajor, {N, N, 4, 3, -1, 4, 2, 4, 2}, 2, 6},
    {"lda < m", CblasColMajor, {N, N, 4, 3, 2, 3, 2, 4, 2}, 2, 9},
    {"lda < k (A^T)", CblasColMajor, {T, N, 4, 3, 2, 1, 2, 4, 2}, 2, 9},
    {"ldb < k", CblasColMajor, {N, N, 4, 3, 2, 4, 1, 4, 2}, 2, 11},
    {"ldb < n (B^T)", CblasColMajor, {N, T, 4, 3, 2, 4, 2, 4, 2}, 2, 11},
    {"ldc < m", CblasColMajor, {N, N, 4, 3, 2, 4, 2, 3, 2}, 2, 14},
    {"group_size", CblasColMajor, {N, N, 4, 3, 2, 4, 2, 4, -1}, 2, 16},
    {"group_count", CblasColMajor, {N, N, 4, 3, 2, 4, 2, 4, 2}, -1, 15},
    {"m before ldc", CblasColMajor, {N, N, -4, 3, 2, 4, 2, 0, 2}, 2, 4},
    // Row-major: the transposed call's positions (A and B, M and N exchanged).
    {"row-major lda < k", CblasRowMajor, {N, N, 4, 3, 2, 1, 3, 3, 2}, 2, 11},
    {"row-major lda < m (A^T)", CblasRowMajor, {T, N, 4, 3, 2, 3, 3, 3, 2}, 2, 11},
    {"row-major ldb < n", CblasRowMajor, {N, N, 4, 3, 2, 2, 2, 3, 2}, 2, 9},
    {"row-major ldc < n", CblasRowMajor, {N, N, 4, 3, 2, 2, 3, 2, 2}, 2, 14},
    {"row-major m", CblasRowMajor, {N, N, -1, 3, 2, 2, 3, 3, 2}, 2, 5},
    {"row-major n", CblasRowMajor, {N, N, 4, -1, 2, 2, 3, 3, 2}, 2, 4},
    {"row-major n before m", CblasRowMajor, {N, N, -1, -1, 2, 2, 3, 3, 2}, 2, 4},
    {"row-major ldb before lda", CblasRowMajor, {N, N, 4, 3, 2, 1, 2, 3, 2}, 2, 9},
    {"row-major transa keeps its position", CblasRowMajor, {77, N, 4, 3, 2, 2, 3, 3, 2}, 2, 2},
    {"row-major transb keeps its position", CblasRowMajor, {N, 78, 4, 3, 2, 2, 3, 3, 2}, 2, 3},
    {"row-major group_size", CblasRowMajor, {N, N, 4, 3, 2, 2, 3, 3, -1}, 2, 16},
};

// The legal first group, in the layout of the case.
group_spec first_group(bool row_major) { return {row_major, 'N', 'T', 5, 4, 3, 1.0, 0.0, 2, 1}; }

TEST(BatchErrors, CblasDgemmBatchReportsEveryParameter) {
  for (const batch_case& c : kCblasCases) {
    SCOPED_TRACE(c.why);
    group_data legal(first_group(c.layout == CblasRowMajor), 1);
    std::vector<double> other(64, 42.0);
    const group_args& s = c.second;
    const CBLAS_TRANSPOSE ta[] = {CblasNoTrans, static_cast<CBLAS_TRANSPOSE>(s.ta)};
    const CBLAS_TRANSPOSE tb[] = {CblasTrans, static_cast<CBLAS_TRANSPOSE>(s.tb)};
    const int m[] = {5, s.m}, n[] = {4, s.n}, k[] = {3, s.k};
    const int lda[] = {legal.a.ld(), s.lda}, ldb[] = {legal.b.ld(), s.ldb};
    const int ldc[] = {legal.c.ld(), s.ldc}, size[] = {2, s.size};
    const double alpha[] = {1.0, 1.0}, beta[] = {0.0, 0.0};
    const double* a[] = {legal.a_ptrs[0], legal.a_ptrs[1], other.data(), other.data()};
    const double* b[] = {legal.b_ptrs[0], legal.b_ptrs[1], other.data(), other.data()};
    double* cc[] = {legal.c_ptrs[0], legal.c_ptrs[1], other.data(), other.data() + 32};
    recorded = handler_calls{};
    cblas_dgemm_batch(static_cast<CBLAS_LAYOUT>(c.layout), ta, tb, m, n, k, alpha, a, lda, b,
                      ldb, beta, cc, ldc, c.group_count, size);
    EXPECT_EQ(recorded.count, 1);
    EXPECT_EQ(recorded.routine, "cblas_dgemm_batch");
    EXPECT_EQ(recorded.info, c.expected);
    EXPECT_TRUE(legal.c_untouched());
    EXPECT_EQ(other, std::vector<double>(64, 42.0));
  }
}

TEST(BatchErrors, DgemmBatchF77ReportsEveryParameter) {
  struct f77_case {
    const char* why;
    char ta, tb;
    int m, n, k, lda, ldb, ldc, size, group_count, expected;
  };
  const f77_case cases[] = {
      {"transa", 'X', 'N', 4, 3, 2, 4, 2, 4, 2, 2, 1},
      {"transb", 'N', ' ', 4, 3, 2, 4, 2, 4, 2, 2, 2},
      {"m", 'N', 'N', -1, 3, 2, 4, 2, 4, 2, 2, 3},
      {"n", 'N', 'N', 4, -1, 2, 4, 2, 4, 2, 2, 4},
      {"k", 'N', 'N', 4, 3, -1, 4, 2, 4, 2, 2, 5},
      {"lda", 'N', 'N', 4, 3, 2, 3, 2, 4, 2, 2, 8},
      {"ldb", 't', 't', 4, 3, 2, 2, 2, 4, 2, 2, 10},
      {"ldc", 'N', 'N', 4, 3, 2, 4, 2, 3, 2, 2, 13},
      {"group_size", 'N', 'N', 4, 3, 2, 4, 2, 4, -3, 2, 15},
      {"group_count", 'N', 'N', 4, 3, 2, 4, 2, 4, 2, -1, 14},
  };
  for (const f77_case& c : cases) {
    SCOPED_TRACE(c.why);
    group_data legal(first_group(false), 2);
    std::vector<double> other(64, 42.0);
    const char ta[] = {'N', c.ta}, tb[] = {'T', c.tb};
    const int m[] = {5, c.m}, n[] = {4, c.n}, k[] = {3, c.k};
    const int lda[] = {legal.a.ld(), c.lda}, ldb[] = {legal.b.ld(), c.ldb};
    const int ldc[] = {legal.c.ld(), c.ldc}, size[] = {2, c.size};
    const double alpha[] = {1.0, 1.0}, beta[] = {0.0, 0.0};
    const double* a[] = {legal.a_ptrs[0], legal.a_ptrs[1], other.data(), other.data()};
    const double* b[] = {legal.b_ptrs[0], legal.b_ptrs[1], other.data(), other.data()};
    double* cc[] = {legal.c_ptrs[0], legal.c_ptrs[1], other.data(), other.data() + 32};
    recorded = handler_calls{};
    dgemm_batch_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, cc, ldc, &c.group_count, size);
    EXPECT_EQ(recorded.count, 1);
    EXPECT_EQ(recorded.routine, "DGEMM_BATCH");
    EXPECT_EQ(recorded.info, c.expected);
    EXPECT_TRUE(legal.c_untouched());
    EXPECT_EQ(other, std::vector<double>(64, 42.0));
  }
}

// One strided call, as both entry points state it.
struct strided_case {
  const char* why;
  int layout;  // CBLAS only; the Fortran call is column-major
  char ta, tb;
  int m, n, k, lda, sa, ldb, sb, ldc, sc, count;
  int cblas_expected, f77_expected;  // 0: not applicable
};

const strided_case kStridedCases[] = {
    {"layout", 7, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 4, 12, 2, 1, 0},
    {"transa", CblasColMajor, 'X', 'N', 4, 3, 2, 4, 8, 2, 6, 4, 12, 2, 2, 1},
    {"transb", CblasColMajor, 'N', 'Y', 4, 3, 2, 4, 8, 2, 6, 4, 12, 2, 3, 2},
    {"m", CblasColMajor, 'N', 'N', -1, 3, 2, 4, 8, 2, 6, 4, 12, 2, 4, 3},
    {"n", CblasColMajor, 'N', 'N', 4, -1, 2, 4, 8, 2, 6, 4, 12, 2, 5, 4},
    {"k", CblasColMajor, 'N', 'N', 4, 3, -1, 4, 8, 2, 6, 4, 12, 2, 6, 5},
    {"lda", CblasColMajor, 'N', 'N', 4, 3, 2, 3, 8, 2, 6, 4, 12, 2, 9, 8},
    {"stridea", CblasColMajor, 'N', 'N', 4, 3, 2, 4, -8, 2, 6, 4, 12, 2, 10, 9},
    {"ldb", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 1, 6, 4, 12, 2, 12, 11},
    {"strideb", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, -1, 4, 12, 2, 13, 12},
    {"ldc", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 2, 12, 2, 16, 15},
    {"stridec", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 4, -12, 2, 17, 16},
    {"batch_size", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 4, 12, -2, 18, 17},
    {"lda before batch_size", CblasColMajor, 'N', 'N', 4, 3, 2, 0, 8, 2, 6, 4, 12, -2, 9, 8},
    // Entries must not overlap in C: stridec >= ldc * n when batch_size > 1.
    {"stridec 0", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 4, 0, 2, 17, 16},
    {"stridec < ldc * n", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 4, 11, 2, 17, 16},
    {"stridec < ldc * n (ldc > m)", CblasColMajor, 'N', 'N', 4, 3, 2, 4, 8, 2, 6, 5, 12, 3, 17, 16},
    // Row-major: the transposed call's positions (A and B, M and N exchanged).
    {"row-major ldc < n", CblasRowMajor, 'N', 'N', 4, 3, 2, 2, 8, 3, 6, 2, 12, 2, 16, 0},
    {"row-major m", CblasRowMajor, 'N', 'N', -1, 3, 2, 2, 8, 3, 6, 3, 12, 2, 5, 0},
    {"row-major n", CblasRowMajor, 'N', 'N', 4, -1, 2, 2, 8, 3, 6, 3, 12, 2, 4, 0},
    {"row-major lda", CblasRowMajor, 'N', 'N', 4, 3, 2, 1, 8, 3, 6, 3, 12, 2, 12, 0},
    {"row-major stridea", CblasRowMajor, 'N', 'N', 4, 3, 2, 2, -8, 3, 6, 3, 12, 2, 13, 0},
    {"row-major ldb", CblasRowMajor, 'N', 'N', 4, 3, 2, 2, 8, 2, 6, 3, 12, 2, 9, 0},
    {"row-major strideb", CblasRowMajor, 'N', 'N', 4, 3, 2, 2, 8, 3, -6, 3, 12, 2, 10, 0},
    {"row-major stridec < ldc * m", CblasRowMajor, 'N', 'N', 4, 3, 2, 2, 8, 3, 6, 3, 11, 2, 17, 0},
    {"row-major ldb before lda", CblasRowMajor, 'N', 'N', 4, 3, 2, 1, 8, 2, 6, 3, 12, 2, 9, 0},
    {"row-major transa", CblasRowMajor, 'X', 'N', 4, 3, 2, 2, 8, 3, 6, 3, 12, 2, 2, 0},
};

CBLAS_TRANSPOSE cblas_trans(char t) {
  if (t == 'N') return CblasNoTrans;
  if (t == 'T') return CblasTrans;
  return static_cast<CBLAS_TRANSPOSE>(200 + t);  // illegal on purpose
}

TEST(BatchErrors, StridedEntriesReportEveryParameter) {
  for (const strided_case& c : kStridedCases) {
    SCOPED_TRACE(c.why);
    std::vector<double> a(64, 1.0), b(64, 1.0), cc(64, 42.0);
    recorded = handler_calls{};
    cblas_dgemm_batch_strided(static_cast<CBLAS_LAYOUT>(c.layout), cblas_trans(c.ta),
                              cblas_trans(c.tb), c.m, c.n, c.k, 1.0, a.data(), c.lda, c.sa,
                              b.data(), c.ldb, c.sb, 0.0, cc.data(), c.ldc, c.sc, c.count);
    EXPECT_EQ(recorded.count, 1);
    EXPECT_EQ(recorded.routine, "cblas_dgemm_batch_strided");
    EXPECT_EQ(recorded.info, c.cblas_expected);
    EXPECT_EQ(cc, std::vector<double>(64, 42.0));
    if (c.f77_expected == 0) continue;
    const double alpha = 1.0, beta = 0.0;
    recorded = handler_calls{};
    dgemm_batch_strided_(&c.ta, &c.tb, &c.m, &c.n, &c.k, &alpha, a.data(), &c.lda, &c.sa,
                         b.data(), &c.ldb, &c.sb, &beta, cc.data(), &c.ldc, &c.sc, &c.count);
    EXPECT_EQ(recorded.count, 1);
    EXPECT_EQ(recorded.routine, "DGEMM_BATCH_STRIDED");
    EXPECT_EQ(recorded.info, c.f77_expected);
    EXPECT_EQ(cc, std::vector<double>(64, 42.0));
  }
}

// Entries that cannot overlap in C are legal: one entry with any stride
// that is not negative, or entries exactly one C apart (ldc * n column-major,
// ldc * m row-major).
TEST(BatchErrors, StridedEntriesMayTouchButNotOverlapInC) {
  struct legal_case {
    const char* why;
    CBLAS_LAYOUT layout;
    int ldc, stridec, count;
  };
  const legal_case cases[] = {
      {"one entry, stridec 0", CblasColMajor, 4, 0, 1},
      {"stridec = ldc * n", CblasColMajor, 4, 12, 2},
      {"row-major stridec = ldc * m", CblasRowMajor, 3, 12, 2},
  };
  for (const legal_case& c : cases) {
    SCOPED_TRACE(c.why);
    const bool row_major = c.layout == CblasRowMajor;
    const int lda = row_major ? 2 : 4, ldb = row_major ? 3 : 2;
    std::vector<double> a(64, 1.0), b(64, 1.0), cc(64, 0.0);
    recorded = handler_calls{};
    cblas_dgemm_batch_strided(c.layout, CblasNoTrans, CblasNoTrans, 4, 3, 2, 1.0, a.data(), lda, 8,
                              b.data(), ldb, 6, 0.0, cc.data(), c.ldc, c.stridec, c.count);
    EXPECT_EQ(recorded.count, 0);
    EXPECT_EQ(cc[0], 2.0);
    if (row_major) continue;
    const char n = 'N';
    const int m = 4, nn = 3, k = 2, sa = 8, sb = 6;
    const double alpha = 1.0, beta = 0.0;
    dgemm_batch_strided_(&n, &n, &m, &nn, &k, &alpha, a.data(), &lda, &sa, b.data(), &ldb, &sb,
                         &beta, cc.data(), &c.ldc, &c.stridec, &c.count);
    EXPECT_EQ(recorded.count, 0);
  }
}

// A C caller can pass any int where a CBLAS_TRANSPOSE is declared; values
// outside the enum's range are read as integers (UBSan would flag loading
// them as the enum) and rejected at the option's own position.
TEST(BatchErrors, OutOfRangeTransposeValuesAreIllegal) {
  for (const int value : {-1, 1000, 1 << 30}) {
    for (const int which : {0, 1}) {
      SCOPED_TRACE(value);
      CBLAS_TRANSPOSE ta[] = {CblasNoTrans}, tb[] = {CblasNoTrans};
      std::memcpy(which == 0 ? ta : tb, &value, sizeof value);
      const int m[] = {2}, n[] = {2}, k[] = {2}, ld[] = {2}, size[] = {1};
      const double alpha[] = {1.0}, beta[] = {0.0};
      std::vector<double> a(4, 1.0), b(4, 1.0), c(4, 42.0);
      const double* a_array[] = {a.data()};
      const double* b_array[] = {b.data()};
      double* c_array[] = {c.data()};
      recorded = handler_calls{};
      cblas_dgemm_batch(CblasRowMajor, ta, tb, m, n, k, alpha, a_array, ld, b_array, ld, beta,
                        c_array, ld, 1, size);
      EXPECT_EQ(recorded.count, 1);
      EXPECT_EQ(recorded.info, 2 + which);
      EXPECT_EQ(c, std::vector<double>(4, 42.0));
    }
  }
}

TEST(BatchErrors, EmptyBatchesAreLegalNoOps) {
  recorded = handler_calls{};
  cblas_dgemm_batch(CblasColMajor, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                    nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, nullptr);
  const int zero = 0;
  dgemm_batch_(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
               nullptr, nullptr, nullptr, nullptr, &zero, nullptr);
  std::vector<double> c(4, 42.0);
  cblas_dgemm_batch_strided(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, nullptr, 2,
                            4, nullptr, 2, 4, 0.0, c.data(), 2, 4, 0);
  EXPECT_EQ(recorded.count, 0);
  EXPECT_EQ(c, std::vector<double>(4, 42.0));
}

}  // namespace

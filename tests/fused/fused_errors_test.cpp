// Argument and descriptor errors of the fused entry points: the code
// returned, C untouched, xerbla not involved.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "swblas.h"

namespace {

constexpr double kSentinel = 42.0;

struct call_args {
  CBLAS_LAYOUT layout = CblasColMajor;
  CBLAS_TRANSPOSE ta = CblasNoTrans, tb = CblasNoTrans;
  int m = 4, n = 3, k = 2, lda = 4, ldb = 2, ldc = 4;
  swblas_prologue pro{SWBLAS_PROLOGUE_NONE, 1.0, 0.0, 0.0, 0.0};
  swblas_epilogue epi{SWBLAS_BIAS_NONE, nullptr, SWBLAS_ACT_RELU, 0.0, 0.0, 0.0};
};

// Returns the code; checks that C was not written.
int run(const call_args& c) {
  std::vector<double> a(64, 1.0), b(64, 1.0), out(64, kSentinel);
  const int code = swblas_dgemm_fused(c.layout, c.ta, c.tb, c.m, c.n, c.k, 1.0, a.data(), c.lda,
                                      b.data(), c.ldb, 0.0, out.data(), c.ldc, &c.pro, &c.epi);
  if (code != 0) {
    for (double x : out) EXPECT_EQ(x, kSentinel) << "C written despite code " << code;
  }
  return code;
}

int run_batch(const call_args& c, int batch_size) {
  std::vector<double> a(256, 1.0), b(256, 1.0), out(256, kSentinel);
  const int code = swblas_dgemm_fused_batch_strided(
      c.layout, c.ta, c.tb, c.m, c.n, c.k, 1.0, a.data(), c.lda, 16, b.data(), c.ldb, 16, 0.0,
      out.data(), c.ldc, 16, batch_size, &c.pro, &c.epi);
  if (code != 0) {
    for (double x : out) EXPECT_EQ(x, kSentinel) << "C written despite code " << code;
  }
  return code;
}

TEST(FusedErrors, ValidCallSucceeds) {
  EXPECT_EQ(run(call_args{}), SWBLAS_SUCCESS);
  EXPECT_EQ(run_batch(call_args{}, 2), SWBLAS_SUCCESS);
}

TEST(FusedErrors, GemmArgumentPositionsColumnMajor) {
  call_args c;
  c.layout = static_cast<CBLAS_LAYOUT>(7);
  EXPECT_EQ(run(c), 1);
  c = call_args{};
  c.ta = static_cast<CBLAS_TRANSPOSE>(0);
  EXPECT_EQ(run(c), 2);
  c = call_args{};
  c.tb = static_cast<CBLAS_TRANSPOSE>(99);
  EXPECT_EQ(run(c), 3);
  c = call_args{};
  c.m = -1;
  EXPECT_EQ(run(c), 4);
  c = call_args{};
  c.n = -1;
  EXPECT_EQ(run(c), 5);
  c = call_args{};
  c.k = -1;
  EXPECT_EQ(run(c), 6);
  c = call_args{};
  c.lda = 3;
  EXPECT_EQ(run(c), 9);
  c = call_args{};
  c.ldb = 1;
  EXPECT_EQ(run(c), 11);
  c = call_args{};
  c.ldc = 3;
  EXPECT_EQ(run(c), 14);
}

// Row-major: A is m x k with lda >= k, B k x n with ldb >= n, C ldc >= n;
// the code is the position in the caller's argument list.
TEST(FusedErrors, GemmArgumentPositionsRowMajor) {
  call_args c;
  c.layout = CblasRowMajor;
  c.lda = 2;
  c.ldb = 3;
  c.ldc = 3;
  EXPECT_EQ(run(c), SWBLAS_SUCCESS);
  call_args bad = c;
  bad.m = -1;
  EXPECT_EQ(run(bad), 4);
  bad = c;
  bad.n = -2;
  EXPECT_EQ(run(bad), 5);
  bad = c;
  bad.lda = 1;
  EXPECT_EQ(run(bad), 9);
  bad = c;
  bad.ldb = 2;
  EXPECT_EQ(run(bad), 11);
  bad = c;
  bad.ldc = 2;
  EXPECT_EQ(run(bad), 14);
}

TEST(FusedErrors, DescriptorCodes) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  call_args c;
  c.pro.kind = static_cast<swblas_prologue_kind>(3);
  EXPECT_EQ(run(c), SWBLAS_ERROR_PROLOGUE_KIND);
  for (double scale : {0.0, -1.0, nan, std::numeric_limits<double>::infinity()}) {
    c = call_args{};
    c.pro.kind = SWBLAS_PROLOGUE_SCALE;
    c.pro.scale = scale;
    EXPECT_EQ(run(c), SWBLAS_ERROR_PROLOGUE_SCALE) << scale;
  }
  c = call_args{};
  c.pro = {SWBLAS_PROLOGUE_FAKE_QUANT, 0.1, 0.0, 5.0, -5.0};
  EXPECT_EQ(run(c), SWBLAS_ERROR_PROLOGUE_RANGE);
  c = call_args{};
  c.epi.bias_kind = static_cast<swblas_bias_kind>(-1);
  EXPECT_EQ(run(c), SWBLAS_ERROR_BIAS_KIND);
  for (swblas_bias_kind kind : {SWBLAS_BIAS_PER_ROW, SWBLAS_BIAS_PER_COLUMN}) {
    c = call_args{};
    c.epi.bias_kind = kind;
    EXPECT_EQ(run(c), SWBLAS_ERROR_BIAS_MISSING);
  }
  c = call_args{};
  c.epi.activation = static_cast<swblas_activation>(9);
  EXPECT_EQ(run(c), SWBLAS_ERROR_ACTIVATION);
  c = call_args{};
  c.epi.activation = SWBLAS_ACT_CLAMP;
  c.epi.lo = 1.0;
  c.epi.hi = 0.0;
  EXPECT_EQ(run(c), SWBLAS_ERROR_CLAMP_RANGE);
  // Even an empty problem validates its descriptors.
  c.m = 0;
  EXPECT_EQ(run(c), SWBLAS_ERROR_CLAMP_RANGE);
}

TEST(FusedErrors, BatchPositionsAndDescriptors) {
  call_args c;
  EXPECT_EQ(run_batch(c, -1), 18);
  EXPECT_EQ(run_batch(c, 0), SWBLAS_SUCCESS);
  call_args bad = c;
  bad.lda = 1;
  EXPECT_EQ(run_batch(bad, 2), 9);
  bad = c;
  bad.ldb = 1;
  EXPECT_EQ(run_batch(bad, 2), 12);
  bad = c;
  bad.ldc = 1;
  EXPECT_EQ(run_batch(bad, 2), 16);
  bad = c;
  bad.epi.bias_kind = SWBLAS_BIAS_PER_ROW;
  EXPECT_EQ(run_batch(bad, 2), SWBLAS_ERROR_BIAS_MISSING);
}

TEST(FusedErrors, StrerrorDescribesEveryCode) {
  for (int code = -7; code <= 0; ++code) {
    const char* s = swblas_strerror(code);
    ASSERT_NE(s, nullptr);
    EXPECT_GT(std::strlen(s), 5u);
    EXPECT_EQ(std::strstr(s, "unknown error"), nullptr) << code;
  }
  EXPECT_STREQ(swblas_strerror(SWBLAS_SUCCESS), "success");
  EXPECT_NE(std::strstr(swblas_strerror(9), "position"), nullptr);
  EXPECT_NE(std::strstr(swblas_strerror(-100), "unknown"), nullptr);
}

}  // namespace

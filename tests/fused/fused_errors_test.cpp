// Argument and descriptor errors of the fused entry points (double and
// float, which must agree): the code
// returned (positions numbered as cblas_dgemm's, swblas.h), C untouched,
// xerbla not involved.
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

// Returns the code of swblas_dgemm_fused; checks that swblas_sgemm_fused
// returns the same and that neither wrote C on an error.
int run(const call_args& c) {
  std::vector<double> a(64, 1.0), b(64, 1.0), out(64, kSentinel);
  const int code = swblas_dgemm_fused(c.layout, c.ta, c.tb, c.m, c.n, c.k, 1.0, a.data(), c.lda,
                                      b.data(), c.ldb, 0.0, out.data(), c.ldc, &c.pro, &c.epi);
  std::vector<float> fa(64, 1.0f), fb(64, 1.0f), fout(64, float(kSentinel));
  EXPECT_EQ(swblas_sgemm_fused(c.layout, c.ta, c.tb, c.m, c.n, c.k, 1.0f, fa.data(), c.lda,
                               fb.data(), c.ldb, 0.0f, fout.data(), c.ldc, &c.pro, &c.epi),
            code);
  if (code != 0) {
    for (double x : out) EXPECT_EQ(x, kSentinel) << "C written despite code " << code;
    for (float x : fout) EXPECT_EQ(x, float(kSentinel)) << "float C written despite code " << code;
  }
  return code;
}

struct strides {
  int a = 16, b = 16, c = 16;
};

int run_batch(const call_args& c, int batch_size, strides s = {}) {
  std::vector<double> a(256, 1.0), b(256, 1.0), out(256, kSentinel);
  const int code = swblas_dgemm_fused_batch_strided(
      c.layout, c.ta, c.tb, c.m, c.n, c.k, 1.0, a.data(), c.lda, s.a, b.data(), c.ldb, s.b, 0.0,
      out.data(), c.ldc, s.c, batch_size, &c.pro, &c.epi);
  std::vector<float> fa(256, 1.0f), fb(256, 1.0f), fout(256, float(kSentinel));
  EXPECT_EQ(swblas_sgemm_fused_batch_strided(c.layout, c.ta, c.tb, c.m, c.n, c.k, 1.0f, fa.data(),
                                             c.lda, s.a, fb.data(), c.ldb, s.b, 0.0f, fout.data(),
                                             c.ldc, s.c, batch_size, &c.pro, &c.epi),
            code);
  if (code != 0) {
    for (double x : out) EXPECT_EQ(x, kSentinel) << "C written despite code " << code;
    for (float x : fout) EXPECT_EQ(x, float(kSentinel)) << "float C written despite code " << code;
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

// Row-major: A is m x k with lda >= k, B k x n with ldb >= n, C ldc >= n.
// The code is the position in the transposed call (A and B, M and N
// exchanged), as cblas_dgemm passes it to cblas_xerbla.
call_args row_major_args() {
  call_args c;
  c.layout = CblasRowMajor;
  c.lda = 2;
  c.ldb = 3;
  c.ldc = 3;
  return c;
}

// The same illegal arguments in the strided signature, where stridea
// follows lda (9) and strideb follows ldb (12).
TEST(FusedErrors, GemmArgumentPositionsRowMajor) {
  const call_args legal = row_major_args();
  EXPECT_EQ(run(legal), SWBLAS_SUCCESS);
  EXPECT_EQ(run_batch(legal, 2), SWBLAS_SUCCESS);
  struct illegal {
    const char* why;
    void (*make)(call_args&);
    int position, strided_position;
  };
  const illegal cases[] = {
      {"m", [](call_args& c) { c.m = -1; }, 5, 5},
      {"n", [](call_args& c) { c.n = -2; }, 4, 4},
      {"lda", [](call_args& c) { c.lda = 1; }, 11, 12},
      {"ldb", [](call_args& c) { c.ldb = 2; }, 9, 9},
      {"ldc", [](call_args& c) { c.ldc = 2; }, 14, 16},
      {"transa keeps its position", [](call_args& c) { c.ta = static_cast<CBLAS_TRANSPOSE>(120); },
       2, 2},
  };
  for (const illegal& i : cases) {
    call_args c = legal;
    i.make(c);
    EXPECT_EQ(run(c), i.position) << i.why;
    EXPECT_EQ(run_batch(c, 2), i.strided_position) << i.why;
  }
}

// Stores an int in an enum field as a C caller can; C++ code must not load
// an out-of-range value as the enum (UBSan flags it), so neither does this.
template <class Enum>
void store_int(Enum& field, int value) {
  static_assert(sizeof(Enum) == sizeof(int));
  std::memcpy(&field, &value, sizeof value);
}

TEST(FusedErrors, OutOfRangeEnumValuesAreRejected) {
  for (const int value : {-1, 3, 7, 1000}) {
    call_args c;
    store_int(c.pro.kind, value);
    EXPECT_EQ(run(c), SWBLAS_ERROR_PROLOGUE_KIND) << value;
    c = call_args{};
    store_int(c.epi.bias_kind, value);
    EXPECT_EQ(run(c), SWBLAS_ERROR_BIAS_KIND) << value;
  }
  for (const int value : {-1, SWBLAS_ACT_GELU_ERF_FAST + 1, 16, 1000}) {
    call_args c;
    store_int(c.epi.activation, value);
    EXPECT_EQ(run(c), SWBLAS_ERROR_ACTIVATION) << value;
  }
}

TEST(FusedErrors, FakeQuantZeroPointMustBeFinite) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double zero_point : {std::numeric_limits<double>::quiet_NaN(), inf, -inf}) {
    call_args c;
    c.pro = {SWBLAS_PROLOGUE_FAKE_QUANT, 0.1, zero_point, -8.0, 7.0};
    EXPECT_EQ(run(c), SWBLAS_ERROR_PROLOGUE_ZERO_POINT) << zero_point;
    EXPECT_EQ(run_batch(c, 2), SWBLAS_ERROR_PROLOGUE_ZERO_POINT) << zero_point;
  }
  // A scale prologue has no zero point to check.
  call_args c;
  c.pro = {SWBLAS_PROLOGUE_SCALE, 0.5, std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0};
  EXPECT_EQ(run(c), SWBLAS_SUCCESS);
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
  store_int(c.epi.bias_kind, -1);
  EXPECT_EQ(run(c), SWBLAS_ERROR_BIAS_KIND);
  for (swblas_bias_kind kind : {SWBLAS_BIAS_PER_ROW, SWBLAS_BIAS_PER_COLUMN}) {
    c = call_args{};
    c.epi.bias_kind = kind;
    EXPECT_EQ(run(c), SWBLAS_ERROR_BIAS_MISSING);
  }
  c = call_args{};
  c.epi.activation = static_cast<swblas_activation>(SWBLAS_ACT_GELU_ERF_FAST + 1);
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

// The strides obey cblas_dgemm_batch_strided's rules: not negative, and the
// entries do not overlap in C (stridec >= ldc * n, here 4 * 3).
TEST(FusedErrors, BatchStrides) {
  const call_args c;
  EXPECT_EQ(run_batch(c, 2, {-1, 16, 16}), 10);
  EXPECT_EQ(run_batch(c, 2, {16, -1, 16}), 13);
  EXPECT_EQ(run_batch(c, 2, {16, 16, 11}), 17);
  EXPECT_EQ(run_batch(c, 2, {16, 16, 0}), 17);
  EXPECT_EQ(run_batch(c, 2, {0, 0, 12}), SWBLAS_SUCCESS);
  EXPECT_EQ(run_batch(c, 1, {16, 16, 0}), SWBLAS_SUCCESS);
}

// Row-major: stridea and strideb are reported at each other's positions
// (10 and 13), and C overlaps below ldc * m.
TEST(FusedErrors, BatchStridesRowMajor) {
  const call_args c = row_major_args();
  EXPECT_EQ(run_batch(c, 2, {-1, 16, 16}), 13);
  EXPECT_EQ(run_batch(c, 2, {16, -1, 16}), 10);
  EXPECT_EQ(run_batch(c, 2, {16, 16, 11}), 17);
  EXPECT_EQ(run_batch(c, -1), 18);
}

TEST(FusedErrors, StrerrorDescribesEveryCode) {
  for (int code = SWBLAS_ERROR_PROLOGUE_ZERO_POINT; code <= 0; ++code) {
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

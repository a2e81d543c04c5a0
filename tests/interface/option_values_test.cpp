// Option values outside the CBLAS enums, passed from C
// (option_value_callers.c) as a C program may: each is reported at the
// option's own position, with the value as the caller passed it, and
// nothing is written. swblas reads every option as its integer
// (interface/enum_value.h); a UBSan build reports any place that loads one
// as the enum type instead.
#include <gtest/gtest.h>
#include <swblas.h>

#include <string>
#include <vector>

#include "../recording_error_handlers.h"
#include "option_value_callers.h"

namespace {

constexpr double kUntouched = 42.0;

// Outside every CBLAS enum's range: the range of an enum without a fixed
// type is that of the smallest bit-field that holds its values (0 .. 255
// for values 101 .. 142).
constexpr int kOutOfRange[] = {-1, 1000, 1 << 30};

struct cblas_routine {
  const char* name;
  void (*call)(const int* options, double* out);
  std::vector<int> legal;  // its options, the layout first
};

const cblas_routine kRoutines[] = {
    {"cblas_dgemm", call_dgemm, {CblasColMajor, CblasNoTrans, CblasNoTrans}},
    {"cblas_dgemm_batch", call_dgemm_batch, {CblasColMajor, CblasNoTrans, CblasNoTrans}},
    {"cblas_dgemm_batch_strided", call_dgemm_batch_strided, {CblasColMajor, CblasNoTrans, CblasNoTrans}},
    {"cblas_dgemmt", call_dgemmt, {CblasColMajor, CblasUpper, CblasNoTrans, CblasNoTrans}},
    {"cblas_dgemv", call_dgemv, {CblasColMajor, CblasNoTrans}},
    {"cblas_dgbmv", call_dgbmv, {CblasColMajor, CblasNoTrans}},
    {"cblas_dger", call_dger, {CblasColMajor}},
    {"cblas_dsymv", call_dsymv, {CblasColMajor, CblasUpper}},
    {"cblas_dsyr", call_dsyr, {CblasColMajor, CblasUpper}},
    {"cblas_dtrmv", call_dtrmv, {CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit}},
    {"cblas_dtpmv", call_dtpmv, {CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit}},
    {"cblas_dsyrk", call_dsyrk, {CblasColMajor, CblasUpper, CblasNoTrans}},
    {"cblas_dsyr2k", call_dsyr2k, {CblasColMajor, CblasUpper, CblasNoTrans}},
    {"cblas_dsymm", call_dsymm, {CblasColMajor, CblasLeft, CblasUpper}},
    {"cblas_dtrmm", call_dtrmm, {CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit}},
};

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(OptionValues, OutOfRangeOptionsAreReportedAtTheirPositions) {
  for (const cblas_routine& r : kRoutines) {
    for (std::size_t i = 0; i < r.legal.size(); ++i) {
      for (const int bad : kOutOfRange) {
        SCOPED_TRACE(std::string(r.name) + ", option " + std::to_string(i + 1) + " = " + std::to_string(bad));
        std::vector<int> options = r.legal;
        options[i] = bad;
        double out[1] = {kUntouched};
        recorded = handler_calls{};
        r.call(options.data(), out);
        EXPECT_EQ(recorded.count, 1);
        EXPECT_EQ(recorded.routine, r.name);
        EXPECT_EQ(recorded.info, static_cast<int>(i) + 1);
        // Where the reference names the value, it is the caller's int.
        if (!recorded.message.empty()) {
          EXPECT_TRUE(ends_with(recorded.message, ", " + std::to_string(bad) + "\n")) << recorded.message;
        }
        EXPECT_EQ(out[0], kUntouched);
      }
    }
  }
}

TEST(OptionValues, LegalOptionsFromCAreSolved) {
  for (const cblas_routine& r : kRoutines) {
    SCOPED_TRACE(r.name);
    double out[1] = {kUntouched};
    recorded = handler_calls{};
    r.call(r.legal.data(), out);
    EXPECT_EQ(recorded.count, 0);
    EXPECT_NE(out[0], kUntouched);
  }
}

// The fused entry returns the position instead of calling cblas_xerbla.
TEST(OptionValues, FusedGemmReturnsTheOutOfRangeOptionsPosition) {
  const int legal[] = {CblasColMajor, CblasNoTrans, CblasNoTrans};
  for (int i = 0; i < 3; ++i) {
    for (const int bad : kOutOfRange) {
      int options[3] = {legal[0], legal[1], legal[2]};
      options[i] = bad;
      double out[1] = {kUntouched};
      recorded = handler_calls{};
      EXPECT_EQ(call_dgemm_fused(options, out), i + 1) << bad;
      EXPECT_EQ(recorded.count, 0);
      EXPECT_EQ(out[0], kUntouched);
    }
  }
}

TEST(OptionValues, FusedDescriptorKindsOutOfRangeAreRejected) {
  for (const int bad : kOutOfRange) {
    SCOPED_TRACE(bad);
    double out[1] = {kUntouched};
    EXPECT_EQ(call_dgemm_fused_with(bad, SWBLAS_BIAS_NONE, SWBLAS_ACT_NONE, out), SWBLAS_ERROR_PROLOGUE_KIND);
    EXPECT_EQ(call_dgemm_fused_with(SWBLAS_PROLOGUE_NONE, bad, SWBLAS_ACT_NONE, out), SWBLAS_ERROR_BIAS_KIND);
    EXPECT_EQ(call_dgemm_fused_with(SWBLAS_PROLOGUE_NONE, SWBLAS_BIAS_NONE, bad, out), SWBLAS_ERROR_ACTIVATION);
    EXPECT_EQ(out[0], kUntouched);
  }
  double out[1] = {kUntouched};
  EXPECT_EQ(call_dgemm_fused_with(SWBLAS_PROLOGUE_NONE, SWBLAS_BIAS_NONE, SWBLAS_ACT_NONE, out), SWBLAS_SUCCESS);
  EXPECT_EQ(out[0], 4.0);
}

}  // namespace

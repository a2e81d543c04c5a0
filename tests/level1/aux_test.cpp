// lsame_, xerbla_array_ and ?cabs1 (with their wrapper and CBLAS forms).
// This file brings its recording xerbla_ and cblas_xerbla into the whole
// level1_tests binary, as a program may.
#include <cblas.h>
#include <gtest/gtest.h>
#include <swblas.h>

#include <cctype>
#include <complex>
#include <string>

#include "../recording_error_handlers.h"

namespace {

TEST(Lsame, ComparesOneAsciiCharacterWithoutCase) {
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) {
      const char ca = char(a), cb = char(b);
      const auto up = [](int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; };
      EXPECT_EQ(lsame_(&ca, &cb) != 0, up(a) == up(b)) << a << " " << b;
    }
}

// The name, blank-padded to 32 characters (at most 32 kept), reaches the
// program's own xerbla_ with the info given.
TEST(XerblaArray, PassesThePaddedNameToXerbla) {
  const std::string names[] = {"DGEMM", "", "A_VERY_LONG_ROUTINE_NAME_THAT_IS_CUT_AT_32"};
  for (const std::string& name : names) {
    recorded = {};
    const int len = int(name.size()), info = 7;
    xerbla_array_(name.data(), &len, &info);
    std::string want = name.substr(0, 32);
    want.resize(32, ' ');
    EXPECT_EQ(recorded.count, 1);
    EXPECT_EQ(recorded.routine, want);
    EXPECT_EQ(recorded.info, 7);
  }
}

TEST(Cabs1, SumsTheAbsoluteParts) {
  const std::complex<float> c(-3.5f, 2.0f);
  const std::complex<double> z(1.25, -4.0);
  float cs = 0;
  double zs = 0;
  scabs1sub_(&c, &cs);
  dcabs1sub_(&z, &zs);
  EXPECT_EQ(scabs1_(&c), 5.5f);
  EXPECT_EQ(cs, 5.5f);
  EXPECT_EQ(cblas_scabs1(&c), 5.5f);
  EXPECT_EQ(dcabs1_(&z), 5.25);
  EXPECT_EQ(zs, 5.25);
  EXPECT_EQ(cblas_dcabs1(&z), 5.25);
}

}  // namespace

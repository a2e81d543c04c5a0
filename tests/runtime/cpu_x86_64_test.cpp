// cpuid + xgetbv detection agrees with the compiler's own CPU detection
// (libgcc also checks the OS-enabled register state in XCR0).
#include <gtest/gtest.h>

#include "cpu_features.h"

namespace swblas {
namespace {

TEST(CpuX86_64, AgreesWithBuiltinCpuSupports) {
  __builtin_cpu_init();
  const cpu_features f = detect_cpu_features();
  EXPECT_STREQ(f.arch, "x86_64");
  EXPECT_EQ(f.avx2, __builtin_cpu_supports("avx2") != 0);
  EXPECT_EQ(f.fma, __builtin_cpu_supports("fma") != 0);
  EXPECT_EQ(f.avx512f, __builtin_cpu_supports("avx512f") != 0);
  EXPECT_EQ(f.avx512vl, __builtin_cpu_supports("avx512vl") != 0);
  EXPECT_EQ(f.avx512dq, __builtin_cpu_supports("avx512dq") != 0);
  EXPECT_FALSE(f.vsx);
  EXPECT_FALSE(f.mma);
}

// The vendor, and the family of the AMD cores GCC 12 knows by name (its
// libgcc calls every family 0x19 part znver3, Zen 4 included).
TEST(CpuX86_64, IdentityAgreesWithBuiltinCpuIs) {
  __builtin_cpu_init();
  const cpu_identity id = detect_cpu_features().id;
  EXPECT_EQ(id.vendor == cpu_vendor::amd, __builtin_cpu_is("amd") != 0);
  EXPECT_EQ(id.vendor == cpu_vendor::intel, __builtin_cpu_is("intel") != 0);
  if (__builtin_cpu_is("znver3")) {
    EXPECT_EQ(id.family, 0x19);
  }
  if (__builtin_cpu_is("znver1") || __builtin_cpu_is("znver2")) {
    EXPECT_EQ(id.family, 0x17);
  }
}

TEST(CpuX86_64, TargetOrderIsBestFirst) {
  EXPECT_EQ(architecture_targets(), (std::vector<isa>{isa::avx512, isa::avx2, isa::generic}));
}

}  // namespace
}  // namespace swblas

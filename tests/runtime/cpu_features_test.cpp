// The portable part of CPU detection: which features each ISA needs.
#include <gtest/gtest.h>

#include "cpu_features.h"

namespace swblas {
namespace {

cpu_features haswell_like() {
  cpu_features f;
  f.avx2 = f.fma = true;
  return f;
}

TEST(CanRun, GenericRunsAnywhere) {
  EXPECT_TRUE(can_run(cpu_features{}, isa::generic).runnable);
}

TEST(CanRun, Avx2NeedsAvx2AndFma) {
  EXPECT_TRUE(can_run(haswell_like(), isa::avx2).runnable);
  EXPECT_EQ(can_run(haswell_like(), isa::avx2).reason, "cpu has avx2+fma");
  cpu_features no_fma = haswell_like();
  no_fma.fma = false;
  const isa_verdict v = can_run(no_fma, isa::avx2);
  EXPECT_FALSE(v.runnable);
  EXPECT_EQ(v.reason, "cpu lacks fma");
}

TEST(CanRun, Avx512NeedsFVlDq) {
  EXPECT_EQ(can_run(haswell_like(), isa::avx512).reason,
            "cpu lacks avx512f+avx512vl+avx512dq");
  cpu_features skx = haswell_like();
  skx.avx512f = skx.avx512vl = skx.avx512dq = true;
  EXPECT_TRUE(can_run(skx, isa::avx512).runnable);
  skx.avx512dq = false;
  EXPECT_EQ(can_run(skx, isa::avx512).reason, "cpu lacks avx512dq");
}

TEST(CanRun, PowerTargets) {
  cpu_features p9;
  p9.vsx = true;
  EXPECT_TRUE(can_run(p9, isa::vsx).runnable);
  EXPECT_FALSE(can_run(p9, isa::mma).runnable);
  cpu_features p10 = p9;
  p10.mma = true;
  EXPECT_TRUE(can_run(p10, isa::mma).runnable);
}

TEST(DescribeFeatures, ListsSetFlags) {
  EXPECT_EQ(describe_features(cpu_features{}), "none");
  EXPECT_EQ(describe_features(haswell_like()), "avx2 fma");
}

TEST(ArchitectureTargets, EndWithGeneric) {
  const std::vector<isa> t = architecture_targets();
  ASSERT_FALSE(t.empty());
  EXPECT_EQ(t.back(), isa::generic);
}

}  // namespace
}  // namespace swblas

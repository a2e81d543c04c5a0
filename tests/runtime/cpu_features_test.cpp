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

// Display family and model from cpuid leaf 1's eax, as the vendors' manuals
// define them: the extended family counts for base family 0xF only, the
// extended model for families 6 and 0xF.
TEST(DecodeX86Signature, FamilyAndModel) {
  const cpu_identity zen4 = decode_x86_signature(cpu_vendor::amd, 0x00A10F11);  // EPYC 9004
  EXPECT_EQ(zen4.vendor, cpu_vendor::amd);
  EXPECT_EQ(zen4.family, 0x19);
  EXPECT_EQ(zen4.model, 0x11);
  const cpu_identity zen5 = decode_x86_signature(cpu_vendor::amd, 0x00B00F21);  // EPYC 9005
  EXPECT_EQ(zen5.family, 0x1A);
  EXPECT_EQ(zen5.model, 0x02);
  const cpu_identity skx = decode_x86_signature(cpu_vendor::intel, 0x00050654);  // Xeon SP
  EXPECT_EQ(skx.family, 6);
  EXPECT_EQ(skx.model, 0x55);
  const cpu_identity k8 = decode_x86_signature(cpu_vendor::amd, 0x00020F32);  // extended family 0
  EXPECT_EQ(k8.family, 0xF);
  EXPECT_EQ(k8.model, 0x23);
  const cpu_identity p5 = decode_x86_signature(cpu_vendor::intel, 0x00010543);  // family 5: no extended model
  EXPECT_EQ(p5.family, 5);
  EXPECT_EQ(p5.model, 0x4);
}

TEST(DescribeIdentity, VendorFamilyModelInHex) {
  EXPECT_EQ(describe_identity({cpu_vendor::amd, 0x19, 0x11}), "AMD family 0x19 model 0x11");
  EXPECT_EQ(describe_identity({cpu_vendor::intel, 6, 0x55}), "Intel family 0x6 model 0x55");
  EXPECT_EQ(describe_identity({}), "unknown cpu model");
}

}  // namespace
}  // namespace swblas

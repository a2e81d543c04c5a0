// On POWER, the runtime's choice follows the CPU: mma_8x8 where AT_HWCAP2
// has MMA (POWER10), vsx_8x4 otherwise (POWER8/9), so MMA code never runs on
// a CPU without it. scripts/test-ppc64le.sh also states the micro kernel it
// expects for each qemu CPU model in SWBLAS_EXPECT_UKERNEL, which guards
// against the detection and this test agreeing on a wrong answer.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "dispatch.h"
#include "kernel_harness.h"
#include "runtime.h"

namespace swblas::test {
namespace {

class power_dispatch : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::getenv("SWBLAS_TARGET") != nullptr)
      GTEST_SKIP() << "SWBLAS_TARGET forces the target";
  }
};

TEST_F(power_dispatch, ChosenKernelFollowsTheCpu) {
  const std::string expect = cpu_supports(isa::mma, nullptr) ? "mma_8x8"
                             : cpu_supports(isa::vsx, nullptr) ? "vsx_8x4"
                                                               : "generic_4x4";
  EXPECT_EQ(chosen_runtime().ukernel, expect);
}

// Float (and complex float, by 1m) likewise: MMA's xvf32gerpp kernel only
// where the CPU has MMA.
TEST_F(power_dispatch, ChosenFloatKernelFollowsTheCpu) {
  const std::string expect = cpu_supports(isa::mma, nullptr) ? "f32_mma_16x8"
                             : cpu_supports(isa::vsx, nullptr) ? "f32_vsx_16x4"
                                                               : "f32_generic_4x4";
  ASSERT_NE(active_dispatch().engine_f32.ukernel, nullptr);
  EXPECT_EQ(std::string(active_dispatch().engine_f32.ukernel->name), expect);
}

TEST_F(power_dispatch, ChosenKernelIsTheOneExpectedForThisCpuModel) {
  const char* expect = std::getenv("SWBLAS_EXPECT_UKERNEL");
  if (expect == nullptr)
    GTEST_SKIP() << "SWBLAS_EXPECT_UKERNEL is set per qemu CPU model by "
                    "scripts/test-ppc64le.sh";
  EXPECT_EQ(std::string(chosen_runtime().ukernel), expect);
}

}  // namespace
}  // namespace swblas::test

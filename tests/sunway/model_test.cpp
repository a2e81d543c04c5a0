// The performance model (sim/model): its workload counts are the ones the
// generated kernel really produces on the emulation, and the breakdown
// behaves as paper 000's Fig. 13 says.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "dgemm_sunway.h"
#include "sunway_emu_gemm.h"
#include "sunway_model.h"
#include "swsim/sim.h"

namespace {

using swsim::model::shape;

class SunwayModelCounts : public ::testing::TestWithParam<shape> {};

// Runs the generated kernel (non-transposed, beta != 0) and compares the
// emulator's counters with count_workload().
TEST_P(SunwayModelCounts, MatchTheEmulationsCounters) {
  const shape s = GetParam();
  std::vector<double> a(static_cast<std::size_t>(s.m * s.k), 0.5), b(static_cast<std::size_t>(s.k * s.n), 0.25),
      c(static_cast<std::size_t>(s.m * s.n), 1.0);
  swblas::gemm_problem p;
  p.m = s.m;
  p.n = s.n;
  p.k = s.k;
  p.a = a.data();
  p.rs_a = 1;
  p.cs_a = s.m;
  p.b = b.data();
  p.rs_b = 1;
  p.cs_b = s.k;
  p.beta = 1.0;
  p.c = c.data();
  p.ldc = s.m;
  swblas::sunway_emu_gemm(p);
  const swsim::cpe_counters total = swsim::total_counters();
  const swsim::model::workload w = swsim::model::count_workload(s);
  EXPECT_EQ(total.flops, w.flops);
  EXPECT_EQ(total.dma_get_bytes, w.dma_get_bytes + 64 * sizeof(sw_dgemm_sunway_params));
  EXPECT_EQ(total.dma_put_bytes, w.dma_put_bytes);
  EXPECT_EQ(total.rma_bytes_received, w.rma_bytes_received);
  // The model reads the same numbers whichever way they were counted.
  const auto counted =
      swsim::model::model_times(swsim::model::workload_from_counters(total, s, 64 * sizeof(sw_dgemm_sunway_params)), s.k);
  EXPECT_DOUBLE_EQ(counted.with_hiding, swsim::model::model_times(s).with_hiding);
}

INSTANTIATE_TEST_SUITE_P(Shapes, SunwayModelCounts,
                         ::testing::Values(shape{512, 512, 256}, shape{600, 520, 300}, shape{37, 1029, 515}));

TEST(SunwayModel, EachOptimisationHelpsAndNothingExceedsPeak) {
  const swsim::model::sunway_figures f;
  for (long n : {1024L, 4096L, 16384L}) {
    const auto t = swsim::model::model_times({n, n, n}, f);
    EXPECT_GT(t.dma_only, t.with_ukernel);
    EXPECT_GT(t.with_ukernel, t.with_rma);
    EXPECT_GT(t.with_rma, t.with_hiding);
    EXPECT_GT(t.with_hiding, 2.0 * n * n * n / f.peak_flops());
  }
}

// Paper 000 section 8.1: a small K leaves few DMA overlaps, so the full
// version is further from peak for small shapes.
TEST(SunwayModel, SmallDepthHidesLess) {
  const swsim::model::sunway_figures f;
  const auto small = swsim::model::model_times({4096, 4096, 1024}, f);
  const auto large = swsim::model::model_times({4096, 4096, 16384}, f);
  EXPECT_LT(2.0 * 4096 * 4096 * 1024 / small.with_hiding, 2.0 * 4096 * 4096 * 16384 / large.with_hiding);
}

}  // namespace

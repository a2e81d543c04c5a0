// The packed path's use of a table's block kernel: a stand-in kernel (the
// reference block kernel, counting what it computes) behind a small
// blocking, so that every loop over blocks runs several times; every block
// must go through it once, and the result must be right for both shared
// loops.
#include <gtest/gtest.h>

#include <atomic>

#include "gemm_check.h"

namespace swblas {
namespace {

constexpr blocking kSmallBlocking{8, 16, 12};
std::atomic<long> covered{0};  // C elements times k blocks the kernel computed

void stand_in(const packed_block& blk) {
  covered += static_cast<long>(blk.m * blk.n);
  reference_block_kernel(ukernel_generic_4x4, blk);
}

// Whichever thread claims a block, the table's kernel computes it, once.
TEST(BlockKernel, EveryBlockRunsTheTablesKernelOnce) {
  dispatch_table t;
  std::string why;
  ASSERT_TRUE(testing_support::table_for("generic", &t, &why)) << why;
  ASSERT_STREQ(t.ukernel->name, "generic_4x4");
  t.engine.kernel = stand_in;
  t.engine.blk = kSmallBlocking;
  unsigned seed = 500;
  for (int threads : {1, 2, 3})
    for (parallel_loop loop : {parallel_loop::ic, parallel_loop::jr}) {
      gemm_options o;
      o.threads = threads;
      o.loop = loop;
      o.fit_team_to_work = false;
      o.allow_small = false;
      covered = 0;
      testing_support::check_gemm(t, {45, 31, 37, true, false, 1.5, -0.5, 2}, o, seed++);
      const long k_blocks = (37 + kSmallBlocking.kc - 1) / kSmallBlocking.kc;
      EXPECT_EQ(covered.load(), 45L * 31L * k_blocks) << threads << " threads";
    }
}

}  // namespace
}  // namespace swblas

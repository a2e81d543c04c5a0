// The packed path's use of a table's block kernel: a stand-in kernel (the
// reference block kernel, counting what it computes) behind a small
// blocking, so that every loop over blocks runs several times; every block
// must go through it once, and the result must be right for both shared
// loops.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <vector>

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

std::atomic<long> symmetric_blocks{0};

void symmetric_stand_in(const packed_block& blk) {
  ++symmetric_blocks;
  reference_block_kernel(ukernel_generic_4x4, blk);
}

// A product by a symmetric operand runs the kernel its spec generated
// (generator/specs/symm_*.c): the table takes one per side and triangle
// from the manifest, and the fold makes it the plain GEMM's kernel; the
// result is the product by the expanded matrix.
TEST(BlockKernel, SymmetricOperandsRunTheirSpecsKernels) {
  dispatch_table t;
  std::string why;
  ASSERT_TRUE(testing_support::table_for("generic", &t, &why)) << why;
  for (int upper : {0, 1}) {
    EXPECT_EQ(t.engine.a_symmetric[upper], t.engine.kernel) << upper;
    EXPECT_EQ(t.engine.b_symmetric[upper], t.engine.kernel) << upper;
    ASSERT_NE(t.engine.a_symmetric[upper], nullptr);
  }
  t.engine.blk = kSmallBlocking;
  t.engine.kernel = stand_in;
  const dim_t n = 37, other = 29;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> s(n * n), g(n * other);
  for (double& x : s) x = u(rng);
  for (double& x : g) x = u(rng);
  for (int of_a : {1, 0})
    for (int upper : {0, 1}) {
      t.engine.a_symmetric[upper] = t.engine.b_symmetric[upper] = symmetric_stand_in;
      std::vector<double> full(n * n);
      for (dim_t c = 0; c < n; ++c)
        for (dim_t i = 0; i < n; ++i) full[i + c * n] = (upper ? i <= c : i >= c) ? s[i + c * n] : s[c + i * n];
      const dim_t m = of_a ? n : other, cols = of_a ? other : n;
      std::vector<double> got(m * cols, 0.5), want = got;
      gemm_problem p{m, cols, n, 1.5, nullptr, 1, m, nullptr, 1, n, -0.5, got.data(), m};
      (of_a ? p.a : p.b) = s.data();
      (of_a ? p.b : p.a) = g.data();
      (of_a ? p.a_structure : p.b_structure) = {structure::symmetric, upper == 1, false, 0, 0};
      gemm_options o;
      o.allow_small = false;
      o.threads = 1;
      symmetric_blocks = 0;
      covered = 0;
      gemm_with(t, p, o);
      EXPECT_GT(symmetric_blocks.load(), 0) << of_a << upper;
      EXPECT_EQ(covered.load(), 0) << "the plain kernel ran for a symmetric operand";
      for (dim_t j = 0; j < cols; ++j)
        for (dim_t i = 0; i < m; ++i) {
          double sum = 0;
          for (dim_t l = 0; l < n; ++l)
            sum += (of_a ? full[i + l * n] : g[i + l * m]) * (of_a ? g[l + j * n] : full[l + j * n]);
          want[i + j * m] = 1.5 * sum - 0.5 * want[i + j * m];
          EXPECT_NEAR(got[i + j * m], want[i + j * m], 1e-12) << of_a << upper << " at " << i << "," << j;
        }
      t.engine.a_symmetric[upper] = t.engine.b_symmetric[upper] = nullptr;
    }
}

}  // namespace
}  // namespace swblas

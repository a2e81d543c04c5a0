// The packed path on one triangle of C (c_triangle, the real rank-k
// updates): every element inside as a GEMM gives it, every element outside
// untouched, on every target this CPU runs, with blockings that give many
// column panels, k blocks and A blocks (whole blocks outside are skipped),
// both triangles, rows counted one or two to an element (the 1m view of a
// complex C), and every way a team shares the work.
#include <gtest/gtest.h>

#include <string>

#include "gemm_check.h"
#include "gemm_driver.h"

namespace swblas {
namespace {

using testing_support::problem_spec;
using testing_support::test_problem;

TEST(GemmTriangle, OnlyTheTriangleOnEveryTargetBlockingAndTeam) {
  struct split {
    parallel_loop loop;
    bool rows;
  };
  const split splits[] = {{parallel_loop::ic, false}, {parallel_loop::jr, false}, {parallel_loop::ic, true}};
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    const int mr = t.ukernel->mr, nr = t.ukernel->nr;
    for (const blocking& blk : {t.engine.blk, blocking{2 * mr, 8, 3 * nr}}) {
      t.engine.blk = blk;
      for (int threads : {1, 2})
        for (const split& sp : splits)
          for (int shape = 0; shape < 4; ++shape)
            for (problem_spec s : {problem_spec{37, 37, 23}, problem_spec{101, 101, 9}, problem_spec{64, 64, 40}})
              for (int tr = 0; tr < 4; ++tr) {
                // The operands vary with the problem only: every target, blocking and
                // team runs the same ones (and the naive product is made once for them).
                const unsigned seed = 900 + unsigned(4 * s.k + tr);
                s.trans_a = tr & 1;
                s.trans_b = tr & 2;
                s.alpha = -0.75;
                s.beta = tr == 3 ? 0.0 : 1.25;
                s.ldc_pad = 2;
                gemm_options o;
                o.threads = threads;
                o.loop = sp.loop;
                o.split_rows = sp.rows;
                o.fit_team_to_work = false;
                test_problem tp(s, seed);
                const bool upper = shape & 1;
                const dim_t unit = shape & 2 ? 2 : 1;  // 2: as the real view of a complex C
                tp.set_c_domain({true, upper, 0, unit});
                gemm_with(t, tp.problem(), o);
                tp.expect_correct(std::string(target) + (blk.mc == 2 * mr ? " tiny blocks" : "") + " threads=" +
                                  std::to_string(threads) + (sp.rows ? " rows" : sp.loop == parallel_loop::jr ? " jr" : " ic") +
                                  (upper ? " upper " : " lower ") + "row unit " + std::to_string(unit) + " " +
                                  testing_support::describe(s));
              }
    }
  });
}

// Equal row ranges of a triangle hold unequal work: a team shares A blocks
// instead, whatever rows_balance says of the rectangle, and enough of them.
TEST(GemmTriangle, TeamsShareABlocksNotRows) {
  const dispatch_table& t = active_dispatch();
  for (dim_t n : {200, 1000, 3000}) {
    gemm_problem p;
    p.m = p.n = p.k = n;
    p.c_domain = {true, false, 0};
    gemm_options o;
    o.threads = 2;
    const team_plan plan = plan_team(t, p, o);
    EXPECT_FALSE(plan.split_rows) << n;
    EXPECT_EQ(plan.loop, parallel_loop::ic) << n;
    // At least kTriangleBlocksPerThread A blocks a thread, whatever the
    // engine's mc, lowered only when the engine's make fewer.
    const dim_t mc = plan.mc ? std::min(plan.mc, t.blk().mc) : t.blk().mc;
    EXPECT_GE(ceil_div(n, mc), kTriangleBlocksPerThread * 2) << n;
    EXPECT_EQ(plan.mc > 0, ceil_div(n, t.blk().mc) < kTriangleBlocksPerThread * 2) << n;
  }
}

// Every generated target has swblas-gen's kernel of each triangle
// (generator/specs/gemmt_*.c); the reference target has none and runs the
// hand-written one, which the test above checks too.
TEST(GemmTriangle, GeneratedTargetsRunGeneratedTriangleKernels) {
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    for (int op = 0; op < kTriangleOpCount; ++op) {
      EXPECT_EQ(t.engine.triangle[op] != nullptr, t.engine.kernel != nullptr) << target << " triangle_op " << op;
      EXPECT_EQ(t.engine_f32.triangle[op] != nullptr, t.engine_f32.kernel != nullptr) << target << " triangle_op " << op;
    }
  });
}

}  // namespace
}  // namespace swblas

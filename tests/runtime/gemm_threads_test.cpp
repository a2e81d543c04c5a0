// Threading: team sizes 1, 2, 3, both parallel loops and split rows,
// blockings small enough to give every thread several blocks, and
// concurrent callers.
#include <gtest/gtest.h>

#include <optional>
#include <thread>

#include <omp.h>

#include "gemm.h"
#include "gemm_driver.h"
#include "gemm_check.h"

namespace swblas {
namespace {

using testing_support::check_gemm;
using testing_support::problem_spec;

// The three ways a team shares the packed path (team_plan).
struct team_split {
  parallel_loop loop;
  bool rows;
  const char* name;
};
constexpr team_split kSplits[] = {{parallel_loop::ic, false, "ic"},
                                  {parallel_loop::jr, false, "jr"},
                                  {parallel_loop::ic, true, "rows"}};

// Options that force split s on exactly `threads` threads.
gemm_options forced(team_split s, int threads) {
  gemm_options o;
  o.threads = threads;
  o.loop = s.loop;
  o.split_rows = s.rows;
  o.fit_team_to_work = false;
  return o;
}

dispatch_table reference_table() {
  dispatch_table t;
  std::string why;
  EXPECT_TRUE(testing_support::table_for("reference", &t, &why)) << why;
  return t;
}

// The reference path with tiny blocks: many jc/pc/ic iterations, partial
// blocks everywhere, and more mc blocks or nr panels than threads.
TEST(GemmThreads, ReferenceWithTinyBlocking) {
  dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  const int mr = t.ukernel->mr, nr = t.ukernel->nr;
  t.engine.blk = blocking{2 * mr, 8, 3 * nr};
  const problem_spec shapes[] = {{37, 29, 23}, {5, 41, 9}, {50, 7, 17}, {1, 1, 20}};
  unsigned seed = 300;
  for (int threads : {1, 2, 3})
    for (team_split split : kSplits)
      for (problem_spec s : shapes)
        for (int tr = 0; tr < 4; ++tr) {
          s.trans_a = tr & 1;
          s.trans_b = tr & 2;
          s.alpha = 0.5;
          s.beta = tr == 3 ? 0.0 : -1.5;
          s.ldc_pad = 1;
          gemm_options o = forced(split, threads);
          o.allow_small = false;
          check_gemm(t, s, o, seed++);
        }
}

// Every target this CPU runs, with its real blocking.
TEST(GemmThreads, EveryTargetEveryLoop) {
  testing_support::for_each_runnable_table([&](const char*, dispatch_table& t) {
    for (int threads : {1, 2, 3})
      for (team_split split : kSplits)
        check_gemm(t, {131, 77, 300, false, true, 1.0, 1.0, 2}, forced(split, threads),
                   threads * 10 + int(split.loop) + 5 * split.rows);
  });
}

TEST(GemmThreads, DriverPolicy) {
  const dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  const blocking& b = t.blk();
  const gemm_problem tiny{8, 8, 8};
  EXPECT_EQ(team_size(tiny, *t.ukernel, b, 8), 1);
  const gemm_problem big{2000, 2000, 2000};
  EXPECT_EQ(team_size(big, *t.ukernel, b, 8), 8);
  EXPECT_EQ(team_size(big, *t.ukernel, b, 0), 1);
}

// With split rows left out (it beats ic wherever ic would win:
// SplitRowsFollowsBalance): ic when its mc blocks split evenly and every
// thread has rows enough to pay for reading the part of B the others
// packed; jr when the blocks do not divide among the threads, or the
// threads have few rows, and every thread gets enough column panels.
TEST(GemmThreads, LoopChoiceFollowsBalance) {
  dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  const dgemm_ukernel_desc& u = *t.ukernel;
  const int mr = u.mr, nr = u.nr;
  t.engine.blk = blocking{1024 * mr, 64, 256 * nr};
  const blocking& ic = t.blk();
  const blocking& jr = t.blk();
  const dim_t mc = ic.mc;
  gemm_options o;
  o.threads = 2;
  o.fit_team_to_work = false;
  o.split_rows = false;
  const double shared_b = kIcSharedBRows / 2;  // half of B packed by the other thread
  const gemm_problem even{4 * mc, 100 * nr, 64};  // 2 blocks each
  const double rows = 2.0 * mc;
  EXPECT_DOUBLE_EQ(loop_balance(even, u, ic, parallel_loop::ic, 2), rows / (rows + shared_b));
  EXPECT_EQ(plan_team(t, even, o).loop, parallel_loop::ic);
  const gemm_problem odd{3 * mc, 100 * nr, 64};  // 2 blocks against 1
  EXPECT_DOUBLE_EQ(loop_balance(odd, u, ic, parallel_loop::ic, 2),
                   0.75 * (1.5 * mc) / (1.5 * mc + shared_b));
  EXPECT_EQ(plan_team(t, odd, o).loop, parallel_loop::jr);
  // A partial last block, dealt round-robin: 5 blocks, the first thread has
  // blocks 0, 2 and 4 (the partial one), 2 mc + mc / 6 rows, not 3 mc.
  const gemm_problem partial{4 * mc + mc / 6, 100 * nr, 64};
  const double half = (4.0 * mc + double(mc / 6)) / 2.0;
  const double most = 2.0 * mc + double(mc / 6);
  EXPECT_DOUBLE_EQ(loop_balance(partial, u, ic, parallel_loop::ic, 2),
                   half / most * half / (half + shared_b));
  // Three threads, 7 blocks of which the last has 1 row: the first thread
  // (blocks 0, 3, 6) has 2 mc + 1 rows, the most (contiguous chunks: 3 mc).
  const gemm_problem one_row_last{6 * mc + 1, 100 * nr, 64};
  const double third = (6.0 * mc + 1.0) / 3.0;
  EXPECT_DOUBLE_EQ(loop_balance(one_row_last, u, ic, parallel_loop::ic, 3),
                   third / (2.0 * mc + 1.0) * third / (third + 2.0 * kIcSharedBRows / 3.0));
  const gemm_problem narrow{3 * mc, 8 * nr, 64};  // 4 panels each: sharing A costs too much
  EXPECT_LT(loop_balance(narrow, u, jr, parallel_loop::jr, 2),
            loop_balance(narrow, u, ic, parallel_loop::ic, 2));
  EXPECT_EQ(plan_team(t, narrow, o).loop, parallel_loop::ic);
  o.loop = parallel_loop::jr;
  EXPECT_EQ(plan_team(t, even, o).loop, parallel_loop::jr);
  o.loop.reset();
  EXPECT_DOUBLE_EQ(loop_balance(even, u, ic, parallel_loop::ic, 1), 1.0);
  // Even blocks of few rows: reading the other's half of B outweighs them.
  t.engine.blk = blocking{4 * mr, 64, 256 * nr};
  const gemm_problem few_rows{16 * mr, 100 * nr, 64};  // 2 blocks each
  EXPECT_LT(loop_balance(few_rows, u, t.blk(), parallel_loop::ic, 2),
            loop_balance(few_rows, u, t.blk(), parallel_loop::jr, 2));
  EXPECT_EQ(plan_team(t, few_rows, o).loop, parallel_loop::jr);
  // jr never takes more threads than one nc block has panels.
  o.loop = parallel_loop::jr;
  o.fit_team_to_work = true;
  o.threads = 64;
  EXPECT_LE(plan_team(t, gemm_problem{16 * mr, 3 * nr, 2000}, o).threads, 3);
}

// Split rows: an even split of whole mr-row tiles, each thread packing all
// of B for itself; chosen when that beats both loops, which takes many rows
// a thread, and never when the caller names a loop.
TEST(GemmThreads, SplitRowsFollowsBalance) {
  dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  t.team = team_costs{};  // kPackBPerFma whatever the CPU running the test
  const dgemm_ukernel_desc& u = *t.ukernel;
  const dim_t mr = u.mr, nr = u.nr;
  EXPECT_DOUBLE_EQ(rows_balance(gemm_problem{100 * mr, nr, 64}, u, 1), 1.0);
  const double tiles50 = double(50 * mr);
  EXPECT_DOUBLE_EQ(rows_balance(gemm_problem{100 * mr, nr, 64}, u, 2),
                   (tiles50 + kPackBPerFma / 2) / (tiles50 + kPackBPerFma));
  // 3 tiles: 2 against 1.
  EXPECT_DOUBLE_EQ(rows_balance(gemm_problem{3 * mr, nr, 64}, u, 2),
                   (1.5 * mr + kPackBPerFma / 2) / (2.0 * mr + kPackBPerFma));
  // A ragged last tile counts as the rows it has.
  EXPECT_DOUBLE_EQ(rows_balance(gemm_problem{mr + 1, nr, 64}, u, 2),
                   ((mr + 1) / 2.0 + kPackBPerFma / 2) / (double(mr) + kPackBPerFma));

  t.engine.blk = blocking{1024 * mr, 64, 256 * nr};
  const dim_t mc = t.blk().mc;
  gemm_options o;
  o.threads = 2;
  o.fit_team_to_work = false;
  const gemm_problem tall{3 * mc, 100 * nr, 64};  // ic: 2 blocks against 1
  const double best_loop =
      std::max(loop_balance(tall, u, t.blk(), parallel_loop::ic, 2),
               loop_balance(tall, u, t.blk(), parallel_loop::jr, 2));
  ASSERT_GT(rows_balance(tall, u, 2), best_loop);
  team_plan plan = plan_team(t, tall, o);
  EXPECT_TRUE(plan.split_rows);
  EXPECT_EQ(plan.loop, parallel_loop::ic);  // the variant each thread runs
  EXPECT_FALSE(plan_team(t, gemm_problem{3 * mr, 100 * nr, 64}, o).split_rows);
  o.threads = 1;
  EXPECT_FALSE(plan_team(t, tall, o).split_rows);
  o.threads = 2;
  o.loop = parallel_loop::jr;
  plan = plan_team(t, tall, o);
  EXPECT_FALSE(plan.split_rows);
  EXPECT_EQ(plan.loop, parallel_loop::jr);
  o.loop.reset();
  o.split_rows = false;
  EXPECT_FALSE(plan_team(t, tall, o).split_rows);
  o.split_rows = true;
  EXPECT_TRUE(plan_team(t, gemm_problem{3 * mr, 100 * nr, 64}, o).split_rows);
}

// Split rows holds a call up by a late helper's delay (one item a thread),
// so a short call runs the better loop even where split rows balances best.
TEST(GemmThreads, SplitRowsOnlyForLongCalls) {
  dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  t.team = team_costs{};
  const dgemm_ukernel_desc& u = *t.ukernel;
  t.engine.blk = blocking{1024 * u.mr, 64, 256 * u.nr};
  gemm_options o;
  o.threads = 2;
  o.fit_team_to_work = false;
  gemm_problem p{3 * t.blk().mc, 0, 64};  // ic: 2 blocks against 1
  p.n = ceil_div(static_cast<dim_t>(std::ceil(2 * kMinSplitRowsWork / (double(p.m) * p.k))), u.nr) * u.nr;
  ASSERT_GT(rows_balance(p, u, 2), std::max(loop_balance(p, u, t.blk(), parallel_loop::ic, 2),
                                            loop_balance(p, u, t.blk(), parallel_loop::jr, 2)));
  EXPECT_TRUE(plan_team(t, p, o).split_rows);
  p.n -= 2 * u.nr;  // just under the bound
  EXPECT_FALSE(plan_team(t, p, o).split_rows);
  o.split_rows = true;  // a caller's choice stands
  EXPECT_TRUE(plan_team(t, p, o).split_rows);
}

// The cost of split rows' packing is the table's (per CPU, team_costs):
// a problem between the two figures splits its rows with the lower one
// when k fills a kc block, and runs the better loop with the higher one or
// a shorter k.
TEST(GemmThreads, SplitRowsCostIsTheTables) {
  dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  const dgemm_ukernel_desc& u = *t.ukernel;
  const dim_t mr = u.mr, nr = u.nr, kc = 64;
  t.engine.blk = blocking{10 * mr, kc, 256 * nr};
  team_costs low;
  low.pack_b_rows_full_k = 20.0;
  gemm_options o;
  o.threads = 2;
  o.fit_team_to_work = false;
  // The smallest row count whose split beats both loops at the lower cost
  // but not at kPackBPerFma.
  std::optional<gemm_problem> between;
  for (dim_t m = 2 * mr; m <= 400 * mr && !between; m += mr) {
    // At least an nc block of columns (jr's balance is then the same for
    // every m), and enough of them to make the call long enough for split
    // rows (kMinSplitRowsWork) also at k = kc - 1.
    const dim_t long_enough = static_cast<dim_t>(4 * kMinSplitRowsWork / (double(m) * kc));
    const gemm_problem p{m, ceil_div(std::max(long_enough, t.blk().nc), nr) * nr, kc};
    const double best_loop =
        std::max(loop_balance(p, u, t.blk(), parallel_loop::ic, 2),
                 loop_balance(p, u, t.blk(), parallel_loop::jr, 2));
    if (rows_balance(p, u, 2, 20.0) > best_loop && rows_balance(p, u, 2, kPackBPerFma) < best_loop)
      between = p;
  }
  ASSERT_TRUE(between.has_value());
  gemm_problem p = *between;
  t.team = low;
  EXPECT_TRUE(plan_team(t, p, o).split_rows);
  p.k = kc - 1;  // short k: the common figure
  EXPECT_FALSE(plan_team(t, p, o).split_rows);
  p.k = kc;
  t.team = team_costs{};
  EXPECT_FALSE(plan_team(t, p, o).split_rows);
}

// The route gemm_with takes (and SWBLAS_VERBOSE=2 prints): the quick cases,
// the small routine for tiny problems, the unpacked path where
// classify_unpacked says so, else the packed path with plan_team's team.
TEST(GemmThreads, RouteFollowsTheDriversChoices) {
  const dispatch_table t = reference_table();
  ASSERT_NE(t.ukernel, nullptr);
  const dgemm_small_desc* routine = t.small;
  gemm_options o;
  o.threads = 2;
  using path = gemm_route::path;
  EXPECT_EQ(route_gemm(t, gemm_problem{0, 5, 5}, o).how, path::nothing);
  EXPECT_EQ(describe_route(route_gemm(t, gemm_problem{0, 5, 5}, o)), "nothing to do");
  EXPECT_EQ(route_gemm(t, gemm_problem{5, 5, 0}, o).how, path::scale_c);
  gemm_problem no_alpha{5, 5, 5};
  no_alpha.alpha = 0.0;
  EXPECT_EQ(route_gemm(t, no_alpha, o).how, path::scale_c);

  const gemm_problem tiny{8, 8, 8};
  // The largest cube the small routine takes (its limit depends on the kernel).
  const dim_t d = routine ? routine->max_dim : 0;
  const gemm_problem middle{d, d, d};
  if (routine) {
    EXPECT_EQ(route_gemm(t, tiny, o).how, path::tiny);
    EXPECT_EQ(describe_route(route_gemm(t, tiny, o)), "small routine, 1 thread");
  }
  if (routine && double(d) * d * d > kTinyWork) {
    ASSERT_NE(classify_unpacked(middle, routine), unpacked_split::none);
    const gemm_route r = route_gemm(t, middle, o);
    EXPECT_EQ(r.how, path::unpacked);
    EXPECT_EQ(r.split, classify_unpacked(middle, routine));
    EXPECT_EQ(r.unpacked_threads, unpacked_team(middle, r.split, *routine, 2));
    EXPECT_EQ(describe_route(r).rfind("unpacked by ", 0), 0u) << describe_route(r);
  }
  gemm_options packed_only = o;
  packed_only.allow_small = false;
  for (const gemm_problem& p : {tiny, middle, gemm_problem{2000, 2000, 64}}) {
    const gemm_route r = route_gemm(t, p, packed_only);
    const team_plan team = plan_team(t, p, packed_only);
    EXPECT_EQ(r.how, path::packed);
    EXPECT_EQ(r.team.loop, team.loop);
    EXPECT_EQ(r.team.threads, team.threads);
    EXPECT_EQ(r.team.split_rows, team.split_rows);
    EXPECT_EQ(describe_route(r), "packed, " + describe_team(team));
  }
  EXPECT_EQ(describe_team(team_plan{parallel_loop::jr, 2, false}), "jr loop, 2 threads");
  EXPECT_EQ(describe_team(team_plan{parallel_loop::ic, 1, false}), "ic loop, 1 thread");
  EXPECT_EQ(describe_team(team_plan{parallel_loop::ic, 2, true}), "split rows, 2 threads");
}

// Four user threads at once on different problems, each through the
// public entry point (its own OpenMP team and packing buffers).
TEST(GemmThreads, ConcurrentCallers) {
  const problem_spec specs[] = {{150, 90, 70, false, false, 1.0, 0.0, 0},
                                {33, 260, 45, true, false, -1.0, 2.0, 3},
                                {97, 101, 103, false, true, 0.5, 1.0, 1},
                                {7, 5, 400, true, true, 2.0, 0.0, 2}};
  std::vector<std::thread> callers;
  for (int i = 0; i < 4; ++i)
    callers.emplace_back([&specs, i] {
      for (int round = 0; round < 3; ++round) {
        testing_support::test_problem tp(specs[i], 1000 + 10 * i + round);
        gemm(tp.problem());
        tp.expect_correct("caller " + std::to_string(i));
      }
    });
  for (std::thread& c : callers) c.join();
}

// Callers inside their own OpenMP region, each with its own problem on a
// team of one: the kernel's work-sharing must not bind to the caller's team
// (it did: each caller then computed only its share of its own problem).
TEST(GemmThreads, CallersInsideTheirOwnParallelRegion) {
  dispatch_table t;
  std::string why;
  ASSERT_TRUE(testing_support::table_for("generic", &t, &why)) << why;
  const problem_spec specs[] = {{150, 90, 300, false, false, 1.0, 0.0, 0},
                                {97, 101, 103, false, true, 0.5, 1.0, 1}};
  for (team_split split : kSplits) {
#pragma omp parallel num_threads(2)
    {
      const int me = omp_get_thread_num();
      testing_support::test_problem tp(specs[me], 2000 + me);
      // Split rows asks for two threads: inside the caller's region its
      // team has one, which then solves all the rows.
      gemm_options o = forced(split, split.rows ? 2 : 1);
      o.allow_small = false;
      gemm_with(t, tp.problem(), o);
      tp.expect_correct("caller " + std::to_string(me) + " split " + split.name);
    }
  }
}

}  // namespace
}  // namespace swblas

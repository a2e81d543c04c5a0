// swblas::gemm_batch_with: every split (by entry, team) and path (small,
// packed) on teams of 1 and 2 threads, the team size fitted to the work,
// callers inside their own parallel region, and the generated batched
// kernels picked when the manifest has them (a fake catalogue here; the
// real manifest when it has such entries).
#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "batch.h"
#include "batch_support.h"
#include "gemm_driver.h"

namespace swblas {
namespace {

using swblas_batch_test::group_data;
using swblas_batch_test::group_spec;
using swblas_batch_test::no_trans;

// The column-major problem group of g (the driver's view).
gemm_batch_problem problem_of(group_data& g) {
  const group_spec& s = g.spec;
  gemm_batch_problem p;
  p.shape.m = s.m;
  p.shape.n = s.n;
  p.shape.k = s.k;
  p.shape.alpha = s.alpha;
  p.shape.beta = s.beta;
  p.shape.rs_a = no_trans(s.transa) ? 1 : g.a.ld();
  p.shape.cs_a = no_trans(s.transa) ? g.a.ld() : 1;
  p.shape.rs_b = no_trans(s.transb) ? 1 : g.b.ld();
  p.shape.cs_b = no_trans(s.transb) ? g.b.ld() : 1;
  p.shape.ldc = g.c.ld();
  p.count = s.count;
  p.a_array = g.a_ptrs.data();
  p.b_array = g.b_ptrs.data();
  p.c_array = g.c_ptrs.data();
  return p;
}

// The same group as a strided batch.
gemm_batch_problem strided_problem_of(group_data& g) {
  gemm_batch_problem p = problem_of(g);
  p.a_array = p.b_array = nullptr;
  p.c_array = nullptr;
  p.shape.a = g.a.entry(0);
  p.shape.b = g.b.entry(0);
  p.shape.c = g.c.entry(0);
  p.stride_a = g.a.stride();
  p.stride_b = g.b.stride();
  p.stride_c = g.c.stride();
  return p;
}

std::vector<group_spec> mixed_specs() {
  return {
      {false, 'N', 'N', 8, 8, 8, 1.0, 1.0, 300, 0},        // small path
      {false, 'N', 'T', 5, 3, 6, 0.5, 0.0, 50, 1},         // small, one register block
      {false, 'N', 'N', 13, 16, 16, 1.0, 1.0, 200, 0},     // small, one strip, streamed
      {false, 'T', 'N', 9, 7, 11, -1.0, 0.0, 40, 1},       // tiny, A^T: packed
      {false, 'N', 'T', 45, 38, 51, 0.5, 2.0, 13, 2},      // mid-size
      {false, 'T', 'T', 250, 140, 300, 1.0, 0.5, 3, 0},    // several blocks
      {false, 'N', 'N', 7, 300, 5, 1.0, 1.0, 2, 1},        // wide: jr
      {false, 'N', 'N', 17, 9, 5, 0.0, 0.0, 3, 1},         // alpha == 0, beta == 0
      {false, 'N', 'N', 17, 9, 0, 1.0, 3.0, 3, 0},         // k == 0
      {false, 'N', 'N', 0, 9, 5, 1.0, 0.0, 2, 0},          // m == 0
      {false, 'N', 'N', 6, 5, 4, 1.0, 0.0, 0, 0},          // empty
  };
}

std::string run_and_check(const dispatch_table& t, const batch_options& o, bool strided, unsigned seed) {
  std::vector<group_data> data;
  for (const group_spec& s : mixed_specs()) data.emplace_back(s, seed++);
  std::vector<gemm_batch_problem> groups;
  for (group_data& g : data) groups.push_back(strided ? strided_problem_of(g) : problem_of(g));
  gemm_batch_with(t, groups.data(), groups.size(), o);
  for (const group_data& g : data)
    if (std::string f = g.check(); !f.empty()) return f;
  return "";
}

std::string describe(const batch_options& o, bool strided) {
  return "threads=" + std::to_string(o.threads) +
         (o.split ? (*o.split == batch_split::team ? " team" : " by_entry") : " auto") +
         (o.allow_small ? " small" : " packed") + (strided ? " strided" : " arrays");
}

// Under ThreadSanitizer (28 times slower here: 83 s) the team of two only,
// which is what it is run for.
#ifdef __SANITIZE_THREAD__
constexpr int kFewestThreads = 2;
#else
constexpr int kFewestThreads = 1;
#endif

TEST(GemmBatch, EverySplitAndPathOnOneAndTwoThreads) {
  const dispatch_table& t = active_dispatch();
  unsigned seed = 1;
  const std::optional<batch_split> splits[] = {std::nullopt, batch_split::by_entry,
                                               batch_split::team};
  for (int threads = kFewestThreads; threads <= 2; ++threads)
    for (const std::optional<batch_split>& split : splits)
      for (bool small : {true, false})
        for (bool strided : {false, true}) {
          batch_options o;
          o.threads = threads;
          o.fit_team_to_work = false;
          o.split = split;
          o.allow_small = small;
          EXPECT_EQ(run_and_check(t, o, strided, seed), "") << describe(o, strided);
          seed += 20;
        }
}

TEST(GemmBatch, ReferenceTableToo) {
  dispatch_table t = active_dispatch();
  t.engine.kernel = nullptr;  // the reference block kernel
  batch_options o;
  o.threads = 2;
  o.fit_team_to_work = false;
  EXPECT_EQ(run_and_check(t, o, false, 500), "");
  o.split = batch_split::team;
  EXPECT_EQ(run_and_check(t, o, true, 600), "");
}

TEST(GemmBatch, TeamSizeFitsTheWholeBatch) {
  const dispatch_table& t = active_dispatch();
  auto team = [&t](dim_t count, dim_t size) {
    gemm_batch_problem g;
    g.shape.m = g.shape.n = g.shape.k = size;
    g.shape.alpha = 1.0;
    g.count = count;
    return batch_team_size(t, &g, 1, 2);
  };
  EXPECT_EQ(team(1, 8), 1);  // one 8^3 GEMM never wakes a second thread
  EXPECT_EQ(team(2, 8), 1);
  EXPECT_EQ(team(10000, 8), 2);
  EXPECT_EQ(team(4, 512), 2);
  EXPECT_EQ(team(0, 512), 1);
}

TEST(GemmBatch, CallersInsideTheirOwnParallelRegion) {
  const dispatch_table& t = active_dispatch();
  std::string failures[2];
#pragma omp parallel num_threads(2)
  {
    batch_options o;
    o.threads = 2;
    const int me = omp_get_thread_num();
    failures[me] = run_and_check(t, o, me == 1, 700 + 50 * me);
  }
  EXPECT_EQ(failures[0], "");
  EXPECT_EQ(failures[1], "");
}

// The packed entries run the table's block kernel, whichever split shares
// them: a stand-in (the reference block kernel, counting its calls) behind a
// small blocking.
std::atomic<int> stand_in_calls{0};

void stand_in(const packed_block& blk) {
  ++stand_in_calls;
  reference_block_kernel(ukernel_generic_4x4, blk);
}

TEST(GemmBatch, PackedEntriesRunTheTablesBlockKernel) {
  dispatch_table t = active_dispatch();
  t.target = "stand-in";
  t.ukernel = t.engine.ukernel = &ukernel_generic_4x4;
  t.engine.kernel = stand_in;
  t.engine.blk = blocking{32, 64, 96};
  for (int threads : {1, 2})
    for (batch_split split : {batch_split::by_entry, batch_split::team}) {
      batch_options o;
      o.threads = threads;
      o.fit_team_to_work = false;
      o.allow_small = false;
      o.split = split;
      stand_in_calls = 0;
      EXPECT_EQ(run_and_check(t, o, split == batch_split::team, 800 + threads), "") << describe(o, false);
      EXPECT_GT(stand_in_calls.load(), 0) << describe(o, false);
    }
}

}  // namespace
}  // namespace swblas

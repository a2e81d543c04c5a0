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
#include "reference_gemm.h"

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

std::string run_and_check(const dispatch_table& t, const batch_kernels& k,
                          const batch_options& o, bool strided, unsigned seed) {
  std::vector<group_data> data;
  for (const group_spec& s : mixed_specs()) data.emplace_back(s, seed++);
  std::vector<gemm_batch_problem> groups;
  for (group_data& g : data) groups.push_back(strided ? strided_problem_of(g) : problem_of(g));
  gemm_batch_with(t, k, groups.data(), groups.size(), o);
  for (const group_data& g : data)
    if (std::string f = g.check(); !f.empty()) return f;
  return "";
}

std::string describe(const batch_options& o, bool strided) {
  return "threads=" + std::to_string(o.threads) +
         (o.split ? (*o.split == batch_split::team ? " team" : " by_entry") : " auto") +
         (o.allow_small ? " small" : " packed") + (strided ? " strided" : " arrays");
}

TEST(GemmBatch, EverySplitAndPathOnOneAndTwoThreads) {
  const dispatch_table& t = active_dispatch();
  const batch_kernels k = find_batch_kernels(t, build_catalogue());
  unsigned seed = 1;
  const std::optional<batch_split> splits[] = {std::nullopt, batch_split::by_entry,
                                               batch_split::team};
  for (int threads : {1, 2})
    for (const std::optional<batch_split>& split : splits)
      for (bool small : {true, false})
        for (bool strided : {false, true}) {
          batch_options o;
          o.threads = threads;
          o.fit_team_to_work = false;
          o.split = split;
          o.allow_small = small;
          EXPECT_EQ(run_and_check(t, k, o, strided, seed), "") << describe(o, strided);
          seed += 20;
        }
}

// The path taken while the manifest has no batched kernels: the plain
// generated kernels entry by entry (each thread as a team of one) or shared.
TEST(GemmBatch, PlainGeneratedKernelsWithoutBatchedOnes) {
  const dispatch_table& t = active_dispatch();
  unsigned seed = 300;
  for (int threads : {1, 2})
    for (batch_split split : {batch_split::by_entry, batch_split::team}) {
      batch_options o;
      o.threads = threads;
      o.fit_team_to_work = false;
      o.allow_small = split == batch_split::team;
      o.split = split;
      EXPECT_EQ(run_and_check(t, batch_kernels{}, o, threads == 2, seed), "")
          << describe(o, threads == 2);
      seed += 20;
    }
}

TEST(GemmBatch, ReferenceTableToo) {
  dispatch_table t = active_dispatch();
  t.loops[0].generated = t.loops[1].generated = nullptr;
  batch_options o;
  o.threads = 2;
  o.fit_team_to_work = false;
  EXPECT_EQ(run_and_check(t, batch_kernels{}, o, false, 500), "");
  o.split = batch_split::team;
  EXPECT_EQ(run_and_check(t, batch_kernels{}, o, true, 600), "");
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
  const batch_kernels k = find_batch_kernels(t, build_catalogue());
  std::string failures[2];
#pragma omp parallel num_threads(2)
  {
    batch_options o;
    o.threads = 2;
    const int me = omp_get_thread_num();
    failures[me] = run_and_check(t, k, o, me == 1, 700 + 50 * me);
  }
  EXPECT_EQ(failures[0], "");
  EXPECT_EQ(failures[1], "");
}

// A fake manifest around the generic micro kernel: plain ic/jr entries and
// batched siblings for batch, ic and jr that count their calls and compute
// through the reference macro kernel (or a naive loop).
std::atomic<int> by_entry_calls{0}, team_calls{0};
constexpr blocking kFakeBlocking{32, 64, 96};

const dgemm_ukernel_desc& fake_ukernel() { return ukernel_generic_4x4; }

void plain_ic(const gemm_problem& p, double* a, double* b) {
  reference_macro_kernel(p, fake_ukernel(), kFakeBlocking, parallel_loop::ic, a, b);
}
void plain_jr(const gemm_problem& p, double* a, double* b) {
  reference_macro_kernel(p, fake_ukernel(), kFakeBlocking, parallel_loop::jr, a, b);
}

// Each thread takes whole entries (any team size).
void batch_by_entry(const gemm_batch_problem& g, double*, double*) {
  if (omp_get_thread_num() == 0) ++by_entry_calls;
#pragma omp for schedule(dynamic)
  for (dim_t e = 0; e < g.count; ++e) {
    const gemm_problem p = g.entry(e);
    for (dim_t j = 0; j < p.n; ++j)
      for (dim_t i = 0; i < p.m; ++i) {
        double sum = 0.0;
        for (dim_t l = 0; l < p.k; ++l)
          sum += p.a[i * p.rs_a + l * p.cs_a] * p.b[l * p.rs_b + j * p.cs_b];
        double& c = p.c[i + j * p.ldc];
        c = p.alpha * sum + (p.beta == 0.0 ? 0.0 : p.beta * c);
      }
  }
}

template <parallel_loop Loop>
void batch_team(const gemm_batch_problem& g, double* a, double* b) {
  if (omp_get_thread_num() == 0) ++team_calls;
  for (dim_t e = 0; e < g.count; ++e) {
    reference_macro_kernel(g.entry(e), fake_ukernel(), kFakeBlocking, Loop, a, b);
#pragma omp barrier
  }
}

constexpr std::size_t kFakeA = 32 * 64, kFakeB = 64 * 96;

macro_kernel_info fake_entry(const char* name, parallel_loop loop, macro_kernel_fn run,
                             kernel_family family, batch_kernel_fn run_batch) {
  return {name, "fake", isa::generic, "generic_4x4", 4, 4, 32, 64, 96, 32768, 524288,
          33554432, loop, kFakeA, kFakeB, run, family, 0, run_batch};
}

const macro_kernel_info kFakeManifest[] = {
    fake_entry("fake_ic", parallel_loop::ic, plain_ic, kernel_family::dgemm, nullptr),
    fake_entry("fake_jr", parallel_loop::jr, plain_jr, kernel_family::dgemm, nullptr),
    fake_entry("fake_batch_batch", parallel_loop::batch, nullptr, kernel_family::batch,
               batch_by_entry),
    fake_entry("fake_batch_ic", parallel_loop::ic, nullptr, kernel_family::batch,
               batch_team<parallel_loop::ic>),
    fake_entry("fake_batch_jr", parallel_loop::jr, nullptr, kernel_family::batch,
               batch_team<parallel_loop::jr>),
};

TEST(GemmBatch, PicksTheGeneratedBatchedKernelsWhenTheManifestHasThem) {
  kernel_catalogue catalogue = build_catalogue();
  catalogue.variants = kFakeManifest;
  catalogue.variant_count = sizeof kFakeManifest / sizeof kFakeManifest[0];
  dispatch_table t;
  t.target = "fake";
  t.ukernel = &fake_ukernel();
  t.loops[0] = {&kFakeManifest[0], kFakeBlocking};
  t.loops[1] = {&kFakeManifest[1], kFakeBlocking};
  t.threads = 2;
  const batch_kernels k = find_batch_kernels(t, catalogue);
  ASSERT_EQ(k.by_entry, &kFakeManifest[2]);
  ASSERT_EQ(k.team[0], &kFakeManifest[3]);
  ASSERT_EQ(k.team[1], &kFakeManifest[4]);
  for (int threads : {1, 2}) {
    batch_options o;
    o.threads = threads;
    o.fit_team_to_work = false;
    o.allow_small = false;
    by_entry_calls = team_calls = 0;
    o.split = batch_split::by_entry;
    EXPECT_EQ(run_and_check(t, k, o, false, 800), "");
    EXPECT_GT(by_entry_calls.load(), 0);
    EXPECT_EQ(team_calls.load(), 0);
    by_entry_calls = 0;
    o.split = batch_split::team;
    EXPECT_EQ(run_and_check(t, k, o, true, 900), "");
    EXPECT_EQ(by_entry_calls.load(), 0);
    EXPECT_GT(team_calls.load(), 0);
  }
}

TEST(GemmBatch, RealManifestBatchedKernels) {
  const dispatch_table& t = active_dispatch();
  const batch_kernels k = find_batch_kernels(t, build_catalogue());
  if (!k.by_entry && !k.team[0] && !k.team[1])
    GTEST_SKIP() << "the generated manifest has no kernel_family::batch entries for "
                 << t.target << " yet: the driver runs the plain kernels entry by entry";
  for (int threads : {1, 2})
    for (batch_split split : {batch_split::by_entry, batch_split::team}) {
      batch_options o;
      o.threads = threads;
      o.fit_team_to_work = false;
      o.allow_small = false;
      o.split = split;
      EXPECT_EQ(run_and_check(t, k, o, split == batch_split::team, 1000 + threads), "")
          << describe(o, false);
    }
}

}  // namespace
}  // namespace swblas

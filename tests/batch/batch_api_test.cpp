// The four batched entry points against the naive reference: mixed groups,
// both layouts, every transpose, odd sizes, padded leading dimensions, the
// quick cases, batch sizes 0, 1 and many, and concurrent callers.
#include <cblas.h>
#include <gtest/gtest.h>
#include <swblas.h>

#include <thread>
#include <vector>

#include "batch_entry_points.h"
#include "batch_support.h"

namespace {

using swblas_batch_test::call_batch;
using swblas_batch_test::call_strided;
using swblas_batch_test::entry_point;
using swblas_batch_test::group_data;
using swblas_batch_test::group_spec;
using swblas_batch_test::mixed_groups;

std::vector<group_data> make_groups(const std::vector<group_spec>& specs, unsigned seed) {
  std::vector<group_data> groups;
  for (const group_spec& s : specs) groups.emplace_back(s, seed++);
  return groups;
}

void expect_correct(const std::vector<group_data>& groups) {
  for (const group_data& g : groups) {
    const std::string failure = g.check();
    EXPECT_EQ(failure, "");
  }
}

TEST(CblasDgemmBatch, MixedGroupsColumnMajor) {
  std::vector<group_data> groups = make_groups(mixed_groups(false), 10);
  call_batch(entry_point::cblas, groups);
  expect_correct(groups);
}

TEST(CblasDgemmBatch, MixedGroupsRowMajor) {
  std::vector<group_data> groups = make_groups(mixed_groups(true), 20);
  call_batch(entry_point::cblas, groups);
  expect_correct(groups);
}

TEST(CblasDgemmBatch, TenThousandTinyProblems) {
  std::vector<group_data> groups = make_groups({{false, 'N', 'N', 8, 8, 8, 1.0, 1.0, 10000, 0}}, 3);
  call_batch(entry_point::cblas, groups);
  expect_correct(groups);
}

TEST(CblasDgemmBatch, OneProblemAndNoGroups) {
  std::vector<group_data> one = make_groups({{false, 'T', 'N', 37, 29, 41, 1.0, 0.0, 1, 2}}, 4);
  call_batch(entry_point::cblas, one);
  expect_correct(one);
  std::vector<group_data> none;
  call_batch(entry_point::cblas, none);  // group_count == 0: nothing to do, nothing read
}

// C entries must not overlap; A and B may (swblas.h): here every problem
// reads the first problem's A and B.
TEST(CblasDgemmBatch, ProblemsMayShareAAndB) {
  std::vector<group_data> groups = make_groups({{false, 'N', 'N', 12, 10, 9, 1.0, 0.5, 6, 0}}, 80);
  group_data& g = groups[0];
  const group_spec& s = g.spec;
  // The reference reads each entry's own A and B: make them equal to entry 0's.
  for (int e = 1; e < s.count; ++e) {
    for (int l = 0; l < s.k; ++l) {
      for (int i = 0; i < s.m; ++i) g.a.at(e, i, l) = g.a.at(0, i, l);
      for (int j = 0; j < s.n; ++j) g.b.at(e, l, j) = g.b.at(0, l, j);
    }
    g.a_ptrs[e] = g.a_ptrs[0];
    g.b_ptrs[e] = g.b_ptrs[0];
  }
  g.a0 = g.a.buffer();
  g.b0 = g.b.buffer();
  call_batch(entry_point::cblas, groups);
  EXPECT_EQ(g.check(), "");
}

TEST(DgemmBatchF77, MixedGroups) {
  std::vector<group_spec> specs = mixed_groups(false);
  specs[1].transa = 't';  // lower case is legal in Fortran
  specs[2].transb = 'c';
  std::vector<group_data> groups = make_groups(specs, 30);
  call_batch(entry_point::f77, groups);
  expect_correct(groups);
}

TEST(DgemmBatchStrided, EveryTransposeBothLayoutsBothEntries) {
  const char trans[] = {'N', 'T', 'C'};
  unsigned seed = 40;
  for (bool row_major : {false, true})
    for (char ta : trans)
      for (char tb : trans) {
        const group_spec s{row_major, ta, tb, 19, 23, 17, -1.0, 0.5, 7, 1};
        group_data cblas(s, seed++);
        call_strided(entry_point::cblas_strided, cblas);
        EXPECT_EQ(cblas.check(), "") << "cblas_dgemm_batch_strided";
        if (row_major) continue;
        group_data f77(s, seed++);
        call_strided(entry_point::f77_strided, f77);
        EXPECT_EQ(f77.check(), "") << "dgemm_batch_strided_";
      }
}

TEST(DgemmBatchStrided, QuickCasesAndSizes) {
  const group_spec specs[] = {
      {false, 'N', 'N', 8, 8, 8, 1.0, 0.0, 10000, 0},  // many tiny, NaN in C
      {true, 'N', 'T', 64, 64, 64, 1.0, 1.0, 9, 0},
      {false, 'N', 'N', 5, 4, 3, 0.0, 0.0, 4, 1},      // alpha == 0, beta == 0: zeros
      {false, 'N', 'N', 5, 4, 0, 1.0, -2.0, 4, 1},     // k == 0
      {false, 'N', 'N', 5, 4, 3, 1.0, 1.0, 0, 1},      // batch_size == 0
      {false, 'N', 'N', 200, 1, 300, 1.0, 1.0, 3, 0},  // a column
  };
  unsigned seed = 60;
  for (const group_spec& s : specs) {
    group_data g(s, seed++);
    call_strided(entry_point::cblas_strided, g);
    EXPECT_EQ(g.check(), "");
  }
}

TEST(DgemmBatchStrided, ZeroStrideSharesOneA) {
  group_spec s{false, 'N', 'N', 12, 10, 9, 1.0, 0.0, 5, 0};
  group_data g(s, 70);
  // Every entry reads entry 0's A: make the stored A of the others equal.
  for (int e = 1; e < s.count; ++e)
    for (int i = 0; i < s.m; ++i)
      for (int l = 0; l < s.k; ++l) g.a.at(e, i, l) = g.a.at(0, i, l);
  g.a0 = g.a.buffer();
  cblas_dgemm_batch_strided(CblasColMajor, CblasNoTrans, CblasNoTrans, s.m, s.n, s.k, s.alpha,
                            g.a.entry(0), g.a.ld(), 0, g.b.entry(0), g.b.ld(), g.b.stride(),
                            s.beta, g.c.entry(0), g.c.ld(), g.c.stride(), s.count);
  EXPECT_EQ(g.check(), "");
}

TEST(CblasDgemmBatch, ConcurrentCallers) {
  std::vector<std::thread> callers;
  std::vector<std::string> failures(3);
  for (int t = 0; t < 3; ++t)
    callers.emplace_back([t, &failures] {
      for (int round = 0; round < 3; ++round) {
        std::vector<group_data> groups = make_groups(
            {{t == 1, 'N', 'T', 33 + t, 20, 27, 1.0, 0.5, 40, 1},
             {t == 1, 'T', 'N', 150, 90, 70 + t, -1.0, 0.0, 2, 0}},
            100 + 10 * t + round);
        call_batch(entry_point::cblas, groups);
        for (const group_data& g : groups)
          if (failures[t].empty()) failures[t] = g.check();
      }
    });
  for (std::thread& c : callers) c.join();
  for (const std::string& f : failures) EXPECT_EQ(f, "");
}

}  // namespace

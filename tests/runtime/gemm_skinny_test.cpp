// The skinny path (src/skinny_gemm.h): which shapes take it, and that they
// come out right on every target, for every team size, over several k blocks,
// with the column tails and the row tails of the small kernel, and that the
// thread split leaves no row or column out.
#include <gtest/gtest.h>

#include <vector>

#include "gemm_check.h"
#include "skinny_gemm.h"

namespace swblas {
namespace {

using testing_support::check_gemm;
using testing_support::problem_spec;

const dgemm_ukernel_desc& any_ukernel_with_small() {
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* all = ukernel_registry(&count);
  for (std::size_t i = 0; i < count; ++i)
    if (small_path_at_full_rate(*all[i])) return *all[i];
  ADD_FAILURE() << "no micro kernel with a small path in this build";
  return *all[0];
}

gemm_problem shape(dim_t m, dim_t n, dim_t k, inc_t rs_a = 1) {
  gemm_problem p{m, n, k};
  p.rs_a = rs_a;
  return p;
}

TEST(SkinnyPolicy, ShortSideOfAFewRegisterBlocks) {
  const dgemm_ukernel_desc& u = any_ukernel_with_small();
  const dim_t cols = kSkinnyColumnBlocks * u.nr, rows = kSkinnyRowBlocks * u.mr;
  EXPECT_EQ(classify_skinny(shape(4000, 2 * u.nr + 4, 4000), u), skinny_shape::few_columns);
  EXPECT_EQ(classify_skinny(shape(2000, cols, 2000), u), skinny_shape::few_columns);
  EXPECT_EQ(classify_skinny(shape(2000, cols + 1, 2000), u), skinny_shape::none);
  EXPECT_EQ(classify_skinny(shape(4 * u.mr, 2000, 2000), u), skinny_shape::few_rows);
  EXPECT_EQ(classify_skinny(shape(rows, 2000, 2000), u), skinny_shape::few_rows);
  EXPECT_EQ(classify_skinny(shape(rows + 1, 2000, 2000), u), skinny_shape::none);
  // Square, even when small: the short side must be the shorter one.
  EXPECT_EQ(classify_skinny(shape(16, 16, 4000), u), skinny_shape::none);
  EXPECT_EQ(classify_skinny(shape(2000, 2000, 32), u), skinny_shape::none);
  // op(A) = A^T: the small path cannot read it.
  EXPECT_EQ(classify_skinny(shape(4000, 2 * u.nr, 4000, 4000), u), skinny_shape::none);
  dgemm_ukernel_desc without_small = u;
  without_small.small = nullptr;
  EXPECT_EQ(classify_skinny(shape(4000, 2 * u.nr, 4000), without_small), skinny_shape::none);
  dgemm_ukernel_desc mma = u;
  mma.needs = isa::mma;
  EXPECT_EQ(classify_skinny(shape(4000, 2 * u.nr, 4000), mma), skinny_shape::none);
}

TEST(SkinnyPolicy, ThreadsAtMostOneBlockEach) {
  const dgemm_ukernel_desc& u = any_ukernel_with_small();
  EXPECT_EQ(skinny_max_threads(shape(2 * u.mr + 1, 3, 50), skinny_shape::few_columns, u), 3);
  EXPECT_EQ(skinny_max_threads(shape(3, u.nr, 50), skinny_shape::few_rows, u), 1);
}

// Skinny shapes with k over several k blocks on every target this CPU runs,
// teams of 1, 2 and 5 (more threads than blocks included), op(B) = B and
// B^T (op(A) = A^T is not skinny: the packed path's tests cover it).
TEST(SkinnyGemm, EveryTargetEveryTeam) {
  const problem_spec shapes[] = {
      {150, 13, 530},  // few columns: two full column blocks and a tail
      {45, 5, 530},    // few columns, narrower than one register block
      {11, 97, 520},   // few rows: a row tail of single vectors and rows
      {7, 40, 290},    // few rows, less than one strip
  };
  for (const char* target : {"avx512", "avx2", "mma", "vsx", "generic", "reference"}) {
    dispatch_table t;
    std::string why;
    if (!testing_support::table_for(target, &t, &why)) continue;  // GemmOnTarget reports it
    if (small_path_at_full_rate(*t.ukernel)) {  // else the packed path takes them all
      for (const problem_spec& s : shapes)
        EXPECT_NE(classify_skinny(shape(s.m, s.n, s.k), *t.ukernel), skinny_shape::none)
            << target << " " << testing_support::describe(s);
    }
    unsigned seed = 700;
    for (int threads : {1, 2, 5})
      for (problem_spec s : shapes)
        for (bool trans_b : {false, true}) {
          s.trans_b = trans_b;
          s.alpha = trans_b ? -0.5 : 1.0;
          s.beta = trans_b ? 2.0 : 0.0;  // 0: C holds NaN, which must not survive
          s.ldc_pad = trans_b ? 3 : 0;
          gemm_options o;
          o.threads = threads;
          o.fit_team_to_work = false;
          check_gemm(t, s, o, seed++);
        }
  }
}

// The part boundaries of a split: every row (column) in exactly one part.
TEST(SkinnyGemm, PartsCoverTheLongSideOnce) {
  const dgemm_ukernel_desc& u = any_ukernel_with_small();
  for (skinny_shape s : {skinny_shape::few_columns, skinny_shape::few_rows})
    for (int parts : {1, 2, 3, 7}) {
      gemm_problem p = s == skinny_shape::few_columns ? shape(5 * u.mr + 3, 4, 9)
                                                      : shape(4, 5 * u.nr + 3, 9);
      std::vector<double> c(static_cast<std::size_t>(p.m * p.n));
      p.c = c.data();
      p.ldc = p.m;
      const dim_t unit = s == skinny_shape::few_columns ? u.mr : u.nr;
      dim_t covered = 0;
      for (int part = 0; part < parts; ++part) {
        const gemm_problem q = skinny_detail::part_of(p, s, unit, part, parts);
        const dim_t first = s == skinny_shape::few_columns ? q.c - p.c : (q.c - p.c) / p.ldc;
        const dim_t extent = s == skinny_shape::few_columns ? q.m : q.n;
        if (extent == 0) continue;
        EXPECT_EQ(first, covered) << "part " << part << " of " << parts;
        EXPECT_EQ(first % unit, 0);
        covered += extent;
      }
      EXPECT_EQ(covered, s == skinny_shape::few_columns ? p.m : p.n);
    }
}

}  // namespace
}  // namespace swblas

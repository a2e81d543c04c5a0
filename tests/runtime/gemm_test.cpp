// swblas::gemm's driver on every target this CPU runs (forced like
// SWBLAS_TARGET), against a naive triple loop.
#include <gtest/gtest.h>

#include <limits>

#include "gemm.h"
#include "gemm_check.h"

namespace swblas {
namespace {

using testing_support::check_gemm;
using testing_support::problem_spec;

class GemmOnTarget : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    std::string why;
    if (!testing_support::table_for(GetParam(), &table_, &why)) GTEST_SKIP() << why;
  }
  gemm_options options(int threads = 1) const {
    gemm_options o;
    o.threads = threads;
    return o;
  }
  dispatch_table table_;
};

const bool kTransposes[][2] = {{false, false}, {true, false}, {false, true}, {true, true}};

TEST_P(GemmOnTarget, TinySizesAllTransposes) {
  const dim_t sizes[] = {1, 2, 3, 7, 13};
  unsigned seed = 1;
  for (const auto& t : kTransposes)
    for (dim_t m : sizes)
      for (dim_t n : sizes)
        for (dim_t k : sizes)
          check_gemm(table_, {m, n, k, t[0], t[1], 1.5, 0.5, 2}, options(), seed++);
}

TEST_P(GemmOnTarget, PackedPathAllTransposes) {
  gemm_options o = options();
  o.allow_small = false;
  const problem_spec shapes[] = {{1, 1, 1}, {2, 3, 1}, {3, 2, 5}, {17, 9, 33}, {33, 65, 16},
                                 {64, 48, 64}, {67, 31, 5}, {25, 27, 29}};
  unsigned seed = 100;
  for (const auto& t : kTransposes)
    for (problem_spec s : shapes) {
      s.trans_a = t[0];
      s.trans_b = t[1];
      s.alpha = -0.75;
      s.beta = 1.25;
      s.ldc_pad = 5;
      check_gemm(table_, s, o, seed++);
    }
}

// m straddles mc, k straddles kc, n straddles nc of this table's blocking.
TEST_P(GemmOnTarget, StraddlesCacheBlocks) {
  for (parallel_loop loop : {parallel_loop::ic, parallel_loop::jr}) {
    const blocking& b = table_.blk();
    gemm_options o = options(2);
    o.loop = loop;
    o.fit_team_to_work = false;
    check_gemm(table_, {2 * b.mc + 3, 19, b.kc + 5, false, false, 1.0, 0.0, 1}, o, 7);
    check_gemm(table_, {b.mc + 1, 13, 2 * b.kc + 1, true, true, 2.0, -1.0, 0}, o, 8);
    check_gemm(table_, {5, b.nc + 7, 3, false, true, 1.0, 0.5, 3}, o, 9);
  }
}

TEST_P(GemmOnTarget, AlphaBetaSpecials) {
  const double values[][2] = {{1, 0}, {1, 1}, {-1, 0}, {2.5, -1}, {-0.5, 2}, {1, -0.0}};
  unsigned seed = 200;
  for (const auto& ab : values)
    for (bool small : {true, false}) {
      gemm_options o = options();
      o.allow_small = small;
      check_gemm(table_, {9, 11, 10, false, false, ab[0], ab[1], 1}, o, seed++);
      check_gemm(table_, {41, 23, 37, true, false, ab[0], ab[1], 2}, o, seed++);
    }
}

// alpha == 0 and k == 0 only scale C: A and B are never read (null here).
TEST_P(GemmOnTarget, QuickCasesDoNotReadAOrB) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& [alpha, k] : {std::pair{0.0, dim_t{5}}, std::pair{1.0, dim_t{0}}}) {
    std::vector<double> c = {nan, 2, 9, 3, nan, 9};  // 2 x 2, ldc 3; row 2 is padding
    gemm_problem p{2, 2, k, alpha, nullptr, 1, 2, nullptr, 1, 5, 0.0, c.data(), 3};
    gemm_with(table_, p, options());
    EXPECT_EQ(c, (std::vector<double>{0, 0, 9, 0, 0, 9}));  // beta == 0: NaN overwritten
    c = {1, 2, 9, nan, 4, 9};
    p.beta = -2.0;
    gemm_with(table_, p, options());
    EXPECT_EQ(c[0], -2.0);
    EXPECT_EQ(c[1], -4.0);
    EXPECT_TRUE(std::isnan(c[3]));  // NaN * beta stays NaN: C is read when beta != 0
    EXPECT_EQ(c[4], -8.0);
    EXPECT_EQ(c[2], 9.0);
  }
}

TEST_P(GemmOnTarget, EmptyProblemsTouchNothing) {
  std::vector<double> c(4, 3.0);
  gemm_with(table_, {0, 2, 3, 1.0, nullptr, 1, 1, nullptr, 1, 1, 0.0, c.data(), 1}, options());
  gemm_with(table_, {2, 0, 3, 1.0, nullptr, 1, 1, nullptr, 1, 1, 0.0, c.data(), 2}, options());
  EXPECT_EQ(c, std::vector<double>(4, 3.0));
}

INSTANTIATE_TEST_SUITE_P(Targets, GemmOnTarget,
                         ::testing::Values("avx512", "avx2", "mma", "vsx", "generic",
                                           "reference"),
                         [](const auto& info) { return std::string(info.param); });

TEST(PublicGemm, UsesTheActiveTable) {
  testing_support::test_problem tp({45, 38, 52, true, false, 1.0, 0.0, 1}, 42);
  gemm(tp.problem());
  tp.expect_correct("swblas::gemm");
}

}  // namespace
}  // namespace swblas

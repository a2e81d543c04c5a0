// The packed path with an operand that is part of C (operand_in_c, trmm in
// place): op(B) C's own rows, or op(A) C's own columns. That part ends as
// the product read from its old values, the rest of C as beta C plus the
// product, on every target this CPU runs,
// with blockings of many column panels and A blocks, every way a team
// shares the work (split rows asked for and refused), and a refusal that
// leaves C alone where k does not fit one k block.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gemm.h"
#include "gemm_check.h"
#include "gemm_driver.h"

namespace swblas {
namespace {

struct in_place_spec {
  dim_t m, n, k, first;  // C is m x n; op(B) is its rows [first, first + k) (op(A) its columns)
  bool trans_other;      // the operand that is not in C is transposed
  bool columns = false;  // op(A) is C's columns
};

constexpr double kPadding = -7777.0;  // C's rows m..ldc-1 hold this and keep it

class in_place_problem {
 public:
  in_place_problem(const in_place_spec& s, unsigned seed) : s_(s), ldc_(s.m + 2) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    // The operand not in C: A (m x k) or, with op(A) in C, B (k x n).
    const dim_t rows = s.columns ? s.k : s.m, cols = s.columns ? s.n : s.k;
    lda_ = (s.trans_other ? cols : rows) + 3;
    a_.resize(std::size_t(lda_ * (s.trans_other ? rows : cols)));
    for (double& x : a_) x = u(rng);
    c_.assign(std::size_t(ldc_ * s.n), kPadding);
    for (dim_t j = 0; j < s.n; ++j)
      for (dim_t i = 0; i < s.m; ++i) c_[std::size_t(i + j * ldc_)] = u(rng);
    before_ = c_;
  }

  gemm_problem problem(double alpha, double beta) {
    gemm_problem p;
    p.m = s_.m;
    p.n = s_.n;
    p.k = s_.k;
    p.alpha = alpha;
    const inc_t rs_other = s_.trans_other ? lda_ : 1, cs_other = s_.trans_other ? 1 : lda_;
    if (s_.columns) {
      p.a = c_.data() + s_.first * ldc_;
      p.rs_a = 1;
      p.cs_a = ldc_;
      p.b = a_.data();
      p.rs_b = rs_other;
      p.cs_b = cs_other;
    } else {
      p.a = a_.data();
      p.rs_a = rs_other;
      p.cs_a = cs_other;
      p.b = c_.data() + s_.first;
      p.rs_b = 1;
      p.cs_b = ldc_;
    }
    p.beta = beta;
    p.c = c_.data();
    p.ldc = ldc_;
    p.in_c = {s_.columns ? operand_in_c::part::a_columns : operand_in_c::part::b_rows, s_.first};
    return p;
  }

  bool untouched() const { return c_ == before_; }

  void expect_correct(double alpha, double beta, const std::string& context) const {
    const double eps = std::numeric_limits<double>::epsilon();
    int failures = 0;
    for (dim_t j = 0; j < s_.n; ++j)
      for (dim_t i = 0; i < ldc_; ++i) {
        const double got = c_[std::size_t(i + j * ldc_)];
        if (i >= s_.m) {
          if (got != kPadding && failures++ < 5) ADD_FAILURE() << context << ": padding C(" << i << "," << j << ")";
          continue;
        }
        double want = 0.0, magnitude = 0.0;
        for (dim_t l = 0; l < s_.k; ++l) {
          const double a = s_.columns ? before_[std::size_t(i + (s_.first + l) * ldc_)] : other(i, l);
          const double b = s_.columns ? other(l, j) : before_[std::size_t(s_.first + l + j * ldc_)];
          want += a * b;
          magnitude += std::fabs(a * b);
        }
        const dim_t at = s_.columns ? j : i;
        const bool replaced = at >= s_.first && at < s_.first + s_.k;
        const double c0 = replaced ? 0.0 : before_[std::size_t(i + j * ldc_)];
        want = alpha * want + beta * c0;
        const double bound = 2.0 * double(s_.k + 2) * eps * (std::fabs(alpha) * magnitude + std::fabs(beta * c0));
        if (!(std::fabs(got - want) <= bound) && failures++ < 5)
          ADD_FAILURE() << context << ": C(" << i << "," << j << ") = " << got << ", want " << want;
      }
  }

 private:
  // Element (r, c) of the operand not in C, as the product reads it.
  double other(dim_t r, dim_t c) const { return a_[std::size_t(s_.trans_other ? c + r * lda_ : r + c * lda_)]; }

  in_place_spec s_;
  dim_t ldc_, lda_ = 0;
  std::vector<double> a_, c_, before_;
};

std::string describe(const in_place_spec& s) {
  return "m=" + std::to_string(s.m) + " n=" + std::to_string(s.n) + " k=" + std::to_string(s.k) +
         " first=" + std::to_string(s.first) + (s.columns ? " op(A) in C" : " op(B) in C") +
         (s.trans_other ? ", the other transposed" : "");
}

TEST(GemmInPlace, PartOfCReadBeforeReplacedOnEveryTargetBlockingAndTeam) {
  unsigned seed = 1300;
  testing_support::for_each_runnable_table([&](const char* target, dispatch_table& t) {
    const dim_t mr = t.ukernel->mr, nr = t.ukernel->nr;
    // Small blocks: many A blocks; with op(B) in C many column panels too
    // (op(A) in C takes all of n in one).
    for (const blocking& blk : {t.engine.blk, blocking{2 * mr, 40, 3 * nr}, blocking{2 * mr, 40, 12 * nr}}) {
      block_engine e = t.engine;
      e.blk = blk;
      for (int threads : {1, 2})
        for (parallel_loop loop : {parallel_loop::ic, parallel_loop::jr})
          for (const in_place_spec& s :
               {in_place_spec{37, 29, 11, 0, false}, in_place_spec{101, 53, 40, 61, true},
                in_place_spec{64, 70, 24, 20, false}, in_place_spec{90, 41, 40, 50, false},
                in_place_spec{37, 29, 11, 0, false, true}, in_place_spec{101, 53, 40, 13, true, true},
                in_place_spec{64, 70, 24, 46, false, true}, in_place_spec{90, 41, 40, 1, true, true}}) {
            if (s.columns && blk.nc < s.n) continue;  // refused: every column panel packs op(A) again
            gemm_options o;
            o.threads = threads;
            o.loop = loop;
            o.split_rows = true;  // refused: a thread would pack rows another has written
            o.fit_team_to_work = false;
            const double alpha = -0.75, beta = threads == 1 ? 1.0 : 0.5;
            in_place_problem ip(s, seed++);
            const gemm_problem p = ip.problem(alpha, beta);
            const team_plan plan = plan_team(e, t.team, p, o);
            EXPECT_FALSE(plan.split_rows);
            ASSERT_TRUE(run_packed(p, e, plan)) << target;
            ip.expect_correct(alpha, beta,
                              std::string(target) + (blk.mc == 2 * mr ? " small blocks" : "") + " threads=" +
                                  std::to_string(threads) + (loop == parallel_loop::jr ? " jr " : " ic ") +
                                  describe(s));
          }
    }
  });
}

TEST(GemmInPlace, NeverUnpackedNorSplitRows) {
  const dispatch_table& t = active_dispatch();
  for (const in_place_spec& s : {in_place_spec{4, 4, 4, 0, false}, in_place_spec{16, 300, 8, 4, false},
                                 in_place_spec{2000, 2000, 256, 0, false}, in_place_spec{300, 16, 8, 4, false, true}}) {
    in_place_problem ip(s, 7);
    gemm_options o;
    o.threads = 2;
    const gemm_route r = route_gemm(t, ip.problem(1.0, 1.0), o);
    EXPECT_EQ(r.how, gemm_route::path::packed) << describe(s);
    EXPECT_FALSE(r.team.split_rows) << describe(s);
  }
}

TEST(GemmInPlace, RefusedLeavingCAloneWhereOneBlockCannotHoldIt) {
  const dispatch_table& t = active_dispatch();
  block_engine e = t.engine;
  e.blk.kc = 16;
  in_place_problem ip({50, 30, 24, 10, false}, 11);
  const gemm_problem p = ip.problem(1.0, 1.0);
  gemm_options o;
  EXPECT_FALSE(run_packed(p, e, plan_team(e, t.team, p, o)));
  EXPECT_TRUE(ip.untouched());
  // op(A) in C, n wider than a column panel.
  e.blk.kc = t.engine.blk.kc;
  e.blk.nc = 2 * t.ukernel->nr;
  in_place_problem wide({30, 50, 8, 5, false, true}, 12);
  const gemm_problem q = wide.problem(1.0, 1.0);
  EXPECT_FALSE(run_packed(q, e, plan_team(e, t.team, q, o)));
  EXPECT_TRUE(wide.untouched());
  EXPECT_FALSE(gemm_in_place(ip.problem(0.0, 1.0)));  // a quick case is the caller's
  EXPECT_TRUE(ip.untouched());
}

}  // namespace
}  // namespace swblas

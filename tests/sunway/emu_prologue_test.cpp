// DGEMM with a fused prologue on the emulation: the kernels generated from
// generator/specs/dgemm_prologue_<op>_<a|b>.c transform each A (or B) tile in
// the fetching CPE's LDM before broadcasting it (paper 000 7.3, Fig. 12a).
// Compared with the naive GEMM of the transformed operand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <tuple>
#include <vector>

#include "fused_ops.h"
#include "launch.h"
#include "sunway_emu_gemm.h"

namespace {

using swblas::prologue_op;

double transformed(const swblas::prologue_args& a, double x) {
  switch (a.op) {
    case prologue_op::scale: return swblas::prologue_value<prologue_op::scale>(a, x);
    case prologue_op::fake_quant: return swblas::prologue_value<prologue_op::fake_quant>(a, x);
    case prologue_op::none: break;
  }
  return x;
}

bool has_kernel(prologue_op op, bool on_b) {
  const swblas::kernel_family family = on_b ? swblas::kernel_family::prologue_b : swblas::kernel_family::prologue_a;
  return swblas::sunway_emu::find_kernel(family, static_cast<int>(op)) != nullptr;
}

using prologue_case = std::tuple<prologue_op, bool, bool>;  // op, on B, transposed operand

class SunwayEmuPrologue : public ::testing::TestWithParam<prologue_case> {};

TEST_P(SunwayEmuPrologue, MatchesTheGemmOfTheTransformedOperand) {
  const auto [op, on_b, transposed] = GetParam();
  if (!has_kernel(op, on_b)) GTEST_SKIP() << "no spec for this operation";
  const swblas::dim_t m = 70, n = 130, k = 300;
  std::mt19937_64 random(static_cast<unsigned long>(op) * 4 + on_b * 2 + transposed);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  std::vector<double> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(k * n)),
      c(static_cast<std::size_t>(m * n));
  for (auto* v : {&a, &b, &c})
    for (double& x : *v) x = uniform(random);
  swblas::prologue_args pro;
  pro.op = op;
  pro.scale = 0.125;
  pro.zero_point = 3.0;
  pro.qmin = -8.0;
  pro.qmax = 11.0;
  // op(A)(i, l) and op(B)(l, j), transposed storage for the transformed operand when asked.
  const swblas::inc_t rs_a = on_b || !transposed ? 1 : k, cs_a = on_b || !transposed ? m : 1;
  const swblas::inc_t rs_b = !on_b || !transposed ? 1 : n, cs_b = !on_b || !transposed ? k : 1;
  std::vector<double> result = c;
  swblas::gemm_problem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.alpha = -0.75;
  p.a = a.data();
  p.rs_a = rs_a;
  p.cs_a = cs_a;
  p.b = b.data();
  p.rs_b = rs_b;
  p.cs_b = cs_b;
  p.beta = 0.5;
  p.c = result.data();
  p.ldc = m;
  p.pro = &pro;
  swblas::sunway_emu_gemm_prologue(p, on_b);
  const double eps = std::numeric_limits<double>::epsilon();
  for (swblas::dim_t j = 0; j < n; ++j)
    for (swblas::dim_t i = 0; i < m; ++i) {
      double ref = 0.5 * c[i + j * m], bound = std::abs(ref);
      for (swblas::dim_t l = 0; l < k; ++l) {
        double x = a[i * rs_a + l * cs_a], y = b[l * rs_b + j * cs_b];
        if (on_b) y = transformed(pro, y);
        else x = transformed(pro, x);
        ref += -0.75 * x * y;
        bound += std::abs(0.75 * x * y);
      }
      ASSERT_NEAR(result[i + j * m], ref, (k + 2) * eps * bound) << "(" << i << ", " << j << ")";
    }
}

INSTANTIATE_TEST_SUITE_P(Operations, SunwayEmuPrologue,
                         ::testing::Combine(::testing::Values(prologue_op::scale, prologue_op::fake_quant),
                                            ::testing::Bool(), ::testing::Bool()));

TEST(SunwayEmuPrologueArgs, AnEpilogueAlongsideIsRefused) {
  swblas::prologue_args pro;
  swblas::epilogue_args epi;
  swblas::gemm_problem p;
  p.m = p.n = p.k = 1;
  p.pro = &pro;
  p.epi = &epi;
  EXPECT_THROW(swblas::sunway_emu_gemm_prologue(p, false), std::invalid_argument);
}

}  // namespace

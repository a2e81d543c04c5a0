// DGEMM with a fused epilogue on the emulation: the kernels generated from
// generator/specs/gemm_epilogue_<op>.c apply bias + activation to each C tile
// in LDM before it is stored (paper 000 7.3). Every operation, with a bias per
// row, per column or none, against epi(naive GEMM).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <tuple>
#include <vector>

#include "fused_ops.h"
#include "launch.h"
#include "sunway_emu_gemm.h"
#include "sunway_generate.h"

namespace {

using swblas::epilogue_op;

template <epilogue_op Op>
double act(const swblas::epilogue_args& a, double x) {
  return swblas::activation_value<Op>(a, x);
}

double activation(const swblas::epilogue_args& a, double x) {
  switch (a.op) {
    case epilogue_op::relu: return act<epilogue_op::relu>(a, x);
    case epilogue_op::leaky_relu: return act<epilogue_op::leaky_relu>(a, x);
    case epilogue_op::gelu_tanh: return act<epilogue_op::gelu_tanh>(a, x);
    case epilogue_op::gelu_erf: return act<epilogue_op::gelu_erf>(a, x);
    case epilogue_op::sigmoid: return act<epilogue_op::sigmoid>(a, x);
    case epilogue_op::tanh: return act<epilogue_op::tanh>(a, x);
    case epilogue_op::silu: return act<epilogue_op::silu>(a, x);
    case epilogue_op::clamp: return act<epilogue_op::clamp>(a, x);
    case epilogue_op::none: break;
  }
  return x;
}

bool has_kernel(epilogue_op op) {
  return swblas::sunway_emu::find_kernel(swblas::kernel_family::epilogue, static_cast<int>(op)) != nullptr;
}

enum class bias_kind { none, per_row, per_column };

using epilogue_case = std::tuple<epilogue_op, bias_kind, bool>;  // op, bias, edge shape

class SunwayEmuEpilogue : public ::testing::TestWithParam<epilogue_case> {};

TEST_P(SunwayEmuEpilogue, MatchesTheActivationOfTheReference) {
  const auto [op, bias, edge] = GetParam();
  if (!has_kernel(op)) GTEST_SKIP() << "no spec for this operation";
  const swblas::dim_t m = edge ? 520 : 70, n = edge ? 33 : 130, k = edge ? 260 : 40, ldc = m + 1;
  std::mt19937_64 random(static_cast<unsigned long>(op) * 10 + static_cast<unsigned long>(bias));
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(k * n)),
      c(static_cast<std::size_t>(ldc * n)), bias_values(static_cast<std::size_t>(std::max(m, n)));
  for (auto* v : {&a, &b, &c, &bias_values})
    for (double& x : *v) x = uniform(random);
  swblas::epilogue_args epi;
  epi.op = op;
  epi.slope = 0.1;
  epi.lo = -0.5;
  epi.hi = 0.5;
  if (bias != bias_kind::none) {
    epi.bias = bias_values.data();
    epi.rs_bias = bias == bias_kind::per_row ? 1 : 0;
    epi.cs_bias = bias == bias_kind::per_column ? 1 : 0;
  }
  std::vector<double> result = c;
  swblas::gemm_problem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.alpha = 0.5;
  p.a = a.data();
  p.rs_a = 1;
  p.cs_a = m;
  p.b = b.data();
  p.rs_b = 1;
  p.cs_b = k;
  p.beta = 0.25;
  p.c = result.data();
  p.ldc = ldc;
  p.epi = &epi;
  swblas::sunway_emu_gemm(p);
  const double eps = std::numeric_limits<double>::epsilon();
  for (swblas::dim_t j = 0; j < n; ++j)
    for (swblas::dim_t i = 0; i < m; ++i) {
      double x = 0.25 * c[i + j * ldc], bound = std::abs(x);
      for (swblas::dim_t l = 0; l < k; ++l) {
        x += 0.5 * a[i + l * m] * b[l + j * k];
        bound += std::abs(0.5 * a[i + l * m] * b[l + j * k]);
      }
      if (epi.bias) x += bias_values[i * epi.rs_bias + j * epi.cs_bias];
      const double expected = activation(epi, x);
      // The activations are 1.2-Lipschitz at most; the GEMM error bound is (k+2) eps bound.
      const double tolerance = 1.2 * (k + 3) * eps * (bound + 1.0) + 16 * eps * std::abs(expected);
      ASSERT_NEAR(result[i + j * ldc], expected, tolerance) << "(" << i << ", " << j << ")";
    }
}

INSTANTIATE_TEST_SUITE_P(
    Operations, SunwayEmuEpilogue,
    ::testing::Combine(::testing::Values(epilogue_op::none, epilogue_op::relu, epilogue_op::leaky_relu,
                                         epilogue_op::gelu_tanh, epilogue_op::gelu_erf, epilogue_op::sigmoid,
                                         epilogue_op::tanh, epilogue_op::silu, epilogue_op::clamp),
                       ::testing::Values(bias_kind::none, bias_kind::per_row, bias_kind::per_column),
                       ::testing::Values(false)));

// Edge tiles in every dimension with one operation.
INSTANTIATE_TEST_SUITE_P(EdgeShape, SunwayEmuEpilogue,
                         ::testing::Values(epilogue_case{epilogue_op::gelu_tanh, bias_kind::per_column, true}));

TEST(SunwayEmuEpilogueArgs, APrologueIsRefused) {
  swblas::prologue_args pro;
  std::vector<double> x(4, 1.0);
  swblas::gemm_problem p;
  p.m = p.n = p.k = 2;
  p.a = p.b = x.data();
  p.cs_a = p.cs_b = 2;
  p.c = x.data();
  p.ldc = 2;
  p.pro = &pro;
  EXPECT_THROW(swblas::sunway_emu_gemm(p), std::invalid_argument);
}

}  // namespace

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Post-tiling fusion (paper 000 Fig. 12b): the epilogue statement is grafted
// after the k-block loop of each C tile and before the tile is stored.
TEST(SunwayEpilogueRecipe, TheEpilogueRunsBetweenTheLastBlockAndPutC) {
  const auto t = swgen::sunway::parse_sunway_target(read(SWBLAS_SOURCE_DIR "/generator/targets/sunway.target"), "t");
  const auto out =
      swgen::sunway::generate_kernel_files(read(SWBLAS_SOURCE_DIR "/generator/specs/gemm_epilogue_relu.c"), t, "ke");
  const std::string& tree = out.stages.back().second;
  const std::size_t epilogue = tree.find("- filter: \"[M, N, K, rid, cid] -> { epilogue"),
                    put = tree.find("- filter: \"[M, N, K, rid, cid] -> { putC");
  ASSERT_NE(epilogue, std::string::npos) << tree;
  EXPECT_LT(epilogue, put);
  const std::string& cpe = out.files[1].second;
  EXPECT_LT(cpe.find("// epilogue\n"), cpe.find("// putC\n"));
  EXPECT_NE(cpe.find("swblas::apply_epilogue<swblas::epilogue_op::relu>"), std::string::npos);
}

}  // namespace

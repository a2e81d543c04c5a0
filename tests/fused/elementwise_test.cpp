// The vectorisable elementary functions of fused_ops.h against long double
// std:: functions on dense grids, and the activations against the std::
// definitions (activation_reference), special values included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <vector>

#include "fused_ops.h"

namespace {

using namespace swblas;
namespace ew = swblas::elementwise;

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Evenly spaced points of [lo, hi] plus their neighbours one ulp away. Under
// qemu (scripts/test-ppc64le.sh sets SWBLAS_QEMU_CPU) a tenth of them: the
// long double references are software double-double arithmetic on POWER.
std::vector<double> grid(double lo, double hi, int points) {
  if (std::getenv("SWBLAS_QEMU_CPU") != nullptr) points = std::max(points / 10, 100);
  std::vector<double> x;
  for (int i = 0; i <= points; ++i) {
    const double v = lo + (hi - lo) * i / points;
    x.push_back(v);
    x.push_back(std::nextafter(v, kInf));
  }
  return x;
}

// max relative error (in units of epsilon) of f against the exact ref, for
// results in the normal range.
void expect_ulps(const char* name, const std::function<double(double)>& f,
                 const std::function<long double(long double)>& ref,
                 const std::vector<double>& xs, double max_eps) {
  double worst = 0.0, worst_x = 0.0;
  for (double x : xs) {
    const long double r = ref(x);
    const double v = f(x);
    if (std::fabs(static_cast<double>(r)) < 1e-300) {
      ASSERT_LE(std::fabs(v - static_cast<double>(r)), 1e-300) << name << " at " << x;
      continue;
    }
    const double err = static_cast<double>(std::fabs((v - r) / r)) / kEps;
    if (err > worst) worst = err, worst_x = x;
  }
  EXPECT_LE(worst, max_eps) << name << ": worst at x = " << worst_x;
}

TEST(Elementwise, ExpAcrossTheWholeRange) {
  const auto f = [](double x) { return ew::exp(x); };
  const auto ref = [](long double x) { return std::exp(x); };
  expect_ulps("exp", f, ref, grid(-708.0, 709.7, 200000), 2.0);
  expect_ulps("exp", f, ref, grid(-1.0, 1.0, 20000), 2.0);
}

TEST(Elementwise, ExpSpecialValues) {
  EXPECT_EQ(ew::exp(0.0), 1.0);
  EXPECT_EQ(ew::exp(-kInf), 0.0);
  EXPECT_EQ(ew::exp(kInf), kInf);
  EXPECT_EQ(ew::exp(710.0), kInf);
  EXPECT_EQ(ew::exp(-746.0), 0.0);
  EXPECT_TRUE(std::isnan(ew::exp(kNaN)));
  EXPECT_EQ(ew::exp(709.78), std::exp(709.78)) << "near overflow";
  // Subnormal results: within one subnormal ulp of the library's.
  for (double x = -745.0; x < -708.5; x += 0.37)
    EXPECT_NEAR(ew::exp(x), std::exp(x), 2.0 * 4.9406564584124654e-324 + 4 * kEps * std::exp(x))
        << x;
}

// The shortcuts of the activations: exp_normal is exp on [-707, 710], and
// one_plus_exp is 1 + exp everywhere, to the bit (e^x is finite up to
// 709.78 though n = round(x / ln2) reaches 1024 from 709.44).
TEST(Elementwise, ExpShortcutsAreExact) {
  const auto same = [](double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
  };
  std::vector<double> xs = grid(-760.0, 760.0, 400000);
  for (double x : {-708.0, -707.0, -706.9, 709.43, 709.44, 709.5, 709.78, 709.7827, 709.79, 710.0, 1e300,
                   -1e300, 0.0, -0.0, kInf, -kInf, kNaN})
    xs.push_back(x);
  for (double x : xs) {
    ASSERT_TRUE(same(ew::one_plus_exp(x), 1.0 + ew::exp(x))) << "one_plus_exp at " << x;
    if (x >= -707.0 && x <= 710.0) {
      ASSERT_TRUE(same(ew::exp_normal(x), ew::exp(x))) << "exp_normal at " << x;
    }
  }
  EXPECT_TRUE(std::isnan(ew::exp_normal(kNaN)));
}

TEST(Elementwise, TanhAndErf) {
  expect_ulps("tanh", [](double x) { return ew::tanh(x); },
              [](long double x) { return std::tanh(x); }, grid(-25.0, 25.0, 200000), 4.0);
  expect_ulps("tanh", [](double x) { return ew::tanh(x); },
              [](long double x) { return std::tanh(x); }, grid(-1e-6, 1e-6, 2000), 4.0);
  expect_ulps("erf", [](double x) { return ew::erf(x); },
              [](long double x) { return std::erf(x); }, grid(-8.0, 8.0, 200000), 4.0);
  // x / sqrt2 rounded to a double first, as gelu_erf's definition does.
  expect_ulps("erfc(-x/sqrt2)", [](double x) { return ew::one_plus_erf_by_root2(x); },
              [](long double x) { return std::erfc(-(long double)(double(x) * 0.7071067811865476)); },
              grid(-37.5, 8.5, 200000), 8.0);
  for (double x : {0.0, -0.0, 1e-300, -1e-300}) {
    EXPECT_EQ(ew::tanh(x), x);
    EXPECT_EQ(std::signbit(ew::tanh(x)), std::signbit(x));
    EXPECT_EQ(std::signbit(ew::erf(x)), std::signbit(x));
  }
  EXPECT_EQ(ew::tanh(kInf), 1.0);
  EXPECT_EQ(ew::tanh(-kInf), -1.0);
  EXPECT_EQ(ew::erf(kInf), 1.0);
  EXPECT_EQ(ew::erf(-kInf), -1.0);
  EXPECT_EQ(ew::one_plus_erf_by_root2(-kInf), 0.0);
  EXPECT_TRUE(std::isnan(ew::tanh(kNaN)));
  EXPECT_TRUE(std::isnan(ew::erf(kNaN)));
}

TEST(Elementwise, RoundHalfEvenMatchesNearbyint) {
  for (double x : {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49999999, 1e15 + 0.5, 4503599627370497.0,
                   1e300, -1e300, 0.0, 7.0})
    EXPECT_EQ(ew::round_half_even(x), std::nearbyint(x)) << x;
  EXPECT_EQ(ew::round_half_even(kInf), kInf);
  EXPECT_TRUE(std::isnan(ew::round_half_even(kNaN)));
}

// Every activation against its std:: definition: relative 1e-13 plus an
// absolute term for the reference's own cancellation (1 + tanh, 1 + erf
// near -1 lose |x| * eps).
template <epilogue_op Op>
void expect_activation_matches(const epilogue_args& a) {
  for (double x : grid(-40.0, 40.0, 40000)) {
    const double ref = activation_reference<Op>(a, x);
    const double v = activation_value<Op>(a, x);
    ASSERT_NEAR(v, ref, 1e-13 * std::fabs(ref) + 4 * kEps * std::fabs(x) + 1e-300)
        << "op " << static_cast<int>(Op) << " x " << x;
  }
  for (double x : {1e-310, -1e-310, 1e200, -1e200, 700.0, -700.0, 709.5, -709.5, 709.7, -709.7,
                   745.5, -745.5, 0.0, -0.0}) {
    const double ref = activation_reference<Op>(a, x);
    EXPECT_NEAR(activation_value<Op>(a, x), ref, 1e-13 * std::fabs(ref) + 1e-300)
        << "op " << static_cast<int>(Op) << " x " << x;
  }
  for (double x : {kInf, -kInf})
    EXPECT_EQ(activation_value<Op>(a, x), activation_reference<Op>(a, x))
        << "op " << static_cast<int>(Op) << " x " << x;
  EXPECT_TRUE(std::isnan(activation_value<Op>(a, kNaN))) << "op " << static_cast<int>(Op);
}

TEST(Elementwise, EveryActivationMatchesTheStdDefinition) {
  epilogue_args a;
  a.slope = 0.01;
  a.lo = -2.5;
  a.hi = 3.0;
  expect_activation_matches<epilogue_op::none>(a);
  expect_activation_matches<epilogue_op::relu>(a);
  expect_activation_matches<epilogue_op::leaky_relu>(a);
  expect_activation_matches<epilogue_op::gelu_tanh>(a);
  expect_activation_matches<epilogue_op::gelu_erf>(a);
  expect_activation_matches<epilogue_op::sigmoid>(a);
  expect_activation_matches<epilogue_op::tanh>(a);
  expect_activation_matches<epilogue_op::silu>(a);
  expect_activation_matches<epilogue_op::clamp>(a);
}

TEST(Elementwise, SaturationLimits) {
  const epilogue_args a;
  EXPECT_EQ(activation_value<epilogue_op::sigmoid>(a, kInf), 1.0);
  EXPECT_EQ(activation_value<epilogue_op::sigmoid>(a, -kInf), 0.0);
  EXPECT_EQ(activation_value<epilogue_op::silu>(a, -kInf), 0.0);
  EXPECT_EQ(activation_value<epilogue_op::gelu_tanh>(a, -kInf), 0.0);
  EXPECT_EQ(activation_value<epilogue_op::gelu_erf>(a, -kInf), 0.0);
  EXPECT_EQ(activation_value<epilogue_op::gelu_erf>(a, kInf), kInf);
  EXPECT_TRUE(std::isnan(activation_value<epilogue_op::relu>(a, kNaN)));
}

TEST(Elementwise, FakeQuantMatchesTheReference) {
  prologue_args p;
  p.op = prologue_op::fake_quant;
  p.scale = 0.05;
  p.zero_point = 3.0;
  p.qmin = -128.0;
  p.qmax = 127.0;
  for (double x : grid(-10.0, 10.0, 20000))
    ASSERT_EQ(prologue_value<prologue_op::fake_quant>(p, x),
              prologue_reference<prologue_op::fake_quant>(p, x))
        << x;
  EXPECT_EQ(prologue_value<prologue_op::fake_quant>(p, 1e300), p.scale * (p.qmax - 3.0));
  EXPECT_TRUE(std::isnan(prologue_value<prologue_op::fake_quant>(p, kNaN)));
}

TEST(Elementwise, ApplyEpilogueAddsTheBiasByStrides) {
  const double bias[] = {1.0, 2.0, 3.0, 4.0};
  epilogue_args a;
  a.bias = bias;
  a.rs_bias = 1;  // per row
  std::vector<double> c(3 * 2, 0.5);
  apply_epilogue<epilogue_op::none>(a, 2, 2, c.data() + 1, 3, 1, 0);  // rows 1..2
  EXPECT_EQ(c[0], 0.5);
  EXPECT_EQ(c[1], 2.5);
  EXPECT_EQ(c[2], 3.5);
  EXPECT_EQ(c[4], 2.5);
  a.rs_bias = 0;
  a.cs_bias = 1;  // per column, tile starting at column 2
  std::vector<double> d(2, 0.0);
  apply_epilogue<epilogue_op::relu>(a, 2, 1, d.data(), 2, 0, 2);
  EXPECT_EQ(d[0], 3.0);
  EXPECT_EQ(d[1], 3.0);
}

}  // namespace

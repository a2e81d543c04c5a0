// The fast mode's float activations (fast_activation_value, applied to
// float tiles by apply_epilogue when epilogue_args::fast_f32 is set) against
// the exact ones rounded to float, on floats sampled across every exponent:
// the error bound swblas.h states for SWBLAS_ACT_*_FAST, special values,
// the bias forms of a tile, and double tiles left exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "fused_ops.h"
#include "fused_reference.h"

namespace {

using namespace swblas;
using namespace fused_test;
namespace ew = swblas::elementwise;

// Every `stride`-th float bit pattern (NaNs included): 4099 here, 262147
// under qemu, and whatever SWBLAS_FAST_ACTIVATION_STRIDE says (1: every
// float, as the bound was measured; about five minutes a function).
std::uint64_t sampling_stride() {
  if (const char* s = std::getenv("SWBLAS_FAST_ACTIVATION_STRIDE")) return std::max(1ull, std::strtoull(s, nullptr, 10));
  return std::getenv("SWBLAS_QEMU_CPU") != nullptr ? 262147 : 4099;
}

// Distance in floats between a and b (finite, same or opposite sign).
std::int64_t ulps_between(float a, float b) {
  const auto ordered = [](float f) {
    const std::uint32_t u = ew::to_bits(f);
    return (u & 0x80000000u) ? -std::int64_t(u & 0x7fffffffu) : std::int64_t(u);
  };
  return std::llabs(ordered(a) - ordered(b));
}

// The fast values of x through a float tile (the vectorised loop kernels
// run), one column of x.size() rows.
template <epilogue_op Op>
std::vector<float> fast_tile(std::vector<float> x) {
  epilogue_args a;
  a.fast_f32 = true;
  apply_epilogue<Op>(a, dim_t(x.size()), 1, x.data(), dim_t(x.size()), 0, 0);
  return x;
}

template <epilogue_op Op>
void expect_within_stated_bound(const char* name) {
  const std::uint64_t stride = sampling_stride();
  const epilogue_args exact_args;
  constexpr std::size_t kChunk = 1 << 16;
  std::vector<float> x;
  std::uint64_t checked = 0;
  int bad = 0;
  for (std::uint64_t bits = 0; bits < (1ull << 32);) {
    x.clear();
    for (; bits < (1ull << 32) && x.size() < kChunk; bits += stride) x.push_back(ew::from_bits(std::uint32_t(bits)));
    const std::vector<float> got = fast_tile<Op>(x);
    for (std::size_t i = 0; i < x.size(); ++i) {
      const float want = float(activation_value<Op>(exact_args, double(x[i])));
      const float g = got[i];
      bool ok;
      if (std::isnan(want)) {
        ok = std::isnan(g);
      } else if (std::isinf(want)) {
        ok = g == want;
      } else if (std::fabs(double(want)) < kFastAbsoluteFloor) {
        ok = std::fabs(double(g) - double(want)) <= kFastAbsoluteFloor;
      } else if (in_fast_gelu_tanh_tail(Op, x[i])) {
        ok = std::fabs((double(g) - double(want)) / double(want)) <= kFastGeluTailRelative;
      } else {
        ok = std::isfinite(g) && ulps_between(g, want) <= fast_mode_ulps(Op, x[i]);
      }
      if (!ok && ++bad <= 3)
        ADD_FAILURE() << name << "(" << std::hexfloat << x[i] << ") = " << g << ", exact " << want;
    }
    checked += x.size();
  }
  EXPECT_EQ(bad, 0) << name << " over " << checked << " floats";
}

TEST(FastActivations, WithinTheStatedBoundAcrossEveryExponent) {
  expect_within_stated_bound<epilogue_op::gelu_tanh>("gelu_tanh");
  expect_within_stated_bound<epilogue_op::gelu_erf>("gelu_erf");
  expect_within_stated_bound<epilogue_op::sigmoid>("sigmoid");
  expect_within_stated_bound<epilogue_op::tanh>("tanh");
  expect_within_stated_bound<epilogue_op::silu>("silu");
}

TEST(FastActivations, SpecialValuesAsTheExactForms) {
  const float inf = INFINITY, nan = NAN;
  for (float x : {inf, -inf, 0.0f, -0.0f, FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX, 0x1p-149f, -0x1p-149f, nan}) {
    const epilogue_args exact_args;
    const auto same = [&](float fast, double exact, const char* name) {
      const float want = float(exact);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(fast)) << name << "(" << x << ")";
      } else if (want == 0.0f || std::isinf(want)) {
        EXPECT_EQ(fast, want) << name << "(" << x << ")";
        EXPECT_EQ(std::signbit(fast), std::signbit(want)) << name << "(" << x << ")";
      }
    };
    same(fast_activation_value<epilogue_op::gelu_tanh>(x),
         activation_value<epilogue_op::gelu_tanh>(exact_args, double(x)), "gelu_tanh");
    same(fast_activation_value<epilogue_op::gelu_erf>(x),
         activation_value<epilogue_op::gelu_erf>(exact_args, double(x)), "gelu_erf");
    same(fast_activation_value<epilogue_op::sigmoid>(x),
         activation_value<epilogue_op::sigmoid>(exact_args, double(x)), "sigmoid");
    same(fast_activation_value<epilogue_op::tanh>(x), activation_value<epilogue_op::tanh>(exact_args, double(x)),
         "tanh");
    same(fast_activation_value<epilogue_op::silu>(x), activation_value<epilogue_op::silu>(exact_args, double(x)),
         "silu");
  }
  EXPECT_EQ(fast_activation_value<epilogue_op::sigmoid>(INFINITY), 1.0f);
  EXPECT_EQ(fast_activation_value<epilogue_op::tanh>(-INFINITY), -1.0f);
  EXPECT_EQ(fast_activation_value<epilogue_op::gelu_tanh>(INFINITY), INFINITY);
  EXPECT_EQ(fast_activation_value<epilogue_op::gelu_erf>(INFINITY), INFINITY);
}

// A tile's bias, rounded to float (bias_f32, per row or per column, or the
// double bias itself) and added in float: the same values as one element at
// a time.
TEST(FastActivations, TileBiasForms) {
  const double bias[] = {0.25, -1.5, 3.0, 0.1};  // 0.1 is no float
  const float bias_f32[] = {0.25f, -1.5f, 3.0f, 0.1f};
  const dim_t m = 3, n = 2, ldc = 4;
  std::vector<float> start(ldc * n);
  for (std::size_t e = 0; e < start.size(); ++e) start[e] = -2.0f + 0.7f * float(e);
  for (int form = 0; form < 3; ++form) {
    epilogue_args a;
    a.fast_f32 = true;
    a.bias = bias;
    a.bias_f32 = form < 2 ? bias_f32 : nullptr;
    a.rs_bias = form == 1 ? 0 : 1;  // per row, per column, per row from the double bias
    a.cs_bias = form == 1 ? 1 : 0;
    std::vector<float> c = start;
    apply_epilogue<epilogue_op::silu>(a, m, n, c.data() + 1, ldc, 0, 1);  // rows 1..3 from C(0, 1)
    for (dim_t j = 0; j < n; ++j)
      for (dim_t i = 0; i < ldc; ++i) {
        const std::size_t at = std::size_t(i + j * ldc);
        if (i == 0) {
          EXPECT_EQ(c[at], start[at]) << "row 0 is not in the tile";
          continue;
        }
        const double b = bias[(i - 1) * a.rs_bias + (j + 1) * a.cs_bias];
        const float x = start[at] + float(b);
        EXPECT_EQ(c[at], fast_activation_value<epilogue_op::silu>(x)) << "form " << form << " at " << i << "," << j;
      }
  }
}

TEST(FastActivations, DoubleTilesStayExact) {
  epilogue_args a;
  a.fast_f32 = true;
  std::vector<double> c = {-3.5, -0.25, 0.0, 0.75, 8.0};
  const std::vector<double> start = c;
  apply_epilogue<epilogue_op::gelu_tanh>(a, dim_t(c.size()), 1, c.data(), dim_t(c.size()), 0, 0);
  for (std::size_t i = 0; i < c.size(); ++i)
    EXPECT_EQ(c[i], activation_value<epilogue_op::gelu_tanh>(epilogue_args{}, start[i])) << start[i];
}

}  // namespace

// The plain DGEMM and SGEMM that swblas-gen generated for Sunway (CPE + MPE
// sources), run on the athread emulation through swblas::sunway_emu_gemm,
// against a naive reference: all transposes, shapes that are and are not
// multiples of the mesh step (double 512x512x256, float 512x512x512), beta
// == 0 over NaN, ldc > m, non-unit strides.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "dgemm_sunway.h"
#include "sgemm_sunway.h"
#include "sunway_emu_gemm.h"
#include "sunway_emu_gemm_batch.h"
#include "swsim/sim.h"

namespace {

struct shape {
  swblas::dim_t m, n, k;
};

// A column-major matrix stored as op(X) or op(X)^T, with a leading dimension
// larger than needed (so that strides are exercised).
template <class T>
struct operand {
  std::vector<T> data;
  swblas::inc_t rs, cs;
  T at(swblas::dim_t r, swblas::dim_t c) const { return data[r * rs + c * cs]; }
};

template <class T>
operand<T> make_operand(swblas::dim_t rows, swblas::dim_t cols, bool transposed, std::mt19937_64& random) {
  std::uniform_real_distribution<T> uniform(-1, 1);
  operand<T> x;
  const swblas::dim_t ld = (transposed ? cols : rows) + 3;
  x.data.resize(static_cast<std::size_t>(ld * (transposed ? rows : cols)));
  for (T& v : x.data) v = uniform(random);
  x.rs = transposed ? ld : 1;
  x.cs = transposed ? 1 : ld;
  return x;
}

template <class T>
struct case_data {
  shape s;
  operand<T> a, b;
  swblas::inc_t ldc;
  std::vector<T> c;
  T alpha, beta;
};

template <class T = double>
case_data<T> make_case(shape s, bool trans_a, bool trans_b, T alpha, T beta) {
  std::mt19937_64 random(s.m * 131 + s.n * 7 + s.k + trans_a * 2 + trans_b);
  case_data<T> d{s, make_operand<T>(s.m, s.k, trans_a, random), make_operand<T>(s.k, s.n, trans_b, random), s.m + 2, {},
                 alpha, beta};
  std::uniform_real_distribution<T> uniform(-1, 1);
  d.c.resize(static_cast<std::size_t>(d.ldc * s.n));
  for (T& v : d.c) v = uniform(random);
  return d;
}

template <class T>
swblas::basic_gemm_problem<T> problem_of(case_data<T>& d, std::vector<T>& c) {
  swblas::basic_gemm_problem<T> p;
  p.m = d.s.m;
  p.n = d.s.n;
  p.k = d.s.k;
  p.alpha = d.alpha;
  p.a = d.a.data.data();
  p.rs_a = d.a.rs;
  p.cs_a = d.a.cs;
  p.b = d.b.data.data();
  p.rs_b = d.b.rs;
  p.cs_b = d.b.cs;
  p.beta = d.beta;
  p.c = c.data();
  p.ldc = d.ldc;
  return p;
}

// Largest |C - C_ref| over the bound (k + 2) eps (|beta C0| + |alpha| |A| |B|),
// the reference in double, and whether the padding rows of C (i >= m) were
// left alone.
template <class T>
double worst_error_ratio(const case_data<T>& d, const std::vector<T>& result, bool* padding_kept) {
  const double eps = std::numeric_limits<T>::epsilon();
  double worst = 0.0;
  *padding_kept = true;
  for (swblas::dim_t j = 0; j < d.s.n; ++j) {
    for (swblas::dim_t i = 0; i < d.ldc; ++i) {
      const std::size_t at = static_cast<std::size_t>(i + j * d.ldc);
      if (i >= d.s.m) {
        *padding_kept = *padding_kept && result[at] == d.c[at];
        continue;
      }
      const double c0 = d.beta == T(0) ? 0.0 : double(d.beta) * d.c[at];
      double ref = c0, bound = std::abs(c0);
      for (swblas::dim_t l = 0; l < d.s.k; ++l) {
        const double t = double(d.alpha) * d.a.at(i, l) * d.b.at(l, j);
        ref += t;
        bound += std::abs(t);
      }
      const double ratio = std::abs(result[at] - ref) / ((d.s.k + 2) * eps * bound + std::numeric_limits<double>::min());
      worst = std::isnan(ratio) ? INFINITY : std::max(worst, ratio);
    }
  }
  return worst;
}

template <class T>
void expect_matches_reference(case_data<T> d) {
  std::vector<T> result = d.c;
  swblas::basic_gemm_problem<T> p = problem_of(d, result);
  swblas::sunway_emu_gemm(p);
  bool padding_kept = false;
  EXPECT_LE(worst_error_ratio(d, result, &padding_kept), 1.0);
  EXPECT_TRUE(padding_kept) << "rows of C beyond m (ldc > m) were written";
}

using gemm_case = std::tuple<shape, bool, bool>;

std::string case_name(const ::testing::TestParamInfo<gemm_case>& info) {
  const auto [s, ta, tb] = info.param;
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k) + "_" + (ta ? "T" : "N") +
         (tb ? "T" : "N");
}

class SunwayEmuDgemm : public ::testing::TestWithParam<gemm_case> {};

TEST_P(SunwayEmuDgemm, MatchesTheNaiveReference) {
  const auto [s, trans_a, trans_b] = GetParam();
  expect_matches_reference(make_case(s, trans_a, trans_b, 0.75, -1.25));
}

// One mesh step exactly; partial steps in every dimension; a single element;
// one CPE row only with three column steps and a ragged last k block.
INSTANTIATE_TEST_SUITE_P(Shapes, SunwayEmuDgemm,
                         ::testing::Combine(::testing::Values(shape{512, 512, 256}, shape{600, 520, 300},
                                                              shape{1, 1, 1}, shape{37, 1029, 515}),
                                            ::testing::Bool(), ::testing::Bool()),
                         case_name);

class SunwayEmuSgemm : public ::testing::TestWithParam<gemm_case> {};

TEST_P(SunwayEmuSgemm, MatchesTheNaiveReference) {
  const auto [s, trans_a, trans_b] = GetParam();
  expect_matches_reference(make_case<float>(s, trans_a, trans_b, 0.75f, -1.25f));
}

// The float kernel's mesh step is 512 deep: one step exactly, a ragged
// second k block, a single element, and one CPE row across column steps.
INSTANTIATE_TEST_SUITE_P(Shapes, SunwayEmuSgemm,
                         ::testing::Combine(::testing::Values(shape{512, 512, 512}, shape{600, 70, 530},
                                                              shape{1, 1, 1}, shape{37, 1029, 65}),
                                            ::testing::Bool(), ::testing::Bool()),
                         case_name);

template <class T>
void expect_beta_zero_overwrites_nan() {
  case_data<T> d = make_case<T>({70, 130, 40}, false, false, T(1), T(0));
  for (T& v : d.c) v = std::numeric_limits<T>::quiet_NaN();
  std::vector<T> result = d.c;
  swblas::sunway_emu_gemm(problem_of(d, result));
  for (swblas::dim_t j = 0; j < d.s.n; ++j)
    for (swblas::dim_t i = 0; i < d.s.m; ++i) ASSERT_FALSE(std::isnan(result[i + j * d.ldc])) << i << "," << j;
}

TEST(SunwayEmuDgemmBeta, BetaZeroOverwritesNaN) { expect_beta_zero_overwrites_nan<double>(); }
TEST(SunwayEmuSgemmBeta, BetaZeroOverwritesNaN) { expect_beta_zero_overwrites_nan<float>(); }

TEST(SunwayEmuDgemmBeta, BetaOneAccumulates) { expect_matches_reference(make_case({65, 66, 67}, true, false, -2.0, 1.0)); }

template <class T>
void expect_zero_depth_only_scales_c() {
  case_data<T> d = make_case<T>({5, 4, 0}, false, false, T(1), T(2));
  std::vector<T> result = d.c;
  swblas::sunway_emu_gemm(problem_of(d, result));
  for (swblas::dim_t j = 0; j < d.s.n; ++j)
    for (swblas::dim_t i = 0; i < d.s.m; ++i) EXPECT_EQ(result[i + j * d.ldc], T(2) * d.c[i + j * d.ldc]);
}

TEST(SunwayEmuDgemmQuick, ZeroDepthOnlyScalesC) { expect_zero_depth_only_scales_c<double>(); }
TEST(SunwayEmuSgemmQuick, ZeroDepthOnlyScalesC) { expect_zero_depth_only_scales_c<float>(); }

// Strides without a unit one: the tiles move column by column (bsize: one
// element).
template <class T>
void expect_non_unit_strides_work() {
  case_data<T> d = make_case<T>({40, 70, 33}, false, false, T(1.5), T(0.5));
  d.a.rs = 2;
  d.a.cs = 2 * d.s.m + 1;
  d.a.data.resize(static_cast<std::size_t>(d.a.cs * d.s.k));
  d.b.rs = 3;
  d.b.cs = 3 * d.s.k + 2;
  d.b.data.resize(static_cast<std::size_t>(d.b.cs * d.s.n));
  std::mt19937_64 random(9);
  std::uniform_real_distribution<T> uniform(-1, 1);
  for (T& v : d.a.data) v = uniform(random);
  for (T& v : d.b.data) v = uniform(random);
  expect_matches_reference(d);
}

TEST(SunwayEmuDgemmStrides, NonUnitStridesOfBothOperands) { expect_non_unit_strides_work<double>(); }
TEST(SunwayEmuSgemmStrides, NonUnitStridesOfBothOperands) { expect_non_unit_strides_work<float>(); }

// The counters of the last spawn of one mesh step (512x512x`depth`, one k
// block): every flop went through the micro-kernel calls, each A and B
// element was fetched once by DMA, C was moved once each way, every CPE sent
// one A and one B tile and received eight of each (tile_bytes each), and the
// LDM peak is what the generator planned (within the default budget).
template <class T, class Params>
void expect_one_mesh_step_moves_each_tile_once(swblas::dim_t depth, std::uint64_t tile_bytes) {
  case_data<T> d = make_case<T>({512, 512, depth}, false, false, T(1), T(1));
  std::vector<T> result = d.c;
  swblas::sunway_emu_gemm(problem_of(d, result));
  const swsim::cpe_counters total = swsim::total_counters();
  const std::uint64_t mn = 512 * 512, kd = static_cast<std::uint64_t>(depth);
  EXPECT_EQ(total.flops, 2 * mn * kd);
  EXPECT_EQ(total.dma_get_bytes, (mn + 2 * 512 * kd) * sizeof(T) + 64 * sizeof(Params));
  EXPECT_EQ(total.dma_put_bytes, mn * sizeof(T));
  EXPECT_EQ(total.rma_sends, 64u * 2);
  EXPECT_EQ(total.rma_bytes_received, 64u * 8 * 2 * tile_bytes);
  EXPECT_LE(swsim::counters(0).ldm_peak_bytes, swsim::default_ldm_budget);
}

TEST(SunwayEmuDgemmCounters, OneMeshStepMovesEachTileOnce) {
  expect_one_mesh_step_moves_each_tile_once<double, sw_dgemm_sunway_params>(256, 64 * 32 * 8);
}
// Float tiles are 64x64x64: as many bytes as double's 64x64x32.
TEST(SunwayEmuSgemmCounters, OneMeshStepMovesEachTileOnce) {
  expect_one_mesh_step_moves_each_tile_once<float, sw_sgemm_sunway_params>(512, 64 * 64 * 4);
}

}  // namespace

namespace {

// The emulation enforces the budget the generator planned for: with less
// usable LDM the generated kernel's allocation fails, naming the buffer.
TEST(SunwayEmuDgemmLdm, ASmallerBudgetIsCaughtByTheEmulation) {
  case_data d = make_case({64, 64, 32}, false, false, 1.0, 1.0);
  std::vector<double> result = d.c;
  swblas::gemm_problem p = problem_of(d, result);
  swsim::set_ldm_budget(128 * 1024);
  std::string error;
  try {
    swblas::sunway_emu_gemm(p);
  } catch (const swsim::sim_error& e) {
    error = e.what();
  }
  swsim::set_ldm_budget(swsim::default_ldm_budget);
  EXPECT_NE(error.find("ldm_malloc"), std::string::npos) << error;
  EXPECT_NO_THROW(swblas::sunway_emu_gemm(p));  // and the mesh is usable again
}

// Two host threads share the one emulated core group: calls are serialised.
TEST(SunwayEmuDgemmThreads, ConcurrentCallsAreSerialised) {
  case_data d1 = make_case({130, 70, 50}, false, true, 1.0, 0.0);
  case_data d2 = make_case({70, 130, 40}, true, false, 2.0, 1.0);
  std::thread other([&] { expect_matches_reference(d1); });
  expect_matches_reference(d2);
  other.join();
}

}  // namespace

namespace {

// sunway_emu_gemm_batch exists in every build: the batched kernel where
// specs/dgemm_batch.c exists (emu_batch_test.cpp), one launch per entry otherwise.
TEST(SunwayEmuDgemmBatchEntry, EveryBuildHasTheBatchedEntryPoint) {
  const swblas::dim_t m = 40, n = 50, k = 30, count = 2;
  std::mt19937_64 random(5);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  std::vector<double> a(static_cast<std::size_t>(m * k * count)), b(static_cast<std::size_t>(k * n * count)),
      c(static_cast<std::size_t>(m * n * count));
  for (auto* v : {&a, &b, &c})
    for (double& x : *v) x = uniform(random);
  std::vector<double> result = c;
  swblas::gemm_batch_problem p;
  p.shape.m = m;
  p.shape.n = n;
  p.shape.k = k;
  p.shape.a = a.data();
  p.shape.cs_a = m;
  p.shape.b = b.data();
  p.shape.cs_b = k;
  p.shape.beta = 1.0;
  p.shape.c = result.data();
  p.shape.ldc = m;
  p.count = count;
  p.stride_a = m * k;
  p.stride_b = k * n;
  p.stride_c = m * n;
  swblas::sunway_emu_gemm_batch(p);
  const double eps = std::numeric_limits<double>::epsilon();
  for (swblas::dim_t e = 0; e < count; ++e)
    for (swblas::dim_t j = 0; j < n; ++j)
      for (swblas::dim_t i = 0; i < m; ++i) {
        double ref = c[e * m * n + i + j * m], bound = std::abs(ref);
        for (swblas::dim_t l = 0; l < k; ++l) {
          const double t = a[e * m * k + i + l * m] * b[e * k * n + l + j * k];
          ref += t;
          bound += std::abs(t);
        }
        ASSERT_NEAR(result[e * m * n + i + j * m], ref, (k + 2) * eps * bound);
      }
}

}  // namespace

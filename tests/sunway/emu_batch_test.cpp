// Batched DGEMM on the emulation: the kernel generated from
// generator/specs/dgemm_batch.c runs the whole batch in one CPE kernel launch
// (paper 000 section 3); pointer arrays and strides, edge shapes, and its
// schedule tree (the batch band above the mesh band).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <vector>

#include "sunway_emu_gemm_batch.h"
#include "sunway_generate.h"
#include "swsim/sim.h"

namespace {

struct batch_case {
  swblas::dim_t m, n, k, count;
  bool pointer_arrays;
};

// Entry e: A (m x k, lda = m + 1), B (k x n, ldb = k), C (m x n, ldc = m + 2),
// all column-major, in one buffer per operand at a fixed stride.
struct batch_data {
  batch_case bc;
  swblas::inc_t lda, ldb, ldc, sa, sb, sc;
  std::vector<double> a, b, c;

  explicit batch_data(batch_case x) : bc(x), lda(x.m + 1), ldb(x.k), ldc(x.m + 2) {
    sa = lda * x.k;
    sb = ldb * x.n;
    sc = ldc * x.n;
    std::mt19937_64 random(static_cast<unsigned long>(x.m * 7 + x.n * 3 + x.k + x.count));
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    a.resize(static_cast<std::size_t>(sa * x.count));
    b.resize(static_cast<std::size_t>(sb * x.count));
    c.resize(static_cast<std::size_t>(sc * x.count));
    for (double& v : a) v = uniform(random);
    for (double& v : b) v = uniform(random);
    for (double& v : c) v = uniform(random);
  }
};

double worst_ratio(const batch_data& d, const std::vector<double>& result, double alpha, double beta) {
  const double eps = std::numeric_limits<double>::epsilon();
  double worst = 0.0;
  for (swblas::dim_t e = 0; e < d.bc.count; ++e)
    for (swblas::dim_t j = 0; j < d.bc.n; ++j)
      for (swblas::dim_t i = 0; i < d.bc.m; ++i) {
        const std::size_t at = static_cast<std::size_t>(e * d.sc + i + j * d.ldc);
        double ref = beta * d.c[at], bound = std::abs(ref);
        for (swblas::dim_t l = 0; l < d.bc.k; ++l) {
          const double t = alpha * d.a[e * d.sa + i + l * d.lda] * d.b[e * d.sb + l + j * d.ldb];
          ref += t;
          bound += std::abs(t);
        }
        const double r = std::abs(result[at] - ref) / ((d.bc.k + 2) * eps * bound + std::numeric_limits<double>::min());
        worst = std::isnan(r) ? INFINITY : std::max(worst, r);
      }
  return worst;
}

class SunwayEmuBatch : public ::testing::TestWithParam<batch_case> {};

TEST_P(SunwayEmuBatch, EveryEntryMatchesTheReference) {
  batch_data d(GetParam());
  std::vector<double> result = d.c;
  std::vector<const double*> a_ptr, b_ptr;
  std::vector<double*> c_ptr;
  for (swblas::dim_t e = 0; e < d.bc.count; ++e) {
    a_ptr.push_back(d.a.data() + e * d.sa);
    b_ptr.push_back(d.b.data() + e * d.sb);
    c_ptr.push_back(result.data() + e * d.sc);
  }
  swblas::gemm_batch_problem p;
  p.shape.m = d.bc.m;
  p.shape.n = d.bc.n;
  p.shape.k = d.bc.k;
  p.shape.alpha = 1.5;
  p.shape.beta = -0.5;
  p.shape.rs_a = 1;
  p.shape.cs_a = d.lda;
  p.shape.rs_b = 1;
  p.shape.cs_b = d.ldb;
  p.shape.ldc = d.ldc;
  p.count = d.bc.count;
  if (d.bc.pointer_arrays) {
    p.a_array = a_ptr.data();
    p.b_array = b_ptr.data();
    p.c_array = c_ptr.data();
  } else {
    p.shape.a = d.a.data();
    p.shape.b = d.b.data();
    p.shape.c = result.data();
    p.stride_a = d.sa;
    p.stride_b = d.sb;
    p.stride_c = d.sc;
  }
  swblas::sunway_emu_gemm_batch(p);
  EXPECT_LE(worst_ratio(d, result, 1.5, -0.5), 1.0);
  // One launch computed the whole batch.
  EXPECT_EQ(swsim::total_counters().flops, static_cast<std::uint64_t>(2 * d.bc.m * d.bc.n * d.bc.k * d.bc.count));
}

INSTANTIATE_TEST_SUITE_P(Shapes, SunwayEmuBatch,
                         ::testing::Values(batch_case{70, 130, 40, 3, true}, batch_case{70, 130, 40, 3, false},
                                           batch_case{520, 40, 260, 2, true}, batch_case{1, 1, 1, 4, false}));

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The batch band is outermost, above the mesh band, and each entry starts by
// switching the CPE's operands (batch_entry); the mesh starts once.
TEST(SunwayBatchRecipe, TheBatchBandIsOutsideTheMesh) {
  const auto t = swgen::sunway::parse_sunway_target(read(SWBLAS_SOURCE_DIR "/generator/targets/sunway.target"), "t");
  const auto out =
      swgen::sunway::generate_kernel_files(read(SWBLAS_SOURCE_DIR "/generator/specs/dgemm_batch.c"), t, "kb");
  const std::string& tree = out.stages.back().second;
  const std::size_t batch_entry = tree.find("batch_entry"), mesh = tree.find("mark: \"cpe_mesh\"");
  ASSERT_NE(batch_entry, std::string::npos);
  ASSERT_NE(mesh, std::string::npos);
  EXPECT_LT(batch_entry, mesh);
  const std::string& cpe = out.files[1].second;
  EXPECT_THAT(cpe, ::testing::HasSubstr("for (sw_dim c0 = 0; c0 < p->count; c0 += 1) {\n    // batch_entry"));
  EXPECT_EQ(cpe.find("athread_spawn"), std::string::npos);
}

}  // namespace

// Every entry of the generated manifest, called directly (single thread and
// as an SPMD team of two) on odd sizes and all four transposes, against a
// naive triple loop. Entries whose ISA the CPU lacks are skipped.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "cpu_features.h"
#include "macro_kernel.h"

namespace swblas {
namespace {

struct aligned_buffer {
  explicit aligned_buffer(std::size_t doubles)
      : data(static_cast<double*>(std::aligned_alloc(kPackAlignment, ((doubles * 8 + 63) / 64) * 64))) {}
  ~aligned_buffer() { std::free(data); }
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  double* data;
};

struct shape {
  dim_t m, n, k;
};

// Operands of one test problem, stored column-major with padded leading
// dimensions; op(A)/op(B) are expressed through strides.
struct operands {
  dim_t m, n, k, ldc;
  bool trans_a, trans_b;
  std::vector<double> a, b, c;

  operands(shape s, bool ta, bool tb, std::mt19937* rng)
      : m(s.m), n(s.n), k(s.k), ldc(s.m + 2), trans_a(ta), trans_b(tb) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    a.resize(static_cast<std::size_t>(lda() * (ta ? m : k)));
    b.resize(static_cast<std::size_t>(ldb() * (tb ? k : n)));
    c.resize(static_cast<std::size_t>(ldc * n));
    for (double& x : a) x = u(*rng);
    for (double& x : b) x = u(*rng);
    for (double& x : c) x = u(*rng);
  }
  dim_t lda() const { return (trans_a ? k : m) + 3; }
  dim_t ldb() const { return (trans_b ? n : k) + 1; }

  gemm_problem problem(double alpha, double beta, double* cout) const {
    gemm_problem p;
    p.m = m, p.n = n, p.k = k, p.alpha = alpha, p.beta = beta;
    p.a = a.data();
    p.rs_a = trans_a ? lda() : 1;
    p.cs_a = trans_a ? 1 : lda();
    p.b = b.data();
    p.rs_b = trans_b ? ldb() : 1;
    p.cs_b = trans_b ? 1 : ldb();
    p.c = cout;
    p.ldc = ldc;
    return p;
  }
};

// C := alpha*op(A)*op(B) + beta*C by the definition, with the error bound
// gamma_k * (|alpha| |op(A)||op(B)| + |beta| |C|) per element.
void reference(const gemm_problem& p, std::vector<double>* c, std::vector<double>* bound) {
  const double eps = std::numeric_limits<double>::epsilon();
  for (dim_t j = 0; j < p.n; ++j)
    for (dim_t i = 0; i < p.m; ++i) {
      double s = 0, mag = 0;
      for (dim_t l = 0; l < p.k; ++l) {
        const double x = p.a[i * p.rs_a + l * p.cs_a] * p.b[l * p.rs_b + j * p.cs_b];
        s += x;
        mag += std::fabs(x);
      }
      double& cij = (*c)[static_cast<std::size_t>(i + j * p.ldc)];
      const double old = p.beta == 0.0 ? 0.0 : cij;
      cij = p.alpha * s + p.beta * old;
      (*bound)[static_cast<std::size_t>(i + j * p.ldc)] =
          2.0 * static_cast<double>(p.k + 2) * eps * (std::fabs(p.alpha) * mag + std::fabs(p.beta * old));
    }
}

// Runs the entry as the runtime does: alone, or from every thread of a team
// with a shared B panel and a private (ic) or shared (jr) A block.
void run_entry(const macro_kernel_info& e, const gemm_problem& p, int threads) {
  aligned_buffer b_pack(e.b_pack_doubles), a_shared(e.a_pack_doubles);
  if (threads == 1) {
    e.run(p, a_shared.data, b_pack.data);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    aligned_buffer a_private(e.a_pack_doubles);
    e.run(p, e.parallel == parallel_loop::ic ? a_private.data : a_shared.data, b_pack.data);
  }
}

std::vector<shape> shapes_for(const macro_kernel_info& e) {
  return {{97, 131, 259},   {1, 1, 1},       {3, 5, 7},          {e.mr, e.nr, 2},
          {e.mc + e.mr + 3, 2 * e.nr + 1, e.kc + 5}, {e.mr + 1, e.nc + e.nr + 1, 3}};
}

void check_entry(const macro_kernel_info& e, int threads) {
  std::mt19937 rng(42);
  for (const shape& s : shapes_for(e))
    for (int t = 0; t < 4; ++t) {
      const operands op(s, t & 1, t & 2, &rng);
      const double beta = t == 3 ? 0.0 : -0.5;  // beta == 0: C is not read (NaN overwritten)
      std::vector<double> got = op.c, want = op.c, bound(op.c.size(), 0.0);
      if (beta == 0.0)
        for (dim_t j = 0; j < s.n; ++j)
          for (dim_t i = 0; i < s.m; ++i) got[static_cast<std::size_t>(i + j * op.ldc)] = std::nan("");
      reference(op.problem(1.5, beta, want.data()), &want, &bound);
      run_entry(e, op.problem(1.5, beta, got.data()), threads);
      for (std::size_t x = 0; x < got.size(); ++x)
        ASSERT_LE(std::fabs(got[x] - want[x]), bound[x])
            << e.name << " threads=" << threads << " m=" << s.m << " n=" << s.n << " k=" << s.k
            << " transA=" << op.trans_a << " transB=" << op.trans_b << " at " << x % op.ldc << "," << x / op.ldc;
    }
}

bool runnable(const macro_kernel_info& e, std::string* why) {
  const isa_verdict v = can_run(detect_cpu_features(), e.needs);
  *why = v.reason;
  return v.runnable;
}

TEST(GeneratedKernels, ManifestIsNotEmpty) {
  ASSERT_GT(generated_macro_kernel_count, 0u);
  for (std::size_t i = 0; i < generated_macro_kernel_count; ++i) {
    const macro_kernel_info& e = generated_macro_kernels[i];
    EXPECT_EQ(e.mc % e.mr, 0) << e.name;
    EXPECT_EQ(e.nc % e.nr, 0) << e.name;
    EXPECT_GE(e.a_pack_doubles, static_cast<std::size_t>(e.mc) * e.kc) << e.name;
    EXPECT_GE(e.b_pack_doubles, static_cast<std::size_t>(e.nc) * e.kc) << e.name;
  }
}

class EveryEntry : public ::testing::TestWithParam<std::size_t> {};

TEST_P(EveryEntry, MatchesNaiveLoopSingleThread) {
  const macro_kernel_info& e = generated_macro_kernels[GetParam()];
  std::string why;
  if (!runnable(e, &why)) GTEST_SKIP() << e.name << ": " << why;
  check_entry(e, 1);
}

TEST_P(EveryEntry, MatchesNaiveLoopTeamOfTwo) {
  const macro_kernel_info& e = generated_macro_kernels[GetParam()];
  std::string why;
  if (!runnable(e, &why)) GTEST_SKIP() << e.name << ": " << why;
  check_entry(e, 2);
}

// generated_macro_kernel_count is constant-initialised, so it is ready here.
INSTANTIATE_TEST_SUITE_P(Manifest, EveryEntry, ::testing::Range(std::size_t{0}, generated_macro_kernel_count),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(generated_macro_kernels[info.param].name);
                         });

}  // namespace
}  // namespace swblas

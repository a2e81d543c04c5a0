// Every entry of the generated manifest, called directly (single thread and
// as an SPMD team of two) on odd sizes and all four transposes, against a
// naive triple loop: plain DGEMM entries as they are, fused entries against
// the unfused composition (prologue on a copy of the operand, GEMM, then the
// epilogue), batched entries on a batch of three against each entry's GEMM.
// Entries whose ISA the CPU lacks are skipped.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "cpu_features.h"
#include "fused_ops.h"
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

// Runs a GEMM entry as the runtime does: alone, or from every thread of a
// team with a shared B panel and a private (ic) or shared (jr) A block.
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

// The same for a batched entry; with parallel_loop::batch both buffers are
// private to each thread.
void run_batch_entry(const macro_kernel_info& e, const gemm_batch_problem& p, int threads) {
  aligned_buffer b_shared(e.b_pack_doubles), a_shared(e.a_pack_doubles);
  if (threads == 1) {
    e.run_batch(p, a_shared.data, b_shared.data);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    aligned_buffer a_private(e.a_pack_doubles), b_private(e.b_pack_doubles);
    const bool own_b = e.parallel == parallel_loop::batch;
    const bool own_a = e.parallel != parallel_loop::jr;
    e.run_batch(p, own_a ? a_private.data : a_shared.data, own_b ? b_private.data : b_shared.data);
  }
}

// The fused operations every fused entry is checked with: parameters that
// make each op do something on values in [-2, 2].
prologue_args test_prologue(int op) {
  prologue_args a;
  a.op = static_cast<prologue_op>(op);
  a.scale = 0.125;
  a.zero_point = 3;
  a.qmin = -9;
  a.qmax = 12;
  return a;
}

epilogue_args test_epilogue(int op, const std::vector<double>& bias, bool per_row) {
  epilogue_args a;
  a.op = static_cast<epilogue_op>(op);
  a.bias = bias.data();
  a.rs_bias = per_row ? 1 : 0;
  a.cs_bias = per_row ? 0 : 1;
  a.slope = 0.1;
  a.lo = -0.75;
  a.hi = 0.5;
  return a;
}

template <prologue_op Op>
void prologue_on(const prologue_args& a, std::vector<double>* x) {
  apply_prologue<Op>(a, x->data(), x->size());
}

// The unfused prologue on a whole operand, through the same op definition.
void unfused_prologue(const prologue_args& a, std::vector<double>* x) {
  switch (a.op) {
    case prologue_op::scale: return prologue_on<prologue_op::scale>(a, x);
    case prologue_op::fake_quant: return prologue_on<prologue_op::fake_quant>(a, x);
    case prologue_op::none: return;
  }
}

template <epilogue_op Op>
double activation_at(const epilogue_args& a, double x) {
  return activation_value<Op>(a, x);
}

// The scalar definition of the epilogue's activation (src/fused_ops.h).
double activation(const epilogue_args& a, double x) {
  switch (a.op) {
    case epilogue_op::none: return activation_at<epilogue_op::none>(a, x);
    case epilogue_op::relu: return activation_at<epilogue_op::relu>(a, x);
    case epilogue_op::leaky_relu: return activation_at<epilogue_op::leaky_relu>(a, x);
    case epilogue_op::gelu_tanh: return activation_at<epilogue_op::gelu_tanh>(a, x);
    case epilogue_op::gelu_erf: return activation_at<epilogue_op::gelu_erf>(a, x);
    case epilogue_op::sigmoid: return activation_at<epilogue_op::sigmoid>(a, x);
    case epilogue_op::tanh: return activation_at<epilogue_op::tanh>(a, x);
    case epilogue_op::silu: return activation_at<epilogue_op::silu>(a, x);
    case epilogue_op::clamp: return activation_at<epilogue_op::clamp>(a, x);
  }
  return x;
}

std::vector<shape> shapes_for(const macro_kernel_info& e) {
  if (e.family != kernel_family::dgemm)  // fewer: many fused entries; k spans two kc blocks
    return {{97, 131, 259}, {3, 5, 7}, {e.mc + e.mr + 3, 2 * e.nr + 1, e.kc + 5}};
  return {{97, 131, 259},   {1, 1, 1},       {3, 5, 7},          {e.mr, e.nr, 2},
          {e.mc + e.mr + 3, 2 * e.nr + 1, e.kc + 5}, {e.mr + 1, e.nc + e.nr + 1, 3}};
}

// Runs entry e on one problem (its fused op, or a batch of three of it) and
// returns what it wrote to C; *want gets the unfused reference, *bound the
// tolerance per element.
std::vector<double> run_checked(const macro_kernel_info& e, const operands& op, double beta, int threads,
                                std::vector<double>* want, std::vector<double>* bound, std::mt19937* rng) {
  std::vector<double> got = op.c;
  *want = op.c;
  bound->assign(op.c.size(), 0.0);
  if (beta == 0.0)
    for (dim_t j = 0; j < op.n; ++j)
      for (dim_t i = 0; i < op.m; ++i) got[static_cast<std::size_t>(i + j * op.ldc)] = std::nan("");
  operands ref = op;  // the reference's copy of the operands, transformed by an unfused prologue
  prologue_args pro = test_prologue(e.op);
  if (e.family == kernel_family::prologue_a) unfused_prologue(pro, &ref.a);
  if (e.family == kernel_family::prologue_b) unfused_prologue(pro, &ref.b);
  reference(ref.problem(1.5, beta, want->data()), want, bound);
  if (e.family == kernel_family::batch) {
    // Entries 0 and 2 are decoys: the same matrices moved by a stride; entry 1 is op.
    const std::size_t sa = op.a.size(), sb = op.b.size(), sc = op.c.size();
    std::vector<double> a3(3 * sa), b3(3 * sb), c3(3 * sc);
    for (int x = 0; x < 3; ++x) {
      std::copy(op.a.begin(), op.a.end(), a3.begin() + x * sa);
      std::copy(op.b.begin(), op.b.end(), b3.begin() + x * sb);
      std::copy(got.begin(), got.end(), c3.begin() + x * sc);
    }
    gemm_batch_problem bp;
    bp.shape = op.problem(1.5, beta, c3.data());
    bp.shape.a = a3.data();
    bp.shape.b = b3.data();
    bp.count = 3;
    bp.stride_a = static_cast<inc_t>(sa), bp.stride_b = static_cast<inc_t>(sb), bp.stride_c = static_cast<inc_t>(sc);
    run_batch_entry(e, bp, threads);
    std::size_t differing = 0;
    for (int x = 0; x < 3; x += 2)
      for (std::size_t y = 0; y < sc; ++y) differing += !(c3[x * sc + y] == c3[sc + y]);
    EXPECT_EQ(differing, 0u) << e.name << ": entries 0 and 2 differ from entry 1";
    return std::vector<double>(c3.begin() + sc, c3.begin() + 2 * sc);
  }
  gemm_problem p = op.problem(1.5, beta, got.data());
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const bool per_row = e.op % 2 == 0;
  std::vector<double> bias(static_cast<std::size_t>(per_row ? op.m : op.n));
  for (double& x : bias) x = u(*rng);
  const epilogue_args epi = test_epilogue(e.op, bias, per_row);
  if (e.family == kernel_family::prologue_a || e.family == kernel_family::prologue_b) p.pro = &pro;
  if (e.family == kernel_family::epilogue) p.epi = &epi;
  run_entry(e, p, threads);
  if (e.family == kernel_family::epilogue)
    for (dim_t j = 0; j < op.n; ++j)
      for (dim_t i = 0; i < op.m; ++i) {
        double& w = (*want)[static_cast<std::size_t>(i + j * op.ldc)];
        // The activations are 1.2-Lipschitz at most; the op itself may differ by a few ulps.
        w = activation(epi, w + bias[static_cast<std::size_t>(per_row ? i : j)]);
        double& b = (*bound)[static_cast<std::size_t>(i + j * op.ldc)];
        b = 1.2 * b + 64 * std::numeric_limits<double>::epsilon() * (std::fabs(w) + 1.0);
      }
  return got;
}

void check_entry(const macro_kernel_info& e, int threads) {
  std::mt19937 rng(42);
  for (const shape& s : shapes_for(e))
    for (int t = 0; t < 4; ++t) {
      const operands op(s, t & 1, t & 2, &rng);
      const double beta = t == 3 ? 0.0 : -0.5;  // beta == 0: C is not read (NaN overwritten)
      std::vector<double> want, bound;
      const std::vector<double> got = run_checked(e, op, beta, threads, &want, &bound, &rng);
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

// Plain DGEMM entries are all tested (every blocking); the fused and batched
// families, printed by the same recipe, for the first cache configuration of
// each target only (the suite also runs under qemu, where time counts).
std::vector<std::size_t> tested_entries() {
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < generated_macro_kernel_count; ++i) {
    const macro_kernel_info& e = generated_macro_kernels[i];
    std::size_t first = 0;
    while (std::string(generated_macro_kernels[first].target) != e.target) ++first;
    if (e.family == kernel_family::dgemm || e.l2 == generated_macro_kernels[first].l2) picked.push_back(i);
  }
  return picked;
}

// The manifest is constant-initialised, so it is ready here.
INSTANTIATE_TEST_SUITE_P(Manifest, EveryEntry, ::testing::ValuesIn(tested_entries()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(generated_macro_kernels[info.param].name);
                         });

}  // namespace
}  // namespace swblas

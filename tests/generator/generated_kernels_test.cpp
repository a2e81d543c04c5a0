// Every entry of the generated manifest, its block kernel run by the packed
// path's loops (alone, and by a team of two sharing the ic and the jr loop)
// under its target's blocking and under a small one that makes every loop
// take several blocks, on odd sizes and all four transposes, against a
// naive triple loop: plain DGEMM entries as they are, fused entries against
// the unfused composition (prologue on a copy of the operand, GEMM, then the
// epilogue), batched entries on a batch of three against each entry's GEMM.
// Entries whose ISA the CPU lacks are skipped.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "blocked_gemm.h"
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

// How an entry is run: its kernel under a blocking, by a team sharing a loop.
struct run_setup {
  block_engine engine;
  int threads = 1;
  parallel_loop loop = parallel_loop::ic;
};

// Runs the packed path as the runtime does: alone, or from every thread of
// a team with a shared B panel and a private (ic) or shared (jr) A block.
void run_entry(const run_setup& r, const gemm_problem& p) {
  aligned_buffer b_pack(b_panel_elems(p, r.engine)), a_shared(a_block_elems(p, r.engine));
  if (r.threads == 1) return run_blocked(p, r.engine, r.loop, team_member{}, a_shared.data, b_pack.data);
#pragma omp parallel num_threads(r.threads)
  {
    aligned_buffer a_private(a_block_elems(p, r.engine));
    const team_member me{omp_get_thread_num(), omp_get_num_threads()};
    run_blocked(p, r.engine, r.loop, me, r.loop == parallel_loop::ic ? a_private.data : a_shared.data, b_pack.data);
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

std::vector<shape> shapes_for(const generated_entry& e, const block_engine& g) {
  const dim_t mr = g.ukernel->mr, nr = g.ukernel->nr;
  const blocking& b = g.blk;
  if (e.family != kernel_family::dgemm)  // fewer: many fused entries; k spans two kc blocks
    return {{97, 131, 259}, {3, 5, 7}, {b.mc + mr + 3, 2 * nr + 1, b.kc + 5}};
  return {{97, 131, 259}, {1, 1, 1},  {3, 5, 7}, {mr, nr, 2}, {b.mc + mr + 3, 2 * nr + 1, b.kc + 5},
          {mr + 1, b.nc + nr + 1, 3}};
}

// Runs entry e on one problem (its fused op, or a batch of three of it) and
// returns what it wrote to C; *want gets the unfused reference, *bound the
// tolerance per element.
std::vector<double> run_checked(const generated_entry& e, const run_setup& r, const operands& op, double beta,
                                std::vector<double>* want, std::vector<double>* bound, std::mt19937* rng) {
  std::vector<double> got = op.c;
  *want = op.c;
  bound->assign(op.c.size(), 0.0);
  if (beta == 0.0)
    for (dim_t j = 0; j < op.n; ++j)
      for (dim_t i = 0; i < op.m; ++i) got[static_cast<std::size_t>(i + j * op.ldc)] = std::nan("");
  operands ref = op;  // the reference's copy of the operands, transformed by an unfused prologue
  prologue_args pro = test_prologue(e.op);
  if (e.family == kernel_family::prologue_b) pro.operand = prologue_operand::b;
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
    for (dim_t x = 0; x < bp.count; ++x) run_entry(r, bp.entry(x));
    std::size_t differing = 0;
    for (int x = 0; x < 3; x += 2)
      for (std::size_t y = 0; y < sc; ++y) differing += !(c3[x * sc + y] == c3[sc + y]);
    EXPECT_EQ(differing, 0u) << e.spec << ": entries 0 and 2 differ from entry 1";
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
  run_entry(r, p);
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

const generated_target& target_of(const generated_entry& e) {
  for (std::size_t i = 0; i < generated_target_count; ++i)
    if (generated_targets[i].elem == element_type::f64 && std::string(generated_targets[i].name) == e.target)
      return generated_targets[i];
  throw std::runtime_error(std::string("no target ") + e.target);
}

const dgemm_ukernel_desc& ukernel_of(const generated_target& g) {
  std::size_t count = 0;
  const dgemm_ukernel_desc* const* all = ukernel_registry(&count);
  for (std::size_t i = 0; i < count; ++i)
    if (std::string(all[i]->name) == g.ukernel) return *all[i];
  throw std::runtime_error(std::string("no micro kernel ") + g.ukernel);
}

// The entry's kernel under its target's blocking for the first cache
// configuration, and under a small one: several blocks in every loop.
std::vector<block_engine> engines_for(const generated_entry& e) {
  const generated_target& g = target_of(e);
  const dgemm_ukernel_desc& u = ukernel_of(g);
  const block_engine real{&u, choose_blocking(g.shape, g.caches[0]), e.run};
  const block_engine small{&u, blocking{2 * u.mr, 16, 3 * u.nr}, e.run};
  return {real, small};
}

void check_entry(const generated_entry& e, int threads, parallel_loop loop) {
  std::mt19937 rng(42);
  for (const block_engine& engine : engines_for(e)) {
    const run_setup r{engine, threads, loop};
    for (const shape& s : shapes_for(e, engine))
      for (int t = 0; t < 4; ++t) {
        const operands op(s, t & 1, t & 2, &rng);
        const double beta = t == 3 ? 0.0 : -0.5;  // beta == 0: C is not read (NaN overwritten)
        std::vector<double> want, bound;
        const std::vector<double> got = run_checked(e, r, op, beta, &want, &bound, &rng);
        for (std::size_t x = 0; x < got.size(); ++x)
          ASSERT_LE(std::fabs(got[x] - want[x]), bound[x])
              << e.spec << " on " << e.target << " (" << describe_blocking(engine.blk) << ") threads=" << threads
              << " m=" << s.m << " n=" << s.n << " k=" << s.k << " transA=" << op.trans_a
              << " transB=" << op.trans_b << " at " << x % op.ldc << "," << x / op.ldc;
      }
  }
}

bool runnable(const generated_entry& e, std::string* why) {
  const isa_verdict v = can_run(detect_cpu_features(), target_of(e).needs);
  *why = v.reason;
  return v.runnable;
}

TEST(GeneratedKernels, ManifestIsNotEmptyAndEveryEntryHasItsTarget) {
  ASSERT_GT(generated_entry_count, 0u);
  ASSERT_GT(generated_target_count, 0u);
  for (std::size_t i = 0; i < generated_entry_count; ++i) {
    const generated_entry& e = generated_entries[i];
    ASSERT_NE(e.run, nullptr) << e.spec;
    const generated_target& g = target_of(e);
    EXPECT_EQ(ukernel_of(g).mr, g.shape.mr) << e.spec;
    EXPECT_EQ(ukernel_of(g).nr, g.shape.nr) << e.spec;
  }
}

// At most three kernels a target, whatever the number of specs.
TEST(GeneratedKernels, SpecsShareTheirTargetsKernels) {
  for (std::size_t t = 0; t < generated_target_count; ++t) {
    std::vector<block_kernel_fn> distinct;
    for (std::size_t i = 0; i < generated_entry_count; ++i)
      if (std::string(generated_entries[i].target) == generated_targets[t].name &&
          std::find(distinct.begin(), distinct.end(), generated_entries[i].run) == distinct.end())
        distinct.push_back(generated_entries[i].run);
    EXPECT_LE(distinct.size(), 3u) << generated_targets[t].name;
  }
}

class EveryEntry : public ::testing::TestWithParam<std::size_t> {};

TEST_P(EveryEntry, MatchesNaiveLoopSingleThread) {
  const generated_entry& e = generated_entries[GetParam()];
  std::string why;
  if (!runnable(e, &why)) GTEST_SKIP() << e.spec << ": " << why;
  check_entry(e, 1, parallel_loop::ic);
}

TEST_P(EveryEntry, MatchesNaiveLoopTeamOfTwo) {
  const generated_entry& e = generated_entries[GetParam()];
  std::string why;
  if (!runnable(e, &why)) GTEST_SKIP() << e.spec << ": " << why;
  check_entry(e, 2, parallel_loop::ic);
  check_entry(e, 2, parallel_loop::jr);
}

std::vector<std::size_t> every_entry() {
  std::vector<std::size_t> all(generated_entry_count);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  return all;
}

// The manifest is constant-initialised, so it is ready here.
INSTANTIATE_TEST_SUITE_P(Manifest, EveryEntry, ::testing::ValuesIn(every_entry()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           const generated_entry& e = generated_entries[info.param];
                           return std::string(e.spec) + "_" + e.target;
                         });

}  // namespace
}  // namespace swblas

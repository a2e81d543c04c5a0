// Which path swblas::gemm_fused takes (the generated fused kernel whenever
// the manifest has one for the op), and the runtime on explicit thread
// counts and parallel loops, with the prologue on either operand slot.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "dispatch.h"
#include "fused.h"

namespace {

using namespace swblas;

struct fused_kind {
  kernel_family family;
  int op;
};

std::string kind_name(const fused_kind& k) {
  const char* family = k.family == kernel_family::prologue_a   ? "prologue_a"
                       : k.family == kernel_family::prologue_b ? "prologue_b"
                                                               : "epilogue";
  return std::string(family) + "_op" + std::to_string(k.op);
}

std::vector<fused_kind> pre_emitted_kinds() {
  std::vector<fused_kind> kinds;
  for (int op = 1; op < kPrologueOpCount; ++op) {
    kinds.push_back({kernel_family::prologue_a, op});
    kinds.push_back({kernel_family::prologue_b, op});
  }
  for (int op = 0; op < kEpilogueOpCount; ++op) kinds.push_back({kernel_family::epilogue, op});
  return kinds;
}

class FusedPath : public ::testing::TestWithParam<fused_kind> {};

TEST_P(FusedPath, GeneratedKernelIsUsedWhenTheManifestHasOne) {
  const fused_kind kind = GetParam();
  const dispatch_table& t = active_dispatch();
  if (!t.ukernel) GTEST_SKIP() << "no runnable micro kernel";
  prologue_args pro;
  epilogue_args epi;
  static const double bias[512] = {};
  gemm_problem p;
  p.m = p.n = p.k = 400;
  if (kind.family == kernel_family::epilogue) {
    epi.op = static_cast<epilogue_op>(kind.op);
    epi.bias = bias;
    epi.rs_bias = 1;
    p.epi = &epi;
  } else {
    pro.op = static_cast<prologue_op>(kind.op);
    pro.operand = kind.family == kernel_family::prologue_b ? prologue_operand::b
                                                           : prologue_operand::a;
    p.pro = &pro;
  }
  gemm_options o;
  o.threads = t.threads;
  const fused_plan plan = plan_fused(t, p, o);
  if (!t.engine.kernel) {
    EXPECT_EQ(plan.path, fused_path::unfused);
    GTEST_SKIP() << "target " << t.target << " has no generated block kernel: unfused path";
  }
  const block_kernel_fn fused = kind.family == kernel_family::epilogue
                                    ? t.fused.epilogue[kind.op]
                                    : (t.fused.prologue[kind.family == kernel_family::prologue_b][kind.op]
                                           ? t.engine.kernel
                                           : nullptr);
  if (!fused) {
    EXPECT_EQ(plan.path, fused_path::unfused);
    GTEST_SKIP() << "the manifest has no " << kind_name(kind) << " kernel for " << t.target
                 << ": the unfused path serves it (checked)";
  }
  EXPECT_EQ(plan.path, fused_path::generated) << fused_path_name(plan.path);
  EXPECT_EQ(plan.kernel, fused);
  EXPECT_EQ(plan.family, kind.family);
  EXPECT_FALSE(plan.prologue_pass);
  EXPECT_FALSE(plan.epilogue_pass);
}

INSTANTIATE_TEST_SUITE_P(PreEmitted, FusedPath, ::testing::ValuesIn(pre_emitted_kinds()),
                         [](const auto& info) { return kind_name(info.param); });

// Single precision: a prologue goes into the packing of the plain SGEMM
// kernel where the manifest has the prologue's spec, an epilogue into the
// manifest's sgemm_epilogue kernel for the op.
TEST(FusedPlan, FloatFusesItsPrologueIntoThePackingAndItsEpilogueIntoItsKernel) {
  const dispatch_table& t = active_dispatch();
  const basic_block_engine<float>& e = engine_of<float>(t);
  if (!e.ukernel) GTEST_SKIP() << "no single-precision micro kernel";
  prologue_args pro;
  pro.op = prologue_op::scale;
  pro.scale = 0.5;
  basic_gemm_problem<float> p;
  p.m = 120;
  p.n = 90;
  p.k = 200;
  p.pro = &pro;
  gemm_options o;
  o.threads = t.threads;
  for (prologue_operand slot : {prologue_operand::a, prologue_operand::b}) {
    pro.operand = slot;
    const fused_plan plan = plan_fused(t, p, o);
    if (!e.kernel || !t.fused.prologue[static_cast<int>(slot)][static_cast<int>(pro.op)]) {
      EXPECT_EQ(plan.path, fused_path::unfused);
      EXPECT_TRUE(plan.prologue_pass);
      continue;
    }
    EXPECT_EQ(plan.path, fused_path::generated) << fused_path_name(plan.path);
    EXPECT_STREQ(plan.kernel_name, t.kernel_name_f32);
    EXPECT_FALSE(plan.prologue_pass);
    EXPECT_FALSE(plan.epilogue_pass);
  }
  p.pro = nullptr;
  static const double bias[120] = {};
  for (int op = 0; op < kEpilogueOpCount; ++op) {
    epilogue_args epi;
    epi.op = static_cast<epilogue_op>(op);
    epi.bias = bias;  // a per-row bias: op none is then an epilogue too
    epi.rs_bias = 1;
    p.epi = &epi;
    const fused_plan plan = plan_fused(t, p, o);
    if (!t.fused_f32.epilogue[op]) {
      EXPECT_EQ(plan.path, fused_path::unfused) << "op " << op;
      EXPECT_TRUE(plan.epilogue_pass);
      continue;
    }
    EXPECT_EQ(plan.path, fused_path::generated) << "op " << op << ": " << fused_path_name(plan.path);
    EXPECT_STREQ(plan.kernel_name, t.fused_f32.epilogue_name[op]);
    EXPECT_EQ(plan.family, kernel_family::epilogue);
    EXPECT_FALSE(plan.epilogue_pass);
  }
}

TEST(FusedPlan, QuickCases) {
  const dispatch_table& t = active_dispatch();
  epilogue_args epi;
  epi.op = epilogue_op::relu;
  gemm_problem p;
  p.m = 10;
  p.n = 0;
  p.k = 10;
  p.epi = &epi;
  gemm_options o;
  EXPECT_EQ(plan_fused(t, p, o).path, fused_path::nothing);
  p.n = 10;
  p.k = 0;
  EXPECT_EQ(plan_fused(t, p, o).path, fused_path::scale_only);
  p.k = 10;
  p.alpha = 0.0;
  EXPECT_EQ(plan_fused(t, p, o).path, fused_path::scale_only);
  p.alpha = 1.0;
  EXPECT_EQ(plan_fused(t, p, o).path, fused_path::small);
  p.epi = nullptr;
  EXPECT_EQ(plan_fused(t, p, o).path, fused_path::plain);
}

// Column-major problem with the prologue on slot A or B, checked against a
// naive composition with the std:: reference ops.
struct problem_data {
  dim_t m, n, k;
  std::vector<double> a, b, c, bias;
  problem_data(dim_t m_, dim_t n_, dim_t k_) : m(m_), n(n_), k(k_) {
    std::mt19937 gen(static_cast<unsigned>(m * 131 + n * 7 + k));
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    a.resize(m * k);
    b.resize(k * n);
    c.resize(m * n);
    bias.resize(m);
    for (auto* v : {&a, &b, &c, &bias})
      for (double& x : *v) x = u(gen);
  }
};

void expect_matches_reference(const problem_data& d, const std::vector<double>& c,
                              const prologue_args& pro, double alpha, double beta) {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  for (dim_t j = 0; j < d.n; ++j)
    for (dim_t i = 0; i < d.m; ++i) {
      double s = 0.0, mag = 0.0;
      for (dim_t l = 0; l < d.k; ++l) {
        double a = d.a[i + l * d.m], b = d.b[l + j * d.k];
        if (pro.operand == prologue_operand::a)
          a = prologue_reference<prologue_op::fake_quant>(pro, a);
        else
          b = prologue_reference<prologue_op::fake_quant>(pro, b);
        s += a * b;
        mag += std::fabs(a * b);
      }
      const double x = alpha * s + beta * d.c[i + j * d.m] + d.bias[i];
      const double want = activation_reference<epilogue_op::gelu_tanh>(epilogue_args{}, x);
      const double tol = 2.0 * (d.k + 4) * eps * (std::fabs(alpha) * mag +
                                                   std::fabs(beta * d.c[i + j * d.m]) + 1.0) +
                         1e-13 * std::fabs(want);
      ASSERT_NEAR(c[i + j * d.m], want, tol) << "(" << i << ", " << j << ")";
    }
}

// With a prologue and an epilogue, the generated kernel fuses one and a
// separate pass does the other; when both kernels exist it fuses the
// prologue if its operand is larger than C.
void expect_kernel_choice(const dispatch_table& t, const fused_plan& plan,
                          prologue_operand slot, bool operand_larger) {
  if (plan.path != fused_path::generated) return;
  const bool fused_epilogue = plan.family == kernel_family::epilogue;
  EXPECT_EQ(plan.prologue_pass, fused_epilogue);
  EXPECT_EQ(plan.epilogue_pass, !fused_epilogue);
  const kernel_family pro_family =
      slot == prologue_operand::a ? kernel_family::prologue_a : kernel_family::prologue_b;
  const int pro_op = static_cast<int>(prologue_op::fake_quant);
  const int epi_op = static_cast<int>(epilogue_op::gelu_tanh);
  if (t.fused.prologue[static_cast<int>(slot)][pro_op] && t.fused.epilogue[epi_op]) {
    EXPECT_EQ(plan.family, operand_larger ? pro_family : kernel_family::epilogue);
  }
}

TEST(FusedRuntime, ThreadsLoopsAndPrologueSlots) {
  const dispatch_table& t = active_dispatch();
  if (!t.ukernel) GTEST_SKIP() << "no runnable micro kernel";
  // k = 600: the prologue's operand is larger than C, so a generated
  // prologue kernel is preferred (then an epilogue pass); k = 40: the
  // generated epilogue kernel runs on a transformed copy of the operand.
  for (dim_t k : {600, 40}) {
    const problem_data d(150, 90, k);
    for (prologue_operand slot : {prologue_operand::a, prologue_operand::b})
      for (int threads : {1, 2})
        for (int split = 0; split < 3; ++split) {  // the ic loop, the jr loop, split rows
          const parallel_loop loop = split == 1 ? parallel_loop::jr : parallel_loop::ic;
          prologue_args pro;
          pro.op = prologue_op::fake_quant;
          pro.scale = 0.1;
          pro.zero_point = 1.0;
          pro.qmin = -6.0;
          pro.qmax = 9.0;
          pro.operand = slot;
          epilogue_args epi;
          epi.op = epilogue_op::gelu_tanh;
          epi.bias = d.bias.data();
          epi.rs_bias = 1;
          std::vector<double> c = d.c;
          gemm_problem p;
          p.m = d.m;
          p.n = d.n;
          p.k = d.k;
          p.alpha = 0.9;
          p.beta = -0.5;
          p.a = d.a.data();
          p.cs_a = d.m;
          p.b = d.b.data();
          p.cs_b = d.k;
          p.c = c.data();
          p.ldc = d.m;
          p.pro = &pro;
          p.epi = &epi;
          gemm_options o;
          o.threads = threads;
          o.loop = loop;
          o.split_rows = split == 2;
          o.fit_team_to_work = false;
          o.allow_small = false;
          const fused_plan plan = plan_fused(t, p, o);
          SCOPED_TRACE("k " + std::to_string(k) + " slot " + std::to_string(int(slot)) +
                       " threads " + std::to_string(threads) + " split " +
                       std::to_string(split) + " path " + fused_path_name(plan.path));
          EXPECT_EQ(plan.team.split_rows, split == 2);
          expect_kernel_choice(t, plan, slot, k == 600);
          gemm_fused_with(t, p, o);
          expect_matches_reference(d, c, pro, p.alpha, p.beta);
        }
  }
}

}  // namespace

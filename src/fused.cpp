// swblas::gemm_fused: quick cases, the generated fused kernel when the
// manifest has one for the op, else the unfused path, whose element-wise
// passes are compiled for two ISAs (elementwise_clones.h).
#include "fused.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "call_trace.h"
#include "elementwise_clones.h"
#include "pack_buffer.h"
#include "thread_pool.h"
#include "unpacked_gemm.h"


namespace swblas {
namespace {

// A pass only spreads over threads when each gets at least this many
// elements (about 128 KiB): below it waking the team costs more.
constexpr dim_t kMinPassElementsPerThread = 16384;

int pass_team(dim_t elements, int threads) {
  const dim_t worth = elements / kMinPassElementsPerThread;
  return static_cast<int>(std::max<dim_t>(1, std::min<dim_t>(threads, worth)));
}

template <class T>
bool has_prologue(const basic_gemm_problem<T>& p) { return p.pro && p.pro->op != prologue_op::none; }

template <class T>
bool has_epilogue(const basic_gemm_problem<T>& p) {
  return p.epi && (p.epi->op != epilogue_op::none || p.epi->bias);
}

// Columns [j0, j0 + n) of C := epi(beta * C) when scale, else epi(C).
// Inlined into the clones below so that it is compiled for each clone's ISA.
template <class T>
[[gnu::always_inline]] inline void epilogue_block_of(const epilogue_args& e, bool scale, T beta,
                                                     dim_t m, dim_t n, T* c, inc_t ldc, dim_t j0) {
  T* block = c + j0 * ldc;
  if (scale)
    for (dim_t j = 0; j < n; ++j) {
      T* col = block + j * ldc;
      if (beta == T(0))
        std::fill(col, col + m, T(0));  // beta == 0: NaN in C goes away
      else
        for (dim_t i = 0; i < m; ++i) col[i] *= beta;
    }
  switch (e.op) {
    case epilogue_op::none:
      if (e.bias) apply_epilogue<epilogue_op::none>(e, m, n, block, ldc, 0, j0);
      return;
    case epilogue_op::relu: return apply_epilogue<epilogue_op::relu>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::leaky_relu:
      return apply_epilogue<epilogue_op::leaky_relu>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::gelu_tanh:
      return apply_epilogue<epilogue_op::gelu_tanh>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::gelu_erf:
      return apply_epilogue<epilogue_op::gelu_erf>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::sigmoid:
      return apply_epilogue<epilogue_op::sigmoid>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::tanh: return apply_epilogue<epilogue_op::tanh>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::silu: return apply_epilogue<epilogue_op::silu>(e, m, n, block, ldc, 0, j0);
    case epilogue_op::clamp:
      return apply_epilogue<epilogue_op::clamp>(e, m, n, block, ldc, 0, j0);
  }
}

// One clone set per element type (target_clones takes no templates).
SWBLAS_ELEMENTWISE_CLONES
void epilogue_block(const epilogue_args& e, bool scale, double beta, dim_t m, dim_t n,
                    double* c, inc_t ldc, dim_t j0) {
  epilogue_block_of(e, scale, beta, m, n, c, ldc, j0);
}
SWBLAS_ELEMENTWISE_CLONES
void epilogue_block(const epilogue_args& e, bool scale, float beta, dim_t m, dim_t n,
                    float* c, inc_t ldc, dim_t j0) {
  epilogue_block_of(e, scale, beta, m, n, c, ldc, j0);
}

// C := epi(beta * C) (scale) or epi(C), shared out by columns.
template <class T>
void scale_and_epilogue(const epilogue_args& e, bool scale, T beta, dim_t m, dim_t n,
                        T* c, inc_t ldc, int threads) {
  const int nt = pass_team(m * n, threads);
  if (nt == 1) return epilogue_block(e, scale, beta, m, n, c, ldc, 0);
  run_items(nt, nt, [&](dim_t part) {
    const dim_t first = n * part / nt, last = n * (part + 1) / nt;
    if (last > first) epilogue_block(e, scale, beta, m, last - first, c, ldc, first);
  });
}

// dst (rows x cols, column-major, leading dimension rows) := pro(src) for
// columns [j0, j1), src element (i, j) at src[i*rs + j*cs].
template <class T>
[[gnu::always_inline]] inline void prologue_copy_block_of(const prologue_args& a, dim_t rows, dim_t j0,
                                                          dim_t j1, const T* src, inc_t rs, inc_t cs,
                                                          T* dst) {
  for (dim_t j = j0; j < j1; ++j) {
    copy_columns(rows, j, j + 1, src, rs, cs, dst);
    apply_prologue(a, dst + j * rows, static_cast<std::size_t>(rows));
  }
}

SWBLAS_ELEMENTWISE_CLONES
void prologue_copy_block(const prologue_args& a, dim_t rows, dim_t j0, dim_t j1,
                         const double* src, inc_t rs, inc_t cs, double* dst) {
  prologue_copy_block_of(a, rows, j0, j1, src, rs, cs, dst);
}
SWBLAS_ELEMENTWISE_CLONES
void prologue_copy_block(const prologue_args& a, dim_t rows, dim_t j0, dim_t j1,
                         const float* src, inc_t rs, inc_t cs, float* dst) {
  prologue_copy_block_of(a, rows, j0, j1, src, rs, cs, dst);
}

// p as a plain GEMM: the same operands, no fused operations.
template <class T>
basic_gemm_problem<T> without_fusion(basic_gemm_problem<T> p) {
  p.pro = nullptr;
  p.epi = nullptr;
  return p;
}

// p with the prologue's operand replaced by a transformed copy (unit row
// stride) and pro cleared, in *q; false, q untouched, when the copy cannot
// be had.
template <class T>
bool with_transformed_operand(const basic_gemm_problem<T>& p, int threads, basic_gemm_problem<T>* q) {
  const bool on_b = p.pro->operand == prologue_operand::b;
  const dim_t rows = on_b ? p.k : p.m, cols = on_b ? p.n : p.k;
  const T* src = on_b ? p.b : p.a;
  const inc_t rs = on_b ? p.rs_b : p.rs_a, cs = on_b ? p.cs_b : p.cs_a;
  T* dst = try_thread_pack_buffer_of<T>(pack_role::operand_copy, static_cast<std::size_t>(rows * cols));
  if (!dst) return false;
  const prologue_args& a = *p.pro;
  const int nt = pass_team(rows * cols, threads);
  run_items(nt, nt, [&](dim_t part) {
    prologue_copy_block(a, rows, cols * part / nt, cols * (part + 1) / nt, src, rs, cs, dst);
  });
  *q = p;
  q->pro = nullptr;
  (on_b ? q->b : q->a) = dst;
  (on_b ? q->rs_b : q->rs_a) = 1;
  (on_b ? q->cs_b : q->cs_a) = rows;
  return true;
}

// C := alpha op(pro(A)) op(B) + beta C (or pro on B) as plain GEMMs on
// blocks of the operand, each transformed into the driver arena: the way
// round when the whole copy cannot be had. A block is up to 256 of k by
// what fits of op(A)'s rows or op(B)'s columns; k blocks after the first
// add to C.
template <class T>
void transformed_in_blocks(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o) {
  warn_memory_short("a fused GEMM transforms its operand a block at a time");
  const arena_lease lease(shortage_arena::driver);
  T* const block = lease.data<T>();
  const bool on_b = p.pro->operand == prologue_operand::b;
  const dim_t outer = on_b ? p.n : p.m;  // op(B)'s columns or op(A)'s rows
  const dim_t kb = std::min<dim_t>(p.k, 256), ob = std::min<dim_t>(outer, dim_t(arena_lease::elems<T>()) / kb);
  for (dim_t o0 = 0; o0 < outer; o0 += ob)
    for (dim_t l0 = 0; l0 < p.k; l0 += kb) {
      const dim_t on = std::min(ob, outer - o0), ln = std::min(kb, p.k - l0);
      basic_gemm_problem<T> q = without_fusion(p);
      q.beta = l0 == 0 ? p.beta : T(1);
      q.k = ln;
      if (on_b) {
        prologue_copy_block(*p.pro, ln, 0, on, p.b + l0 * p.rs_b + o0 * p.cs_b, p.rs_b, p.cs_b, block);
        q.n = on;
        q.a = p.a + l0 * p.cs_a;
        q.b = block;
        q.rs_b = 1;
        q.cs_b = ln;
        q.c = p.c + o0 * p.ldc;
      } else {
        prologue_copy_block(*p.pro, on, 0, ln, p.a + o0 * p.rs_a + l0 * p.cs_a, p.rs_a, p.cs_a, block);
        q.m = on;
        q.a = block;
        q.rs_a = 1;
        q.cs_a = on;
        q.b = p.b + l0 * p.rs_b;
        q.c = p.c + o0;
      }
      gemm_with(t, q, o);
    }
}

// The generated kernel that fuses the larger of the two passes, if any: an
// epilogue kernel of T, or the prologue in the packing of the plain block
// kernel where the manifest has the prologue's spec for the target.
template <class T>
void choose_kernel(const dispatch_table& t, const basic_gemm_problem<T>& p, fused_plan* plan) {
  const basic_block_engine<T>& engine = engine_of<T>(t);
  const basic_epilogue_kernels<T>& fused = fused_of<T>(t);
  const bool pro_on_b = has_prologue(p) && p.pro->operand == prologue_operand::b;
  const bool pro = has_prologue(p) && engine.kernel &&
                   t.fused.prologue[static_cast<int>(p.pro->operand)][static_cast<int>(p.pro->op)];
  const bool epi = has_epilogue(p) && fused.epilogue[static_cast<int>(p.epi->op)];
  const double operand = pro_on_b ? double(p.k) * p.n : double(p.m) * p.k;
  if (pro && (!epi || operand >= double(p.m) * p.n)) {
    if constexpr (std::is_same_v<T, double>) plan->kernel = engine.kernel;
    plan->kernel_name = std::is_same_v<T, double> ? t.kernel_name : t.kernel_name_f32;
    plan->family = pro_on_b ? kernel_family::prologue_b : kernel_family::prologue_a;
    plan->epilogue_pass = has_epilogue(p);
    plan->path = fused_path::generated;
  } else if (epi) {
    if constexpr (std::is_same_v<T, double>) plan->kernel = fused.epilogue[static_cast<int>(p.epi->op)];
    plan->kernel_name = fused.epilogue_name[static_cast<int>(p.epi->op)];
    plan->family = kernel_family::epilogue;
    plan->prologue_pass = has_prologue(p);
    plan->path = fused_path::generated;
  }
}

// e with its bias rounded to float (epilogue_args::bias_f32) in this
// thread's buffer when the bias is one value per row or per column (the
// unit strides the interface makes) and each value is a float exactly (a
// NaN counts: it gives NaN either way), or in the fast mode, which adds the
// bias rounded to float anyway; else e as it is. A double bias
// would send every tile's epilogue to the stored tile: 1.24x a plain
// 4096x4096x64 SGEMM with bias and relu, one thread (Zen 5).
epilogue_args with_float_bias(const epilogue_args& e, dim_t m, dim_t n) {
  const bool per_row = e.rs_bias == 1 && e.cs_bias == 0, per_column = e.rs_bias == 0 && e.cs_bias == 1;
  if (!e.bias || !(per_row || per_column)) return e;
  const dim_t length = per_row ? m : n;
  float* copy = try_thread_pack_buffer_of<float>(pack_role::epilogue_bias, static_cast<std::size_t>(length));
  if (!copy) return e;
  for (dim_t i = 0; i < length; ++i) {
    copy[i] = static_cast<float>(e.bias[i]);
    if (copy[i] != e.bias[i] && e.bias[i] == e.bias[i] && !e.fast_f32) return e;
  }
  epilogue_args f = e;
  f.bias_f32 = copy;
  return f;
}

// "dgemm_fused", "sgemm_fused": the call's name in SWBLAS_VERBOSE traces.
template <class T>
std::string fused_name() {
  return std::is_same_v<T, float> ? "sgemm_fused" : "dgemm_fused";
}

}  // namespace

const char* fused_path_name(fused_path p) {
  switch (p) {
    case fused_path::nothing: return "nothing";
    case fused_path::scale_only: return "scale_only";
    case fused_path::plain: return "plain";
    case fused_path::small: return "small";
    case fused_path::generated: return "generated";
    case fused_path::unfused: return "unfused";
  }
  return "?";
}

template <class T>
fused_plan plan_fused(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o) {
  fused_plan plan;
  plan.team.threads = std::max(o.threads, 1);
  switch (quick_case_of(p)) {
    case quick_case::empty: return plan;
    case quick_case::beta_only:
      plan.path = fused_path::scale_only;
      plan.epilogue_pass = has_epilogue(p);
      return plan;
    case quick_case::none: break;
  }
  if (!has_prologue(p) && !has_epilogue(p)) {
    plan.path = fused_path::plain;
    return plan;
  }
  const basic_block_engine<T>& engine = engine_of<T>(t);
  if (!engine.ukernel || (o.allow_small && tiny_work(p.m, p.n, p.k))) {
    plan.path = fused_path::small;
    plan.team.threads = 1;
  } else {
    plan.team = plan_team(engine, t.team, p, o);  // the team gemm_with would use for the plain problem
    choose_kernel(t, p, &plan);
    if (plan.path == fused_path::generated) return plan;
    plan.path = fused_path::unfused;
    plan.team.threads = std::max(o.threads, 1);
  }
  plan.prologue_pass = has_prologue(p);
  plan.epilogue_pass = has_epilogue(p);
  return plan;
}

template <class T>
void epilogue_pass(const epilogue_args& e, dim_t m, dim_t n, T* c, inc_t ldc, int threads) {
  scale_and_epilogue(e, false, T(1), m, n, c, ldc, threads);
}

namespace {

// gemm_fused_with along a plan from plan_fused for the same arguments.
template <class T>
void run_fused(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o,
               const fused_plan& plan) {
  const int threads = std::max(o.threads, 1);
  switch (plan.path) {
    case fused_path::nothing: return;
    case fused_path::scale_only: {
      static const epilogue_args no_epilogue;
      return scale_and_epilogue(plan.epilogue_pass ? *p.epi : no_epilogue, p.beta != T(1), p.beta,
                                p.m, p.n, p.c, p.ldc, threads);
    }
    case fused_path::plain:
      return gemm_with(t, without_fusion(p), o);
    default: break;
  }
  basic_gemm_problem<T> q = p;
  if (plan.prologue_pass && !with_transformed_operand(p, plan.team.threads, &q)) {
    gemm_options single = o;
    single.threads = plan.team.threads;
    transformed_in_blocks(t, p, single);
    if (has_epilogue(p)) epilogue_pass(*p.epi, p.m, p.n, p.c, p.ldc, plan.team.threads);
    return;
  }
  if (plan.path == fused_path::generated) {
    if (plan.epilogue_pass) q.epi = nullptr;
    epilogue_args float_bias;
    if (std::is_same_v<T, float> && q.epi && q.epi->bias) {
      float_bias = with_float_bias(*q.epi, q.m, q.n);
      q.epi = &float_bias;
    }
    basic_block_engine<T> e = engine_of<T>(t);  // a prologue: its plain kernel, the prologue in its packing
    if (plan.family == kernel_family::epilogue) e.kernel = fused_of<T>(t).epilogue[static_cast<int>(p.epi->op)];
    run_packed(q, e, plan.team);
    if (plan.epilogue_pass) epilogue_pass(*p.epi, p.m, p.n, p.c, p.ldc, plan.team.threads);
    return;
  }
  gemm_options single = o;
  single.threads = plan.team.threads;
  gemm_with(t, without_fusion(q), single);
  if (plan.epilogue_pass) epilogue_pass(*p.epi, p.m, p.n, p.c, p.ldc, plan.team.threads);
}

// What run_fused does with plan, for SWBLAS_VERBOSE=2.
template <class T>
std::string describe_fused(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o,
                           const fused_plan& plan) {
  const basic_gemm_problem<T> plain = without_fusion(p);
  std::string how = fused_path_name(plan.path);
  if (plan.path == fused_path::plain) return how + ": " + describe_route(route_gemm(t, plain, o));
  if (plan.path == fused_path::generated)
    how += " " + std::string(plan.kernel_name) + (plan.family == kernel_family::epilogue ? "" : " with the prologue in its packing") +
           ", " + describe_team(plan.team);
  if (plan.path == fused_path::small || plan.path == fused_path::unfused) {
    gemm_options single = o;
    single.threads = plan.team.threads;
    how += ": " + describe_route(route_gemm(t, plain, single));
  }
  if (plan.prologue_pass) how += ", prologue pass first";
  if (plan.epilogue_pass) how += ", epilogue pass after";
  return how;
}

}  // namespace

template <class T>
void gemm_fused_with(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o) {
  run_fused(t, p, o, plan_fused(t, p, o));
}

template <class T>
void gemm_fused(const basic_gemm_problem<T>& p) {
  const dispatch_table& t = active_dispatch();
  gemm_options o;
  o.threads = available_threads();
  const fused_plan plan = plan_fused(t, p, o);
  run_traced([&] { run_fused(t, p, o, plan); }, [&] { return fused_name<T>() + " " + problem_text(p); },
             [&] { return describe_fused(t, p, o, plan); });
}

template <class T>
void gemm_fused_batch(const basic_gemm_batch_problem<T>& b) {
  if (b.count <= 0) return;
  const dispatch_table& t = active_dispatch();
  const basic_block_engine<T>& engine = engine_of<T>(t);
  gemm_options o;
  o.threads = available_threads();
  const basic_gemm_problem<T>& s = b.shape;
  // Entries too small for a team each get one thread (team_size needs a
  // non-empty product; quick cases are cheap passes, shared out too).
  const bool quick = quick_case_of(s) != quick_case::none;
  const bool share_entries =
      b.count > 1 && o.threads > 1 &&
      (quick || !engine.ukernel || team_size(s, *engine.ukernel, engine.blk, o.threads) == 1);
  gemm_options single = o;
  single.threads = 1;
  const int nt = static_cast<int>(std::min<dim_t>(o.threads, b.count));
  const gemm_options& each = share_entries ? single : o;
  const auto run = [&] {
    if (!share_entries) {
      for (dim_t e = 0; e < b.count; ++e) gemm_fused_with(t, b.entry(e), o);
      return;
    }
    run_items(b.count, nt, [&](dim_t e) { gemm_fused_with(t, b.entry(e), single); });
  };
  run_traced(
      run,
      [&] { return fused_name<T>() + "_batch " + std::to_string(b.count) + " x (" + problem_text(s) + ")"; },
      [&] {
        const std::string order = share_entries
                                      ? "entries shared out among " + std::to_string(nt) + " threads"
                                      : std::string("entries one after the other");
        return order + ", each " + describe_fused(t, b.entry(0), each, plan_fused(t, b.entry(0), each));
      });
}

#define SWBLAS_INSTANTIATE_FUSED(T)                                                                 \
  template fused_plan plan_fused(const dispatch_table&, const basic_gemm_problem<T>&, const gemm_options&); \
  template void gemm_fused_with(const dispatch_table&, const basic_gemm_problem<T>&, const gemm_options&); \
  template void gemm_fused(const basic_gemm_problem<T>&);                                           \
  template void gemm_fused_batch(const basic_gemm_batch_problem<T>&);                               \
  template void epilogue_pass(const epilogue_args&, dim_t, dim_t, T*, inc_t, int);
SWBLAS_INSTANTIATE_FUSED(double)
SWBLAS_INSTANTIATE_FUSED(float)
#undef SWBLAS_INSTANTIATE_FUSED

}  // namespace swblas

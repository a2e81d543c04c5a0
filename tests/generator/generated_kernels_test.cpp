// Every entry of the generated manifest, its block kernel run by the packed
// path's loops (alone, and by a team of two sharing the ic and the jr loop)
// under its target's blocking and under a small one that makes every loop
// take several blocks, on odd sizes and all four transposes, against a
// naive triple loop in its element type: plain GEMM entries as they are,
// fused entries against the unfused composition (prologue on a copy of the
// operand, GEMM, then the epilogue), batched entries on a batch of three
// against each entry's GEMM.
// Entries whose ISA the CPU lacks are skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../product_bound.h"
#include "../random_values.h"
#include "blocked_gemm.h"
#include "cpu_features.h"
#include "fused_ops.h"
#include "macro_kernel.h"

namespace swblas {
namespace {

template <class T>
struct aligned_buffer {
  explicit aligned_buffer(std::size_t elems)
      : data(static_cast<T*>(std::aligned_alloc(kPackAlignment, ((elems * sizeof(T) + 63) / 64) * 64))) {}
  ~aligned_buffer() { std::free(data); }
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  T* data;
};

struct shape {
  dim_t m, n, k;
};

// Operands of one test problem, stored column-major with padded leading
// dimensions; op(A)/op(B) are expressed through strides.
template <class T>
struct operands {
  dim_t m, n, k, ldc;
  bool trans_a, trans_b;
  std::vector<T> a, b, c;

  operands(shape s, bool ta, bool tb, std::mt19937* rng)
      : m(s.m), n(s.n), k(s.k), ldc(s.m + 2), trans_a(ta), trans_b(tb) {
    const auto u = [rng] { return T(swblas_test::uniform(*rng, -1.0, 1.0)); };
    a.resize(static_cast<std::size_t>(lda() * (ta ? m : k)));
    b.resize(static_cast<std::size_t>(ldb() * (tb ? k : n)));
    c.resize(static_cast<std::size_t>(ldc * n));
    for (T& x : a) x = u();
    for (T& x : b) x = u();
    for (T& x : c) x = u();
  }
  dim_t lda() const { return (trans_a ? k : m) + 3; }
  dim_t ldb() const { return (trans_b ? n : k) + 1; }

  basic_gemm_problem<T> problem(T alpha, T beta, T* cout) const {
    basic_gemm_problem<T> p;
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

// C := alpha*op(A)*op(B) + beta*C by the definition in T, with the error
// bound gamma_k * (|alpha| |op(A)||op(B)| + |beta| |C|) per element, the
// unit roundoff T's: twice, for the kernel's rounding and the reference's.
// Each element's sum runs over l in order; where A's columns are
// contiguous a column of C's sums advances together, down A's columns (one
// element at a time, A read across its columns was most of this test's
// time, under qemu above all). The sum of |a_il b_lj| in the bound is
// bounded by the norms of op(A)'s row and op(B)'s column (product_bound.h),
// so that the sums' loop is the product alone: the reference was still two
// thirds of an entry's time under qemu.
template <class T>
void reference(const basic_gemm_problem<T>& p, std::vector<T>* c, std::vector<T>* bound) {
  const T eps = std::numeric_limits<T>::epsilon();
  const std::size_t m = static_cast<std::size_t>(p.m), n = static_cast<std::size_t>(p.n),
                    k = static_cast<std::size_t>(p.k);
  std::vector<T> a_rows(m * k), b_columns(n * k);  // for their norms
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t l = 0; l < k; ++l) a_rows[i * k + l] = p.a[dim_t(i) * p.rs_a + dim_t(l) * p.cs_a];
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t l = 0; l < k; ++l) b_columns[j * k + l] = p.b[dim_t(l) * p.rs_b + dim_t(j) * p.cs_b];
  const std::vector<double> row_norms = swblas_test::norms_of(a_rows, m, k);
  const std::vector<double> column_norms = swblas_test::norms_of(b_columns, n, k);
  std::vector<T> sums(static_cast<std::size_t>(p.m));
  for (dim_t j = 0; j < p.n; ++j) {
    std::fill(sums.begin(), sums.end(), T(0));
    if (p.rs_a == 1) {
      for (dim_t l = 0; l < p.k; ++l) {
        const T blj = p.b[l * p.rs_b + j * p.cs_b];
        const T* al = p.a + l * p.cs_a;
        for (dim_t i = 0; i < p.m; ++i) sums[static_cast<std::size_t>(i)] += al[i] * blj;
      }
    } else {
      for (dim_t i = 0; i < p.m; ++i)
        for (dim_t l = 0; l < p.k; ++l)
          sums[static_cast<std::size_t>(i)] += p.a[i * p.rs_a + l * p.cs_a] * p.b[l * p.rs_b + j * p.cs_b];
    }
    for (dim_t i = 0; i < p.m; ++i) {
      const T s = sums[static_cast<std::size_t>(i)];
      const T mag = T(row_norms[static_cast<std::size_t>(i)] * column_norms[static_cast<std::size_t>(j)]);
      T& cij = (*c)[static_cast<std::size_t>(i + j * p.ldc)];
      const T old = p.beta == T(0) ? T(0) : cij;
      cij = p.alpha * s + p.beta * old;
      (*bound)[static_cast<std::size_t>(i + j * p.ldc)] =
          T(2) * static_cast<T>(p.k + 2) * eps * (std::fabs(p.alpha) * mag + std::fabs(p.beta * old));
    }
  }
}

// How an entry is run: its kernel under a blocking, by a team sharing a loop.
template <class T>
struct run_setup {
  basic_block_engine<T> engine;
  int threads = 1;
  parallel_loop loop = parallel_loop::ic;
};

// Runs the packed path as the runtime does: alone, or as a team's items
// with a shared B panel and a private (ic) or shared (jr) A block.
template <class T>
void run_entry(const run_setup<T>& r, const basic_gemm_problem<T>& p) {
  const std::size_t a_step = (a_block_elems(p, r.engine) + 63) / 64 * 64;  // keeps every slice aligned
  aligned_buffer<T> b_pack(b_panel_elems(p, r.engine)), a_pack(a_step * std::size_t(r.threads));
  if (r.threads == 1) return run_blocked(p, r.engine, r.loop, a_pack.data, b_pack.data);
  run_blocked_team(p, r.engine, r.loop, r.threads, a_pack.data, a_step, b_pack.data);
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

template <class T>
std::vector<shape> shapes_for(const basic_generated_entry<T>& e, const basic_block_engine<T>& g) {
  const dim_t mr = g.ukernel->mr, nr = g.ukernel->nr;
  const blocking& b = g.blk;
  if (e.family == kernel_family::a_triangle)  // op(A) square on its diagonal or below it, one k block
    return {{b.kc - 3, 2 * nr + 1, b.kc}, {b.kc, 3 * nr + 2, b.kc}, {mr + 1, nr + 1, std::min(b.kc, mr + 4)}, {1, 1, 1}};
  if (e.family == kernel_family::b_triangle)  // op(B) square on its diagonal or right of it, one k block
    return {{2 * mr + 1, b.kc - 3, b.kc}, {3 * mr + 2, b.kc, b.kc}, {mr + 1, nr + 1, std::min(b.kc, nr + 4)}, {1, 1, 1}};
  if (e.family == kernel_family::a_symmetric)  // op(A) square: m = k, across blocks
    return {{97, 131, 97}, {3, 5, 3}, {b.mc + mr + 3, 2 * nr + 1, b.mc + mr + 3}};
  if (e.family == kernel_family::b_symmetric)  // op(B) square: k = n
    return {{131, 97, 97}, {5, 3, 3}, {2 * mr + 1, b.kc + 5, b.kc + 5}};
  if (e.family != kernel_family::dgemm)  // fewer: many fused and triangle entries; k spans two kc blocks
    return {{97, 131, 259}, {3, 5, 7}, {b.mc + mr + 3, 2 * nr + 1, b.kc + 5}};
  return {{97, 131, 259}, {1, 1, 1},  {3, 5, 7}, {mr, nr, 2}, {b.mc + mr + 3, 2 * nr + 1, b.kc + 5},
          {mr + 1, b.nc + nr + 1, 3}};
}

// Runs prologue or batched entry e (double only) on one problem: its fused
// op, or a batch of three of it. `got` is C as the kernel finds it; returns what
// it wrote there, *want the unfused reference, *bound the tolerance.
std::vector<double> run_fused_or_batched(const generated_entry& e, const run_setup<double>& r,
                                         const operands<double>& op, double beta, std::vector<double> got,
                                         std::vector<double>* want, std::vector<double>* bound) {
  operands<double> ref = op;  // the reference's copy of the operands, transformed by an unfused prologue
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
  p.pro = &pro;
  run_entry(r, p);
  return got;
}

// Runs epilogue entry e (double or float) on one problem with its op and a
// double bias (per row for even ops); returns what it wrote to C, *want the
// reference with the op applied in double, *bound the tolerance.
template <class T>
std::vector<T> run_with_epilogue(const basic_generated_entry<T>& e, const run_setup<T>& r, const operands<T>& op,
                                 T beta, std::vector<T> got, std::vector<T>* want, std::vector<T>* bound,
                                 std::mt19937* rng) {
  reference(op.problem(T(1.5), beta, want->data()), want, bound);
  basic_gemm_problem<T> p = op.problem(T(1.5), beta, got.data());
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const bool per_row = e.op % 2 == 0;
  std::vector<double> bias(static_cast<std::size_t>(per_row ? op.m : op.n));
  for (double& x : bias) x = u(*rng);
  const epilogue_args epi = test_epilogue(e.op, bias, per_row);
  p.epi = &epi;
  run_entry(r, p);
  for (dim_t j = 0; j < op.n; ++j)
    for (dim_t i = 0; i < op.m; ++i) {
      T& w = (*want)[static_cast<std::size_t>(i + j * op.ldc)];
      // The activations are 1.2-Lipschitz at most; the op itself may differ by a few ulps.
      w = T(activation(epi, double(w) + bias[static_cast<std::size_t>(per_row ? i : j)]));
      T& b = (*bound)[static_cast<std::size_t>(i + j * op.ldc)];
      b = T(1.2) * b + 64 * std::numeric_limits<T>::epsilon() * (std::fabs(w) + T(1));
    }
  return got;
}

// A c_triangle entry's triangle (triangle_op e.op), its first row moved by
// 3 so that the blocks' row0 and col0 differ.
c_triangle triangle_of(int op) { return {true, (op & 1) != 0, 3, op & 2 ? 2 : 1}; }

bool in_triangle(const c_triangle& d, dim_t i, dim_t j) {
  const dim_t row = (i + d.shift) / d.row_unit;
  return d.upper ? row <= j : row >= j;
}

// Entry e of family c_triangle on one problem: the reference inside the
// triangle; outside, C as it was (checked bit for bit, then both set to 0).
template <class T>
std::vector<T> run_on_triangle(const basic_generated_entry<T>& e, const run_setup<T>& r, const operands<T>& op,
                               T beta, std::vector<T> got, std::vector<T>* want, std::vector<T>* bound) {
  const std::vector<T> before = got;
  basic_gemm_problem<T> p = op.problem(T(1.5), beta, got.data());
  p.c_domain = triangle_of(e.op);
  reference(op.problem(T(1.5), beta, want->data()), want, bound);
  run_entry(r, p);
  for (dim_t j = 0; j < op.n; ++j)
    for (dim_t i = 0; i < op.m; ++i) {
      if (in_triangle(p.c_domain, i, j)) continue;
      const std::size_t x = static_cast<std::size_t>(i + j * op.ldc);
      const bool untouched = std::memcmp(&got[x], &before[x], sizeof(T)) == 0;
      got[x] = (*want)[x] = untouched ? T(0) : std::numeric_limits<T>::quiet_NaN();
    }
  return got;
}

// Entry e of a structured-operand family on one problem (lower for op 0,
// upper for 1): a_triangle or b_triangle, op(A) or op(B) triangular from
// its diagonal on; a_symmetric or b_symmetric, the square op(A) or op(B) symmetric, read
// through that triangle (the rest holds other values, which must not be
// read). The reference multiplies the dense matrix: zeros outside the
// triangle, or its mirror.
template <class T>
std::vector<T> run_on_structured_factor(const basic_generated_entry<T>& e, const run_setup<T>& r,
                                        const operands<T>& op, T beta, std::vector<T> got, std::vector<T>* want,
                                        std::vector<T>* bound) {
  const bool upper = e.op == 1;
  const bool of_a = e.family == kernel_family::a_triangle || e.family == kernel_family::a_symmetric;
  const bool symmetric = e.family == kernel_family::a_symmetric || e.family == kernel_family::b_symmetric;
  basic_gemm_problem<T> p = op.problem(T(1.5), beta, got.data());
  (of_a ? p.a_structure : p.b_structure) = {symmetric ? structure::symmetric : structure::triangular, upper, false,
                                            0, 0};
  const dim_t rows = of_a ? op.m : op.k, cols = of_a ? op.k : op.n;
  const T* x = of_a ? p.a : p.b;
  const inc_t rs = of_a ? p.rs_a : p.rs_b, cs = of_a ? p.cs_a : p.cs_b;
  std::vector<T> dense(static_cast<std::size_t>(rows * cols));  // column-major
  for (dim_t c = 0; c < cols; ++c)
    for (dim_t i = 0; i < rows; ++i) {
      const bool stored = upper ? i <= c : i >= c;
      if (stored || symmetric)
        dense[static_cast<std::size_t>(i + c * rows)] = stored ? x[i * rs + c * cs] : x[c * rs + i * cs];
    }
  basic_gemm_problem<T> q = op.problem(T(1.5), beta, want->data());
  (of_a ? q.a : q.b) = dense.data();
  (of_a ? q.rs_a : q.rs_b) = 1;
  (of_a ? q.cs_a : q.cs_b) = rows;
  reference(q, want, bound);
  run_entry(r, p);
  return got;
}

// Runs entry e on one problem and returns what it wrote to C; *want gets
// the reference, *bound the tolerance per element.
template <class T>
std::vector<T> run_checked(const basic_generated_entry<T>& e, const run_setup<T>& r, const operands<T>& op, T beta,
                           std::vector<T>* want, std::vector<T>* bound, std::mt19937* rng) {
  std::vector<T> got = op.c;
  *want = op.c;
  bound->assign(op.c.size(), T(0));
  if (beta == T(0))
    for (dim_t j = 0; j < op.n; ++j)
      for (dim_t i = 0; i < op.m; ++i) got[static_cast<std::size_t>(i + j * op.ldc)] = std::numeric_limits<T>::quiet_NaN();
  if (e.family == kernel_family::c_triangle) return run_on_triangle(e, r, op, beta, std::move(got), want, bound);
  if (e.family == kernel_family::a_triangle || e.family == kernel_family::b_triangle ||
      e.family == kernel_family::a_symmetric || e.family == kernel_family::b_symmetric)
    return run_on_structured_factor(e, r, op, beta, std::move(got), want, bound);
  if (e.family == kernel_family::epilogue) return run_with_epilogue(e, r, op, beta, std::move(got), want, bound, rng);
  if constexpr (std::is_same_v<T, double>)
    if (e.family != kernel_family::dgemm) return run_fused_or_batched(e, r, op, beta, std::move(got), want, bound);
  reference(op.problem(T(1.5), beta, want->data()), want, bound);
  run_entry(r, op.problem(T(1.5), beta, got.data()));
  return got;
}

// The row of e's target of element type T.
template <class T>
const generated_target& target_of(const basic_generated_entry<T>& e) {
  for (std::size_t i = 0; i < generated_target_count; ++i)
    if (generated_targets[i].elem == element_of<T> && std::string(generated_targets[i].name) == e.target)
      return generated_targets[i];
  throw std::runtime_error(std::string("no target ") + e.target);
}

template <class T>
const ukernel_desc<T>& ukernel_of(const generated_target& g) {
  std::size_t count = 0;
  const ukernel_desc<T>* const* all = micro_kernels<T>(&count);
  for (std::size_t i = 0; i < count; ++i)
    if (std::string(all[i]->name) == g.ukernel) return *all[i];
  throw std::runtime_error(std::string("no micro kernel ") + g.ukernel);
}

// The entry's kernel under its target's blocking for the first cache
// configuration, and under a small one: several blocks in every loop.
template <class T>
std::vector<basic_block_engine<T>> engines_for(const basic_generated_entry<T>& e) {
  const generated_target& g = target_of(e);
  const ukernel_desc<T>& u = ukernel_of<T>(g);
  std::vector<basic_block_engine<T>> engines = {{&u, choose_blocking(g.shape, g.caches[0]), e.run},
                                                {&u, blocking{2 * u.mr, 16, 3 * u.nr}, e.run}};
  for (basic_block_engine<T>& x : engines) {  // a triangle's kernel only
    if (e.family == kernel_family::c_triangle) x.triangle[e.op] = e.run;
    if (e.family == kernel_family::a_triangle) x.a_triangle[e.op] = e.run;
    if (e.family == kernel_family::b_triangle) x.b_triangle[e.op] = e.run;
    if (e.family == kernel_family::a_symmetric) x.a_symmetric[e.op] = e.run;
    if (e.family == kernel_family::b_symmetric) x.b_symmetric[e.op] = e.run;
    if (e.family >= kernel_family::c_triangle) x.kernel = nullptr;
  }
  return engines;
}

// Under qemu (scripts/test-ppc64le.sh sets SWBLAS_QEMU_CPU) a team runs the
// small blocking only, where every loop has several blocks to share; the
// target's own blocking runs single-threaded. Half of qemu's manifest time.
bool team_on_small_blocking_only(int threads) { return threads > 1 && std::getenv("SWBLAS_QEMU_CPU") != nullptr; }

template <class T>
void check_entry(const basic_generated_entry<T>& e, int threads, parallel_loop loop) {
  std::mt19937 rng(42);
  std::vector<basic_block_engine<T>> engines = engines_for(e);
  if (team_on_small_blocking_only(threads)) engines.erase(engines.begin());
  for (const basic_block_engine<T>& engine : engines) {
    const run_setup<T> r{engine, threads, loop};
    for (const shape& s : shapes_for(e, engine))
      for (int t = 0; t < 4; ++t) {
        const operands<T> op(s, t & 1, t & 2, &rng);
        const T beta = t == 3 ? T(0) : T(-0.5);  // beta == 0: C is not read (NaN overwritten)
        std::vector<T> want, bound;
        const std::vector<T> got = run_checked(e, r, op, beta, &want, &bound, &rng);
        for (std::size_t x = 0; x < got.size(); ++x)
          ASSERT_LE(std::fabs(got[x] - want[x]), bound[x])
              << e.spec << " on " << e.target << " (" << describe_blocking(engine.blk) << ") threads=" << threads
              << " m=" << s.m << " n=" << s.n << " k=" << s.k << " transA=" << op.trans_a
              << " transB=" << op.trans_b << " at " << x % op.ldc << "," << x / op.ldc;
      }
  }
}

template <class T>
bool runnable(const basic_generated_entry<T>& e, std::string* why) {
  const isa_verdict v = can_run(detect_cpu_features(), target_of(e).needs);
  *why = v.reason;
  return v.runnable;
}

// Every entry of element type T has its target's row of that type, whose
// register block is its micro kernel's.
template <class T>
void check_entries_have_their_targets() {
  const generated_entry_list<T> list = generated_entries_of<T>();
  ASSERT_GT(list.count, 0u) << "every build generates for the generic target";
  for (std::size_t i = 0; i < list.count; ++i) {
    const basic_generated_entry<T>& e = list.entries[i];
    ASSERT_NE(e.run, nullptr) << e.spec;
    const generated_target& g = target_of(e);
    EXPECT_EQ(g.shape.elem_bytes, static_cast<int>(sizeof(T))) << e.spec;
    EXPECT_EQ(ukernel_of<T>(g).mr, g.shape.mr) << e.spec;
    EXPECT_EQ(ukernel_of<T>(g).nr, g.shape.nr) << e.spec;
  }
}

TEST(GeneratedKernels, ManifestIsNotEmptyAndEveryEntryHasItsTarget) {
  ASSERT_GT(generated_target_count, 0u);
  check_entries_have_their_targets<double>();
  check_entries_have_their_targets<float>();
}

// The distinct block kernels of element type T of target `name`.
template <class T>
std::size_t distinct_kernels_of(const std::string& name) {
  const generated_entry_list<T> list = generated_entries_of<T>();
  std::vector<basic_block_kernel_fn<T>> distinct;
  for (std::size_t i = 0; i < list.count; ++i)
    if (list.entries[i].target == name && std::find(distinct.begin(), distinct.end(), list.entries[i].run) == distinct.end())
      distinct.push_back(list.entries[i].run);
  return distinct.size();
}

// At most three kernels a target of each element type (plain, and the two
// epilogue shapes), whatever the number of specs, and for each one of each
// C triangle and of each triangular A and B, and trsm's solve.
TEST(GeneratedKernels, SpecsShareTheirTargetsKernels) {
  constexpr std::size_t kAtMost = 3u + 2 * kTriangleOpCount + 2 + 1;
  for (std::size_t t = 0; t < generated_target_count; ++t) {
    EXPECT_LE(distinct_kernels_of<double>(generated_targets[t].name), kAtMost) << generated_targets[t].name;
    EXPECT_LE(distinct_kernels_of<float>(generated_targets[t].name), kAtMost) << generated_targets[t].name;
  }
}

// A solve entry on one diagonal block: X := inv(L) X for a lower L packed as
// an A block (zeros above the diagonal) and X packed as a B panel, against
// forward substitution in a naive loop; the packed panel must hold the
// solution too (the next tiles read it there), its padding still zero.
template <class T>
void check_solve_entry(const basic_generated_entry<T>& e) {
  const ukernel_desc<T>& u = ukernel_of<T>(target_of(e));
  std::mt19937 rng(7);
  std::uniform_real_distribution<T> v(-1.0, 1.0);
  for (const dim_t nb : {dim_t{1}, dim_t{u.mr - 1}, dim_t{u.mr}, dim_t{2 * u.mr + 3}, dim_t{100}})
    for (const dim_t n : {dim_t{1}, dim_t{u.nr - 1}, dim_t{u.nr}, dim_t{3 * u.nr + 2}}) {
      if (nb < 1 || n < 1) continue;
      const dim_t ldl = nb + 1, ldx = nb + 3, panels = (n + u.nr - 1) / u.nr;
      std::vector<T> l(static_cast<std::size_t>(ldl * nb), T(0)), x(static_cast<std::size_t>(ldx * n));
      for (dim_t k = 0; k < nb; ++k)
        for (dim_t i = k; i < nb; ++i) l[i + k * ldl] = i == k ? T(2) + v(rng) / 2 : v(rng) / T(nb);
      for (T& y : x) y = v(rng);
      std::vector<T> want = x;
      for (dim_t j = 0; j < n; ++j)
        for (dim_t i = 0; i < nb; ++i) {
          T& w = want[i + j * ldx];
          for (dim_t k = 0; k < i; ++k) w -= l[i + k * ldl] * want[k + j * ldx];
          w /= l[i + i * ldl];
        }
      aligned_buffer<T> ap(static_cast<std::size_t>((nb + u.mr - 1) / u.mr * u.mr * nb));
      aligned_buffer<T> bp(static_cast<std::size_t>(panels * u.nr * nb));
      u.pack_a(nb, nb, l.data(), 1, ldl, ap.data);
      u.pack_b(nb, n, x.data(), 1, ldx, bp.data);
      basic_packed_block<T> blk;
      blk.m = blk.k = nb;
      blk.n = n;
      blk.alpha = T(-1);
      blk.beta = T(1);
      blk.ap = ap.data;
      blk.bp = blk.solved = bp.data;
      blk.c = x.data();
      blk.ldc = ldx;
      e.run(blk);
      const T tolerance = T(64) * T(nb) * std::numeric_limits<T>::epsilon();
      for (dim_t j = 0; j < n; ++j)
        for (dim_t i = 0; i < nb; ++i) {
          const T w = want[i + j * ldx];
          ASSERT_NEAR(x[i + j * ldx], w, tolerance * (T(1) + std::fabs(w))) << e.spec << " nb=" << nb << " n=" << n << " at " << i << "," << j;
          ASSERT_EQ(bp.data[(j / u.nr) * u.nr * nb + i * u.nr + j % u.nr], x[i + j * ldx]) << e.spec << " packed at " << i << "," << j;
        }
      for (dim_t j = n; j < panels * u.nr; ++j)
        for (dim_t i = 0; i < nb; ++i) ASSERT_EQ(bp.data[(j / u.nr) * u.nr * nb + i * u.nr + j % u.nr], T(0)) << e.spec;
      for (dim_t i = nb; i < ldx; ++i) ASSERT_EQ(x[i], want[i]) << e.spec << ": written below the block";
    }
}

// An entry of the manifest: its element type and index in that type's array.
struct entry_ref {
  element_type elem;
  std::size_t index;
};

// For gtest's messages: "f32 entry 2".
void PrintTo(const entry_ref& r, std::ostream* os) {
  *os << (r.elem == element_type::f32 ? "f32" : "f64") << " entry " << r.index;
}

// Calls f with the entry `r` names, typed.
template <class F>
void with_entry(const entry_ref& r, F&& f) {
  if (r.elem == element_type::f32) return f(generated_f32_entries[r.index]);
  f(generated_entries[r.index]);
}

class EveryEntry : public ::testing::TestWithParam<entry_ref> {};

// B's triangles with rows in pairs are the 1m view's of a complex B: the
// complex trmm tests run them (level3 Trmm, on the right).
template <class T>
bool complex_view_only(const basic_generated_entry<T>& e) {
  return e.family == kernel_family::b_triangle && e.op >= 2;
}

TEST_P(EveryEntry, MatchesNaiveLoopSingleThread) {
  with_entry(GetParam(), [](const auto& e) {
    std::string why;
    if (!runnable(e, &why)) GTEST_SKIP() << e.spec << ": " << why;
    if (complex_view_only(e)) GTEST_SKIP() << e.spec << ": B's rows in pairs, run by the complex trmm tests";
    if (e.family == kernel_family::solve) return check_solve_entry(e);
    check_entry(e, 1, parallel_loop::ic);
  });
}

TEST_P(EveryEntry, MatchesNaiveLoopTeamOfTwo) {
  with_entry(GetParam(), [](const auto& e) {
    std::string why;
    if (!runnable(e, &why)) GTEST_SKIP() << e.spec << ": " << why;
    if (complex_view_only(e)) GTEST_SKIP() << e.spec << ": B's rows in pairs, run by the complex trmm tests";
    if (e.family == kernel_family::solve) GTEST_SKIP() << e.spec << ": a solve's block is one thread's (trsm splits B's columns)";
    check_entry(e, 2, parallel_loop::ic);
    check_entry(e, 2, parallel_loop::jr);
  });
}

std::vector<entry_ref> every_entry() {
  std::vector<entry_ref> all;
  for (std::size_t i = 0; i < generated_entry_count; ++i) all.push_back({element_type::f64, i});
  for (std::size_t i = 0; i < generated_f32_entry_count; ++i) all.push_back({element_type::f32, i});
  return all;
}

// The manifest is constant-initialised, so it is ready here.
INSTANTIATE_TEST_SUITE_P(Manifest, EveryEntry, ::testing::ValuesIn(every_entry()),
                         [](const ::testing::TestParamInfo<entry_ref>& info) {
                           std::string name;
                           with_entry(info.param, [&](const auto& e) { name = std::string(e.spec) + "_" + e.target; });
                           return name;
                         });

}  // namespace
}  // namespace swblas

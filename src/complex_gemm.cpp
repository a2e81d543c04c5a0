// Complex GEMM by the 1m method (complex_gemm.h): the quick cases on the
// complex problem, a complex beta applied to C first, then the real view on
// the packed path (or, where the real planner would not pack the real view,
// with A copied by the 1m rule on the real route); a batch as the batch of
// its real views.
#include "complex_gemm.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "batch.h"
#include "call_trace.h"
#include "operand_packing.h"
#include "gemm_driver.h"
#include "thread_pool.h"
#include "pack_buffer.h"
#include "planner.h"
#include "unpacked_gemm.h"

namespace swblas {
namespace {

// C := beta * C with the reference's arithmetic: beta == 0 writes zeros
// without reading C, beta == 1 leaves C alone, otherwise the plain complex
// product (no C99 infinity recovery, as Fortran's).
template <class T>
void scale_complex_c(const complex_gemm_problem<T>& p) {
  const T br = p.beta.real(), bi = p.beta.imag();
  if (br == T(1) && bi == T(0)) return;
  for (dim_t j = 0; j < p.n; ++j) {
    std::complex<T>* c = p.c + j * p.ldc;
    if (br == T(0) && bi == T(0)) {
      std::fill(c, c + p.m, std::complex<T>(0));
      continue;
    }
    for (dim_t i = 0; i < p.m; ++i) {
      const T cr = c[i].real(), ci = c[i].imag();
      c[i] = {br * cr - bi * ci, br * ci + bi * cr};
    }
  }
}

template <class T>
std::string complex_problem_text(const complex_gemm_problem<T>& p) {
  char text[200];
  std::snprintf(text, sizeof text, "%ld x %ld x %ld, alpha (%g, %g), beta (%g, %g)", static_cast<long>(p.m),
                static_cast<long>(p.n), static_cast<long>(p.k), double(p.alpha.real()), double(p.alpha.imag()),
                double(p.beta.real()), double(p.beta.imag()));
  return text;
}

// T's real engine for 1m views: a 2 x 2 block of the 1m A must not straddle
// two k blocks, so kc is even (mr, hence mc, is even for every real micro
// kernel; tests/asm checks).
template <class T>
basic_block_engine<T> one_m_engine(const dispatch_table& t) {
  basic_block_engine<T> e = engine_of<T>(t);
  if (!e.ukernel) no_micro_kernel();
  e.blk.kc = std::max<dim_t>(2, e.blk.kc / 2 * 2);
  return e;
}

// The real problem twice as tall and twice as deep that is p by the 1m
// rule, with a real beta (a complex one is applied to C first); its quick
// cases are p's: alpha == 0 is a real alpha of 0, k == 0 a depth of 0.
template <class T>
basic_gemm_problem<T> one_m_view(const complex_gemm_problem<T>& p, const complex_view<T>* view, T beta) {
  basic_gemm_problem<T> q;
  q.m = 2 * p.m;
  q.n = p.n;
  q.k = 2 * p.k;
  q.alpha = p.alpha == std::complex<T>(0) ? T(0) : T(1);
  q.a = reinterpret_cast<const T*>(p.a);
  q.rs_a = p.rs_a;
  q.cs_a = p.cs_a;
  q.b = reinterpret_cast<const T*>(p.b);
  q.rs_b = p.rs_b;
  q.cs_b = p.cs_b;
  q.beta = beta;
  q.c = reinterpret_cast<T*>(p.c);
  q.ldc = 2 * p.ldc;
  q.complex = view;
  q.a_structure = p.a_structure;
  q.b_structure = p.b_structure;
  q.c_domain = p.c_domain;
  q.c_domain.shift *= 2;
  q.c_domain.row_unit = 2;
  q.in_c = p.in_c;
  if (p.in_c.which == operand_in_c::part::b_rows) q.in_c.first *= 2;  // real rows
  return q;
}

template <class T>
complex_view<T> view_of(const complex_gemm_problem<T>& p) {
  return {p.alpha.real(), p.alpha.imag(), p.conj_a, p.conj_b};
}

// Products whose real view the real planner would multiply unpacked go
// there with alpha op(A) copied by the 1m rule (2 x 2 real blocks
// [re -im; im re], 2m x 2k) and op(B) as its real view (2k x n: in place
// when op(B) = B, else a conjugated copy), instead of the packed path's 1m
// packing: Zen 5, one thread, against OpenBLAS, a zgemm of 4^3-20^3 took
// 1.2-3 times its time and a cgemm of 32^3 1.4 times.
template <class T>
struct one_m_copy {
  dim_t a_elems = 0, b_elems = 0;  // real elements of the copies of A and (if any) B
};

// The most real elements the copies take (2 MiB of doubles): larger
// operands are packed block by block as before, not held whole by the
// thread's buffer.
inline constexpr dim_t kMaxCopyElems = dim_t{1} << 18;

// Whether p's operands can be copied so (general operands, all of C, not
// too large), and how large the copies are.
template <class T>
bool copies_one_m(const complex_gemm_problem<T>& p, one_m_copy<T>* copy) {
  if (p.a_structure.kind != structure::general || p.b_structure.kind != structure::general || p.c_domain.on ||
      p.in_c.on())
    return false;
  copy->a_elems = 4 * p.m * p.k;
  copy->b_elems = p.rs_b == 1 && !p.conj_b ? 0 : 2 * p.k * p.n;
  return double(copy->a_elems) + double(copy->b_elems) <= double(kMaxCopyElems);
}

// Where the real view of p reads its operands once copied: the 1m A
// (2m x 2k, column stride lda) and op(B)'s real view (2k x n, unit row
// stride).
template <class T>
struct one_m_operands {
  const T* a;
  inc_t lda;
  const T* b;
  inc_t cs_b;
};

// The copies into a (and b when copy.b_elems). The 1m rule of
// operand_packing.h's pack_a_by_element, written for one 2m-row panel:
// that function's panel loop ran a 32^3 zgemm 20 % slower here.
template <class T>
one_m_operands<T> copy_one_m(const complex_gemm_problem<T>& p, const one_m_copy<T>& copy, T* a, T* b) {
  const T ar = p.alpha.real(), ai = p.alpha.imag();
  const dim_t lda = 2 * p.m;
  for (dim_t l = 0; l < p.k; ++l)
    for (dim_t i = 0; i < p.m; ++i) {
      const std::complex<T> z = p.a[i * p.rs_a + l * p.cs_a];
      const T zr = z.real(), zi = p.conj_a ? -z.imag() : z.imag();
      const T er = ar * zr - ai * zi, ei = ar * zi + ai * zr;
      T* even = a + 2 * i + 2 * l * lda;
      T* odd = even + lda;
      even[0] = er;
      even[1] = ei;
      odd[0] = -ei;
      odd[1] = er;
    }
  if (!copy.b_elems) return {a, lda, reinterpret_cast<const T*>(p.b), 2 * p.cs_b};
  for (dim_t j = 0; j < p.n; ++j)
    for (dim_t l = 0; l < p.k; ++l) {
      const std::complex<T> z = p.b[l * p.rs_b + j * p.cs_b];
      b[2 * (l + j * p.k)] = z.real();
      b[2 * (l + j * p.k) + 1] = p.conj_b ? -z.imag() : z.imag();
    }
  return {a, lda, b, 2 * p.k};
}

// The real view of p reading x, with the real beta `beta` (a complex one
// was applied first).
template <class T>
basic_gemm_problem<T> copied_view(const complex_gemm_problem<T>& p, const one_m_operands<T>& x, T beta) {
  basic_gemm_problem<T> q;
  q.m = 2 * p.m;
  q.n = p.n;
  q.k = 2 * p.k;
  q.a = x.a;
  q.rs_a = 1;
  q.cs_a = x.lda;
  q.b = x.b;
  q.rs_b = 1;
  q.cs_b = x.cs_b;
  q.beta = beta;
  q.c = reinterpret_cast<T*>(p.c);
  q.ldc = 2 * p.ldc;
  return q;
}

// The copies of a tiny product go on the stack when they fit this many real
// elements (16 KiB of doubles: A of 20^3), larger ones in the
// thread's one_m_copy buffer (not operand_copy: rank-k updates and trmm
// call complex GEMMs while they hold it).
inline constexpr dim_t kStackCopyElems = 2048;

// The small routine that takes p (a product to compute, copies_one_m) with
// its copies on the stack, or null: p is not tiny, or its copies do not fit.
template <class T>
const small_gemm_desc<T>* tiny_one_m(const dispatch_table& t, const complex_gemm_problem<T>& p,
                                     const one_m_copy<T>& copy) {
  const small_gemm_desc<T>* small = small_of<T>(t);
  if (!small || !tiny_work(2 * p.m, p.n, 2 * p.k) || copy.a_elems + copy.b_elems > kStackCopyElems) return nullptr;
  return small;
}

// p on the small routine (tiny_one_m), its copies on the stack; beta real.
template <class T>
void solve_tiny(const complex_gemm_problem<T>& p, const one_m_copy<T>& copy, const small_gemm_desc<T>& small,
                T beta) {
  alignas(64) T on_stack[kStackCopyElems];
  const one_m_operands<T> x = copy_one_m(p, copy, on_stack, on_stack + copy.a_elems);
  small.gemm(2 * p.m, p.n, 2 * p.k, T(1), x.a, x.lda, x.b, 1, x.cs_b, beta, reinterpret_cast<T*>(p.c), 2 * p.ldc,
             nullptr);
}

// The real view of p on the packed path: false only where run_packed
// refuses a B in C.
template <class T, class What>
bool run_one_m_packed(const dispatch_table& t, const basic_block_engine<T>& e, const complex_gemm_problem<T>& p,
                      T beta, What&& what) {
  const complex_view<T> view = view_of(p);
  const basic_gemm_problem<T> q = one_m_view(p, &view, beta);
  gemm_options o;
  o.threads = available_threads();
  const team_plan plan = plan_team(e, t.team, q, o);
  bool done = false;
  run_traced([&] { done = run_packed(q, e, plan); }, what, [&] { return "1m, packed, " + describe_team(plan); });
  return done;
}

template <class T>
void solve(const complex_gemm_problem<T>& p, const char* name) {
  if (p.m <= 0 || p.n <= 0) return;
  if (p.k <= 0 || p.alpha == std::complex<T>(0)) return scale_complex_c(p);
  const dispatch_table& t = active_dispatch();
  const basic_block_engine<T> e = one_m_engine<T>(t);
  // A real beta goes to the micro kernel; a complex one is applied first.
  T beta = p.beta.real();
  if (p.beta.imag() != T(0)) {
    scale_complex_c(p);
    beta = T(1);
  }
  const auto what = [&] { return std::string(name) + " " + complex_problem_text(p); };
  if (one_m_copy<T> copy; copies_one_m(p, &copy)) {
    // A tiny product straight to the small routine, its copies on the
    // stack (asking the planner cost a 4^3 zgemm a quarter of its time).
    if (const small_gemm_desc<T>* small = tiny_one_m(t, p, copy))
      return run_traced([&] { solve_tiny(p, copy, *small, beta); }, what,
                        [] { return std::string("1m copied, small routine, 1 thread"); });
    const dim_t elems = copy.a_elems + copy.b_elems;
    gemm_options o;
    o.threads = available_threads();
    // The route of the real view's shape (the copies are not made yet).
    basic_gemm_problem<T> shape;
    shape.m = 2 * p.m;
    shape.n = p.n;
    shape.k = 2 * p.k;
    shape.rs_a = 1;
    shape.cs_a = 2 * p.m;
    const gemm_route r = route_gemm(t, shape, o);
    // On one thread only: a helper would read its rows of the copy from
    // the caller's cache (two threads, 96^3: zgemm 171 -> 81 GFLOP/s).
    const bool alone = r.how == gemm_route::path::tiny ||
                       (r.how == gemm_route::path::unpacked && r.unpacked_threads == 1);
    if (T* a = alone ? try_thread_pack_buffer_of<T>(pack_role::one_m_copy, std::size_t(elems)) : nullptr) {
      const basic_gemm_problem<T> q = copied_view(p, copy_one_m(p, copy, a, a + copy.a_elems), beta);
      return run_traced([&] { run_route(t, q, r); }, what, [&] { return "1m copied, " + describe_route(r); });
    }
  }
  run_one_m_packed(t, e, p, beta, what);
}

// gemm_in_place: a complex beta would be applied to C, B rows and all,
// before they are packed.
template <class T>
bool solve_in_place(const complex_gemm_problem<T>& p, const char* name) {
  if (p.m <= 0 || p.n <= 0 || p.k <= 0 || p.alpha == std::complex<T>(0) || p.beta.imag() != T(0)) return false;
  const dispatch_table& t = active_dispatch();
  return run_one_m_packed(t, one_m_engine<T>(t), p, p.beta.real(),
                          [&] { return std::string(name) + " in place " + complex_problem_text(p); });
}

// A pointer array of complex matrices (Z: std::complex<T>, const or not)
// as one of their real views (X: T, likewise), appended to `into` (reused:
// nothing allocated in the steady state).
template <class X, class Z>
X* const* real_pointers(Z* const* array, dim_t count, std::vector<X*>* into) {
  if (!array) return nullptr;
  for (dim_t e = 0; e < count; ++e) into->push_back(reinterpret_cast<X*>(array[e]));
  return into->data() + (into->size() - std::size_t(count));
}

// The batch as the batch of its real 1m views. A group whose beta is not
// real has it applied to every entry's C first, entries shared by the
// available threads.
// A group of tiny products (tiny_one_m), entry by entry on the small
// routine, the entries in even ranges for the available threads (one per
// kTinyEntriesPerThread). Packed as one batch, a group of 10000 4^3 zgemms
// took 2.7 times a loop of single calls (Zen 5, one thread). False, nothing
// done, for a group of anything else.
inline constexpr dim_t kTinyEntriesPerThread = 64;

template <class T>
bool solve_tiny_group(const dispatch_table& t, const batch_of<complex_gemm_problem<T>>& g, T beta, const char* name) {
  const complex_gemm_problem<T>& p = g.shape;
  if (g.count <= 0 || p.m <= 0 || p.n <= 0 || p.k <= 0 || p.alpha == std::complex<T>(0)) return false;
  one_m_copy<T> copy;
  const small_gemm_desc<T>* small = copies_one_m(p, &copy) ? tiny_one_m(t, p, copy) : nullptr;
  if (!small) return false;
  const int parts = static_cast<int>(std::clamp<dim_t>(g.count / kTinyEntriesPerThread, 1, available_threads()));
  run_traced(
      [&] {
        run_items(parts, parts, [&](dim_t part) {
          const part_range r = even_part(g.count, 1, part, parts);
          for (dim_t e = r.first; e < r.last; ++e) solve_tiny(g.entry(e), copy, *small, beta);
        });
      },
      [&] { return std::string(name) + " group of " + std::to_string(g.count) + ", " + complex_problem_text(p); },
      [&] { return "1m copied, small routine, " + thread_count_text(parts); });
  return true;
}

template <class T>
void solve_batch(const batch_of<complex_gemm_problem<T>>* groups, std::size_t group_count, const char* name) {
  const dispatch_table& t = active_dispatch();
  const basic_block_engine<T> e = one_m_engine<T>(t);
  thread_local std::vector<complex_view<T>> views;
  thread_local std::vector<basic_gemm_batch_problem<T>> real;
  thread_local std::vector<const T*> inputs;
  thread_local std::vector<T*> outputs;
  views.clear();
  real.clear();
  inputs.clear();
  outputs.clear();
  // Reserved up front: the real groups point into these vectors.
  views.reserve(group_count);
  dim_t array_entries = 0;
  for (std::size_t i = 0; i < group_count; ++i)
    if (groups[i].c_array) array_entries += groups[i].count;
  inputs.reserve(2 * std::size_t(array_entries));
  outputs.reserve(std::size_t(array_entries));
  for (std::size_t i = 0; i < group_count; ++i) {
    const batch_of<complex_gemm_problem<T>>& g = groups[i];
    const complex_gemm_problem<T>& p = g.shape;
    T beta = p.beta.real();
    if (p.beta.imag() != T(0) && p.m > 0 && p.n > 0) {
      run_items(g.count, available_threads(), [&](dim_t entry) { scale_complex_c(g.entry(entry)); });
      beta = T(1);
    }
    if (solve_tiny_group(t, g, beta, name)) continue;
    views.push_back(view_of(p));
    basic_gemm_batch_problem<T> r;
    r.shape = one_m_view(p, &views.back(), beta);
    r.count = g.count;
    r.a_array = real_pointers(g.a_array, g.count, &inputs);
    r.b_array = real_pointers(g.b_array, g.count, &inputs);
    r.c_array = real_pointers(g.c_array, g.count, &outputs);
    r.stride_a = 2 * g.stride_a;
    r.stride_b = 2 * g.stride_b;
    r.stride_c = 2 * g.stride_c;
    real.push_back(r);
  }
  if (!real.empty()) gemm_batch_on(t, e, real.data(), real.size(), name);
}

}  // namespace

void gemm(const complex_gemm_problem<double>& p) { solve(p, "zgemm"); }
void gemm(const complex_gemm_problem<float>& p) { solve(p, "cgemm"); }
bool gemm_in_place(const complex_gemm_problem<double>& p) { return solve_in_place(p, "zgemm"); }
bool gemm_in_place(const complex_gemm_problem<float>& p) { return solve_in_place(p, "cgemm"); }

void gemm_batch(const batch_of<complex_gemm_problem<double>>* groups, std::size_t group_count) {
  solve_batch(groups, group_count, "zgemm_batch (1m)");
}
void gemm_batch(const batch_of<complex_gemm_problem<float>>* groups, std::size_t group_count) {
  solve_batch(groups, group_count, "cgemm_batch (1m)");
}

}  // namespace swblas

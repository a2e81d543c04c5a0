// Complex GEMM by the 1m method (complex_gemm.h): the quick cases on the
// complex problem, a complex beta applied to C first, then the real view on
// the packed path.
#include "complex_gemm.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "call_trace.h"
#include "operand_packing.h"
#include "gemm_driver.h"
#include "thread_pool.h"

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

template <class T>
void solve(const complex_gemm_problem<T>& p, const char* name) {
  if (p.m <= 0 || p.n <= 0) return;
  if (p.k <= 0 || p.alpha == std::complex<T>(0)) return scale_complex_c(p);
  const dispatch_table& t = active_dispatch();
  basic_block_engine<T> e = engine_of<T>(t);
  if (!e.ukernel) no_micro_kernel();
  // A 2 x 2 block of the 1m A must not straddle two k blocks: kc even (mr,
  // hence mc, is even for every real micro kernel; tests/asm checks).
  e.blk.kc = std::max<dim_t>(2, e.blk.kc / 2 * 2);
  // A real beta goes to the micro kernel; a complex one is applied first.
  T beta = p.beta.real();
  if (p.beta.imag() != T(0)) {
    scale_complex_c(p);
    beta = T(1);
  }
  const complex_view<T> view{p.alpha.real(), p.alpha.imag(), p.conj_a, p.conj_b};
  basic_gemm_problem<T> q;
  q.m = 2 * p.m;
  q.n = p.n;
  q.k = 2 * p.k;
  q.alpha = T(1);
  q.a = reinterpret_cast<const T*>(p.a);
  q.rs_a = p.rs_a;
  q.cs_a = p.cs_a;
  q.b = reinterpret_cast<const T*>(p.b);
  q.rs_b = p.rs_b;
  q.cs_b = p.cs_b;
  q.beta = beta;
  q.c = reinterpret_cast<T*>(p.c);
  q.ldc = 2 * p.ldc;
  q.complex = &view;
  q.a_structure = p.a_structure;
  q.b_structure = p.b_structure;
  gemm_options o;
  o.threads = available_threads();
  const team_plan plan = plan_team(e, t.team, q, o);
  run_traced([&] { run_packed(q, e, plan); }, [&] { return std::string(name) + " " + complex_problem_text(p); },
             [&] { return "1m, packed, " + describe_team(plan); });
}

}  // namespace

void gemm(const complex_gemm_problem<double>& p) { solve(p, "zgemm"); }
void gemm(const complex_gemm_problem<float>& p) { solve(p, "cgemm"); }

}  // namespace swblas

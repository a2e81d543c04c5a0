// What the interface hands to the runtime: a checked column-major call as
// one problem, or as one batch of them (a group or a strided batch).
//
// Inline, as the checks are, so that each entry point compiles to one
// function: a DGEMM of 8^3 takes about 40 ns, and calls between
// translation units were a fifth of that.
#pragma once

#include <complex>
#include <type_traits>
#include <utility>

#include "batch.h"
#include "call_trace.h"
#include "complex_gemm.h"
#include "gemm.h"
#include "gemm_args.h"
#include "tiny_gemm.h"

namespace swblas::api {

// Where A, B and C are: pointers to one matrix each, or pointer arrays.
template <class In, class Out>
struct gemm_operands {
  In a, b;
  Out c;
};
template <class T>
using matrix_operands_of = gemm_operands<const T*, T*>;
using matrix_operands = matrix_operands_of<double>;
template <class T>
using array_operands_of = gemm_operands<const T* const*, T* const*>;

// The operands of the column-major call (see column_major in gemm_args.h).
template <class In, class Out>
gemm_operands<In, Out> column_major(order o, gemm_operands<In, Out> x) {
  std::tie(x.a, x.b) = column_major(o, x.a, x.b);
  return x;
}

// g as the runtime's problem, data pointers aside (real T).
template <class T>
basic_gemm_problem<T> problem_shape(const gemm_args& g, T alpha, T beta) {
  basic_gemm_problem<T> p;
  p.m = g.m;
  p.n = g.n;
  p.k = g.k;
  p.alpha = alpha;
  const element_strides a = op_strides(g.transa, g.lda), b = op_strides(g.transb, g.ldb);
  p.rs_a = a.rows;
  p.cs_a = a.cols;
  p.rs_b = b.rows;
  p.cs_b = b.cols;
  p.beta = beta;
  p.ldc = g.ldc;
  return p;
}

template <class T>
basic_gemm_problem<T> problem_of(const gemm_args& g, T alpha, T beta, const matrix_operands_of<T>& x) {
  basic_gemm_problem<T> p = problem_shape(g, alpha, beta);
  p.a = x.a;
  p.b = x.b;
  p.c = x.c;
  return p;
}

// The complex problem of g: a conjugate transpose is a transpose of the
// conjugate.
template <class T>
complex_gemm_problem<T> problem_of(const gemm_args& g, std::complex<T> alpha, std::complex<T> beta,
                                   const matrix_operands_of<std::complex<T>>& x) {
  complex_gemm_problem<T> p;
  p.m = g.m;
  p.n = g.n;
  p.k = g.k;
  p.alpha = alpha;
  p.beta = beta;
  const element_strides a = op_strides(g.transa, g.lda), b = op_strides(g.transb, g.ldb);
  p.a = x.a;
  p.rs_a = a.rows;
  p.cs_a = a.cols;
  p.conj_a = g.transa == trans_op::conj_trans;
  p.b = x.b;
  p.rs_b = b.rows;
  p.cs_b = b.cols;
  p.conj_b = g.transb == trans_op::conj_trans;
  p.c = x.c;
  p.ldc = g.ldc;
  return p;
}

// The runtime's problem for elements of type X: basic_gemm_problem<X> for
// a real X, complex_gemm_problem<R> for X = std::complex<R>.
template <class X>
using problem_type =
    decltype(problem_of(std::declval<gemm_args>(), X{}, X{}, std::declval<matrix_operands_of<X>>()));
template <class X>
using batch_type = batch_of<problem_type<X>>;

// A strided batch: entry e at a + e * stride_a, and so on.
template <class X>
batch_type<X> strided_batch_of(const gemm_args& g, X alpha, X beta, const matrix_operands_of<X>& x) {
  batch_type<X> batch;
  batch.shape = problem_of(g, alpha, beta, x);
  batch.count = g.count;
  batch.stride_a = g.stride_a;
  batch.stride_b = g.stride_b;
  batch.stride_c = g.stride_c;
  return batch;
}

// A group of a pointer-array batch: entry e at x.a[e], and so on.
template <class X>
batch_type<X> pointer_group_of(const gemm_args& g, X alpha, X beta, const array_operands_of<X>& x) {
  batch_type<X> group;
  group.shape = problem_of(g, alpha, beta, matrix_operands_of<X>{});
  group.count = g.count;
  group.a_array = x.a;
  group.b_array = x.b;
  group.c_array = x.c;
  return group;
}

// Solves a checked single GEMM: a tiny real one straight on the small
// routine (tiny_gemm.h), else one gemm_problem to swblas::gemm, whose
// planner returns without touching C where the reference does.
// Every precision: T is float, double, std::complex<float> or
// std::complex<double>.
template <class T>
void solve(const gemm_args& g, T alpha, T beta, const matrix_operands_of<T>& x) {
  if constexpr (std::is_floating_point_v<T>) {
    // The reference's quick return, before a problem is built (its zeroing
    // and the planner cost an m = 0 dgemm_ 24 ns, OpenBLAS's 5.5; Zen 5).
    // Traced calls go on, to be reported.
    const quick_case q = quick_case_of(dim_t{g.m}, g.n, g.k, alpha);
    const bool nothing = q == quick_case::empty || (q == quick_case::beta_only && beta == T(1));
    if (nothing && !trace_calls()) return;
    const element_strides b = op_strides(g.transb, g.ldb);
    if (g.transa == trans_op::none &&
        gemm_tiny(dim_t{g.m}, g.n, g.k, alpha, x.a, g.lda, x.b, b.rows, b.cols, beta, x.c, g.ldc))
      return;
  }
  gemm(problem_of(g, alpha, beta, x));
}

}  // namespace swblas::api

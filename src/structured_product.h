// The runtime problem of a Level-3 operation other than GEMM, all of which
// are a product op(A) op(B) whose operands may be read through a stored
// triangle (operand_structure, src/macro_kernel.h): symm, hemm, trmm, and
// the updates of trsm. One builder for the real and the complex element
// types, in the runtime so that its trmm and trsm drivers build theirs too.
#pragma once

#include <complex>
#include <type_traits>

#include "complex_gemm.h"
#include "gemm.h"

namespace swblas {

// One operand as the product reads it: element (i, l) of op(X) is
// x[i*rs + l*cs] (through `structure`), conjugated when `conj`.
template <class T>
struct operand_of {
  const T* x;
  inc_t rs, cs;
  operand_structure structure;
  bool conj = false;
};

// A column-major operand read as stored (no transpose).
template <class T>
operand_of<T> as_stored(const T* x, inc_t ld, operand_structure s = {}) {
  return {x, 1, ld, s};
}

template <class T>
struct problem_type {
  using type = basic_gemm_problem<T>;
};
template <class R>
struct problem_type<std::complex<R>> {
  using type = complex_gemm_problem<R>;
};

// C (m x n, leading dimension ldc) := alpha * op(A) op(B) + beta * C, op(A)
// m x k: a real problem, or a complex one for std::complex T.
template <class T>
typename problem_type<T>::type product_problem(dim_t m, dim_t n, dim_t k, T alpha, const operand_of<T>& a,
                                               const operand_of<T>& b, T beta, T* c, inc_t ldc) {
  typename problem_type<T>::type p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.alpha = alpha;
  p.a = a.x;
  p.rs_a = a.rs;
  p.cs_a = a.cs;
  p.a_structure = a.structure;
  p.b = b.x;
  p.rs_b = b.rs;
  p.cs_b = b.cs;
  p.b_structure = b.structure;
  p.beta = beta;
  p.c = c;
  p.ldc = ldc;
  if constexpr (!std::is_same_v<typename problem_type<T>::type, basic_gemm_problem<T>>) {
    p.conj_a = a.conj;
    p.conj_b = b.conj;
  }
  return p;
}

}  // namespace swblas

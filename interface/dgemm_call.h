// The one place where a DGEMM call is checked and turned into the runtime's
// problem. Both entry points go through it: dgemm_ directly, cblas_dgemm after
// rewriting a row-major call as the column-major one.
#pragma once

#include <algorithm>

#include "gemm.h"

namespace swblas::api {

// A DGEMM exactly as the Fortran 77 interface states it: column-major
// matrices, op() chosen by 'N', 'T' or 'C' in either case, LP64 integers.
struct f77_dgemm_call {
  char transa, transb;
  int m, n, k;
  double alpha;
  const double* a;
  int lda;
  const double* b;
  int ldb;
  double beta;
  double* c;
  int ldc;
};

// The checks and the hand-over below are inline, so that each entry point
// compiles to one function: a DGEMM of 8^3 takes about 40 ns, and calls
// between translation units were a fifth of that.
namespace detail {

inline bool is_no_trans(char t) { return t == 'N' || t == 'n'; }
inline bool is_trans(char t) { return t == 'T' || t == 't' || t == 'C' || t == 'c'; }

// Real matrices: 'C' (conjugate transpose) is the same as 'T'.
inline bool is_legal_trans(char t) { return is_no_trans(t) || is_trans(t); }

// The reference returns before reading anything when C cannot change.
inline bool is_quick_return(const f77_dgemm_call& call) {
  return call.m == 0 || call.n == 0 ||
         ((call.alpha == 0.0 || call.k == 0) && call.beta == 1.0);
}

}  // namespace detail

// Position of the first illegal argument in the reference DGEMM's order
// (TRANSA 1, TRANSB 2, M 3, N 4, K 5, LDA 8, LDB 10, LDC 13), 0 if none.
inline int first_illegal_argument(const f77_dgemm_call& call) {
  if (!detail::is_legal_trans(call.transa)) return 1;
  if (!detail::is_legal_trans(call.transb)) return 2;
  if (call.m < 0) return 3;
  if (call.n < 0) return 4;
  if (call.k < 0) return 5;
  const int nrowa = detail::is_no_trans(call.transa) ? call.m : call.k;
  const int nrowb = detail::is_no_trans(call.transb) ? call.k : call.n;
  if (call.lda < std::max(1, nrowa)) return 8;
  if (call.ldb < std::max(1, nrowb)) return 10;
  if (call.ldc < std::max(1, call.m)) return 13;
  return 0;
}

// Runs a call whose arguments are legal: returns without touching C where the
// reference does, otherwise hands one gemm_problem to swblas::gemm.
inline void execute(const f77_dgemm_call& call) {
  if (detail::is_quick_return(call)) return;
  gemm_problem p;
  p.m = call.m;
  p.n = call.n;
  p.k = call.k;
  p.alpha = call.alpha;
  // op(A)(i, l): A(i, l) = a[i + l*lda], or A(l, i) = a[l + i*lda].
  p.a = call.a;
  p.rs_a = detail::is_no_trans(call.transa) ? 1 : call.lda;
  p.cs_a = detail::is_no_trans(call.transa) ? call.lda : 1;
  // op(B)(l, j): B(l, j) = b[l + j*ldb], or B(j, l) = b[j + l*ldb].
  p.b = call.b;
  p.rs_b = detail::is_no_trans(call.transb) ? 1 : call.ldb;
  p.cs_b = detail::is_no_trans(call.transb) ? call.ldb : 1;
  p.beta = call.beta;
  p.c = call.c;
  p.ldc = call.ldc;
  gemm(p);
}

}  // namespace swblas::api

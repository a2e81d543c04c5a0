// syrk, herk, syr2k and her2k as their callers state them, checked and
// solved. With X' = X^T (sy) or X^H (he) and op(X) = X (trans N) or X'
// (trans T or C), on C's uplo triangle:
//   rank k    C := alpha op(A) op(A)' + beta C
//   rank 2k   C := alpha op(A) op(B)' + alpha* op(B) op(A)' + beta C
// (alpha* = alpha for syr2k, conj(alpha) for her2k). A row-major call is the
// column-major call of the transposed problem: C^T keeps the other triangle
// and a row-major A is the column-major storage of A^T, so uplo and trans
// flip, and her2k's alpha is conjugated (C^T = conj(alpha) A^H B + ...).
#pragma once

#include <algorithm>
#include <complex>
#include <optional>

#include "argument_check.h"
#include "blas_int.h"
#include "element_ops.h"
#include "operand_args.h"
#include "options.h"
#include "rank_k.h"

namespace swblas::api {

// Which transposes a routine accepts: a real one N, T and C (C meaning T);
// a complex symmetric one N and T; a Hermitian one N and C.
enum class rank_k_kind { real_symmetric, complex_symmetric, hermitian };

struct rank_k_positions {
  int layout, uplo, trans, n, k, lda, ldb, ldc;
};
// ?syrk_ and ?herk_, ?syr2k_ and ?her2k_; then the CBLAS ones.
inline constexpr rank_k_positions kSyrk{0, 1, 2, 3, 4, 7, 0, 10};
inline constexpr rank_k_positions kSyr2k{0, 1, 2, 3, 4, 7, 9, 12};
inline constexpr rank_k_positions kCblasSyrk{1, 2, 3, 4, 5, 8, 0, 11};
inline constexpr rank_k_positions kCblasSyr2k{1, 2, 3, 4, 5, 8, 10, 13};

struct rank_k_call {
  std::optional<order> layout;
  std::optional<uplo> triangle;
  std::optional<trans_op> trans;  // empty when illegal for the routine
  blas_int n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
};

// A Fortran TRANS as the routine of `kind` accepts it.
inline std::optional<trans_op> fortran_trans(rank_k_kind kind, std::optional<trans_op> t) {
  if (!t || kind == rank_k_kind::real_symmetric) return t;
  const trans_op other = kind == rank_k_kind::hermitian ? trans_op::trans : trans_op::conj_trans;
  return *t == other ? std::nullopt : t;
}

// A CBLAS Trans as the column-major call of `layout` sees it. Row-major, the
// reference flips NoTrans to the routine's transpose and reads the other
// two as NoTrans, except that a complex symmetric routine refuses ConjTrans.
inline std::optional<trans_op> cblas_trans(rank_k_kind kind, std::optional<order> layout,
                                           std::optional<trans_op> t) {
  if (layout != order::row_major) return fortran_trans(kind, t);
  if (!t || (kind == rank_k_kind::complex_symmetric && *t == trans_op::conj_trans)) return std::nullopt;
  if (*t != trans_op::none) return trans_op::none;
  return kind == rank_k_kind::hermitian ? trans_op::conj_trans : trans_op::trans;
}

// The column-major call of c (trans already as cblas_trans gives it).
inline rank_k_call column_major(rank_k_call c) {
  if (c.layout == order::row_major) c.triangle = transposed(*c.triangle);
  return c;
}

// The reference's checks, in its order, on the column-major call.
inline int first_illegal_argument(const rank_k_call& c, const rank_k_positions& at) {
  if (const int info = first_illegal({{!c.layout, at.layout}, {!c.triangle, at.uplo}, {!c.trans, at.trans}}))
    return info;
  const blas_int rows_of_a = *c.trans == trans_op::none ? c.n : c.k;
  return first_illegal({
      {c.n < 0, at.n},
      {c.k < 0, at.k},
      {c.lda < std::max<blas_int>(1, rows_of_a), at.lda},
      {c.ldb < std::max<blas_int>(1, rows_of_a), at.ldb},
      {c.ldc < std::max<blas_int>(1, c.n), at.ldc},
  });
}

// The transpose of op(X) the second factor is: X' when op(X) = X, else X.
inline trans_op second_factor(rank_k_kind kind, trans_op t) {
  if (t != trans_op::none) return trans_op::none;
  return kind == rank_k_kind::hermitian ? trans_op::conj_trans : trans_op::trans;
}

// C_tri := alpha op(X) op(Y)' + beta C_tri for a checked column-major call.
template <class T>
void rank_k_term(const rank_k_call& c, rank_k_kind kind, T alpha, const T* x, blas_int ldx, const T* y, blas_int ldy,
                 T beta, T* cm) {
  const trans_op t = *c.trans;
  gemm_triangle(product_problem(c.n, c.n, c.k, alpha, op_of(x, ldx, t), op_of(y, ldy, second_factor(kind, t)), beta,
                                cm, c.ldc),
                *c.triangle == uplo::upper,
                kind == rank_k_kind::hermitian ? triangle_kind::hermitian : triangle_kind::general);
}

template <class T>
void solve_rank_k(const rank_k_call& c, rank_k_kind kind, T alpha, const T* a, T beta, T* cm) {
  rank_k_term(c, kind, alpha, a, c.lda, a, c.lda, beta, cm);
}

// The second term adds to the first (beta 1), so its quick return leaves
// C as the first one left it.
template <class T>
void solve_rank_2k(const rank_k_call& c, rank_k_kind kind, T alpha, const T* a, const T* b, T beta, T* cm) {
  const T second_alpha = kind == rank_k_kind::hermitian ? conj_of(alpha) : alpha;
  rank_k_term(c, kind, alpha, a, c.lda, b, c.ldb, beta, cm);
  rank_k_term(c, kind, second_alpha, b, c.ldb, a, c.lda, T(1), cm);
}

}  // namespace swblas::api

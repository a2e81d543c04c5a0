// gemmt as OpenBLAS and MKL state it, checked and solved: C := alpha op(A)
// op(B) + beta C on the uplo triangle of the n x n C only. A row-major call
// is the column-major call of the transposed problem, C^T = op(B)^T op(A)^T,
// in which the row-major B and A are column-major operands under the same
// transposes: uplo flips, and A and B (with lda, ldb, transa, transb) change
// places.
#pragma once

#include <algorithm>
#include <optional>
#include <utility>

#include "argument_check.h"
#include "blas_int.h"
#include "cblas_error_layout.h"
#include "operand_args.h"
#include "options.h"
#include "rank_k.h"

namespace swblas::api {

struct gemmt_positions {
  int layout, uplo, transa, transb, n, k, lda, ldb, ldc;
};
// ?gemmt_ and cblas_?gemmt.
inline constexpr gemmt_positions kGemmt{0, 1, 2, 3, 4, 5, 8, 10, 13};
inline constexpr gemmt_positions kCblasGemmt{1, 2, 3, 4, 5, 6, 9, 11, 14};

// A row-major call reports lda and ldb exchanged, as cblas_dgemm does
// (cblas_error_layout.h); the options keep their own positions.
constexpr position_exchange row_major_exchange(const gemmt_positions& at) { return {{{at.lda, at.ldb}}}; }

struct gemmt_call {
  std::optional<order> layout;
  std::optional<uplo> triangle;
  std::optional<trans_op> transa, transb;
  blas_int n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
};

// The column-major call of c, whose options must be legal (the operands
// exchange as the leading dimensions do: see solve_gemmt's caller).
inline gemmt_call column_major(gemmt_call c) {
  if (*c.layout == order::row_major) {
    c.triangle = transposed(*c.triangle);
    std::swap(c.transa, c.transb);
    std::swap(c.lda, c.ldb);
  }
  return c;
}

// OpenBLAS's checks: the first illegal argument by position.
inline int first_illegal_argument(const gemmt_call& caller, const gemmt_positions& at) {
  if (const int info = first_illegal({{!caller.layout, at.layout},
                                      {!caller.triangle, at.uplo},
                                      {!caller.transa, at.transa},
                                      {!caller.transb, at.transb}}))
    return info;
  const gemmt_call c = column_major(caller);
  const blas_int rows_of_a = *c.transa == trans_op::none ? c.n : c.k;
  const blas_int rows_of_b = *c.transb == trans_op::none ? c.k : c.n;
  return first_illegal({
      {c.n < 0, at.n},
      {c.k < 0, at.k},
      {c.lda < std::max<blas_int>(1, rows_of_a), at.lda},
      {c.ldb < std::max<blas_int>(1, rows_of_b), at.ldb},
      {c.ldc < std::max<blas_int>(1, c.n), at.ldc},
  });
}

// Solves a checked column-major call.
template <class T>
void solve_gemmt(const gemmt_call& c, T alpha, const T* a, const T* b, T beta, T* cm) {
  gemm_triangle(product_problem(c.n, c.n, c.k, alpha, op_of(a, c.lda, *c.transa), op_of(b, c.ldb, *c.transb), beta,
                                cm, c.ldc),
                *c.triangle == uplo::upper);
}

}  // namespace swblas::api

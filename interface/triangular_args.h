// trmm and trsm as their callers state them, checked and normalised: B :=
// alpha op(A) B, or the X of op(A) X = alpha B (side left), and the same
// with B op(A), X op(A) (side right), A triangular and read through its
// `uplo` triangle. A row-major call is the column-major call of the
// transposed problem: (op(A) B)^T = B^T op(A)^T, and the row-major A is the
// column-major storage of A^T, so side and uplo flip, M and N change places
// and transa stays.
#pragma once

#include <optional>

#include "argument_check.h"
#include "blas_int.h"
#include "options.h"
#include "sided_call.h"
#include "triangular.h"

namespace swblas::api {

struct triangular_positions {
  int layout, side, uplo, transa, diag, m, n, lda, ldb;
};
// strmm_ ... ztrsm_, and cblas_strmm ... cblas_ztrsm.
inline constexpr triangular_positions kTriangular{0, 1, 2, 3, 4, 5, 6, 9, 11};
inline constexpr triangular_positions kCblasTriangular{1, 2, 3, 4, 5, 6, 7, 10, 12};

// A row-major call reports M and N exchanged (cblas_error_layout.h).
constexpr position_exchange row_major_exchange(const triangular_positions& at) { return {{{at.m, at.n}}}; }

struct triangular_call {
  std::optional<order> layout;
  std::optional<side> side_of_a;
  std::optional<uplo> triangle;
  std::optional<trans_op> transa;
  std::optional<diag> diagonal;
  blas_int m = 0, n = 0, lda = 0, ldb = 0;
};

// The reference's checks, in its order.
inline int first_illegal_argument(const triangular_call& caller, const triangular_positions& at) {
  if (const int info = first_illegal({{!caller.layout, at.layout},
                                      {!caller.side_of_a, at.side},
                                      {!caller.triangle, at.uplo},
                                      {!caller.transa, at.transa},
                                      {!caller.diagonal, at.diag}}))
    return info;
  return first_illegal_dimension(column_major(caller), at);
}

// The runtime problem of a checked call (column-major, legal): op(A) with
// its strides and its triangle in op(A)'s coordinates (a transposed upper
// triangle is a lower one); for a real T the conjugation is void.
template <class T>
triangular_problem<T> triangular_problem_of(const triangular_call& c, T alpha, const T* a, T* b) {
  const bool transposed = *c.transa != trans_op::none;
  const operand_structure triangle{structure::triangular, (*c.triangle == uplo::upper) != transposed,
                                   *c.diagonal == diag::unit};
  const operand_of<T> op_a{a, transposed ? c.lda : 1, transposed ? 1 : c.lda, triangle,
                           *c.transa == trans_op::conj_trans};
  return {*c.side_of_a == side::left, c.m, c.n, alpha, op_a, b, c.ldb};
}

}  // namespace swblas::api

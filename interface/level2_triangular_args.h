// trmv, tbmv, tpmv, trsv, tbsv and tpsv as their callers state them,
// checked and normalised: x := op(A) x or op(A)^-1 x, A n x n triangular
// in full, band or packed storage. A row-major A is the column-major
// storage of A^T (a row-major band or packed triangle too), so a row-major
// call flips uplo and the transpose; its ConjTrans becomes conj(A), as the
// reference CBLAS computes it (conjugating x around a NoTrans call).
#pragma once

#include <algorithm>
#include <optional>

#include "argument_check.h"
#include "blas_int.h"
#include "level2/triangular_vector.h"
#include "options.h"

namespace swblas::api {

// Positions of the arguments (0: the routine has none such).
struct triangular_vector_positions {
  int layout, uplo, trans, diag, n, k, lda, incx;
};
// The Fortran routines (?trmv_ and ?trsv_, ?tbmv_ and ?tbsv_, ?tpmv_ and
// ?tpsv_).
inline constexpr triangular_vector_positions kFullTriangular{0, 1, 2, 3, 4, 0, 6, 8};
inline constexpr triangular_vector_positions kBandTriangular{0, 1, 2, 3, 4, 5, 7, 9};
inline constexpr triangular_vector_positions kPackedTriangular{0, 1, 2, 3, 4, 0, 0, 7};

// The CBLAS routine: the layout comes first. The reference reports every
// position of a row-major call as its own (its xerbla.c exchanges none of
// these routines' positions), so no position_exchange applies.
constexpr triangular_vector_positions cblas_positions(const triangular_vector_positions& f) {
  auto shifted = [](int p) { return p == 0 ? 0 : p + 1; };
  return {1, shifted(f.uplo), shifted(f.trans), shifted(f.diag), shifted(f.n), shifted(f.k), shifted(f.lda),
          shifted(f.incx)};
}

struct triangular_vector_call {
  level2::storage kind = level2::storage::full;
  std::optional<order> layout;
  std::optional<uplo> triangle;
  std::optional<trans_op> trans;
  std::optional<diag> diagonal;
  blas_int n = 0, k = 0, lda = 0, incx = 0;
};

// The smallest legal lda: full A's columns hold n rows, a band's k + 1.
inline blas_int least_lda(const triangular_vector_call& c) {
  return c.kind == level2::storage::band ? c.k + 1 : std::max<blas_int>(1, c.n);
}

// The reference's checks, in its order (the lowest position wins).
inline int first_illegal_argument(const triangular_vector_call& c, const triangular_vector_positions& at) {
  return first_illegal({{!c.layout, at.layout},
                        {!c.triangle, at.uplo},
                        {!c.trans, at.trans},
                        {!c.diagonal, at.diag},
                        {c.n < 0, at.n},
                        {c.k < 0, at.k},
                        {c.lda < least_lda(c), at.lda},
                        {c.incx == 0, at.incx}});
}

// The runtime problem of a checked call (legal options), column-major.
template <class T>
level2::triangular_vector_problem<T> triangular_vector_problem_of(const triangular_vector_call& c, const T* a,
                                                                  T* x) {
  const bool row_major = *c.layout == order::row_major;
  const bool upper = (*c.triangle == uplo::upper) != row_major;
  const level2::triangular_matrix<T> matrix{c.kind, a, c.n, c.lda, c.k, upper, *c.diagonal == diag::unit};
  const level2::triangular_op op{(*c.trans != trans_op::none) != row_major, *c.trans == trans_op::conj_trans};
  return {matrix, op, x, c.incx};
}

}  // namespace swblas::api

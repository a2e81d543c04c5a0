// symm and hemm as their callers state them, checked and solved: C := alpha
// A B + beta C (side left) or alpha B A + beta C (side right), A symmetric
// or Hermitian and read through its `uplo` triangle. A row-major call is
// the column-major call of the transposed problem: C^T = B^T A^T, and A^T
// is the matrix whose column-major storage is the row-major A, symmetric
// (Hermitian) with its other triangle stored; so side and uplo flip and M
// and N change places.
#pragma once

#include <algorithm>
#include <optional>

#include "argument_check.h"
#include "blas_int.h"
#include "options.h"
#include "sided_call.h"
#include "structured_product.h"

namespace swblas::api {

struct symm_positions {
  int layout, side, uplo, m, n, lda, ldb, ldc;
};
// ssymm_ ... zhemm_, and cblas_ssymm ... cblas_zhemm.
inline constexpr symm_positions kSymm{0, 1, 2, 3, 4, 7, 9, 12};
inline constexpr symm_positions kCblasSymm{1, 2, 3, 4, 5, 8, 10, 13};

// A row-major call reports M and N exchanged (cblas_error_layout.h).
constexpr position_exchange row_major_exchange(const symm_positions& at) { return {{{at.m, at.n}}}; }

struct symm_call {
  std::optional<order> layout;
  std::optional<side> side_of_a;
  std::optional<uplo> triangle;
  blas_int m = 0, n = 0, lda = 0, ldb = 0, ldc = 0;
};

// The reference's checks, in its order.
inline int first_illegal_argument(const symm_call& caller, const symm_positions& at) {
  if (const int info = first_illegal({{!caller.layout, at.layout}, {!caller.side_of_a, at.side}, {!caller.triangle, at.uplo}}))
    return info;
  const symm_call c = column_major(caller);
  return first_of(first_illegal_dimension(c, at), first_illegal({{c.ldc < std::max<blas_int>(1, c.m), at.ldc}}));
}

// Solves a checked call (column-major, legal): the product with A read
// through its triangle as `kind` (symmetric or hermitian) says.
template <class T>
void solve_symm(const symm_call& c, structure kind, T alpha, const T* a, const T* b, T beta, T* cm) {
  const operand_of<T> sym = as_stored(a, c.lda, {kind, *c.triangle == uplo::upper});
  const operand_of<T> general = as_stored(b, c.ldb);
  if (*c.side_of_a == side::left)
    gemm(product_problem(c.m, c.n, c.m, alpha, sym, general, beta, cm, c.ldc));
  else
    gemm(product_problem(c.m, c.n, c.n, alpha, general, sym, beta, cm, c.ldc));
}

}  // namespace swblas::api

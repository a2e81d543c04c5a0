// The Level-2 routines with a triangular A, after the interface has checked
// them and made them column-major: x := op(A) x (trmv, tbmv, tpmv) and
// x := op(A)^-1 x (trsv, tbsv, tpsv), A n x n in full, band or packed
// storage (matrix_storage.h).
#pragma once

#include "vector_kernels.h"

namespace swblas::level2 {

enum class storage { full, band, packed };

// A triangular matrix as stored: full (leading dimension lda), band (k
// off-diagonals in lda >= k + 1 rows) or packed (one triangle, column by
// column). Only the `upper` triangle is read, its diagonal only if not
// unit_diag.
template <class T>
struct triangular_matrix {
  storage kind = storage::full;
  const T* a = nullptr;
  index_t n = 0;
  index_t lda = 0;  // full and band
  index_t k = 0;    // band
  bool upper = true;
  bool unit_diag = false;
};

// op(A): A, A^T, A^H, or conj(A) (transposed false, conjugated true: a
// row-major CBLAS call with ConjTrans).
struct triangular_op {
  bool transposed = false;
  bool conjugated = false;
};

template <class T>
struct triangular_vector_problem {
  triangular_matrix<T> a;
  triangular_op op;
  T* x = nullptr;  // n elements with increment incx != 0, as the reference reads them
  index_t incx = 1;
};

// x := op(A) x.
template <class T>
void trmv(const triangular_vector_problem<T>& p);

// x := the solution of op(A) y = x. No test for singularity: a zero
// diagonal element divides as the reference divides.
template <class T>
void trsv(const triangular_vector_problem<T>& p);

}  // namespace swblas::level2

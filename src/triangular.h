// The Level-3 routines with a triangular A, after the interface has
// normalised them to column-major B: trmm and trsm on swblas::gemm.
#pragma once

#include <complex>

#include "structured_product.h"

namespace swblas {

// B (m x n, column-major, leading dimension ldb) against op(A): op(A) B
// when `left`, B op(A) otherwise. `a` is op(A) with its strides, its
// conjugation and a triangular structure in op(A)'s coordinates (upper,
// unit_diag).
template <class T>
struct triangular_problem {
  bool left = true;
  dim_t m = 0, n = 0;
  T alpha = T(1);
  operand_of<T> a;
  T* b = nullptr;
  inc_t ldb = 0;
};

// B := alpha op(A) B or alpha B op(A).
template <class T>
void trmm(const triangular_problem<T>& p);

// B := X, the solution of op(A) X = alpha B or X op(A) = alpha B.
template <class T>
void trsm(const triangular_problem<T>& p);

// B := alpha B; with alpha == 0 B := 0 without reading it (NaN in B
// included), as the reference does before touching A.
template <class T>
void scale_b(const triangular_problem<T>& p) {
  if (p.alpha == T(1)) return;
  for (dim_t j = 0; j < p.n; ++j) {
    T* column = p.b + j * p.ldb;
    for (dim_t i = 0; i < p.m; ++i) column[i] = p.alpha == T(0) ? T(0) : p.alpha * column[i];
  }
}

}  // namespace swblas

// The Level-2 routines with a symmetric or Hermitian A, read through one
// stored triangle in full (?symv, ?syr, ...), band (?sbmv, ?hbmv) or packed
// (?spmv, ?spr, ...) storage: y := alpha A x + beta y, and the rank-1 and
// rank-2 updates of that triangle, on column-major problems.
//
// A row-major Hermitian A is the column-major storage of A^T = conj(A), so
// the reference CBLAS computes with conjugated vectors (and, for the
// product, conjugated scalars and result): `conjugated_vectors` asks for
// that (conj(x y^H) = conj(x) conj(y)^H, exactly in floating point).
#pragma once

#include <complex>

#include "matrix_storage.h"
#include "vector_view.h"

namespace swblas::level2 {

enum class storage_kind { full, band, packed };

// Where A's stored triangle is: full with leading dimension lda, band with
// k off-diagonals (lda >= k + 1), or packed.
struct triangle_storage {
  storage_kind kind = storage_kind::full;
  bool upper = true;
  index_t n = 0;
  index_t k = 0;  // band only
  index_t lda = 0;  // full and band
};

// Symmetric: A(j, i) = A(i, j). Hermitian: A(j, i) = conj(A(i, j)), and
// only the real part of the diagonal is read (the updates zero its imaginary
// part), as the reference does.
enum class symmetry { symmetric, hermitian };

// y := alpha A x + beta y.
template <class T>
struct symmetric_product_problem {
  triangle_storage storage;
  symmetry kind = symmetry::symmetric;
  T alpha = T(1), beta = T(0);
  const T* a = nullptr;
  vector_view<const T> x;
  vector_view<T> y;
  // y := conj(conj(alpha) A conj(x) + conj(beta) conj(y)).
  bool conjugated_vectors = false;
};

// A := alpha x x' + A (rank 1, y unused) or alpha x y' + alpha* y x' + A
// (rank 2), where ' is ^T for a symmetric A, ^H for a Hermitian one, and
// alpha* is conj(alpha) for a Hermitian rank-2 update (her, hpr take a real
// alpha).
template <class T>
struct symmetric_update_problem {
  triangle_storage storage;
  symmetry kind = symmetry::symmetric;
  T alpha = T(1);
  T* a = nullptr;
  vector_view<const T> x;
  vector_view<const T> y;
  // Updates with conj(x) and conj(y) in place of x and y.
  bool conjugated_vectors = false;
};

// The reference's quick returns are the callers'; these compute the rest
// exactly as the reference orders it (beta first, then nothing if alpha is
// zero).
template <class T>
void symmetric_product(const symmetric_product_problem<T>& p);
template <class T>
void symmetric_rank1_update(const symmetric_update_problem<T>& p);
template <class T>
void symmetric_rank2_update(const symmetric_update_problem<T>& p);

}  // namespace swblas::level2

// The symmetric and Hermitian Level-2 routines as their callers state them
// (?symv ... ?hpr2, Fortran and CBLAS), checked and normalised. A row-major
// call is the column-major call on the transposed storage: the stored
// triangle flips (upper <-> lower), and for a Hermitian A, whose transpose
// is its conjugate, the vectors are conjugated (level2/symmetric.h), as the
// reference CBLAS does.
#pragma once

#include <algorithm>
#include <optional>

#include "argument_check.h"
#include "blas_int.h"
#include "cblas_error_layout.h"
#include "level2/symmetric.h"
#include "options.h"

namespace swblas::api {

using level2::storage_kind;
using level2::symmetry;

// The positions of the arguments a routine checks; 0 where its signature
// has none.
struct symmetric_positions {
  int layout, uplo, n, k, lda, incx, incy;
};
// The Fortran routines, by family.
inline constexpr symmetric_positions kSymv{0, 1, 2, 0, 5, 7, 10};
inline constexpr symmetric_positions kSbmv{0, 1, 2, 3, 6, 8, 11};
inline constexpr symmetric_positions kSpmv{0, 1, 2, 0, 0, 6, 9};
inline constexpr symmetric_positions kSyr{0, 1, 2, 0, 7, 5, 0};
inline constexpr symmetric_positions kSpr{0, 1, 2, 0, 0, 5, 0};
inline constexpr symmetric_positions kSyr2{0, 1, 2, 0, 9, 5, 7};
inline constexpr symmetric_positions kSpr2{0, 1, 2, 0, 0, 5, 7};

// A CBLAS routine has the layout first and the Fortran arguments after it.
constexpr int after_layout(int p) { return p == 0 ? 0 : p + 1; }
constexpr symmetric_positions cblas_positions(const symmetric_positions& f) {
  return {1, after_layout(f.uplo), after_layout(f.n), after_layout(f.k), after_layout(f.lda), after_layout(f.incx),
          after_layout(f.incy)};
}

// The reference cblas_?her2 and cblas_?hpr2 call the Fortran routine of a
// row-major problem with x and y exchanged, so it reports incX at incY's
// position and back; the CBLAS tester's handler swaps them again
// (cblas_error_layout.h). No other routine here exchanges positions.
constexpr symmetric_positions with_vectors_exchanged(const symmetric_positions& at) {
  return {at.layout, at.uplo, at.n, at.k, at.lda, at.incy, at.incx};
}
constexpr position_exchange vector_exchange(const symmetric_positions& at) { return {{{at.incx, at.incy}}}; }

struct symmetric_call {
  std::optional<order> layout;
  std::optional<uplo> triangle;
  storage_kind storage = storage_kind::full;
  blas_int n = 0, k = 0, lda = 1, incx = 1, incy = 1;
};

// The reference's checks (a Fortran call's layout is column-major).
inline int first_illegal_argument(const symmetric_call& c, const symmetric_positions& at) {
  const blas_int lda_min = c.storage == storage_kind::band ? c.k + 1 : std::max<blas_int>(1, c.n);
  return first_illegal({{!c.layout, at.layout},
                        {!c.triangle, at.uplo},
                        {c.n < 0, at.n},
                        {c.k < 0, at.k},
                        {c.lda < lda_min, at.lda},
                        {c.incx == 0, at.incx},
                        {c.incy == 0, at.incy}});
}

// The column-major storage a checked call reads.
inline level2::triangle_storage storage_of(const symmetric_call& c) {
  const uplo stored = *c.layout == order::row_major ? transposed(*c.triangle) : *c.triangle;
  return {c.storage, stored == uplo::upper, c.n, c.k, c.lda};
}

inline bool conjugated_vectors(const symmetric_call& c, symmetry kind) {
  return *c.layout == order::row_major && kind == symmetry::hermitian;
}

// y := alpha A x + beta y of a checked call, after the reference's quick
// return.
template <class T>
void run_product(const symmetric_call& c, symmetry kind, T alpha, const T* a, const T* x, T beta, T* y) {
  if (c.n == 0 || (alpha == T(0) && beta == T(1))) return;
  level2::symmetric_product<T>({storage_of(c), kind, alpha, beta, a, view_of(x, c.n, c.incx),
                                view_of(y, c.n, c.incy), conjugated_vectors(c, kind)});
}

// The rank-1 update of a checked call (y null) or the rank-2 one; a
// row-major Hermitian rank-2 update exchanges x and y, as the reference.
template <class T>
void run_update(const symmetric_call& c, symmetry kind, T alpha, const T* x, const T* y, T* a) {
  if (c.n == 0 || alpha == T(0)) return;
  const bool conj = conjugated_vectors(c, kind);
  const vector_view<const T> xv = view_of(x, c.n, c.incx), yv = view_of(y, c.n, c.incy);
  const level2::symmetric_update_problem<T> p{storage_of(c), kind, alpha, a, conj && y ? yv : xv, conj ? xv : yv,
                                              conj};
  if (y)
    level2::symmetric_rank2_update(p);
  else
    level2::symmetric_rank1_update(p);
}

}  // namespace swblas::api

// The Level-2 routines on a general matrix, after the interface has
// normalised them to a column-major A: gemv and gbmv (y := alpha op(A) x +
// beta y, A full or band) and ger, geru, gerc (A := alpha x y' + A).
// Each driver splits its work into ranges of y (gemv, gbmv) or of A's
// columns (ger), one per thread of a team when A is large enough
// (vector_team.h).
#pragma once

#include <complex>
#include <type_traits>

#include "vector_view.h"

namespace swblas::level2 {

// How a matrix-vector product reads A: as it is, conjugated (a row-major
// ConjTrans call: conj(A^T)^T = conj(A)), transposed, or conjugate
// transposed. For a real T the conjugations are no-ops.
enum class matrix_op { none, conj_none, trans, conj_trans };

constexpr bool transposes(matrix_op op) { return op == matrix_op::trans || op == matrix_op::conj_trans; }

// The band of a band matrix: kl subdiagonals, ku superdiagonals.
struct band_width {
  index_t kl = 0, ku = 0;
};

// y := alpha op(A) x + beta y; A is m x n, column-major with leading
// dimension lda (full storage for gemv, band storage for gbmv); x and y
// have op(A)'s column and row counts.
template <class T>
struct matrix_vector_problem {
  matrix_op op = matrix_op::none;
  index_t m = 0, n = 0;
  T alpha = T(1);
  const T* a = nullptr;
  index_t lda = 0;
  vector_view<const T> x{};
  T beta = T(0);
  vector_view<T> y{};
};

// A := alpha u v^T + A, A m x n column-major; u and v as the caller passed
// them, each read conjugated when its flag says so (gerc: v; a row-major
// gerc, A^T := alpha conj(y) x^T + A^T: u).
template <class T>
struct rank_one_problem {
  index_t m = 0, n = 0;
  T alpha = T(1);
  vector_view<const T> u{};
  bool conj_u = false;
  vector_view<const T> v{};
  bool conj_v = false;
  T* a = nullptr;
  index_t lda = 0;
};

// ?gemv: the reference's quick return, y := beta y, then the product.
template <class T>
void gemv(const matrix_vector_problem<T>& p);

// ?gbmv: the same with A in band storage of the given width.
template <class T>
void gbmv(const matrix_vector_problem<T>& p, band_width band);

// ?ger, ?geru, ?gerc.
template <class T>
void ger(const rank_one_problem<T>& p);

}  // namespace swblas::level2

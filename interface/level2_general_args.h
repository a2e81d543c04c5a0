// gemv, gbmv and ger/geru/gerc as their callers state them, checked and
// normalised to the column-major problem the runtime solves.
//
// A row-major A is the column-major storage of A^T (band storage too, with
// kl and ku exchanged), so, as the reference CBLAS does:
//   gemv, gbmv  M and N (and KL and KU) change places and trans flips; a
//               ConjTrans product A^H x of the row-major A is conj(A^T) x of
//               the stored one (matrix_op::conj_none);
//   ger         A^T := alpha y x^T + A^T: M and N, x and y change places
//               (gerc: alpha conj(y) x^T, the first vector conjugated).
// Errors of a row-major call are those of that column-major call, reported
// at the positions its arguments have there (cblas_error_layout.h).
#pragma once

#include <algorithm>
#include <optional>
#include <utility>

#include "argument_check.h"
#include "blas_int.h"
#include "cblas_error_layout.h"
#include "level2/general.h"
#include "options.h"

namespace swblas::api {

// ---- gemv and gbmv ----

// Positions (1-based, 0: no such argument); a band routine has kl.
struct matrix_vector_positions {
  int layout, trans, m, n, kl, ku, lda, incx, incy;
};
inline constexpr matrix_vector_positions kGemv{0, 1, 2, 3, 0, 0, 6, 8, 11};
inline constexpr matrix_vector_positions kGbmv{0, 1, 2, 3, 4, 5, 8, 10, 13};
inline constexpr matrix_vector_positions kCblasGemv{1, 2, 3, 4, 0, 0, 7, 9, 12};
inline constexpr matrix_vector_positions kCblasGbmv{1, 2, 3, 4, 5, 6, 9, 11, 14};

constexpr bool is_band(const matrix_vector_positions& at) { return at.kl != 0; }

constexpr position_exchange row_major_exchange(const matrix_vector_positions& at) {
  return {{{at.m, at.n}, {at.kl, at.ku}}};
}

struct matrix_vector_call {
  std::optional<order> layout;
  std::optional<trans_op> trans;
  blas_int m = 0, n = 0, kl = 0, ku = 0, lda = 0, incx = 0, incy = 0;
};

// The column-major call's dimensions (of the stored A).
inline matrix_vector_call column_major(matrix_vector_call c) {
  if (c.layout == order::row_major) {
    std::swap(c.m, c.n);
    std::swap(c.kl, c.ku);
  }
  return c;
}

// The reference's checks, on the column-major call.
inline int first_illegal_argument(const matrix_vector_call& caller, const matrix_vector_positions& at) {
  if (const int info = first_illegal({{!caller.layout, at.layout}, {!caller.trans, at.trans}})) return info;
  const matrix_vector_call c = column_major(caller);
  const index_t least_lda = is_band(at) ? index_t(c.kl) + c.ku + 1 : std::max<blas_int>(1, c.m);
  return first_illegal({
      {c.m < 0, at.m},
      {c.n < 0, at.n},
      {c.kl < 0, at.kl},
      {c.ku < 0, at.ku},
      {c.lda < least_lda, at.lda},
      {c.incx == 0, at.incx},
      {c.incy == 0, at.incy},
  });
}

// How the column-major product reads the stored A.
inline level2::matrix_op stored_op(const matrix_vector_call& caller) {
  using level2::matrix_op;
  const trans_op t = *caller.trans;
  if (caller.layout != order::row_major)
    return t == trans_op::none ? matrix_op::none : t == trans_op::trans ? matrix_op::trans : matrix_op::conj_trans;
  return t == trans_op::none ? matrix_op::trans : t == trans_op::trans ? matrix_op::none : matrix_op::conj_none;
}

// The runtime problem of a checked (legal) call.
template <class T>
level2::matrix_vector_problem<T> problem_of(const matrix_vector_call& caller, T alpha, const T* a, const T* x,
                                            T beta, T* y) {
  const matrix_vector_call c = column_major(caller);
  const level2::matrix_op op = stored_op(caller);
  const bool transposed = level2::transposes(op);
  const index_t x_length = transposed ? c.m : c.n, y_length = transposed ? c.n : c.m;
  return {op, c.m, c.n, alpha, a, c.lda, view_of(x, x_length, index_t(c.incx)), beta,
          view_of(y, y_length, index_t(c.incy))};
}

// gemv or gbmv, as the positions say, on a checked call.
template <class T>
void solve_matrix_vector(const matrix_vector_call& caller, const matrix_vector_positions& at,
                         const level2::matrix_vector_problem<T>& p) {
  const matrix_vector_call c = column_major(caller);
  if (is_band(at)) return level2::gbmv(p, {c.kl, c.ku});
  level2::gemv(p);
}

// ---- ger, geru, gerc ----

struct rank_one_positions {
  int layout, m, n, incx, incy, lda;
};
inline constexpr rank_one_positions kGer{0, 1, 2, 5, 7, 9};
inline constexpr rank_one_positions kCblasGer{1, 2, 3, 6, 8, 10};

constexpr position_exchange row_major_exchange(const rank_one_positions& at) {
  return {{{at.m, at.n}, {at.incx, at.incy}}};
}

struct rank_one_call {
  std::optional<order> layout;
  blas_int m = 0, n = 0, incx = 0, incy = 0, lda = 0;
};

// The column-major call: x and y change places in a row-major one.
inline rank_one_call column_major(rank_one_call c) {
  if (c.layout == order::row_major) {
    std::swap(c.m, c.n);
    std::swap(c.incx, c.incy);
  }
  return c;
}

inline int first_illegal_argument(const rank_one_call& caller, const rank_one_positions& at) {
  if (!caller.layout) return at.layout;
  const rank_one_call c = column_major(caller);
  return first_illegal({
      {c.m < 0, at.m},
      {c.n < 0, at.n},
      {c.incx == 0, at.incx},
      {c.incy == 0, at.incy},
      {c.lda < std::max<blas_int>(1, c.m), at.lda},
  });
}

// A := alpha x y' + A with y' = y^T, or y^H when `conjugated` (gerc).
template <class T>
level2::rank_one_problem<T> problem_of(const rank_one_call& caller, bool conjugated, T alpha, const T* x,
                                       const T* y, T* a) {
  const rank_one_call c = column_major(caller);
  const bool row_major = caller.layout == order::row_major;
  // The column-major call's vectors: u of length m, v of length n.
  const T* u = row_major ? y : x;
  const T* v = row_major ? x : y;
  return {c.m,        c.n, alpha, view_of(u, index_t(c.m), index_t(c.incx)), conjugated && row_major,
          view_of(v, index_t(c.n), index_t(c.incy)), conjugated && !row_major, a, c.lda};
}

}  // namespace swblas::api

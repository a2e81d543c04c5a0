// What trmv and trsv (and their band and packed forms) share: the three
// storages as one accessor each, a triangle's columns as contiguous runs
// for the vector primitives, the diagonal blocks of a full triangle, and
// the unit-stride working copy of x.
#pragma once

#include <algorithm>
#include <complex>
#include <type_traits>

#include "element_ops.h"
#include "level2/matrix_storage.h"
#include "level2/triangular_vector.h"
#include "vector_team.h"
#include "vector_view.h"

namespace swblas::level2 {

// Where element (i, j) of the stored triangle is, for each storage.
template <class T>
struct full_storage {
  const T* a;
  index_t lda;
  const T* at(index_t i, index_t j) const { return a + i + j * lda; }
  // The storage of the triangle that starts at (j0, j0).
  full_storage from(index_t j0) const { return {at(j0, j0), lda}; }
};

template <class T>
struct band_storage {
  const T* a;
  index_t lda;
  index_t ku;  // k for an upper band, 0 for a lower one
  const T* at(index_t i, index_t j) const { return a + band_offset(i, j, ku, lda); }
};

template <class T>
struct packed_storage {
  const T* a;
  index_t n;
  bool upper;
  const T* at(index_t i, index_t j) const {
    return a + (upper ? packed_upper_offset(i, j) : packed_lower_offset(i, j, n));
  }
};

// The triangle's order, its number k of stored off-diagonals (n - 1 unless
// banded), which one it is and whether its diagonal is implicitly one.
struct triangle_shape {
  index_t n, k;
  bool upper, unit_diag;
  triangle_shape leading(index_t order) const { return {order, order - 1, upper, unit_diag}; }
};

// Column j of a triangle: its diagonal element, and its stored
// off-diagonal elements, rows [first, first + count), contiguous at `run`
// in every storage.
template <class T>
struct triangle_column {
  const T* diagonal;
  const T* run;
  index_t first, count;
};

template <class T, class Storage>
triangle_column<T> column_of(const Storage& s, const triangle_shape& t, index_t j) {
  if (t.upper) {
    const index_t first = std::max<index_t>(0, j - t.k);
    return {s.at(j, j), s.at(first, j), first, j - first};
  }
  const index_t last = std::min(t.n - 1, j + t.k);
  return {s.at(j, j), s.at(j + 1, j), j + 1, last - j};
}

// a * b, without the NaN recovery of std::complex's operator* (the
// reference's Fortran has none; the primitives neither).
// The diagonal element op(A) reads.
template <class T>
T diagonal_of(const triangle_column<T>& c, const triangular_op& op) {
  return conjugate_if(op.transposed && op.conjugated, *c.diagonal);
}

// sum op(a)_i x_i over a column's run: the dot product of a transposed
// sweep. On the caller's strided x (no unit-stride copy could be had), one
// element after the other.
template <class T>
T column_dot(const triangle_column<T>& c, const triangular_op& op, const T* x) {
  const vector_kernels<T>& v = vector_kernels_of<T>();
  return (op.conjugated ? v.dotc : v.dotu)(c.count, c.run, x + c.first);
}
template <class T>
T column_dot(const triangle_column<T>& c, const triangular_op& op, const vector_view<T>& x) {
  T sum = T(0);
  for (index_t r = 0; r < c.count; ++r) sum += times(conjugate_if(op.conjugated, c.run[r]), x[c.first + r]);
  return sum;
}

// x's rows of a column's run += alpha run: the axpy of a sweep, on unit
// stride or on the caller's strided x.
template <class T>
void add_column(const triangle_column<T>& c, T alpha, T* x) {
  vector_kernels_of<T>().axpy(c.count, alpha, c.run, x + c.first);
}
template <class T>
void add_column(const triangle_column<T>& c, T alpha, const vector_view<T>& x) {
  for (index_t r = 0; r < c.count; ++r) x[c.first + r] += times(alpha, c.run[r]);
}

// The element type of a storage (full_storage<T> and the like).
template <class Storage>
using element_of = std::remove_const_t<std::remove_pointer_t<decltype(Storage::a)>>;

// The diagonal blocks of a full triangle: large enough that the rectangles
// between them run as gemv at memory bandwidth, small enough that the
// scalar-order sweeps inside them are a small part of the work.
constexpr index_t kDiagonalBlock = 64;

// Inside a diagonal block, columns go by groups of kGroup, each group's
// square in registers by the ISA's kernel (vector_kernels::
// solve_lower_square, multiply_upper_square): the column sweep through
// memory made every column wait for the last one's stores (a scalar store
// of x_j, then a vector load of the next column's axpy or dot over it,
// which cannot take its value from that store). Measured on Zen 5, dtrsv
// at n = 64: 1.25 us by columns; by groups of 4, 8 and 16 in locals 0.91,
// 0.86 and 0.81.
constexpr index_t kGroup = kTriangleSquare;

// Calls f(j0, j1) for each block [j0, j1) of `block` columns (diagonal
// blocks, or groups) of an order-n triangle, first to last or last to first.
template <class F>
void for_each_diagonal_block(index_t n, bool ascending, F f, index_t block = kDiagonalBlock) {
  const index_t blocks = (n + block - 1) / block;
  for (index_t b = 0; b < blocks; ++b) {
    const index_t j0 = (ascending ? b : blocks - 1 - b) * block;
    f(j0, std::min(n, j0 + block));
  }
}

// y += alpha A x, A m x n, as the reference's column loop: a column whose
// x_j is zero is skipped, so that its NaN or Inf never reaches y.
template <class T>
void add_columns(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y) {
  const vector_kernels<T>& v = vector_kernels_of<T>();
  if (std::find(x, x + n, T(0)) == x + n) return v.gemv_n(m, n, alpha, a, lda, x, y);
  for (index_t j = 0; j < n; ++j)
    if (x[j] != T(0)) v.axpy(m, times(alpha, x[j]), a + j * lda, y);
}

// How many diagonal blocks an order-n triangle has.
inline index_t diagonal_blocks(index_t n) { return (n + kDiagonalBlock - 1) / kDiagonalBlock; }

// Rows [r0, r1) of x += alpha A[r0:r1, j0:j1] x_j (x_j: the block's x, or
// a copy of it), cut where the first column reaches a line, as
// apply_rectangle cuts its rows: one part of a team's rows.
template <class T>
void add_rows_beside(const full_storage<T>& s, index_t r0, index_t r1, index_t j0, index_t j1, T alpha, const T* x_j,
                     T* x) {
  if (r0 >= r1) return;
  auto add = [&](index_t b, index_t e) { add_columns(e - b, j1 - j0, alpha, s.at(r0 + b, j0), s.lda, x_j, x + r0 + b); };
  run_from_anchor(0, r1 - r0, line_anchor(s.at(r0, j0), r1 - r0), add);
}

// The rectangle of a full triangle beside the diagonal block [j0, j1)
// (above it if upper, below it if lower), applied to x: rows += alpha R x_J
// if not transposed, x_J += alpha op(R)^T x_rows if transposed. A large
// rectangle is shared by a team: by rows (not transposed) or by columns.
template <class T>
void apply_rectangle(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, index_t j0,
                     index_t j1, T alpha, T* x) {
  const index_t r0 = t.upper ? 0 : j1, r1 = t.upper ? j0 : t.n;
  if (r0 == r1) return;
  const vector_kernels<T>& v = vector_kernels_of<T>();
  const std::size_t bytes = sizeof(T) * std::size_t(r1 - r0) * std::size_t(j1 - j0);
  if (!op.transposed)  // cut where the first column reaches a line, as gemv's rows (anchored_rows)
    return for_each_range(
        r1 - r0, 16, bytes,
        [&](index_t b, index_t e) { add_columns(e - b, j1 - j0, alpha, s.at(r0 + b, j0), s.lda, x + j0, x + r0 + b); },
        line_anchor(s.at(r0, j0), r1 - r0));
  const auto product = op.conjugated ? v.gemv_c : v.gemv_t;
  for_each_range(j1 - j0, 4, bytes, [&](index_t b, index_t e) {
    product(r1 - r0, e - b, alpha, s.at(r0, j0 + b), s.lda, x + r0, x + j0 + b);
  });
}

// A group's square (order t.n <= kGroup) as the ISA's kernel takes it: a
// lower triangle solved (`solve`) or an upper one multiplied, first to
// last. op(A) itself is that triangle, or it is once reversed (its last
// row and column first, and x's last element) where the reference's loops
// go last to first: `ascending` says which.
template <class T>
void square_by_kernel(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, bool ascending,
                      bool solve, T* x) {
  index_t row_step = op.transposed ? s.lda : 1, column_step = op.transposed ? 1 : s.lda, x_step = 1;
  const T* a = s.a;
  if (!ascending) {
    a = s.at(t.n - 1, t.n - 1);
    x += t.n - 1;
    row_step = -row_step;
    column_step = -column_step;
    x_step = -1;
  }
  const vector_kernels<T>& v = vector_kernels_of<T>();
  (solve ? v.solve_lower_square : v.multiply_upper_square)(t.n, t.unit_diag, !op.transposed, op.conjugated, a,
                                                           row_step, column_step, x, x_step);
}

// The diagonal block at s (order t.n, unit-stride x) by groups of kGroup
// columns in the sweep's order: each group's square by square(storage,
// shape, op, x), and the block's rectangle beside the group
// (apply_rectangle, alpha) before or after it.
template <class T, class Square>
void by_groups(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, bool ascending,
               bool beside_first, T alpha, T* x, Square square) {
  for_each_diagonal_block(
      t.n, ascending,
      [&](index_t g0, index_t g1) {
        if (beside_first) apply_rectangle(s, t, op, g0, g1, alpha, x);
        square(s.from(g0), t.leading(g1 - g0), op, x + g0);
        if (!beside_first) apply_rectangle(s, t, op, g0, g1, alpha, x);
      },
      kGroup);
}

// on_unit_stride's work on x (a T* at unit stride, or a vector_view).
template <class T, class OpOn, class X>
void run_on(const triangular_vector_problem<T>& p, OpOn op_on, X x) {
  const triangular_matrix<T>& a = p.a;
  triangular_op op = p.op;
  const bool conjugate_around = op.conjugated && !op.transposed;
  auto conjugate_x = [&] {
    if (conjugate_around)
      for (index_t i = 0; i < a.n; ++i) x[i] = conj_of(x[i]);
  };
  if (conjugate_around) op.conjugated = false;
  conjugate_x();
  const triangle_shape shape{a.n, a.kind == storage::band ? a.k : a.n - 1, a.upper, a.unit_diag};
  switch (a.kind) {
    case storage::full:
      op_on(full_storage<T>{a.a, a.lda}, shape, op, x);
      break;
    case storage::band:
      op_on(band_storage<T>{a.a, a.lda, a.upper ? a.k : 0}, shape, op, x);
      break;
    case storage::packed:
      op_on(packed_storage<T>{a.a, a.n, a.upper}, shape, op, x);
      break;
  }
  conjugate_x();
}

// Runs op_on(storage, shape, op, x) on p's storage with x at unit stride
// (the caller's memory, or this thread's copy written back after), or with
// x the caller's strided vector_view when that copy cannot be had. A
// conjugated, not transposed op(A) runs as A on conj(x), conjugated back:
// conj(A) x = conj(A conj(x)), as the reference CBLAS does it.
template <class T, class OpOn>
void on_unit_stride(const triangular_vector_problem<T>& p, OpOn op_on) {
  const vector_view<T> caller = view_of(p.x, p.a.n, p.incx);
  const unit_stride_output<T> work(caller, pack_role::vector_x);
  if (work.data()) {
    run_on(p, op_on, work.data());
    work.finish();
  } else {
    run_on(p, op_on, caller);
  }
}

}  // namespace swblas::level2

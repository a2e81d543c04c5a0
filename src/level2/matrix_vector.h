// What the general drivers share: the row blocks of their passes, and for
// gemv and gbmv the reference's quick return and order (y := beta y first,
// A and x untouched when alpha == 0), x and y at unit stride for the
// primitives, and a row-major ConjTrans product computed as the reference
// CBLAS does it: conj(A) x = conj(A conj(x)), so y is conjugated around a
// plain product with conj(alpha), conj(beta) and a conjugated copy of x
// (conjugation is exact: the results are the same). When no unit-stride
// copy can be had, the reference's loops on the caller's strided vectors.
#pragma once

#include <algorithm>
#include <type_traits>

#include "general.h"
#include "pack_buffer.h"
#include "vector_team.h"
#include "vector_view.h"

namespace swblas::level2 {

// Rows per pass of gemv's primitives: a block of the vector that runs along
// the columns (y of A x, x of A^T x) stays in the L2 cache while the
// columns go over it, instead of being streamed again for every few
// columns; A is still read once. Blocks of 16 KB (L1) cut each column into
// more streams: dgemv 4000^2 on one Zen 4 core ran at 19-21 GB/s with them,
// 24 GB/s with 128 KB.
template <class T>
constexpr index_t kRowBlock = index_t(128 * 1024 / sizeof(T));

// fn(b, e) over rows [first, last) of the column whose row 0 is at
// `column`, in blocks of at most `block` rows, the first cut where the
// column reaches a cache line (line_anchor, vector_team.h): the loads of
// the rest then take whole lines, as they do in every column when lda
// spans whole lines. From malloc's offset, one thread at n = 200 / 1000 /
// 4000, zgemv_n ran 1.5-1.7x and dger 1.3-1.5x slower uncut (Zen 5).
template <class T, class Fn>
void anchored_rows(const T* column, index_t first, index_t last, index_t block, Fn&& fn) {
  index_t i = first;
  if (const index_t head = line_anchor(column + first, last - first); head > 0) {
    fn(i, i + head);
    i += head;
  }
  for (; i < last; i += block) fn(i, std::min(i + block, last));
}

// A team's ranges of y (or of A's columns) start at multiples of this: the
// column kernels take four columns at a time, and a cache line of y is
// never shared.
inline constexpr index_t kRangeAlign = 16;

// Column j of A as a product reads it: rows [first, first + count),
// contiguous at run.
template <class T>
struct matrix_column {
  index_t first, count;
  const T* run;
};

// y := alpha op(A) x + beta y on the caller's strided x and y, one element
// after the other as the reference's loops; column(j) is A's column j.
template <class T, class Column>
void strided_product(const matrix_vector_problem<T>& p, Column column) {
  if (p.beta != T(1))
    for (index_t i = 0; i < p.y.n; ++i) p.y[i] = p.beta == T(0) ? T(0) : times(p.beta, p.y[i]);
  if (p.alpha == T(0)) return;
  const bool conj_a = p.op == matrix_op::conj_none || p.op == matrix_op::conj_trans;
  for (index_t j = 0; j < p.n; ++j) {
    const matrix_column<T> c = column(j);
    if (!transposes(p.op)) {
      const T temp = times(p.alpha, p.x[j]);
      for (index_t r = 0; r < c.count; ++r) p.y[c.first + r] += times(temp, conjugate_if(conj_a, c.run[r]));
    } else {
      T sum = T(0);
      for (index_t r = 0; r < c.count; ++r) sum += times(conjugate_if(conj_a, c.run[r]), p.x[c.first + r]);
      p.y[j] += times(p.alpha, sum);
    }
  }
}

// y := alpha op(A) x + beta y, where product(q, x, y, first, last) adds
// alpha op(A) x to y's elements [first, last) (x, y at unit stride, q's op
// never conj_none). A range of y is what one thread of a team owns (A's
// stored elements: matrix_elements). column(j) as strided_product's.
template <class T, class RangeProduct, class Column>
void matrix_vector_product(const matrix_vector_problem<T>& p, index_t matrix_elements, RangeProduct product,
                           Column column) {
  if (p.m == 0 || p.n == 0 || (p.alpha == T(0) && p.beta == T(1))) return;
  const bool conjugated = p.op == matrix_op::conj_none && !std::is_floating_point_v<T>;
  matrix_vector_problem<T> q = p;
  if (p.op == matrix_op::conj_none) {
    q.op = matrix_op::none;
    q.alpha = conj_of(p.alpha);
    q.beta = conj_of(p.beta);
  }
  const T* x = nullptr;  // not read when alpha == 0
  if (p.alpha != T(0) && !(x = unit_stride_input(p.x, pack_role::vector_x, conjugated)))
    return strided_product(p, column);
  const unit_stride_output<T> y(p.y, pack_role::vector_y);
  if (!y.data()) return strided_product(p, column);
  if (conjugated) conjugate_in_place(y.data(), p.y.n);
  const auto part = [&](index_t first, index_t last) {
    scale_by_beta(q.beta, y.data() + first, last - first);
    if (q.alpha != T(0)) product(q, x, y.data(), first, last);
  };
  for_each_range(p.y.n, kRangeAlign, sizeof(T) * std::size_t(matrix_elements), part);
  if (conjugated) conjugate_in_place(y.data(), p.y.n);
  y.finish();
}

}  // namespace swblas::level2

// symv's diagonal blocks (vector_kernels::symmetric_square) for real
// element types. Column j of a stored triangle stands for itself (an
// update of y's rows by alpha x_j A(:, j)) and for its mirrored row (a dot
// that ends in y_j). Column by column, each dot was summed to a scalar and
// stored into y_j, which the next column's vector update then loaded
// through a store it could not forward from: one column after the other
// at the latency of that chain. Here all the dots go first (upper) or last
// (lower), kDots columns side by side and summed by one transposition, and
// the updates kUpdates columns at a time, each element of y still taking
// its terms in the reference's column order (one fused multiply-add per
// column, as axpy). Whole vectors run without tests; only the vectors the
// triangle's edge crosses choose their lanes.
#pragma once

#include <algorithm>

#include "lane_sums.h"
#include "vector_kernels.h"

namespace swblas::kernels {

// Internal linkage: each ISA's file compiles its own copy.
namespace {

template <class Simd>
struct symmetric_square_ops {
  using R = typename Simd::value_type;
  using reg = typename Simd::reg;
  static constexpr index_t W = Simd::width;
  static constexpr int kDots = 8;     // columns whose dots run side by side
  // Columns whose updates share a pass over y (each pass's chain through
  // y waits for the last one's store).
  static constexpr int kUpdates = 8;
  static_assert(W <= 16, "kLane numbers at most 16 lanes");
  alignas(64) static constexpr R kLane[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

  // y := y + alpha A x for the symmetric A whose upper (lower) triangle is
  // stored in the nb x nb block at a: per column j, temp1 = alpha x_j,
  // y_i += temp1 A(i, j) over its stored rows i != j and y_j += temp1
  // A(j, j) + alpha sum_i A(i, j) x_i. Row i takes its own term (at column
  // i) before the later columns' updates (upper), or after the earlier
  // columns' (lower), as the reference's loops order them.
  static void run(index_t nb, bool upper, R alpha, const R* a, index_t lda, const R* x, R* y) {
    if (upper) {
      add_own_terms<true>(nb, alpha, a, lda, x, y);
      add_updates<true>(nb, alpha, a, lda, x, y);
    } else {
      add_updates<false>(nb, alpha, a, lda, x, y);
      add_own_terms<false>(nb, alpha, a, lda, x, y);
    }
  }

 private:
  // Column j's stored rows other than j: [first_row, end_row).
  template <bool Upper>
  static index_t first_row(index_t j) {
    return Upper ? 0 : j + 1;
  }
  template <bool Upper>
  static index_t end_row(index_t j, index_t nb) {
    return Upper ? j : nb;
  }

  // The vector of rows [r, r + W) of a column whose rows end at `end`:
  // lanes at or beyond it zero, never read; and its store.
  static reg load_until(const R* column, index_t r, index_t end) {
    if (r + W <= end) return Simd::loadu(column + r);
    return Simd::load_first(column + r, Simd::first_lanes(static_cast<int>(end - r)));
  }
  static void store_until(R* column, index_t r, index_t end, reg v) {
    if (r + W <= end)
      Simd::storeu(column + r, v);
    else
      Simd::store_first(column + r, Simd::first_lanes(static_cast<int>(end - r)), v);
  }

  // Lanes [from, to) of `updated`, the others of `kept`.
  static reg in_lanes(reg updated, reg kept, index_t from, index_t to) {
    const reg lane = Simd::loadu(kLane);
    const reg below_to = to < W ? Simd::if_less(lane, Simd::set1(R(to)), updated, kept) : updated;
    return from > 0 ? Simd::if_less(lane, Simd::set1(R(from)), kept, below_to) : below_to;
  }

  // The lanes of the vector at rows [r, r + W) that lie in [lo, hi).
  static index_t from_lane(index_t r, index_t lo) { return std::max<index_t>(0, lo - r); }
  static index_t to_lane(index_t r, index_t hi) { return std::min<index_t>(W, hi - r); }

  // The vectors every column of [j, j + U) covers whole, [begin, end):
  // upper, from row 0 to column j's end; lower, from the first vector past
  // column j + U - 1's first row to the block's last whole vector.
  template <bool Upper, int U>
  static index_t whole_begin(index_t j) {
    return Upper ? 0 : (j + U + W - 1) / W * W;
  }
  template <bool Upper, int U>
  static index_t whole_end(index_t j, index_t nb) {
    if (Upper) return j / W * W;
    const index_t begin = whole_begin<Upper, U>(j);
    return begin + std::max<index_t>(0, (nb - begin) / W * W);
  }

  // edge(r) for each vector that columns [j, j + U) do not all cover
  // whole, given the ones they do, [begin, end): upper, those after them
  // up to the last column's end; lower, those before them from the first
  // column's first row, and the block's last if it is partial.
  template <bool Upper, int U, class Edge>
  static void for_each_edge(index_t j, index_t nb, index_t begin, index_t end, Edge edge) {
    if (Upper) {
      for (index_t r = end; r < j + U - 1; r += W) edge(r);
    } else {
      for (index_t r = (j + 1) / W * W; r < std::min(begin, nb); r += W) edge(r);
      if (end < nb) edge(end);
    }
  }

  // The updates of columns [j, j + U): one fused multiply-add per column
  // into each element of y, in column order, as axpy would. (Summing a
  // pass's eight products before adding them to y, as gemv_n groups four,
  // shortens the chain through y but failed one of reference LAPACK's SST
  // driver checks in single precision: ratio 94 against 50, order 20.)
  template <bool Upper, int U>
  static void update_columns(index_t j, index_t nb, R alpha, const R* a, index_t lda, const R* x, R* y) {
    reg t[U];
    const R* c[U];
#pragma GCC unroll 8
    for (int u = 0; u < U; ++u) {
      t[u] = Simd::set1(alpha * x[j + u]);
      c[u] = a + (j + u) * lda;
    }
    const index_t begin = whole_begin<Upper, U>(j), end = whole_end<Upper, U>(j, nb);
    for (index_t r = begin; r < end; r += W) {
      reg v = Simd::loadu(y + r);
#pragma GCC unroll 8
      for (int u = 0; u < U; ++u) v = Simd::fma(t[u], Simd::loadu(c[u] + r), v);
      Simd::storeu(y + r, v);
    }
    // A vector the edge crosses: each column in its own lanes.
    const auto edge = [&](index_t r) {
      reg v = load_until(y, r, nb);
#pragma GCC unroll 8
      for (int u = 0; u < U; ++u) {
        const index_t from = from_lane(r, first_row<Upper>(j + u)), to = to_lane(r, end_row<Upper>(j + u, nb));
        if (from < to) v = in_lanes(Simd::fma(t[u], load_until(c[u], r, r + to), v), v, from, to);
      }
      store_until(y, r, nb, v);
    };
    for_each_edge<Upper, U>(j, nb, begin, end, edge);
  }

  template <bool Upper>
  static void add_updates(index_t nb, R alpha, const R* a, index_t lda, const R* x, R* y) {
    index_t j = 0;
    for (; j + kUpdates <= nb; j += kUpdates) update_columns<Upper, kUpdates>(j, nb, alpha, a, lda, x, y);
    for (; j < nb; ++j) update_columns<Upper, 1>(j, nb, alpha, a, lda, x, y);
  }

  // The own terms y_j += temp1 A(j, j) + alpha dot_j of columns [j, j + U).
  template <bool Upper, int U>
  static void own_terms(index_t j, index_t nb, R alpha, const R* a, index_t lda, const R* x, R* y) {
    reg acc[U];
    const R* c[U];
#pragma GCC unroll 8
    for (int u = 0; u < U; ++u) {
      acc[u] = Simd::zero();
      c[u] = a + (j + u) * lda;
    }
    const index_t begin = whole_begin<Upper, U>(j), end = whole_end<Upper, U>(j, nb);
    // A vector the edge crosses: each column's product in its own lanes
    // (past its last row the masked loads give zeros and read nothing;
    // before its first, lower, a blend keeps the sum).
    const auto edge = [&](index_t r) {
#pragma GCC unroll 8
      for (int u = 0; u < U; ++u) {
        const index_t from = from_lane(r, first_row<Upper>(j + u)), to = to_lane(r, end_row<Upper>(j + u, nb));
        if (from >= to) continue;
        const reg sum = Simd::fma(load_until(c[u], r, r + to), load_until(x, r, r + to), acc[u]);
        acc[u] = from > 0 ? in_lanes(sum, acc[u], from, W) : sum;
      }
    };
    for (index_t r = begin; r < end; r += W) {
      const reg xv = Simd::loadu(x + r);
#pragma GCC unroll 8
      for (int u = 0; u < U; ++u) acc[u] = Simd::fma(Simd::loadu(c[u] + r), xv, acc[u]);
    }
    for_each_edge<Upper, U>(j, nb, begin, end, edge);
    alignas(64) R sums[(U + W - 1) / W * W];
    lane_sums<Simd, U>(acc, sums);
    for (int u = 0; u < U; ++u) {
      const R temp1 = alpha * x[j + u];
      y[j + u] = y[j + u] + temp1 * c[u][j + u] + alpha * sums[u];
    }
  }

  template <bool Upper>
  static void add_own_terms(index_t nb, R alpha, const R* a, index_t lda, const R* x, R* y) {
    index_t j = 0;
    for (; j + kDots <= nb; j += kDots) own_terms<Upper, kDots>(j, nb, alpha, a, lda, x, y);
    for (; j < nb; ++j) own_terms<Upper, 1>(j, nb, alpha, a, lda, x, y);
  }
};

}  // namespace
}  // namespace swblas::kernels

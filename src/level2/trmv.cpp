// x := op(A) x for a triangular A (trmv, tbmv, tpmv): one column sweep for
// every storage, as the reference's loops; a full A runs those loops on
// groups of columns in locals inside its diagonal blocks
// (triangle_columns.h says why), the rest as gemv.
#include <algorithm>
#include <complex>

#include "level2/triangle_columns.h"
#include "pack_buffer.h"

namespace swblas::level2 {
namespace {

// The reference's order: each x_j is read before it is overwritten, so
// not transposed an upper A goes first to last (column j adds x_j to the
// rows above it), a lower one last to first; transposed the other way.
bool ascending(const triangle_shape& t, const triangular_op& op) { return t.upper != op.transposed; }

// x: a T* at unit stride, or the caller's strided vector_view.
template <class Storage, class X>
void sweep_product(const Storage& s, const triangle_shape& t, const triangular_op& op, X x) {
  using T = element_of<Storage>;
  for (index_t step = 0; step < t.n; ++step) {
    const index_t j = ascending(t, op) ? step : t.n - 1 - step;
    const triangle_column<T> c = column_of<T>(s, t, j);
    if (!op.transposed) {
      // x_j read once, before the column's axpy (which leaves it alone):
      // read after it, it waited for the axpy's last stores to be written.
      const T xj = x[j];
      if (xj == T(0)) continue;  // the reference skips the column: A's NaN stays out
      add_column(c, xj, x);
      if (!t.unit_diag) x[j] = times(xj, *c.diagonal);
    } else {
      const T diagonal_term = t.unit_diag ? x[j] : times(x[j], diagonal_of(c, op));
      x[j] = diagonal_term + column_dot(c, op, x);
    }
  }
}

// The order-w (<= kGroup) triangle at s applied in registers.
template <class T>
void multiply_square(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  square_by_kernel(s, t, op, ascending(t, op), false, x);
}

// A full A by diagonal blocks, in the sweep's order: not transposed, a
// block's rectangle first reads x_J before the block overwrites it;
// transposed, it adds to x_J after.
template <class T>
void product_alone(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  for_each_diagonal_block(t.n, ascending(t, op), [&](index_t j0, index_t j1) {
    if (!op.transposed) apply_rectangle(s, t, op, j0, j1, T(1), x);
    // Inside the block, by groups: not transposed, a group's columns are
    // added to the rows beside it before its square overwrites x_J;
    // transposed, those rows are added to x_J after.
    by_groups(s.from(j0), t.leading(j1 - j0), op, ascending(t, op), !op.transposed, T(1), x + j0, multiply_square<T>);
    if (op.transposed) apply_rectangle(s, t, op, j0, j1, T(1), x);
  });
}

// The diagonal blocks [b0, b1) of x as one part of a team: each element of
// x there gets its block's square, then op(A)'s row beside it, rectangle by
// rectangle in the sweep's order (the same sums, the same bits, as
// product_alone), reading the other blocks' x from `original`, taken
// before the team started, since their owners overwrite them.
template <class T>
void owned_blocks(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, index_t b0, index_t b1,
                  const T* original, T* x) {
  const index_t n = t.n, p0 = b0 * kDiagonalBlock, p1 = std::min(n, b1 * kDiagonalBlock);
  auto square = [&](index_t j0, index_t j1) {
    by_groups(s.from(j0), t.leading(j1 - j0), op, ascending(t, op), !op.transposed, T(1), x + j0, multiply_square<T>);
  };
  if (op.transposed) {
    // x_J += op(R)^T x_rows, R the rectangle beside the block (its column).
    const vector_kernels<T>& v = vector_kernels_of<T>();
    return for_each_diagonal_block(p1 - p0, true, [&](index_t b, index_t e) {
      const index_t j0 = p0 + b, j1 = p0 + e, r0 = t.upper ? 0 : j1, r1 = t.upper ? j0 : n;
      square(j0, j1);
      if (r0 < r1) (op.conjugated ? v.gemv_c : v.gemv_t)(r1 - r0, j1 - j0, T(1), s.at(r0, j0), s.lda, original + r0, x + j0);
    });
  }
  // Not transposed: the part's rows += R x_J for every column block J whose
  // rectangle crosses them, cut where R's first column reaches a line (as
  // apply_rectangle), and each of its own blocks' square in its turn.
  for_each_diagonal_block(n, t.upper, [&](index_t j0, index_t j1) {
    const index_t r0 = t.upper ? p0 : std::max(p0, j1), r1 = t.upper ? std::min(p1, j0) : p1;
    add_rows_beside(s, r0, r1, j0, j1, T(1), original + j0, x);
    if (p0 <= j0 && j0 < p1) square(j0, j1);
  });
}

// A full A on a team: part t owns a range of diagonal blocks (equal shares
// of the triangle) and computes x there alone, no part waiting for another.
// A team per rectangle (as trsv's, whose blocks depend on each other) met
// 2 n / kDiagonalBlock times and ran the squares alone: dtrmv of 4000^2 on
// two Zen 5 threads read about what one thread did.
template <class T>
void product(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  const index_t blocks = diagonal_blocks(t.n);
  const int nt = vector_team_size(blocks, sizeof(T) * std::size_t(t.n) * std::size_t(t.n + 1) / 2);
  T* const original = nt > 1 ? try_thread_pack_buffer_of<T>(pack_role::operand_copy, std::size_t(t.n)) : nullptr;
  if (!original) {
    if (nt > 1) warn_memory_short("trmv's team meets at every diagonal block");
    return product_alone(s, t, op, x);
  }
  std::copy(x, x + t.n, original);
  // Element i of x sums n - i elements of the triangle when the sweep
  // ascends, i + 1 when it descends.
  const bool growing = !ascending(t, op);
  run_items(nt, nt, [&](dim_t part) {
    const int p = static_cast<int>(part);
    owned_blocks(s, t, op, triangle_part_start(p, nt, blocks, growing), triangle_part_start(p + 1, nt, blocks, growing),
                 original, x);
  });
}

template <class Storage, class X>
void product(const Storage& s, const triangle_shape& t, const triangular_op& op, X x) {
  sweep_product(s, t, op, x);
}

}  // namespace

template <class T>
void trmv(const triangular_vector_problem<T>& p) {
  if (p.a.n == 0) return;
  on_unit_stride(p, [](const auto& s, const triangle_shape& t, const triangular_op& op, auto x) { product(s, t, op, x); });
}

template void trmv(const triangular_vector_problem<float>&);
template void trmv(const triangular_vector_problem<double>&);
template void trmv(const triangular_vector_problem<std::complex<float>>&);
template void trmv(const triangular_vector_problem<std::complex<double>>&);

}  // namespace swblas::level2

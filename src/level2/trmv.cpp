// x := op(A) x for a triangular A (trmv, tbmv, tpmv): one column sweep for
// every storage, as the reference's loops; a full A runs those loops on
// groups of columns in locals inside its diagonal blocks
// (triangle_columns.h says why), the rest as gemv.
#include <algorithm>
#include <complex>

#include "level2/triangle_columns.h"

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
void product(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  for_each_diagonal_block(t.n, ascending(t, op), [&](index_t j0, index_t j1) {
    if (!op.transposed) apply_rectangle(s, t, op, j0, j1, T(1), x);
    // Inside the block, by groups: not transposed, a group's columns are
    // added to the rows beside it before its square overwrites x_J;
    // transposed, those rows are added to x_J after.
    by_groups(s.from(j0), t.leading(j1 - j0), op, ascending(t, op), !op.transposed, T(1), x + j0, multiply_square<T>);
    if (op.transposed) apply_rectangle(s, t, op, j0, j1, T(1), x);
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

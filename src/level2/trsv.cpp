// x := op(A)^-1 x for a triangular A (trsv, tbsv, tpsv) by substitution:
// one column sweep for every storage, as the reference's loops; a full A
// runs the reference's loops on groups of columns in locals inside its
// diagonal blocks (triangle_columns.h says why), the rest as gemv.
#include <algorithm>
#include <complex>

#include "level2/triangle_columns.h"

namespace swblas::level2 {
namespace {

// Forward for a lower op(A), backward for an upper one.
bool ascending(const triangle_shape& t, const triangular_op& op) { return t.upper == op.transposed; }

// x: a T* at unit stride, or the caller's strided vector_view.
template <class Storage, class X>
void sweep_solve(const Storage& s, const triangle_shape& t, const triangular_op& op, X x) {
  using T = element_of<Storage>;
  for (index_t step = 0; step < t.n; ++step) {
    const index_t j = ascending(t, op) ? step : t.n - 1 - step;
    const triangle_column<T> c = column_of<T>(s, t, j);
    if (!op.transposed) {
      // The reference skips a zero x_j: no 0 / 0 on a zero diagonal.
      if (x[j] == T(0)) continue;
      if (!t.unit_diag) x[j] /= *c.diagonal;
      add_column(c, T(-x[j]), x);
    } else {
      const T rest = x[j] - column_dot(c, op, x);
      x[j] = t.unit_diag ? rest : rest / diagonal_of(c, op);
    }
  }
}

// The order-w (<= kGroup) triangle at s solved in registers.
template <class T>
void solve_square(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  square_by_kernel(s, t, op, ascending(t, op), true, x);
}

// A full A by diagonal blocks, in the substitution's order: not
// transposed, a solved block's rectangle is removed from the rows still to
// solve; transposed, the solved rows' rectangle is removed from x_J before
// the block is solved.
template <class T>
void solve(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  for_each_diagonal_block(t.n, ascending(t, op), [&](index_t j0, index_t j1) {
    if (op.transposed) apply_rectangle(s, t, op, j0, j1, T(-1), x);
    // Inside the block, by groups: transposed, the rows solved before a
    // group are removed from its x first; not transposed, it is removed
    // from the rows still to solve after.
    by_groups(s.from(j0), t.leading(j1 - j0), op, ascending(t, op), op.transposed, T(-1), x + j0, solve_square<T>);
    if (!op.transposed) apply_rectangle(s, t, op, j0, j1, T(-1), x);
  });
}

template <class Storage, class X>
void solve(const Storage& s, const triangle_shape& t, const triangular_op& op, X x) {
  sweep_solve(s, t, op, x);
}

}  // namespace

template <class T>
void trsv(const triangular_vector_problem<T>& p) {
  if (p.a.n == 0) return;
  on_unit_stride(p, [](const auto& s, const triangle_shape& t, const triangular_op& op, auto x) { solve(s, t, op, x); });
}

template void trsv(const triangular_vector_problem<float>&);
template void trsv(const triangular_vector_problem<double>&);
template void trsv(const triangular_vector_problem<std::complex<float>>&);
template void trsv(const triangular_vector_problem<std::complex<double>>&);

}  // namespace swblas::level2

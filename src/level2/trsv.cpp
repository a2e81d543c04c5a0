// x := op(A)^-1 x for a triangular A (trsv, tbsv, tpsv) by substitution:
// one column sweep for every storage, as the reference's loops; a full A
// runs the reference's loops on groups of columns in locals inside its
// diagonal blocks (triangle_columns.h says why), the rest as gemv; a large
// one on a team whose items wait for the blocks solved before them.
#include <algorithm>
#include <atomic>
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
void solve_alone(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  for_each_diagonal_block(t.n, ascending(t, op), [&](index_t j0, index_t j1) {
    if (op.transposed) apply_rectangle(s, t, op, j0, j1, T(-1), x);
    // Inside the block, by groups: transposed, the rows solved before a
    // group are removed from its x first; not transposed, it is removed
    // from the rows still to solve after.
    by_groups(s.from(j0), t.leading(j1 - j0), op, ascending(t, op), op.transposed, T(-1), x + j0, solve_square<T>);
    if (!op.transposed) apply_rectangle(s, t, op, j0, j1, T(-1), x);
  });
}

// The rows (or columns) of diagonal blocks [a, b) in the substitution's
// order: one range, since the steps go through the blocks in turn.
struct step_range {
  index_t first, last;
};
step_range rows_of_steps(index_t n, bool ascending, index_t a, index_t b) {
  const index_t blocks = diagonal_blocks(n);
  const auto start = [&](index_t k) { return (ascending ? k : blocks - k) * kDiagonalBlock; };
  return ascending ? step_range{start(a), std::min(n, start(b))} : step_range{start(b), std::min(n, start(a))};
}

// The substitution's steps [k0, k1) as one part of a team, not transposed:
// the part's rows take each earlier step's rectangle once that step's x is
// final (`solved` counts the final steps), then each own block is solved,
// published, and its rectangle taken by the part's rows still to solve.
// Each row gets solve_alone's sums in its order, so the bits of one thread.
template <class T>
void solve_owned_rows(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, index_t k0,
                      index_t k1, std::atomic<dim_t>& solved, T* x) {
  const bool forward = ascending(t, op);
  const step_range part = rows_of_steps(t.n, forward, k0, k1);
  for (index_t k = 0; k < k1; ++k) {
    const step_range block = rows_of_steps(t.n, forward, k, k + 1);
    const index_t j0 = block.first, j1 = block.last;
    if (k < k0) {
      wait_for_count(solved, k + 1);
    } else {
      by_groups(s.from(j0), t.leading(j1 - j0), op, forward, false, T(-1), x + j0, solve_square<T>);
      solved.store(k + 1, std::memory_order_release);
    }
    const index_t r0 = t.upper ? part.first : std::max(part.first, j1);
    const index_t r1 = t.upper ? std::min(part.last, j0) : part.last;
    add_rows_beside(s, r0, r1, j0, j1, T(-1), x + j0, x);
  }
}

// Transposed, on a team or alone (at every size a team may take): step
// k's block takes its dot over the rows solved before it in two gemv_t
// calls, over the blocks up to the one before last (its columns shared out
// as `slices` items, the "long" dots) and over the last one (with the
// square, one "finish" item). A step's long dots need only the steps
// before the last solved, so they run while the step before is finished.
// Items are claimed in order and each waits only on earlier ones. Every
// column's dot is the same two calls whatever the team (gemv_t's column
// dots do not depend on the columns beside them), so the bits of one
// thread.
template <class T>
void solve_transposed(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x,
                      int nt) {
  const index_t n = t.n, blocks = diagonal_blocks(n), slices = nt;
  const bool forward = ascending(t, op);
  const vector_kernels<T>& v = vector_kernels_of<T>();
  const auto dots = op.conjugated ? v.gemv_c : v.gemv_t;
  // x[columns] -= op(A[rows, columns])^T x[rows]
  const auto take = [&](step_range rows, index_t c0, index_t c1) {
    if (rows.first < rows.last && c0 < c1)
      dots(rows.last - rows.first, c1 - c0, T(-1), s.at(rows.first, c0), s.lda, x + rows.first, x + c0);
  };
  // solved: steps finished; long_dots[k % 2]: long-dot items done of the
  // steps of k's parity (a step's long dots wait for the step two before
  // it to finish, so the count passes step k's share only when they are in).
  std::atomic<dim_t> solved{0}, long_dots[2] = {{0}, {0}};
  run_items(blocks * (slices + 1), nt, [&](dim_t item) {
    const index_t k = item / (slices + 1), j = item % (slices + 1);
    const step_range block = rows_of_steps(n, forward, k, k + 1);
    if (j < slices) {
      wait_for_count(solved, k - 1);
      const part_range c = even_part(block.last - block.first, 4, j, slices);
      take(rows_of_steps(n, forward, 0, std::max<index_t>(k - 1, 0)), block.first + c.first, block.first + c.last);
      long_dots[k % 2].fetch_add(1, std::memory_order_release);
      return;
    }
    wait_for_count(long_dots[k % 2], (k / 2 + 1) * slices);
    wait_for_count(solved, k);
    if (k > 0) take(rows_of_steps(n, forward, k - 1, k), block.first, block.last);
    by_groups(s.from(block.first), t.leading(block.last - block.first), op, forward, true, T(-1), x + block.first,
              solve_square<T>);
    solved.store(k + 1, std::memory_order_release);
  });
}

// A full A. Not transposed on a team, part p owns a range of the
// substitution's steps (equal shares of the triangle: a later step's block
// has more solved rows beside it) and follows the parts before it as
// their x is solved; transposed, at any size a team may take,
// solve_transposed, on a team or alone (one thread's bits either way).
// Smaller ones never take a team and go by one call a block's dot: the
// two calls and the items cost dtrsv of 16 126 -> 158 ns (Zen 5). A team
// job per rectangle met twice a diagonal block and solved the blocks
// alone: dtrsv of 4000^2 on two Zen 5 threads read what one thread did.
template <class T>
void solve(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  const index_t blocks = diagonal_blocks(t.n);
  const std::size_t bytes = sizeof(T) * std::size_t(t.n) * std::size_t(t.n + 1) / 2;
  if (!may_take_a_team(bytes)) return solve_alone(s, t, op, x);
  const int nt = vector_team_size(blocks, bytes);
  if (op.transposed) return solve_transposed(s, t, op, x, nt);
  if (nt <= 1) return solve_alone(s, t, op, x);
  std::atomic<dim_t> solved{0};
  run_items(nt, nt, [&](dim_t part) {
    const int p = static_cast<int>(part);
    const index_t k0 = triangle_part_start(p, nt, blocks, true), k1 = triangle_part_start(p + 1, nt, blocks, true);
    solve_owned_rows(s, t, op, k0, k1, solved, x);
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

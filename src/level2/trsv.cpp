// x := op(A)^-1 x for a triangular A (trsv, tbsv, tpsv) by substitution:
// one column sweep for every storage, as the reference's loops; a full A
// runs the reference's loops on groups of columns in locals inside its
// diagonal blocks (triangle_columns.h says why), the rest as gemv; a large
// one on a team whose parts each own a range of the blocks and wait for
// the x of the parts before them.
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
  const index_t blocks = (n + kDiagonalBlock - 1) / kDiagonalBlock;
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
    auto add = [&](index_t b, index_t e) {
      add_columns(e - b, j1 - j0, T(-1), s.at(r0 + b, j0), s.lda, x + j0, x + r0 + b);
    };
    if (r0 < r1) run_from_anchor(0, r1 - r0, line_anchor(s.at(r0, j0), r1 - r0), add);
  }
}

// How many steps' rows a transposed part's columns take at a time from
// the parts before it: 2 KiB of each column (double) per gemv_t.
constexpr index_t kStepsPerChunk = 4;

// The same, transposed: the part's columns take their dots over the
// earlier parts' rows kStepsPerChunk steps at a time, as those are solved;
// then each own block its dot over the part's own solved rows, and is
// solved and published. The dots are cut where the parts and chunks are:
// the bits depend on the team size (as a sum's), not on who ran what.
template <class T>
void solve_owned_columns(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, index_t k0,
                         index_t k1, std::atomic<dim_t>& solved, T* x) {
  const bool forward = ascending(t, op);
  const vector_kernels<T>& v = vector_kernels_of<T>();
  const auto dots = op.conjugated ? v.gemv_c : v.gemv_t;
  // x[columns] -= op(A[rows, columns])^T x[rows]
  const auto take = [&](step_range rows, step_range columns) {
    if (rows.first < rows.last)
      dots(rows.last - rows.first, columns.last - columns.first, T(-1), s.at(rows.first, columns.first), s.lda,
           x + rows.first, x + columns.first);
  };
  const step_range part = rows_of_steps(t.n, forward, k0, k1);
  for (index_t a = 0; a < k0; a += kStepsPerChunk) {
    const index_t b = std::min(k0, a + kStepsPerChunk);
    wait_for_count(solved, b);
    take(rows_of_steps(t.n, forward, a, b), part);
  }
  for (index_t k = k0; k < k1; ++k) {
    const step_range block = rows_of_steps(t.n, forward, k, k + 1);
    take(rows_of_steps(t.n, forward, k0, k), block);
    by_groups(s.from(block.first), t.leading(block.last - block.first), op, forward, true, T(-1), x + block.first,
              solve_square<T>);
    solved.store(k + 1, std::memory_order_release);
  }
}

// A full A on a team: part p owns a range of the substitution's steps
// (equal shares of the triangle: a later step's block has more solved
// rows beside it) and follows the parts before it as their x is solved.
// A team per rectangle (solve_alone's) met twice a diagonal block and
// solved the blocks alone: dtrsv of 4000^2 on two Zen 5 threads read what
// one thread did.
template <class T>
void solve(const full_storage<T>& s, const triangle_shape& t, const triangular_op& op, T* x) {
  const index_t blocks = (t.n + kDiagonalBlock - 1) / kDiagonalBlock;
  const int nt = vector_team_size(blocks, sizeof(T) * std::size_t(t.n) * std::size_t(t.n + 1) / 2);
  if (nt <= 1) return solve_alone(s, t, op, x);
  std::atomic<dim_t> solved{0};
  run_items(nt, nt, [&](dim_t part) {
    const int p = static_cast<int>(part);
    const index_t k0 = triangle_part_start(p, nt, blocks, true), k1 = triangle_part_start(p + 1, nt, blocks, true);
    (op.transposed ? solve_owned_columns<T> : solve_owned_rows<T>)(s, t, op, k0, k1, solved, x);
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

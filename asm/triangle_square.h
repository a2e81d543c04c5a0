// trsv's and trmv's diagonal squares in registers (vector_kernels::
// solve_lower_square, multiply_upper_square). Their columns form a chain
// (a solved x_j is read by every later column), so they run at the latency
// of that chain: in locals through memory each step also waited for a
// store to reach the next load; here the unknowns stay in registers, the
// loops unrolled over the square's order, compiled for the ISA.
#pragma once

#include <complex>
#include <type_traits>

#include "element_arith.h"
#include "vector_kernels.h"

namespace swblas::kernels {

// Internal linkage: each ISA's file compiles its own copy (element_arith.h).
namespace {

// Element (i, j) of a square seen through its steps: every orientation of
// a triangle (upper or lower, transposed or not, first to last or last to
// first) is one of these with the right base and signs.
template <class T, bool Conj>
struct square_view {
  const T* a;
  index_t row_step, column_step;
  const T& operator()(index_t i, index_t j) const { return a[i * row_step + j * column_step]; }
  // (i, j) x, conjugated if Conj
  T times(index_t i, index_t j, const T& x) const {
    return Conj ? conj_times((*this)(i, j), x) : kernels::times((*this)(i, j), x);
  }
  T diagonal(index_t j) const {
    if constexpr (is_complex_v<T>)
      return Conj ? std::conj((*this)(j, j)) : (*this)(j, j);
    else
      return (*this)(j, j);
  }
};

// to[i * to_step] = from[i * from_step] for i < n <= kTriangleSquare,
// unrolled so that a register array is either side.
template <class T>
inline void copy_unknowns(index_t n, const T* from, index_t from_step, T* to, index_t to_step) {
#pragma GCC unroll 16
  for (index_t i = 0; i < kTriangleSquare; ++i)
    if (i < n) to[i * to_step] = from[i * from_step];
}

// x := L^-1 x, L lower, first to last as the reference's loops: x_j
// divided by L(j, j) unless unit, then removed from every later row. With
// skip_zero (trsv not transposed) a zero x_j is neither divided nor
// removed. Each row takes its removals in column order, so this is the
// transposed reference's dot product too, to the bit.
template <class T, bool Conj>
void solve_lower(index_t n, bool unit, bool skip_zero, const T* a, index_t row_step, index_t column_step, T* x,
                 index_t x_step) {
  constexpr index_t N = kTriangleSquare;
  const square_view<T, Conj> l{a, row_step, column_step};
  T v[N] = {};
  copy_unknowns(n, x, x_step, v, 1);
#pragma GCC unroll 16
  for (index_t j = 0; j < N; ++j) {
    if (j >= n) break;
    if (skip_zero && v[j] == T(0)) continue;
    if (!unit) v[j] = v[j] / l.diagonal(j);
#pragma GCC unroll 16
    for (index_t i = j + 1; i < N; ++i)
      if (i < n) v[i] -= l.times(i, j, v[j]);
  }
  copy_unknowns(n, v, 1, x, x_step);
}

// x := U x, U upper, first to last as the reference's loops: x_j (the
// original: no earlier column writes it) added to every earlier row, then
// multiplied by U(j, j) unless unit. With skip_zero (trmv not transposed)
// a zero x_j's column is skipped. Each row gets its diagonal product, then
// the later columns in order: the transposed reference's sum, to the bit.
template <class T, bool Conj>
void multiply_upper(index_t n, bool unit, bool skip_zero, const T* a, index_t row_step, index_t column_step, T* x,
                    index_t x_step) {
  constexpr index_t N = kTriangleSquare;
  const square_view<T, Conj> u{a, row_step, column_step};
  T v[N] = {};
  copy_unknowns(n, x, x_step, v, 1);
#pragma GCC unroll 16
  for (index_t j = 0; j < N; ++j) {
    if (j >= n) break;
    const T xj = v[j];
    if (skip_zero && xj == T(0)) continue;
#pragma GCC unroll 16
    for (index_t i = 0; i < j; ++i) v[i] += u.times(i, j, xj);
    if (!unit) v[j] = u.times(j, j, xj);
  }
  copy_unknowns(n, v, 1, x, x_step);
}

// The kernels' entries (Solve: solve_lower_square, else
// multiply_upper_square): conj chooses the instantiation, which a real T
// has one of.
template <class T, bool Solve>
void triangle_square(index_t n, bool unit, bool skip_zero, bool conj, const T* a, index_t row_step,
                     index_t column_step, T* x, index_t x_step) {
  auto run = [&](auto conjugated) {
    constexpr bool Conj = decltype(conjugated)::value;
    if constexpr (Solve)
      solve_lower<T, Conj>(n, unit, skip_zero, a, row_step, column_step, x, x_step);
    else
      multiply_upper<T, Conj>(n, unit, skip_zero, a, row_step, column_step, x, x_step);
  };
  if constexpr (is_complex_v<T>)
    if (conj) return run(std::true_type{});
  run(std::false_type{});
}

}  // namespace
}  // namespace swblas::kernels

// trsm's diagonal tile in the packed block (ukernel.h, solve_tile_fn):
// forward substitution over one register tile, each row of the solution a
// vector across the tile's NR columns. The removals of row r go in the
// order of the reference BLAS (column q = 0, 1, ... of L), then the
// division; the compiler vectorises the NR lanes with the kernel file's ISA
// flags.
#pragma once

#include "ukernel.h"

namespace swblas::kernels {

template <class V, int MR, int NR>
void solve_tile(dim_t m, dim_t n, const typename V::value_type* a, typename V::value_type* c, inc_t ldc,
                typename V::value_type* bp) {
  using T = typename V::value_type;
  // A generated kernel may call with no column, where isl left a guard to
  // the empty loops it implies: the padding rows of bp must stay as they are.
  if (m <= 0 || n <= 0) return;
  alignas(64) T x[MR][NR];
  // Left-looking by chunks of R rows held in registers: a chunk takes the
  // removals of every row solved before it, R independent multiply-adds
  // per load of a solved row, then is solved within itself. (Row by row
  // through memory, or right-looking, the compiler kept the rows in memory
  // and each removal waited on a store: a quarter of a dtrsm in this tile.)
  constexpr int kRowRegisters = (NR + V::width - 1) / V::width;
  constexpr int R = V::registers / 2 / kRowRegisters >= 8 ? 8 : V::registers / 2 / kRowRegisters >= 4 ? 4 : 2;
  static_assert(MR % R == 0, "chunks end at the micro-panel's last row");
  for (dim_t r0 = 0; r0 < m; r0 += R) {
    T chunk[R][NR];
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i)
#pragma GCC unroll 16
      for (int j = 0; j < NR; ++j) chunk[i][j] = r0 + i < m && j < n ? c[r0 + i + j * ldc] : T(0);
    for (dim_t q = 0; q < r0; ++q) {
#pragma GCC unroll 8
      for (int i = 0; i < R; ++i) {
        const T l = a[q * MR + r0 + i];  // rows past m: the packed panel's zeros
#pragma GCC unroll 16
        for (int j = 0; j < NR; ++j) chunk[i][j] -= l * x[q][j];
      }
    }
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) {
      const dim_t r = r0 + i;
      if (r >= m) break;
#pragma GCC unroll 8
      for (int q = 0; q < i; ++q) {
        const T l = a[(r0 + q) * MR + r];
#pragma GCC unroll 16
        for (int j = 0; j < NR; ++j) chunk[i][j] -= l * chunk[q][j];
      }
      const T d = a[r * MR + r];
#pragma GCC unroll 16
      for (int j = 0; j < NR; ++j) x[r][j] = chunk[i][j] = chunk[i][j] / d;  // padding lanes too: never stored
    }
  }
  for (dim_t r = 0; r < m; ++r) {
    for (int j = 0; j < NR; ++j) bp[r * NR + j] = j < n ? x[r][j] : T(0);
    for (dim_t j = 0; j < n; ++j) c[r + j * ldc] = x[r][j];
  }
}

}  // namespace swblas::kernels

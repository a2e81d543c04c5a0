// The edge-tile adapter: turns a full-tile kernel into the general
// dgemm_ukernel_fn of ukernel.h. Hand-written kernels only know full
// MR x NR tiles; every partial tile (m < MR or n < NR) is handled here once.
//
// Supported cases: 0 <= m <= MR, 0 <= n <= NR, any k >= 0, any alpha/beta.
// A partial tile is computed in full (the packed panels are zero padded)
// into an aligned local tile T with alpha = 1, beta = 0, then merged:
// C[0:m, 0:n] := alpha * T + beta * C, C not read when beta == 0, and no
// element of C outside [0:m, 0:n] read or written.
#pragma once

#include "ukernel.h"

namespace swblas::kernels {

// Full is the file-local full-tile kernel of one kernel file, so every
// instantiation is private to the file that was compiled with its ISA flags.
template <int MR, int NR, dgemm_ukernel_full_fn Full>
struct edge_tile {
  static void ukernel(dim_t m, dim_t n, dim_t k, double alpha, const double* ap,
                      const double* bp, double beta, double* c, inc_t ldc) {
    if (m == MR && n == NR) {
      Full(k, alpha, ap, bp, beta, c, ldc);
      return;
    }
    if (m <= 0 || n <= 0) return;
    alignas(kPackAlignment) double t[MR * NR];
    Full(k, 1.0, ap, bp, 0.0, t, MR);
    merge(m, n, alpha, t, beta, c, ldc);
  }

 private:
  static void merge(dim_t m, dim_t n, double alpha, const double* t,
                    double beta, double* c, inc_t ldc) {
    for (dim_t j = 0; j < n; ++j) {
      const double* tj = t + j * MR;
      double* cj = c + j * ldc;
      if (beta == 0.0) {
        for (dim_t i = 0; i < m; ++i) cj[i] = alpha * tj[i];
      } else {
        for (dim_t i = 0; i < m; ++i) cj[i] = alpha * tj[i] + beta * cj[i];
      }
    }
  }
};

}  // namespace swblas::kernels

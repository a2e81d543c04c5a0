// The full tile of the generic kernels (generic/*gemm_generic_4x4.cpp): an
// MR x NR register block in plain portable C++ over the element type T, kept
// obviously correct rather than fast.
//
// Internal linkage, as prefetch.h: each kernel file has its own copy, so a
// copy compiled with ISA flags can never stand in for it.
#pragma once

#include "../ukernel.h"

namespace swblas::kernels {
namespace {  // NOLINT(cert-dcl59-cpp,google-build-namespaces): see above

// C[0:MR, 0:NR] := alpha * Ap * Bp + beta * C; C not read when beta == 0.
template <class T, int MR, int NR>
void reference_full(dim_t k, T alpha, const T* ap, const T* bp, T beta, T* c, inc_t ldc) {
  T acc[NR][MR] = {};
  for (dim_t l = 0; l < k; ++l, ap += MR, bp += NR)
    for (int j = 0; j < NR; ++j)
      for (int i = 0; i < MR; ++i) acc[j][i] += ap[i] * bp[j];
  for (int j = 0; j < NR; ++j)
    for (int i = 0; i < MR; ++i) {
      T& cij = c[i + j * ldc];
      cij = beta == T(0) ? alpha * acc[j][i] : alpha * acc[j][i] + beta * cij;
    }
}

}  // namespace
}  // namespace swblas::kernels

// C := beta * C, the quick case of a GEMM (k == 0 or alpha == 0). Inline, so
// that code built outside libswblas (the Sunway emulation library) runs the
// same quick case without calling into it.
#pragma once

#include <algorithm>

#include "macro_kernel.h"

namespace swblas {

// C := beta * C (the quick case k == 0 or alpha == 0); beta == 0 writes
// zeros without reading C (NaN goes away), beta == 1 leaves C alone.
template <class T>
inline void scale_c(const basic_gemm_problem<T>& p) {
  if (p.beta == T(1)) return;
  for (dim_t j = 0; j < p.n; ++j) {
    T* c = p.c + j * p.ldc;
    if (p.beta == T(0))
      std::fill(c, c + p.m, T(0));
    else
      for (dim_t i = 0; i < p.m; ++i) c[i] *= p.beta;
  }
}

}  // namespace swblas

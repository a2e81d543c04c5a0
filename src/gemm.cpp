// Temporary naive path so the interface can be developed; replaced by the runtime.
#include "gemm.h"
namespace swblas {
void gemm(const gemm_problem& p) {
  for (dim_t j = 0; j < p.n; ++j)
    for (dim_t i = 0; i < p.m; ++i) {
      double s = 0.0;
      for (dim_t l = 0; l < p.k; ++l) s += p.a[i * p.rs_a + l * p.cs_a] * p.b[l * p.rs_b + j * p.cs_b];
      double& c = p.c[i + j * p.ldc];
      c = p.alpha * s + (p.beta == 0.0 ? 0.0 : p.beta * c);
    }
}
}  // namespace swblas

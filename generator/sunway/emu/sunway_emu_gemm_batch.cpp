// swblas::sunway_emu_gemm_batch (see sunway_emu_gemm_batch.h).
#include "sunway_emu_gemm_batch.h"

#include <stdexcept>

#include "core_group.h"
#include "dgemm_sunway_batch.h"
#include "sunway_emu_gemm.h"

namespace swblas {

void sunway_emu_gemm_batch(const gemm_batch_problem& p) {
  const gemm_problem& s = p.shape;
  if (s.pro || s.epi)
    throw std::invalid_argument("sunway_emu_gemm_batch: fused operations are not generated for batched Sunway kernels");
  if (p.count <= 0 || s.m <= 0 || s.n <= 0) return;
  if (s.k <= 0 || s.alpha == 0.0) {  // C := beta*C entry by entry (A and B not read)
    for (dim_t e = 0; e < p.count; ++e) sunway_emu_gemm(p.entry(e));
    return;
  }
  sw_dgemm_sunway_batch_params params{s.m,      s.n,       s.k,       s.alpha,   s.beta,    s.a,       s.rs_a,
                                      s.cs_a,   s.b,       s.rs_b,    s.cs_b,    s.c,       s.ldc,     p.count,
                                      p.a_array, p.b_array, p.c_array, s.a,       s.b,       s.c,       p.stride_a,
                                      p.stride_b, p.stride_c};
  sunway_emu::run_on_core_group([&] { dgemm_sunway_batch_mpe(&params); });
}

}  // namespace swblas

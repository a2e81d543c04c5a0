// swblas::sunway_emu_gemm_batch (see sunway_emu_gemm_batch.h).
#include "sunway_emu_gemm_batch.h"

#include <stdexcept>

#include "launch.h"
#include "sunway_emu_gemm.h"

namespace swblas {

void sunway_emu_gemm_batch(const gemm_batch_problem& p) {
  const gemm_problem& s = p.shape;
  if (s.pro || s.epi)
    throw std::invalid_argument("sunway_emu_gemm_batch: fused operations are not generated for batched Sunway kernels");
  const quick_case q = quick_case_of(s);
  if (p.count <= 0 || q == quick_case::empty) return;
  const sunway_emu::sunway_kernel* batched = sunway_emu::find_kernel(kernel_family::batch);
  // C := beta*C entry by entry (A and B not read), or no batched kernel.
  if (q == quick_case::beta_only || !batched) {
    for (dim_t e = 0; e < p.count; ++e) sunway_emu_gemm(p.entry(e));
    return;
  }
  batched->run_batch(p);
}

}  // namespace swblas

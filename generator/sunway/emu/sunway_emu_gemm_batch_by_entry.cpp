// swblas::sunway_emu_gemm_batch where no batched kernel was generated (the
// tree has no generator/specs/dgemm_batch.c): one launch per entry, so that
// callers need not know which build they are in.
#include "sunway_emu_gemm_batch.h"

#include <stdexcept>

#include "sunway_emu_gemm.h"

namespace swblas {

void sunway_emu_gemm_batch(const gemm_batch_problem& p) {
  if (p.shape.pro || p.shape.epi)
    throw std::invalid_argument("sunway_emu_gemm_batch: fused operations are not generated for batched Sunway kernels");
  for (dim_t e = 0; e < p.count; ++e) sunway_emu_gemm(p.entry(e));
}

}  // namespace swblas

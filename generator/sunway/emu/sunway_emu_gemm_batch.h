// swblas::sunway_emu_gemm_batch: a batched DGEMM computed by the kernel
// swblas-gen generated from generator/specs/dgemm_batch.c, run on the
// athread emulation (sim/): the batch loop runs inside one CPE kernel launch
// (paper 000 section 3), so the mesh is started once per group. (In a tree
// without a batched kernel it runs sunway_emu_gemm entry by entry.)
#pragma once

#include "macro_kernel.h"

namespace swblas {

// Every entry of `p` (src/macro_kernel.h: one shape, pointer arrays or
// strides); any m, n, k >= 0. shape.pro and shape.epi must be null. Thread
// safe (one core group: calls run one at a time); a misuse found by the
// emulator throws swsim::sim_error.
void sunway_emu_gemm_batch(const gemm_batch_problem& p);

}  // namespace swblas

// x86-64 AVX-512F float micro kernel, 48x8 register block: three zmm of 16
// floats per column of C, eight broadcasts of packed B, 24 accumulators (the
// shape of dgemm_avx512_24x8.cpp at twice the lanes).
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_avx512.h"

namespace swblas {

// One k step per loop iteration: 24 accumulators fill the register file
// (register_block.h).
extern const sgemm_ukernel_desc ukernel_f32_avx512_48x8 =
    kernels::make_ukernel<kernels::avx512_simd_f32, 48, 8, 1>("f32_avx512_48x8", isa::avx512);

// The small path's blocks: 4 zmm (64 rows) by 6 columns, as the double
// routine's 32 x 6 at twice the lanes.
extern const sgemm_small_desc small_f32_avx512_48x8 =
    kernels::make_small_gemm<kernels::avx512_simd_f32, 64, 6>(ukernel_f32_avx512_48x8, /*max_dim=*/384,
                                                              /*at_full_rate=*/true);

}  // namespace swblas

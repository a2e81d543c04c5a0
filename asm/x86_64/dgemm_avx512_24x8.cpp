// x86-64 AVX-512F micro kernel, 24x8 register block: three zmm per column of
// C, eight broadcasts of packed B, 24 accumulators (Skylake-SP, Zen 4/5).
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_avx512.h"

namespace swblas {

using kernels::avx512_simd;

// One k step per loop iteration: 24 accumulators fill the register file
// (register_block.h).
extern const dgemm_ukernel_desc ukernel_avx512_24x8 =
    kernels::make_ukernel<avx512_simd, 24, 8, 1>("avx512_24x8", isa::avx512);

// The small path's blocks: 32 rows (4 zmm) by 6 columns, 24 accumulators
// too, but B read 6 columns at a time. Measured on Zen 5 against 24x8
// blocks: a batch of 16^3 (32^3, 64^3) problems in memory 1.6x (1.4x, 1.1x)
// faster, the same in cache from 48^3 on, 10% slower in cache at 16^3.
constexpr int kSmallRows = 32;
constexpr int kSmallColumns = 6;

// Its limit, measured on Zen 5: 95% of peak up to n = 384; at 512 the
// strided reads of A alias in L1 and packing wins.
extern const dgemm_small_desc small_avx512_24x8 =
    kernels::make_small_gemm<avx512_simd, kSmallRows, kSmallColumns>(
        ukernel_avx512_24x8, /*max_dim=*/384, /*at_full_rate=*/true);

}  // namespace swblas

// 12 independent vfmadd231pd ymm chains (latency 4-5 x 2 pipes needs >= 10).
#include "fma_peak.h"

namespace swblas::bench {

std::int64_t fma_chains_avx2(std::int64_t iterations) {
  std::int64_t n = iterations;
  asm volatile(
      "vxorpd %%ymm0, %%ymm0, %%ymm0\n\t"
      "vxorpd %%ymm1, %%ymm1, %%ymm1\n\t"
      "vxorpd %%ymm2, %%ymm2, %%ymm2\n\t"
      "vxorpd %%ymm3, %%ymm3, %%ymm3\n\t"
      "vxorpd %%ymm4, %%ymm4, %%ymm4\n\t"
      "vxorpd %%ymm5, %%ymm5, %%ymm5\n\t"
      "vxorpd %%ymm6, %%ymm6, %%ymm6\n\t"
      "vxorpd %%ymm7, %%ymm7, %%ymm7\n\t"
      "vxorpd %%ymm8, %%ymm8, %%ymm8\n\t"
      "vxorpd %%ymm9, %%ymm9, %%ymm9\n\t"
      "vxorpd %%ymm10, %%ymm10, %%ymm10\n\t"
      "vxorpd %%ymm11, %%ymm11, %%ymm11\n\t"
      "vxorpd %%ymm14, %%ymm14, %%ymm14\n\t"
      "vxorpd %%ymm15, %%ymm15, %%ymm15\n\t"
      "1:\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm0\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm1\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm2\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm3\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm4\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm5\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm6\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm7\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm8\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm9\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm10\n\t"
      "vfmadd231pd %%ymm14, %%ymm15, %%ymm11\n\t"
      "dec %0\n\t"
      "jnz 1b\n\t"
      "vzeroupper\n\t"
      : "+r"(n)
      :
      : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
        "xmm9", "xmm10", "xmm11", "xmm14", "xmm15", "cc");
  return iterations * 12 * 8;  // 12 chains x 4 lanes x 2 flops
}

}  // namespace swblas::bench

// 24 independent vfmadd231pd zmm chains (latency 4 x 2 pipes needs >= 8;
// 24 matches the accumulators of the 24x8 kernel).
#include "fma_peak.h"

namespace swblas::bench {

std::int64_t fma_chains_avx512(std::int64_t iterations) {
  std::int64_t n = iterations;
  asm volatile(
      "vpxorq %%zmm0, %%zmm0, %%zmm0\n\t"
      "vmovapd %%zmm0, %%zmm1\n\t"
      "vmovapd %%zmm0, %%zmm2\n\t"
      "vmovapd %%zmm0, %%zmm3\n\t"
      "vmovapd %%zmm0, %%zmm4\n\t"
      "vmovapd %%zmm0, %%zmm5\n\t"
      "vmovapd %%zmm0, %%zmm6\n\t"
      "vmovapd %%zmm0, %%zmm7\n\t"
      "vmovapd %%zmm0, %%zmm8\n\t"
      "vmovapd %%zmm0, %%zmm9\n\t"
      "vmovapd %%zmm0, %%zmm10\n\t"
      "vmovapd %%zmm0, %%zmm11\n\t"
      "vmovapd %%zmm0, %%zmm12\n\t"
      "vmovapd %%zmm0, %%zmm13\n\t"
      "vmovapd %%zmm0, %%zmm14\n\t"
      "vmovapd %%zmm0, %%zmm15\n\t"
      "vmovapd %%zmm0, %%zmm16\n\t"
      "vmovapd %%zmm0, %%zmm17\n\t"
      "vmovapd %%zmm0, %%zmm18\n\t"
      "vmovapd %%zmm0, %%zmm19\n\t"
      "vmovapd %%zmm0, %%zmm20\n\t"
      "vmovapd %%zmm0, %%zmm21\n\t"
      "vmovapd %%zmm0, %%zmm22\n\t"
      "vmovapd %%zmm0, %%zmm23\n\t"
      "vmovapd %%zmm0, %%zmm30\n\t"
      "vmovapd %%zmm0, %%zmm31\n\t"
      "1:\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm0\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm1\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm2\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm3\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm4\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm5\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm6\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm7\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm8\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm9\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm10\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm11\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm12\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm13\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm14\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm15\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm16\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm17\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm18\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm19\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm20\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm21\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm22\n\t"
      "vfmadd231pd %%zmm30, %%zmm31, %%zmm23\n\t"
      "dec %0\n\t"
      "jnz 1b\n\t"
      "vzeroupper\n\t"
      : "+r"(n)
      :
      : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
        "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",
        "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm30",
        "xmm31", "cc");
  return iterations * 24 * 16;  // 24 chains x 8 lanes x 2 flops
}

}  // namespace swblas::bench

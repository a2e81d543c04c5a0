/* The Sunway CPE micro kernel that the generated CPE code calls at the
 * "ukernel" mark: C += alpha * A * B on tiles in this CPE's LDM.
 *
 *   A: m x k, element (i, l) at a[i*a_rs + l*a_cs]
 *   B: k x n, element (l, j) at b[l*b_rs + j*b_cs]
 *   C: m x n, column-major, element (i, j) at c[i + j*ldc]
 *
 * m, n, k are at most the target's CPE tile (double: 64x64x32, float:
 * 64x64x64) and may be smaller at the matrix edges. The tiles arrive by DMA
 * and RMA with their unit-stride dimension contiguous, so either a_rs or
 * a_cs is 1 (likewise for B). The vendor's 64x64x32 assembly kernel (paper
 * 000, 7.2) is not public; these are C++ on the 8-element vector of
 * simd_v8.h (cpe_ukernel.cpp). */
#ifndef SWBLAS_SUNWAY_CPE_UKERNEL_H
#define SWBLAS_SUNWAY_CPE_UKERNEL_H

#ifdef __cplusplus
extern "C" {
#endif

void sw_dgemm_ukernel(long m, long n, long k, double alpha, const double* a, long a_rs, long a_cs, const double* b,
                      long b_rs, long b_cs, double* c, long ldc);
void sw_sgemm_ukernel(long m, long n, long k, float alpha, const float* a, long a_rs, long a_cs, const float* b,
                      long b_rs, long b_cs, float* c, long ldc);

#ifdef __cplusplus
}
#endif

#endif

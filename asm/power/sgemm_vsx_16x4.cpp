// POWER VSX float micro kernel, 16x4 register block, built with -mcpu=power8
// like dgemm_vsx_8x4.cpp: 4 vectors of 4 floats per column of C by 4 columns,
// 16 accumulators. It is the float kernel of POWER8/9 (POWER10 with MMA:
// sgemm_mma_16x8.cpp).
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_vsx.h"

namespace swblas {
namespace {

struct vsx_tag {};
using simd = kernels::vsx_simd_f32<vsx_tag>;

}  // namespace

extern const sgemm_ukernel_desc ukernel_f32_vsx_16x4 =
    kernels::make_ukernel<simd, 16, 4>("f32_vsx_16x4", isa::vsx);

// Small blocks of the register block's shape; the conservative limit of the
// double VSX routine (not measured on POWER hardware).
extern const sgemm_small_desc small_f32_vsx_16x4 = kernels::make_small_gemm<simd, 16, 4>(
    ukernel_f32_vsx_16x4, /*max_dim=*/32, /*at_full_rate=*/true);

}  // namespace swblas

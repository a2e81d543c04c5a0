// POWER VSX micro kernel, 8x4 register block, for POWER8/POWER9 (no MMA).
// Built with -mcpu=power8: it must run on every ppc64le CPU.
//
// Shape: 4 vectors of 2 doubles per column of C by 4 columns = 16
// accumulators, plus 4 A vectors and one lxvdsx broadcast of B: 21 of the 64
// VSRs, so the 4-step unrolled loop can keep the next steps' loads in flight
// without spilling. 16 independent FMA chains cover the FMA latency of the
// two VSX pipes a POWER8/9 thread issues to (6-7 cycles each). MR = 8 is the
// MMA kernel's too, so both read the same A micro-panel layout.
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "simd_vsx.h"

namespace swblas {
namespace {

struct vsx_tag {};
using simd = kernels::vsx_simd<vsx_tag>;

}  // namespace

extern const dgemm_ukernel_desc ukernel_vsx_8x4 =
    kernels::make_ukernel<simd, 8, 4>("vsx_8x4", isa::vsx);

// Small blocks of the register block's shape. Its limit is not measured on
// POWER hardware: the conservative figure.
extern const dgemm_small_desc small_vsx_8x4 = kernels::make_small_gemm<simd, 8, 4>(
    ukernel_vsx_8x4, /*max_dim=*/32, /*at_full_rate=*/true);

}  // namespace swblas

// POWER VSX micro kernel, 8x4 register block, for POWER8/POWER9 (no MMA).
// Built with -mcpu=power8: it must run on every ppc64le CPU.
//
// Shape: 4 vectors of 2 doubles per column of C by 4 columns = 16
// accumulators, plus 4 A vectors and one lxvdsx broadcast of B: 21 of the 64
// VSRs, so the 4-step unrolled loop can keep the next steps' loads in flight
// without spilling. 16 independent FMA chains cover the FMA latency of the
// two VSX pipes a POWER8/9 thread issues to (6-7 cycles each). MR = 8 is the
// MMA kernel's too, so both read the same A micro-panel layout.
#include "../edge.h"
#include "../pack.h"
#include "../register_block.h"
#include "../small.h"
#include "../ukernel.h"
#include "simd_vsx.h"

namespace swblas {
namespace {

constexpr int kMR = 8;
constexpr int kNR = 4;
struct vsx_tag {};
using simd = kernels::vsx_simd<vsx_tag>;
using block = kernels::register_block<simd, kMR, kNR>;

void full_8x4(dim_t k, double alpha, const double* ap, const double* bp,
              double beta, double* c, inc_t ldc) {
  block::full(k, alpha, ap, bp, beta, c, ldc);
}

void epilogue_8x4(dim_t k, double alpha, const double* ap, const double* bp,
                  double beta, double* c, inc_t ldc, const tile_epilogue& e) {
  block::full_epilogue_any(k, alpha, ap, bp, beta, c, ldc, e);
}

using edges = kernels::edge_tile<kMR, kNR, full_8x4, epilogue_8x4>;

}  // namespace

extern const dgemm_ukernel_desc ukernel_vsx_8x4 = {
    "vsx_8x4",
    isa::vsx,
    kMR,
    kNR,
    &edges::ukernel,
    &full_8x4,
    &edges::ukernel_epilogue,
    block::full_epilogues(),
    &kernels::pack_a<simd, kMR>,
    &kernels::pack_b<simd, kNR>,
};

extern const dgemm_small_desc small_vsx_8x4 = {
    &ukernel_vsx_8x4,
    &kernels::small_gemm<simd, kMR / simd::width, kNR>::run,
    &kernels::small_gemm<simd, kMR / simd::width, kNR>::run_batch,
    // Not measured on POWER hardware: the conservative figure.
    32,
    true,
};

}  // namespace swblas

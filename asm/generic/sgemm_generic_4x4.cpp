// The reference float micro kernel: the 4x4 block of dgemm_generic_4x4.cpp
// over floats, the oracle of the SGEMM kernels on every target.
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "../simd_scalar.h"
#include "reference_tile.h"

namespace swblas {
namespace {

constexpr int kMR = 4;
constexpr int kNR = 4;
struct generic_tag {};
using lane = kernels::scalar_simd<generic_tag, float>;

}  // namespace

extern const sgemm_ukernel_desc ukernel_f32_generic_4x4 =
    kernels::make_ukernel<lane, kMR, kNR, &kernels::reference_full<float, kMR, kNR>>(
        "f32_generic_4x4", isa::generic);

// Small blocks of the register block's shape, for tiny problems only.
extern const sgemm_small_desc small_f32_generic_4x4 = kernels::make_small_gemm<lane, kMR, kNR>(
    ukernel_f32_generic_4x4, /*max_dim=*/32, /*at_full_rate=*/true);

}  // namespace swblas

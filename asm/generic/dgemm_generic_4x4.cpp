// The reference micro kernel: a 4x4 register block in plain portable C++.
// It is the kernel of the generic target and the first kernel of every new
// target; it is kept obviously correct rather than fast.
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "../simd_scalar.h"
#include "reference_tile.h"

namespace swblas {
namespace {

constexpr int kMR = 4;
constexpr int kNR = 4;
struct generic_tag {};
using lane = kernels::scalar_simd<generic_tag>;

}  // namespace

extern const dgemm_ukernel_desc ukernel_generic_4x4 =
    kernels::make_ukernel<lane, kMR, kNR, &kernels::reference_full<double, kMR, kNR>>(
        "generic_4x4", isa::generic);

// Small blocks of the register block's shape, for tiny problems only.
extern const dgemm_small_desc small_generic_4x4 = kernels::make_small_gemm<lane, kMR, kNR>(
    ukernel_generic_4x4, /*max_dim=*/32, /*at_full_rate=*/true);

}  // namespace swblas

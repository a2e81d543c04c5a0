// The reference micro kernel: a 4x4 register block in plain portable C++.
// It is the kernel of the generic target and the first kernel of every new
// target; it is kept obviously correct rather than fast.
#include "../make_small_gemm.h"
#include "../make_ukernel.h"
#include "../simd_scalar.h"

namespace swblas {
namespace {

constexpr int kMR = 4;
constexpr int kNR = 4;
struct generic_tag {};
using lane = kernels::scalar_simd<generic_tag>;

// C[0:4, 0:4] := alpha * Ap * Bp + beta * C; C not read when beta == 0.
void full_4x4(dim_t k, double alpha, const double* ap, const double* bp,
              double beta, double* c, inc_t ldc) {
  double acc[kNR][kMR] = {};
  for (dim_t l = 0; l < k; ++l, ap += kMR, bp += kNR)
    for (int j = 0; j < kNR; ++j)
      for (int i = 0; i < kMR; ++i) acc[j][i] += ap[i] * bp[j];
  for (int j = 0; j < kNR; ++j)
    for (int i = 0; i < kMR; ++i) {
      double& cij = c[i + j * ldc];
      cij = beta == 0.0 ? alpha * acc[j][i] : alpha * acc[j][i] + beta * cij;
    }
}

}  // namespace

extern const dgemm_ukernel_desc ukernel_generic_4x4 =
    kernels::make_ukernel<lane, kMR, kNR, &full_4x4>("generic_4x4", isa::generic);

// Small blocks of the register block's shape, for tiny problems only.
extern const dgemm_small_desc small_generic_4x4 = kernels::make_small_gemm<lane, kMR, kNR>(
    ukernel_generic_4x4, /*max_dim=*/32, /*at_full_rate=*/true);

}  // namespace swblas

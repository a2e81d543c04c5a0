// The reference micro kernel: a 4x4 register block in plain portable C++.
// It is the kernel of the generic target and the first kernel of every new
// target; it is kept obviously correct rather than fast.
#include "../edge.h"
#include "../pack.h"
#include "../simd_scalar.h"
#include "../small.h"
#include "../ukernel.h"

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

extern const dgemm_ukernel_desc ukernel_generic_4x4 = {
    "generic_4x4",
    isa::generic,
    kMR,
    kNR,
    &kernels::edge_tile<kMR, kNR, full_4x4>::ukernel,
    &full_4x4,
    &kernels::edge_tile<kMR, kNR, full_4x4>::ukernel_epilogue,
    {},
    &kernels::pack_a<lane, kMR>,
    &kernels::pack_b<lane, kNR>,
};

extern const dgemm_small_desc small_generic_4x4 = {
    &ukernel_generic_4x4,
    &kernels::small_gemm<lane, kMR, kNR>::run,
    &kernels::small_gemm<lane, kMR, kNR>::run_batch,
    32,
    true,
};

}  // namespace swblas

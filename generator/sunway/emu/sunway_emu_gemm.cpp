// swblas::sunway_emu_gemm (see sunway_emu_gemm.h).
#include "sunway_emu_gemm.h"

#include <stdexcept>
#include <string>

#include "core_group.h"
#include "dgemm_sunway.h"
#include "launch.h"

namespace swblas {

namespace {

// C := beta * C without reading C when beta == 0 (the k == 0 / alpha == 0 case).
void scale_c(const gemm_problem& p) {
  for (dim_t j = 0; j < p.n; ++j)
    for (dim_t i = 0; i < p.m; ++i) {
      double& c = p.c[i + j * p.ldc];
      c = p.beta == 0.0 ? 0.0 : p.beta * c;
    }
}

// The kernel generated for p.epi's operation (paper 000 7.3: the epilogue
// runs on each C tile in LDM before it is stored).
void run_with_epilogue(const gemm_problem& p) {
  if (p.k <= 0)
    throw std::invalid_argument("sunway_emu_gemm: a fused epilogue needs k >= 1 (the runtime's quick path handles k == 0)");
  for (const sunway_emu::epilogue_kernel& kernel : sunway_emu::epilogue_kernels())
    if (kernel.op == p.epi->op) return kernel.run(p);
  throw std::invalid_argument("sunway_emu_gemm: no Sunway kernel was generated for epilogue operation " +
                              std::to_string(static_cast<int>(p.epi->op)));
}

}  // namespace

void sunway_emu_gemm(const gemm_problem& p) {
  if (p.pro) throw std::invalid_argument("sunway_emu_gemm: a prologue goes through sunway_emu_gemm_prologue");
  if (p.m <= 0 || p.n <= 0) return;
  if (p.epi) return run_with_epilogue(p);
  if (p.k <= 0 || p.alpha == 0.0) {
    scale_c(p);
    return;
  }
  sw_dgemm_sunway_params params{p.m, p.n, p.k, p.alpha, p.beta, p.a, p.rs_a, p.cs_a, p.b, p.rs_b, p.cs_b, p.c, p.ldc};
  sunway_emu::run_on_core_group([&] { dgemm_sunway_mpe(&params); });
}

void sunway_emu_gemm_prologue(const gemm_problem& p, bool on_b) {
  if (!p.pro || p.epi) throw std::invalid_argument("sunway_emu_gemm_prologue: needs p.pro and no p.epi");
  if (p.m <= 0 || p.n <= 0) return;
  if (p.k <= 0)
    throw std::invalid_argument("sunway_emu_gemm_prologue: k >= 1 (the runtime's quick path handles k == 0)");
  for (const sunway_emu::prologue_kernel& kernel : sunway_emu::prologue_kernels())
    if (kernel.op == p.pro->op && kernel.on_b == on_b) return kernel.run(p);
  throw std::invalid_argument("sunway_emu_gemm_prologue: no Sunway kernel was generated for prologue operation " +
                              std::to_string(static_cast<int>(p.pro->op)) + (on_b ? " on B" : " on A"));
}

}  // namespace swblas

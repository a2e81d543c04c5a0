// swblas::sunway_emu_gemm (see sunway_emu_gemm.h).
#include "sunway_emu_gemm.h"

#include <stdexcept>
#include <string>

#include "launch.h"
#include "scale_c.h"

namespace swblas {

namespace {

// The generated kernel of `family`, `op` and `elem` (sunway_manifest.cpp);
// std::invalid_argument naming `what` when there is none.
const sunway_emu::sunway_kernel& kernel_for(kernel_family family, int op, const std::string& what,
                                            element_type elem = element_type::f64) {
  if (const sunway_emu::sunway_kernel* k = sunway_emu::find_kernel(family, op, elem)) return *k;
  throw std::invalid_argument("no Sunway kernel was generated for " + what);
}

}  // namespace

void sunway_emu_gemm(const gemm_problem& p) {
  if (p.pro) throw std::invalid_argument("sunway_emu_gemm: a prologue goes through sunway_emu_gemm_prologue");
  const quick_case q = quick_case_of(p);  // the runtime's quick cases, decided as the planner does
  if (q == quick_case::empty) return;
  if (p.epi) {  // paper 000 7.3: the epilogue runs on each C tile in LDM before it is stored
    if (q == quick_case::beta_only)
      throw std::invalid_argument("sunway_emu_gemm: a fused epilogue needs a product (the runtime's quick path handles the rest)");
    const int op = static_cast<int>(p.epi->op);
    return kernel_for(kernel_family::epilogue, op, "epilogue operation " + std::to_string(op)).run(p);
  }
  if (q == quick_case::beta_only) return scale_c(p);
  kernel_for(kernel_family::dgemm, 0, "plain DGEMM").run(p);
}

void sunway_emu_gemm(const basic_gemm_problem<float>& p) {
  if (p.pro || p.epi) throw std::invalid_argument("sunway_emu_gemm: the float kernel is plain GEMM (no prologue or epilogue)");
  const quick_case q = quick_case_of(p);
  if (q == quick_case::empty) return;
  if (q == quick_case::beta_only) return scale_c(p);
  kernel_for(kernel_family::dgemm, 0, "plain SGEMM", element_type::f32).run_f32(p);
}

void sunway_emu_gemm_prologue(const gemm_problem& p, bool on_b) {
  if (!p.pro || p.epi) throw std::invalid_argument("sunway_emu_gemm_prologue: needs p.pro and no p.epi");
  const quick_case q = quick_case_of(p);
  if (q == quick_case::empty) return;
  if (q == quick_case::beta_only)
    throw std::invalid_argument("sunway_emu_gemm_prologue: needs a product (the runtime's quick path handles the rest)");
  const int op = static_cast<int>(p.pro->op);
  const kernel_family family = on_b ? kernel_family::prologue_b : kernel_family::prologue_a;
  kernel_for(family, op, "prologue operation " + std::to_string(op) + (on_b ? " on B" : " on A")).run(p);
}

}  // namespace swblas

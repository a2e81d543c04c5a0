// The sunway-emu route (see sunway_route.h). The emulated path is a weak
// reference: libswblas.so links it, cross builds and the installed static
// library do not have it, and the route then says so instead of failing to
// link.
#include "sunway_route.h"

#include <cstdio>
#include <cstdlib>

namespace swblas {

[[gnu::weak]] void sunway_emu_gemm(const gemm_problem& p);

bool sunway_emu_linked() { return &sunway_emu_gemm != nullptr; }

void route_to_sunway_emu(dispatch_table* t, dispatch_log* log) {
  if (!sunway_emu_linked()) {
    log->warnings.push_back(std::string("SWBLAS_TARGET=") + kSunwayEmuTarget +
                            ": this build has no Sunway emulation (it needs isl at build time); using " +
                            t->target + " instead");
    return;
  }
  log->lines.push_back(std::string("chosen target ") + kSunwayEmuTarget +
                       " (forced by SWBLAS_TARGET): DGEMM runs the generated SW26010Pro CPE code on the "
                       "athread emulation; batched and fused calls stay on " + t->target);
  t->sunway_emu = true;
}

void sunway_emu_run(const gemm_problem& p) { sunway_emu_gemm(p); }

}  // namespace swblas

// SWBLAS_TARGET=sunway-emu: plain DGEMM through the code swblas-gen-sunway
// generated for the SW26010Pro (CPE + MPE sources), run on the host athread
// emulation (sim/). A test route for the Sunway back end, slow by design.
#pragma once

#include "dispatch.h"

namespace swblas {

inline constexpr const char* kSunwayEmuTarget = "sunway-emu";

// Whether this library was linked with the emulated Sunway path (it is
// built only where isl is available, i.e. not in cross builds).
bool sunway_emu_linked();

// Routes the table's plain DGEMM to the emulation when it is linked, else
// warns and leaves the table as chosen.
void route_to_sunway_emu(dispatch_table* t, dispatch_log* log);

// C := alpha*op(A)*op(B) + beta*C on the emulated core group.
void sunway_emu_run(const gemm_problem& p);

}  // namespace swblas

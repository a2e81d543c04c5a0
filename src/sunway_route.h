// SWBLAS_TARGET=sunway-emu: plain DGEMM and SGEMM through the code swblas-gen
// generated for the SW26010Pro (CPE + MPE sources), run on the host athread
// emulation (sim/). A test route for the Sunway back end, slow by design.
//
// The emulation is not part of this library: it is libswblas_sunway_emu.so
// (built with the generator, not installed), loaded with dlopen when
// SWBLAS_TARGET=sunway-emu asks for it. It is looked up next to the file
// that holds this code (libswblas.so, or the program linked with
// libswblas.a), or where SWBLAS_SUNWAY_EMU_LIBRARY says. Without it the
// route warns and GEMM stays on the CPU target.
#pragma once

#include <cstddef>

#include "dispatch.h"

namespace swblas {

inline constexpr const char* kSunwayEmuTarget = "sunway-emu";
inline constexpr const char* kSunwayEmuLibrary = "libswblas_sunway_emu.so";
inline constexpr const char* kSunwayEmuLibraryVariable = "SWBLAS_SUNWAY_EMU_LIBRARY";

// The two functions the emulation library exports, by these names: C :=
// alpha*op(A)*op(B) + beta*C for *p (basic_gemm_problem's contract, any m,
// n, k >= 0, pro and epi null) on the emulated core group, in double and in
// single precision. Each returns 0, or non-zero with a one-line reason in
// error[0, error_size).
inline constexpr const char* kSunwayEmuEntry = "swblas_sunway_emu_gemm";
using sunway_emu_entry_fn = int (*)(const gemm_problem* p, char* error, std::size_t error_size);
inline constexpr const char* kSunwayEmuSgemmEntry = "swblas_sunway_emu_sgemm";
using sunway_emu_sgemm_entry_fn = int (*)(const basic_gemm_problem<float>* p, char* error, std::size_t error_size);

// Routes the table's plain DGEMM and SGEMM to the emulation when its
// library loads, else warns and leaves the table as chosen.
void route_to_sunway_emu(dispatch_table* t, dispatch_log* log);

// C := alpha*op(A)*op(B) + beta*C on the emulated core group (once routed).
// A failure of the emulation is fatal: it says why and aborts.
void sunway_emu_run(const gemm_problem& p);
void sunway_emu_run(const basic_gemm_problem<float>& p);

}  // namespace swblas

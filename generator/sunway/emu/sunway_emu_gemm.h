// swblas::sunway_emu_gemm: a DGEMM or SGEMM computed by the code swblas-gen
// generated for the SW26010Pro (CPE + MPE sources), run on the host
// emulation of one core group (sim/: 64 CPE threads, 256 KB LDM each).
// For SWBLAS_TARGET=sunway-emu and the Sunway tests; slow by design.
#pragma once

#include "macro_kernel.h"

namespace swblas {

// C := epi(alpha * op(A) * op(B) + beta * C) with the contract of
// gemm_problem (src/macro_kernel.h). Without p.epi any m, n, k >= 0 (k == 0
// or alpha == 0 only scales C). With p.epi, the kernel generated from
// generator/specs/gemm_epilogue_<op>.c runs it on each C tile in LDM; k >= 1
// then (std::invalid_argument otherwise, as for an op without a kernel).
// p.pro must be null (std::invalid_argument otherwise): see below.
// Thread safe: the emulated core group runs one call at a time. A misuse
// found by the emulator throws swsim::sim_error.
void sunway_emu_gemm(const gemm_problem& p);

// C := alpha * op(A) * op(B) + beta * C in single precision, any m, n, k >= 0,
// by the kernel generated from generator/specs/sgemm.c (float micro kernel,
// CPE tile 64x64x64). p.pro and p.epi must be null (std::invalid_argument
// otherwise: the fused Sunway kernels are double ones).
void sunway_emu_gemm(const basic_gemm_problem<float>& p);

// C := alpha * op(pro(A)) * op(B) + beta * C (on_b: op(A) * op(pro(B))) with
// p.pro not null: the kernel generated from
// generator/specs/dgemm_prologue_<op>_<a|b>.c transforms each A (B) tile in
// LDM after its DMA, before it is broadcast. k >= 1; p.epi must be null.
// std::invalid_argument when no kernel was generated for the operation.
void sunway_emu_gemm_prologue(const gemm_problem& p, bool on_b);

}  // namespace swblas

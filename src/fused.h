// swblas::gemm_fused: GEMM with a fused prologue and epilogue,
//   C := epi(alpha * op(pro(A)) * op(B) + beta * C)
// on the generated kernel that fuses the op when the manifest has one (an
// epilogue block kernel, or the packing rule of a prologue), else on a
// correct unfused path (prologue into a copy of the operand, plain GEMM,
// then a separate epilogue pass).
// T is double or float (each operation on a float evaluated in double and
// rounded once); the prologue's packing rule serves both.
#pragma once

#include "gemm_driver.h"
#include "fused_ops.h"

namespace swblas {

// How gemm_fused solves a problem.
enum class fused_path : int {
  nothing = 0,     // m or n is 0
  scale_only = 1,  // k == 0 or alpha == 0: C := epi(beta * C), A and B not read
  plain = 2,       // no prologue and no epilogue: swblas::gemm
  small = 3,       // unfused, single-threaded (tiny problems)
  generated = 4,   // a generated fused kernel (kernel, family)
  unfused = 5,     // separate prologue copy, plain GEMM, separate epilogue pass
};

const char* fused_path_name(fused_path p);

// A prologue and an epilogue together: the generated kernel fuses the one
// whose separate pass would touch more elements (the prologue's operand,
// m*k or k*n, against C's m*n) and the other runs as a separate pass.
struct fused_plan {
  fused_path path = fused_path::nothing;
  block_kernel_fn kernel = nullptr;  // generated, double: the block kernel that runs (float: null)
  const char* kernel_name = nullptr;
  kernel_family family = kernel_family::dgemm;
  bool prologue_pass = false;  // the operand is transformed into a copy first
  bool epilogue_pass = false;  // C gets a separate epilogue pass after
  team_plan team;  // the packed path's team (its thread count also runs the passes)
};

// What gemm_fused_with(t, p, o) will do (tests and SWBLAS_VERBOSE-style
// diagnostics use it to see which path a call takes).
template <class T>
fused_plan plan_fused(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o);

// Solves p, whose pro/epi may be null or op none, with table t.
template <class T>
void gemm_fused_with(const dispatch_table& t, const basic_gemm_problem<T>& p, const gemm_options& o);

// gemm_fused_with on the active dispatch table and its thread count. Thread
// safe; arguments must be valid (the interface checks them).
template <class T>
void gemm_fused(const basic_gemm_problem<T>& p);

// Every entry of b (its shape may carry pro/epi, shared by all entries):
// small entries are shared out among the threads of one parallel region,
// large ones run one after the other, each with the whole team.
template <class T>
void gemm_fused_batch(const basic_gemm_batch_problem<T>& b);

// The separate epilogue pass: c[0:m, 0:n] := epi(c), element (0, 0) being
// (0, 0) of the problem's C; by up to `threads` threads when it is large.
template <class T>
void epilogue_pass(const epilogue_args& e, dim_t m, dim_t n, T* c, inc_t ldc, int threads);

}  // namespace swblas

// How the sunway_emu entry points start a generated kernel: the problem is
// copied into the kernel's parameter block (every generated block starts
// with the same fields) and its MPE launcher runs on the shared core group.
#pragma once

#include <vector>

#include "core_group.h"
#include "fused_ops.h"
#include "macro_kernel.h"

namespace swblas::sunway_emu {

// A kernel generated from a spec with a fused epilogue (Params ends with the
// epilogue_args), started for problem p (p.epi not null, k >= 1).
template <class Params, void (*Mpe)(Params*)>
void launch_with_epilogue(const gemm_problem& p) {
  Params params{p.m, p.n, p.k, p.alpha, p.beta, p.a, p.rs_a, p.cs_a, p.b, p.rs_b, p.cs_b, p.c, p.ldc, *p.epi};
  run_on_core_group([&] { Mpe(&params); });
}

// A kernel generated from a spec with a fused prologue (Params ends with the
// prologue_args), started for problem p (p.pro not null, k >= 1).
template <class Params, void (*Mpe)(Params*)>
void launch_with_prologue(const gemm_problem& p) {
  Params params{p.m, p.n, p.k, p.alpha, p.beta, p.a, p.rs_a, p.cs_a, p.b, p.rs_b, p.cs_b, p.c, p.ldc, *p.pro};
  run_on_core_group([&] { Mpe(&params); });
}

struct prologue_kernel {
  prologue_op op;
  bool on_b;  // transforms op(B) rather than op(A)
  void (*run)(const gemm_problem& p);
};

// The kernels generated from generator/specs/dgemm_prologue_<op>_<a|b>.c.
const std::vector<prologue_kernel>& prologue_kernels();

struct epilogue_kernel {
  epilogue_op op;
  void (*run)(const gemm_problem& p);
};

// The kernels generated from generator/specs/dgemm_epilogue_<op>.c, one per
// operation whose spec exists (defined in the build tree, see CMakeLists.txt).
const std::vector<epilogue_kernel>& epilogue_kernels();

}  // namespace swblas::sunway_emu

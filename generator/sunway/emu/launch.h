// How the sunway_emu entry points start a generated kernel, and the table
// they find it in. The problem is copied into the kernel's parameter block
// (every generated block starts with the same fields, then the batch, the
// epilogue's or the prologue's) and its MPE launcher runs on the shared core
// group. swblas-gen writes the table for the Sunway target
// (sunway_manifest.cpp in the build tree).
#pragma once

#include <cstddef>

#include "core_group.h"
#include "fused_ops.h"
#include "macro_kernel.h"

namespace swblas::sunway_emu {

// Starts kernel Mpe with the fields of p, then `rest` (what Params adds).
template <class Params, void (*Mpe)(Params*), class T, class... Rest>
void start(const basic_gemm_problem<T>& p, const Rest&... rest) {
  Params params{p.m, p.n, p.k, p.alpha, p.beta, p.a, p.rs_a, p.cs_a, p.b, p.rs_b, p.cs_b, p.c, p.ldc, rest...};
  run_on_core_group([&] { Mpe(&params); });
}

// A plain GEMM kernel of T's, for problem p (k >= 1, alpha != 0).
template <class Params, void (*Mpe)(Params*), class T>
void launch(const basic_gemm_problem<T>& p) {
  start<Params, Mpe>(p);
}

// A batched kernel: the whole batch in one launch (count >= 1, k >= 1, alpha != 0).
template <class Params, void (*Mpe)(Params*)>
void launch_batch(const gemm_batch_problem& b) {
  const gemm_problem& s = b.shape;
  start<Params, Mpe>(s, b.count, b.a_array, b.b_array, b.c_array, s.a, s.b, s.c, b.stride_a, b.stride_b, b.stride_c);
}

// A kernel with a fused epilogue (p.epi not null, k >= 1).
template <class Params, void (*Mpe)(Params*)>
void launch_with_epilogue(const gemm_problem& p) {
  start<Params, Mpe>(p, *p.epi);
}

// A kernel with a fused prologue (p.pro not null, k >= 1).
template <class Params, void (*Mpe)(Params*)>
void launch_with_prologue(const gemm_problem& p) {
  start<Params, Mpe>(p, *p.pro);
}

// One generated kernel, as the table records it.
struct sunway_kernel {
  const char* name;
  kernel_family family;
  element_type elem;
  int op;  // the prologue_op / epilogue_op value of a fused family, else 0
  void (*run)(const gemm_problem& p);                   // double: every family but batch
  void (*run_batch)(const gemm_batch_problem& p);       // double: kernel_family::batch
  void (*run_f32)(const basic_gemm_problem<float>& p);  // float: plain GEMM
};

// The table, defined in the generated source.
extern const sunway_kernel generated_sunway_kernels[];
extern const std::size_t generated_sunway_kernel_count;

// The kernel of `family`, `op` and `elem` in the table, or null.
inline const sunway_kernel* find_kernel(kernel_family family, int op = 0, element_type elem = element_type::f64) {
  for (std::size_t k = 0; k < generated_sunway_kernel_count; ++k) {
    const sunway_kernel& g = generated_sunway_kernels[k];
    if (g.family == family && g.op == op && g.elem == elem) return &g;
  }
  return nullptr;
}

}  // namespace swblas::sunway_emu

// Complex GEMM (zgemm, cgemm) on the real micro kernels by the 1m method:
// the problem becomes a real one twice as tall and twice as deep whose
// operands are packed by the 1m rule (operand_packing.h); the real packed
// path, its blocking, block kernels and team plans do the rest.
#pragma once

#include <complex>
#include <cstddef>

#include "macro_kernel.h"

namespace swblas {

// One complex GEMM after the interface has normalised it to column-major C:
//   C[0:m, 0:n] := alpha * op(A) * op(B) + beta * C
// op(A) element (i, l) is a[i*rs_a + l*cs_a], conjugated when conj_a (so a
// conjugate transpose is a transpose with conj_a); the same for B. C element
// (i, j) is c[i + j*ldc]. beta == 0 means C is not read.
template <class T>
struct complex_gemm_problem {
  dim_t m = 0, n = 0, k = 0;
  std::complex<T> alpha{1}, beta{0};
  const std::complex<T>* a = nullptr;
  inc_t rs_a = 1, cs_a = 0;
  bool conj_a = false;
  const std::complex<T>* b = nullptr;
  inc_t rs_b = 1, cs_b = 0;
  bool conj_b = false;
  std::complex<T>* c = nullptr;
  inc_t ldc = 0;
  operand_structure a_structure, b_structure;  // as gemm_problem's
  c_triangle c_domain;                          // as gemm_problem's, in complex rows; with a real beta only
  operand_in_c in_c;                            // as gemm_problem's, in complex rows and columns (gemm_in_place)
};

// Solves p on the dispatch table's real engine of element type T. Thread
// safe; arguments must already be valid (the interface checks them).
void gemm(const complex_gemm_problem<double>& p);
void gemm(const complex_gemm_problem<float>& p);

// p with p.in_c on and a real beta, as gemm_in_place of a real problem
// (gemm.h): false, nothing done, where it cannot run in place.
bool gemm_in_place(const complex_gemm_problem<double>& p);
bool gemm_in_place(const complex_gemm_problem<float>& p);

// A batch of complex problems (strides in complex elements): each group as
// the batch of its real 1m views, all groups in one batch (batch.h).
void gemm_batch(const batch_of<complex_gemm_problem<double>>* groups, std::size_t group_count);
void gemm_batch(const batch_of<complex_gemm_problem<float>>* groups, std::size_t group_count);

}  // namespace swblas

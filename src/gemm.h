// The runtime's entry point: every interface (Fortran, CBLAS, batched, fused)
// ends here with one normalised column-major problem.
#pragma once

#include "macro_kernel.h"

namespace swblas {

// Solves p (see gemm_problem) on the kernel variant and thread count the
// dispatch table chose. Thread safe: may be called from several user threads
// at once. Arguments must already be valid (the interface checks them).
void gemm(const gemm_problem& p);

// The same in single precision: the packed path on the table's float
// engine (no small-problem layer for float yet).
void gemm(const basic_gemm_problem<float>& p);

// p with p.in_c on (an operand is part of C, which the product replaces)
// on the packed path: true when solved; false, nothing read or written,
// where it does not fit one k block (and column panel) of the packing
// buffers this thread can have, or p is a quick case (alpha == 0, an empty
// product).
bool gemm_in_place(const gemm_problem& p);
bool gemm_in_place(const basic_gemm_problem<float>& p);

}  // namespace swblas

// The hand-written blocked GEMM: the five Goto/BLIS loops in plain C++ over
// any micro-kernel descriptor. It serves every call for which no generated
// macro kernel exists, and it is the oracle generated kernels are tested
// against (same micro kernel, same packing, same threading model).
#pragma once

#include <cstddef>

#include "blocking.h"
#include "macro_kernel.h"

namespace swblas {

// Packing buffer sizes (doubles) the reference macro kernel needs for p.
std::size_t reference_a_pack_doubles(const gemm_problem& p, const dgemm_ukernel_desc& u,
                                     const blocking& b);
std::size_t reference_b_pack_doubles(const gemm_problem& p, const dgemm_ukernel_desc& u,
                                     const blocking& b);

// SPMD like a generated macro_kernel_fn: called by every thread of one
// OpenMP team (or by one thread alone) with the same arguments, except that
// for parallel_loop::ic a_pack is each thread's private buffer. Requires
// m, n, k >= 1 and alpha != 0.
void reference_macro_kernel(const gemm_problem& p, const dgemm_ukernel_desc& u,
                            const blocking& b, parallel_loop loop, double* a_pack,
                            double* b_pack);

}  // namespace swblas

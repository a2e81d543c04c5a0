// The contract between swblas-gen's generated macro kernels and the runtime:
// the problem a macro kernel solves, how it is run by a thread team, and the
// manifest entry that describes it to the dispatch table.
#pragma once

#include <cstddef>

#include "../asm/ukernel.h"

namespace swblas {

// One DGEMM after the interface has normalised it to column-major C:
//   C[0:m, 0:n] := alpha * op(A) * op(B) + beta * C
// op(A) element (i, l) is a[i*rs_a + l*cs_a]; op(B) element (l, j) is
// b[l*rs_b + j*cs_b]; C element (i, j) is c[i + j*ldc].
// The runtime handles m == 0, n == 0 (nothing to do) and k == 0 or
// alpha == 0 (C := beta*C, A and B not read) itself: a macro kernel always
// sees m, n, k >= 1 and alpha != 0. beta == 0 still means C is not read.
struct gemm_problem {
  dim_t m = 0, n = 0, k = 0;
  double alpha = 1.0;
  const double* a = nullptr;
  inc_t rs_a = 1, cs_a = 0;
  const double* b = nullptr;
  inc_t rs_b = 1, cs_b = 0;
  double beta = 0.0;
  double* c = nullptr;
  inc_t ldc = 0;
};

// Which loop the thread team shares out (BLIS-style). In both cases the
// packed B panel is shared by the whole team.
//   ic: each thread takes whole mc blocks and packs its own A block
//       (a_pack is private to the thread).
//   jr: the team packs one A block together, then shares out the nr-wide
//       column panels (a_pack is shared; used when M has fewer mc blocks
//       than threads).
enum class parallel_loop : int { ic = 0, jr = 1 };

// A generated macro kernel. It is SPMD: every thread of an OpenMP team calls
// it with the same problem, inside one `#pragma omp parallel` opened by the
// runtime, and the kernel uses orphaned work-sharing (`omp for`, `omp
// barrier`) inside. Called by a single thread outside a parallel region it
// is simply sequential. a_pack/b_pack point to buffers of at least
// a_pack_doubles/b_pack_doubles (see macro_kernel_info), aligned to
// kPackAlignment. The kernel never allocates.
using macro_kernel_fn = void (*)(const gemm_problem& p, double* a_pack,
                                 double* b_pack);

// One entry of the generated manifest.
struct macro_kernel_info {
  const char* name;    // unique, e.g. "dgemm_x86_avx2_8x6_l2_512k_ic"
  const char* target;  // the target description it was generated for
  isa needs;
  const char* ukernel;  // name of the dgemm_ukernel_desc it calls
  int mr, nr;
  int mc, kc, nc;  // cache blocking the generator chose
  // The cache sizes (bytes, per core) the blocking was computed for; the
  // runtime picks the variant that best fits the detected caches.
  std::size_t l1d, l2, l3;
  parallel_loop parallel;
  std::size_t a_pack_doubles, b_pack_doubles;  // from isl's box hull
  macro_kernel_fn run;
};

// The manifest, defined in the generated source (build tree).
extern const macro_kernel_info generated_macro_kernels[];
extern const std::size_t generated_macro_kernel_count;

}  // namespace swblas

// The contract between swblas-gen's generated macro kernels and the runtime:
// the problem a macro kernel solves, how it is run by a thread team, and the
// manifest entry that describes it to the dispatch table.
#pragma once

#include <cstddef>

#include "../asm/ukernel.h"

namespace swblas {

struct prologue_args;
struct epilogue_args;

// One DGEMM after the interface has normalised it to column-major C:
//   C[0:m, 0:n] := alpha * op(A) * op(B) + beta * C
// op(A) element (i, l) is a[i*rs_a + l*cs_a]; op(B) element (l, j) is
// b[l*rs_b + j*cs_b]; C element (i, j) is c[i + j*ldc].
// The runtime handles m == 0, n == 0 (nothing to do) and k == 0 or
// alpha == 0 (C := beta*C, A and B not read) itself: a macro kernel always
// sees m, n, k >= 1 and alpha != 0. beta == 0 still means C is not read.
// `pro` and `epi` (src/fused_ops.h) are the fused element-wise operations:
//   C := epi(alpha * op(pro(A)) * op(B) + beta * C)
// swblas::gemm requires both null; swblas::gemm_fused runs them. A plain
// DGEMM macro kernel never reads them; a fused one reads the one it fuses.
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
  const prologue_args* pro = nullptr;
  const epilogue_args* epi = nullptr;
};

// A batch of problems of one shape (one group of cblas_dgemm_batch, or a
// strided batch). Entry e is `shape` with its a, b and c replaced by
// a_array[e] (or shape.a + e * stride_a when a_array is null), and so on.
// count >= 1 and the shape obeys gemm_problem's rules for macro kernels.
struct gemm_batch_problem {
  gemm_problem shape;
  dim_t count = 0;
  const double* const* a_array = nullptr;
  const double* const* b_array = nullptr;
  double* const* c_array = nullptr;
  inc_t stride_a = 0, stride_b = 0, stride_c = 0;

  gemm_problem entry(dim_t e) const {
    gemm_problem p = shape;
    p.a = a_array ? a_array[e] : shape.a + e * stride_a;
    p.b = b_array ? b_array[e] : shape.b + e * stride_b;
    p.c = c_array ? c_array[e] : shape.c + e * stride_c;
    return p;
  }
};

// Which loop the thread team shares out (BLIS-style). In both cases the
// packed B panel is shared by the whole team.
//   ic: each thread takes whole mc blocks and packs its own A block
//       (a_pack is private to the thread).
//   jr: the team packs one A block together, then shares out the nr-wide
//       column panels (a_pack is shared; used when M has fewer mc blocks
//       than threads).
//   batch: (batched kernels only) each thread takes whole batch entries and
//       packs its own A block and B panel (a_pack and b_pack are private).
enum class parallel_loop : int { ic = 0, jr = 1, batch = 2 };

// A generated macro kernel. It is SPMD: every thread of an OpenMP team calls
// it with the same problem, inside one `#pragma omp parallel` opened by the
// runtime, and the kernel uses orphaned work-sharing (`omp for`, `omp
// barrier`) inside. Called by a single thread outside a parallel region it
// is simply sequential. a_pack/b_pack point to buffers of at least
// a_pack_doubles/b_pack_doubles (see macro_kernel_info), aligned to
// kPackAlignment. The kernel never allocates.
using macro_kernel_fn = void (*)(const gemm_problem& p, double* a_pack,
                                 double* b_pack);

// A generated batched macro kernel: the same contract over every entry of
// the batch, inside one parallel region. With parallel_loop::batch both
// buffers are private to the calling thread; with ic/jr, as above.
using batch_kernel_fn = void (*)(const gemm_batch_problem& p, double* a_pack,
                                 double* b_pack);

// What a manifest entry computes. `op` says which operation a fused family
// fuses (a prologue_op or epilogue_op value, src/fused_ops.h); 0 otherwise.
enum class kernel_family : int {
  dgemm = 0,       // plain DGEMM: run
  batch = 1,       // batched DGEMM: run_batch
  prologue_a = 2,  // op(pro(A)) * op(B), pro fused into the packing of A
  prologue_b = 3,  // op(A) * op(pro(B)), pro fused into the packing of B
  epilogue = 4,    // epi applied to each C tile after its last k block
};

// One entry of the generated manifest.
struct macro_kernel_info {
  const char* name;    // unique, e.g. "dgemm_x86_avx2_8x6_l1_32k_l2_512k_ic"
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
  macro_kernel_fn run;  // null for kernel_family::batch
  kernel_family family = kernel_family::dgemm;
  int op = 0;
  batch_kernel_fn run_batch = nullptr;  // kernel_family::batch only
};

// The manifest, defined in the generated source (build tree).
extern const macro_kernel_info generated_macro_kernels[];
extern const std::size_t generated_macro_kernel_count;

}  // namespace swblas

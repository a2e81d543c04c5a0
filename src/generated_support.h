// What every generated macro kernel includes: the contract types and the
// team-cooperative packing steps its extension nodes are printed as.
//
// Generated translation units are compiled with their target's ISA flags
// (e.g. -mavx2 -mfma) so that the inline fused operations vectorise. The
// helpers are therefore in an unnamed namespace: each translation unit keeps
// its own copy, and the linker can never merge an AVX2 copy into code that
// runs on a CPU without AVX2 (which comdat folding of inline functions would).
#pragma once

#include <omp.h>

#include "fused_ops.h"
#include "macro_kernel.h"

namespace swblas::gen {
namespace {

// Splits `panels` micro-panels evenly over the calling OpenMP team; returns
// this thread's half-open range [first, last).
inline void team_share(dim_t panels, dim_t* first, dim_t* last) {
  const dim_t nt = omp_get_num_threads();
  const dim_t t = omp_get_thread_num();
  *first = panels * t / nt;
  *last = panels * (t + 1) / nt;
}

// The prologue Op on `count` packed doubles (nothing for prologue_op::none).
template <prologue_op Op>
inline void transform_packed(const prologue_args* pro, double* packed, dim_t count) {
  if constexpr (Op != prologue_op::none) apply_prologue<Op>(*pro, packed, static_cast<std::size_t>(count));
}

// The team packs op(B)[0:kc, 0:nc] together, each thread whole micro-panels
// (transformed by the fused prologue Op, if any), then waits for all of it
// (the panel is shared by the whole team).
template <prologue_op Op = prologue_op::none>
inline void pack_b_team(pack_b_fn pack, int nr, dim_t kc, dim_t nc, const double* b, inc_t rs_b,
                        inc_t cs_b, double* bp, const prologue_args* pro = nullptr) {
  dim_t first, last;
  team_share((nc + nr - 1) / nr, &first, &last);
  if (last > first) {
    const dim_t j0 = first * nr;
    const dim_t cols = (last * nr < nc ? last * nr : nc) - j0;
    pack(kc, cols, b + j0 * cs_b, rs_b, cs_b, bp + j0 * kc);
    transform_packed<Op>(pro, bp + j0 * kc, (last - first) * nr * kc);
  }
#pragma omp barrier
}

// The same for an A block shared by the team (parallel_loop::jr).
template <prologue_op Op = prologue_op::none>
inline void pack_a_team(pack_a_fn pack, int mr, dim_t mc, dim_t kc, const double* a, inc_t rs_a,
                        inc_t cs_a, double* ap, const prologue_args* pro = nullptr) {
  dim_t first, last;
  team_share((mc + mr - 1) / mr, &first, &last);
  if (last > first) {
    const dim_t i0 = first * mr;
    const dim_t rows = (last * mr < mc ? last * mr : mc) - i0;
    pack(rows, kc, a + i0 * rs_a, rs_a, cs_a, ap + i0 * kc);
    transform_packed<Op>(pro, ap + i0 * kc, (last - first) * mr * kc);
  }
#pragma omp barrier
}

// Packing by one thread with a fused prologue (post-tiling fusion, paper
// 000): the block is packed, then transformed in place while it is in cache;
// recomputed for every block that packs the same elements, as the paper
// accepts. The zero padding is transformed too: padded rows (columns) only
// reach C elements that are never stored.
template <prologue_op Op>
inline void pack_a_prologue(pack_a_fn pack, int mr, dim_t mc, dim_t kc, const double* a, inc_t rs_a,
                            inc_t cs_a, double* ap, const prologue_args* pro) {
  pack(mc, kc, a, rs_a, cs_a, ap);
  transform_packed<Op>(pro, ap, (mc + mr - 1) / mr * mr * kc);
}

template <prologue_op Op>
inline void pack_b_prologue(pack_b_fn pack, int nr, dim_t kc, dim_t nc, const double* b, inc_t rs_b,
                            inc_t cs_b, double* bp, const prologue_args* pro) {
  pack(kc, nc, b, rs_b, cs_b, bp);
  transform_packed<Op>(pro, bp, (nc + nr - 1) / nr * nr * kc);
}

// The epilogue of a spec without a bias term ignores the caller's bias.
inline epilogue_args without_bias(epilogue_args e) {
  e.bias = nullptr;
  return e;
}

// beta for the k block that starts at pc: the first block applies the
// caller's beta, later blocks accumulate.
inline double beta_for_block(dim_t pc, double beta) { return pc == 0 ? beta : 1.0; }

// The operation a micro kernel applies in registers for epilogue Op (the
// ones swblas-gen fuses into the micro-kernel call, recipe.cpp).
template <epilogue_op Op>
constexpr tile_op register_tile_op() {
  static_assert(Op == epilogue_op::none || Op == epilogue_op::relu || Op == epilogue_op::leaky_relu ||
                    Op == epilogue_op::clamp,
                "only cheap operations are applied in the micro kernel's registers");
  return Op == epilogue_op::relu         ? tile_op::relu
         : Op == epilogue_op::leaky_relu ? tile_op::leaky_relu
         : Op == epilogue_op::clamp      ? tile_op::clamp
                                         : tile_op::bias_only;
}

// The micro-kernel call of one register tile (element (0, 0) at (i0, j0) of
// the problem's C) in a kernel whose epilogue Op the micro kernel applies in
// registers: the plain call while the tile's last k block is still to come,
// the fused one on it: a full tile straight into the kernel's full-tile
// entry for the operation (ukernel_full_epilogue), where it has one, other
// tiles through ukernel_epilogue. A bias with both strides nonzero (no
// interface makes one) is added to the stored tile instead.
template <epilogue_op Op>
inline void ukernel_epilogue(const dgemm_ukernel_desc& u, bool last, const epilogue_args& epi, dim_t i0,
                             dim_t j0, dim_t m, dim_t n, dim_t k, double alpha, const double* ap,
                             const double* bp, double beta, double* c, inc_t ldc) {
  const bool full = m == u.mr && n == u.nr;
  const bool bias_in_registers = !epi.bias || epi.rs_bias == 0 || (epi.rs_bias == 1 && epi.cs_bias == 0);
  if (!last || !bias_in_registers) {
    if (full)
      u.ukernel_full(k, alpha, ap, bp, beta, c, ldc);
    else
      u.ukernel(m, n, k, alpha, ap, bp, beta, c, ldc);
    if (last) apply_epilogue<Op>(epi, m, n, c, ldc, i0, j0);
    return;
  }
  tile_epilogue t;
  t.op = register_tile_op<Op>();
  if (epi.bias) {
    t.bias = epi.bias + i0 * epi.rs_bias + j0 * epi.cs_bias;
    t.rs_bias = epi.rs_bias;
    t.cs_bias = epi.cs_bias;
  }
  t.slope = epi.slope;
  t.lo = epi.lo;
  t.hi = epi.hi;
  const dgemm_ukernel_full_epilogue_fn full_epilogue =
      u.ukernel_full_epilogue.of[static_cast<int>(register_tile_op<Op>())];
  if (full && full_epilogue)
    full_epilogue(k, alpha, ap, bp, beta, c, ldc, t);
  else
    u.ukernel_epilogue(m, n, k, alpha, ap, bp, beta, c, ldc, t);
}

}  // namespace
}  // namespace swblas::gen

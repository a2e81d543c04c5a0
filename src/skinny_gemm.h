// Skinny problems: one of m, n spans only a few register blocks while the
// other and k are large, e.g. (4000, 16, 4000) or (32, 2000, 2000).
//
// The packed path does badly there. With few columns, each element of A is
// used by only ceil(n/nr) micro-kernel calls, so packing A (a strided read
// from memory and a write) costs about as much as the multiplication and is
// not overlapped with it; the last B micro-panel is also zero-padded (n = 16
// is 6 + 6 + 4 for an 8x6 kernel: 1/9 of the FMAs wasted). With few rows,
// each packed B micro-panel is used by only ceil(m/mr) calls, after a round
// trip through L3 (the kc x nc panel is megabytes).
//
// The micro kernel's unpacked `small` path avoids all of that, as BLIS's
// "sup" kernels do: it reads A in place one mr-row strip at a time (the strip
// stays in L1 while every column block of the strip uses it) and broadcasts B
// from any strides; its column tails are register blocks of the tail's width,
// not zero-padded ones. The k loop is blocked by kc so that a strip of A (few
// columns) or the m x kc block of A (few rows) stays in cache.
//
// Threads split the long dimension into contiguous ranges of whole strips
// (rows) or column blocks, each an independent sub-problem: no barriers, no
// shared buffers, no packing buffers at all (the team is opened by the
// driver, src/gemm.cpp; this header has no OpenMP in it, so tests can include
// it without OpenMP flags).
#pragma once

#include <algorithm>
#include <limits>

#include "macro_kernel.h"

namespace swblas {

// How many register blocks the short side may span for the skinny path,
// measured with avx2_8x6 on Zen 3 (k = 2000, against the packed path and
// OpenBLAS/BLIS in the same runs): with few columns the unpacked strips win
// up to n = 48 (8 blocks of nr) and lose from n = 64, where A is reused
// enough to pay for its packing; with few rows they win up to m = 48 and
// break even at m = 64 (6 blocks of mr, to be safe).
inline constexpr dim_t kSkinnyColumnBlocks = 8;
inline constexpr dim_t kSkinnyRowBlocks = 6;

enum class skinny_shape : int {
  none = 0,
  few_columns = 1,  // n <= 8 nr: threads split m, A strips read in place
  few_rows = 2,     // m <= 6 mr: threads split n, B read in place
};

// Whether u's `small` path multiplies at the rate of its packed kernel. The
// MMA kernel's is plain VSX (asm/power/dgemm_mma_8x8.cpp), half the FMA rate
// of the accumulators: skinny shapes keep the packed MMA path there.
inline bool small_path_at_full_rate(const dgemm_ukernel_desc& u) {
  return u.small && u.needs != isa::mma;
}

// Which skinny case p is for micro kernel u, if any. The `small` path reads
// A with unit row stride only (op(A) = A); the short side must also be the
// shorter one, so that a small square problem is not mistaken for one.
inline skinny_shape classify_skinny(const gemm_problem& p, const dgemm_ukernel_desc& u) {
  if (!small_path_at_full_rate(u) || p.rs_a != 1) return skinny_shape::none;
  if (p.n <= kSkinnyColumnBlocks * u.nr && p.n < p.m) return skinny_shape::few_columns;
  if (p.m <= kSkinnyRowBlocks * u.mr && p.m < p.n) return skinny_shape::few_rows;
  return skinny_shape::none;
}

namespace skinny_detail {

inline dim_t ceil_div(dim_t a, dim_t b) { return (a + b - 1) / b; }

// The caller's beta for the first k block, then accumulation.
inline double beta_for_block(dim_t pc, double beta) { return pc == 0 ? beta : 1.0; }

// Few columns: per k block, every mr-row strip of A multiplies all n
// columns of B (small_gemm walks the strips, each across all column blocks).
inline void few_columns(const gemm_problem& p, const dgemm_ukernel_desc& u, dim_t kc) {
  for (dim_t pc = 0; pc < p.k; pc += kc)
    u.small(p.m, p.n, std::min(kc, p.k - pc), p.alpha, p.a + pc * p.cs_a, p.cs_a,
            p.b + pc * p.rs_b, p.rs_b, p.cs_b, beta_for_block(pc, p.beta), p.c, p.ldc);
}

// Few rows: per k block, the m x kc block of A stays in L2 while each nr-wide
// column block of B streams through L1 once, used by every strip of A.
inline void few_rows(const gemm_problem& p, const dgemm_ukernel_desc& u, dim_t kc) {
  for (dim_t pc = 0; pc < p.k; pc += kc) {
    const dim_t kb = std::min(kc, p.k - pc);
    const double beta = beta_for_block(pc, p.beta);
    for (dim_t j = 0; j < p.n; j += u.nr)
      u.small(p.m, std::min<dim_t>(u.nr, p.n - j), kb, p.alpha, p.a + pc * p.cs_a, p.cs_a,
              p.b + pc * p.rs_b + j * p.cs_b, p.rs_b, p.cs_b, beta, p.c + j * p.ldc, p.ldc);
  }
}

// Part `part` of `parts` of p, split along the long side in whole blocks of
// `unit` rows (few_columns) or columns (few_rows). May be empty.
inline gemm_problem part_of(const gemm_problem& p, skinny_shape s, dim_t unit, int part,
                            int parts) {
  gemm_problem q = p;
  const dim_t extent = s == skinny_shape::few_columns ? p.m : p.n;
  const dim_t blocks = ceil_div(extent, unit);
  const dim_t first = std::min(extent, blocks * part / parts * unit);
  const dim_t last = std::min(extent, blocks * (part + 1) / parts * unit);
  if (s == skinny_shape::few_columns) {
    q.m = last - first;
    q.a += first * p.rs_a;
    q.c += first;
  } else {
    q.n = last - first;
    q.b += first * p.cs_b;
    q.c += first * p.ldc;
  }
  return q;
}

// Solves part q (possibly empty) of a problem classified as s, with k
// blocked by kc, on the calling thread.
inline void run_part(const gemm_problem& q, skinny_shape s, const dgemm_ukernel_desc& u,
                     dim_t kc) {
  if (q.m <= 0 || q.n <= 0) return;
  if (s == skinny_shape::few_columns)
    few_columns(q, u, kc);
  else
    few_rows(q, u, kc);
}

}  // namespace skinny_detail

// The most threads the skinny path can use for p: one strip (few_columns) or
// column block (few_rows) each at least.
inline int skinny_max_threads(const gemm_problem& p, skinny_shape s,
                              const dgemm_ukernel_desc& u) {
  const dim_t blocks = s == skinny_shape::few_columns ? skinny_detail::ceil_div(p.m, u.mr)
                                                      : skinny_detail::ceil_div(p.n, u.nr);
  return static_cast<int>(std::min<dim_t>(blocks, std::numeric_limits<int>::max()));
}

}  // namespace swblas

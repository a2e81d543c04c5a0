// The five loops: jc (nc) -> pc (kc) -> ic (mc) -> jr (nr) -> ir (mr).
// Work sharing is orphaned (`omp for`, barriers in the team packing
// helpers), so the same code runs in a team or in a single thread.
#include "reference_gemm.h"

#include <algorithm>

#include "generated_support.h"

namespace swblas {
namespace {

dim_t ceil_div(dim_t a, dim_t b) { return (a + b - 1) / b; }

// The block and panel a kernel call is working on, in packed form.
struct packed_block {
  dim_t mc, nc, kc;
  const double* ap;  // ceil(mc/mr) A micro-panels
  const double* bp;  // B micro-panels, starting at panel 0 of the range
  double beta;
  double* c;  // C element (0, 0) of this block
};

// The jr and ir loops over B micro-panels [first, last) of one block: one
// micro kernel call per mr x nr tile, the full-tile entry when available.
void multiply_panels(const dgemm_ukernel_desc& u, double alpha, const packed_block& blk,
                     inc_t ldc, dim_t first, dim_t last) {
  for (dim_t jp = first; jp < last; ++jp) {
    const dim_t n = std::min<dim_t>(u.nr, blk.nc - jp * u.nr);
    const double* bp = blk.bp + jp * u.nr * blk.kc;
    for (dim_t ip = 0; ip * u.mr < blk.mc; ++ip) {
      const dim_t m = std::min<dim_t>(u.mr, blk.mc - ip * u.mr);
      const double* ap = blk.ap + ip * u.mr * blk.kc;
      double* c = blk.c + ip * u.mr + jp * u.nr * ldc;
      if (m == u.mr && n == u.nr && u.ukernel_full)
        u.ukernel_full(blk.kc, alpha, ap, bp, blk.beta, c, ldc);
      else
        u.ukernel(m, n, blk.kc, alpha, ap, bp, blk.beta, c, ldc);
    }
  }
}

// The k x n panel of B at (pc, jc), packed by the team.
struct panel_position {
  dim_t jc, nc, pc, kc;
};

// ic variant: the team shares out the mc blocks round-robin (as the
// generated ic kernels do, generator/src/codegen.cpp); each thread packs its
// own A block into its private a_pack. The implicit barrier of the `omp for`
// keeps the B panel alive until every thread is done with it.
void ic_loop(const gemm_problem& p, const dgemm_ukernel_desc& u, const blocking& b,
             const panel_position& at, double* a_pack, const double* b_pack) {
  const dim_t blocks = ceil_div(p.m, b.mc);
#pragma omp for schedule(static, 1)
  for (dim_t ib = 0; ib < blocks; ++ib) {
    const dim_t ic = ib * b.mc, mc = std::min(b.mc, p.m - ic);
    u.pack_a(mc, at.kc, p.a + ic * p.rs_a + at.pc * p.cs_a, p.rs_a, p.cs_a, a_pack);
    const packed_block blk{mc, at.nc, at.kc, a_pack, b_pack,
                           gen::beta_for_block(at.pc, p.beta), p.c + ic + at.jc * p.ldc};
    multiply_panels(u, p.alpha, blk, p.ldc, 0, ceil_div(at.nc, u.nr));
  }
}

// jr variant: the team packs each A block together, then shares out the
// B micro-panels; the implicit barrier keeps A alive until all are done.
void jr_loop(const gemm_problem& p, const dgemm_ukernel_desc& u, const blocking& b,
             const panel_position& at, double* a_pack, const double* b_pack) {
  const dim_t panels = ceil_div(at.nc, u.nr);
  for (dim_t ic = 0; ic < p.m; ic += b.mc) {
    const dim_t mc = std::min(b.mc, p.m - ic);
    gen::pack_a_team(u.pack_a, u.mr, mc, at.kc, p.a + ic * p.rs_a + at.pc * p.cs_a, p.rs_a,
                     p.cs_a, a_pack);
    const packed_block blk{mc, at.nc, at.kc, a_pack, b_pack,
                           gen::beta_for_block(at.pc, p.beta), p.c + ic + at.jc * p.ldc};
#pragma omp for schedule(static)
    for (dim_t jp = 0; jp < panels; ++jp) multiply_panels(u, p.alpha, blk, p.ldc, jp, jp + 1);
  }
}

}  // namespace

std::size_t reference_a_pack_doubles(const gemm_problem& p, const dgemm_ukernel_desc& u,
                                     const blocking& b) {
  return static_cast<std::size_t>(ceil_div(std::min(b.mc, p.m), u.mr) * u.mr *
                                  std::min(b.kc, p.k));
}

std::size_t reference_b_pack_doubles(const gemm_problem& p, const dgemm_ukernel_desc& u,
                                     const blocking& b) {
  return static_cast<std::size_t>(ceil_div(std::min(b.nc, p.n), u.nr) * u.nr *
                                  std::min(b.kc, p.k));
}

void reference_macro_kernel(const gemm_problem& p, const dgemm_ukernel_desc& u,
                            const blocking& b, parallel_loop loop, double* a_pack,
                            double* b_pack) {
  for (dim_t jc = 0; jc < p.n; jc += b.nc) {
    const dim_t nc = std::min(b.nc, p.n - jc);
    for (dim_t pc = 0; pc < p.k; pc += b.kc) {
      const panel_position at{jc, nc, pc, std::min(b.kc, p.k - pc)};
      gen::pack_b_team(u.pack_b, u.nr, at.kc, nc, p.b + pc * p.rs_b + jc * p.cs_b, p.rs_b,
                       p.cs_b, b_pack);
      if (loop == parallel_loop::ic)
        ic_loop(p, u, b, at, a_pack, b_pack);
      else
        jr_loop(p, u, b, at, a_pack, b_pack);
    }
  }
}

}  // namespace swblas

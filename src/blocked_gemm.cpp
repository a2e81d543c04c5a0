// The loops over blocks (see blocked_gemm.h). The team shares work by
// explicit ranges: member t of a team of size packs micro-panels
// [size_t * count / size, ...), and synchronises with orphaned barriers, so
// the same code runs in a team or in one thread.
#include "blocked_gemm.h"

#include <algorithm>
#include <type_traits>

#include "operand_packing.h"
#include "elementwise_clones.h"
#include "fused_ops.h"


namespace swblas {
namespace {

// Member t's part [first, last) of `count` items, contiguous and even.
void share(dim_t count, team_member t, dim_t* first, dim_t* last) {
  *first = count * t.id / t.size;
  *last = count * (t.id + 1) / t.size;
}

void team_barrier(team_member t) {
  if (t.size > 1) {
#pragma omp barrier
  }
}

SWBLAS_ELEMENTWISE_CLONES
void transform_packed(const prologue_args& pro, double* packed, dim_t count) {
  apply_prologue(pro, packed, static_cast<std::size_t>(count));
}

// A fused prologue on operand x, transforming `count` packed elements
// (double only: the fused operations are).
template <class T>
void apply_prologue_on(const basic_gemm_problem<T>& p, prologue_operand x, T* packed, dim_t count) {
  if constexpr (std::is_same_v<T, double>) {
    if (p.pro && p.pro->op != prologue_op::none && p.pro->operand == x) transform_packed(*p.pro, packed, count);
  }
}

// Rows [i0, i0 + rows) x columns [l0, l0 + kc) of op(A) into the A format at
// ap, whole micro-panels, transformed by a fused prologue on A (the 1m
// rule for a complex view, a structured operand element by element). The
// padding is transformed too: padded rows only reach C rows that are never
// stored.
template <class T>
void pack_a_rows(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t i0, dim_t rows, dim_t l0,
                 dim_t kc, T* ap) {
  if (packs_by_element_a(p)) return pack_a_by_element(p, dim_t{u.mr}, i0, rows, l0, kc, ap);
  u.pack_a(rows, kc, p.a + i0 * p.rs_a + l0 * p.cs_a, p.rs_a, p.cs_a, ap);
  apply_prologue_on(p, prologue_operand::a, ap, ceil_div(rows, u.mr) * u.mr * kc);
}

// The same for columns [j0, j0 + cols) x rows [l0, l0 + kc) of op(B).
template <class T>
void pack_b_columns(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t l0, dim_t kc, dim_t j0,
                    dim_t cols, T* bp) {
  if (packs_by_element_b(p)) return pack_b_by_element(p, dim_t{u.nr}, l0, kc, j0, cols, bp);
  if (p.complex) return u.pack_b(kc, cols, p.b + l0 + 2 * j0 * p.cs_b, 1, 2 * p.cs_b, bp);  // (re, im) steps
  u.pack_b(kc, cols, p.b + l0 * p.rs_b + j0 * p.cs_b, p.rs_b, p.cs_b, bp);
  apply_prologue_on(p, prologue_operand::b, bp, ceil_div(cols, u.nr) * u.nr * kc);
}

// The team packs `total` rows (or columns) of an operand together, each
// member whole micro-panels of `width`, then waits for all of it.
template <class T, class PackPart>
void pack_shared(dim_t total, dim_t width, dim_t kc, team_member t, T* packed, const PackPart& pack_part) {
  dim_t first, last;
  share(ceil_div(total, width), t, &first, &last);
  if (last > first) {
    const dim_t from = first * width;
    pack_part(from, std::min(last * width, total) - from, packed + from * kc);
  }
  team_barrier(t);
}

// The k block at (pc, kc) of a column panel starting at jc: what every
// block of it shares.
template <class T>
struct panel {
  dim_t jc, nc, pc, kc;
  T beta;  // the caller's on the first k block, then 1 (accumulate)
  bool last;    // the k block that ends C's reduction
};

template <class T>
class block_loops {
 public:
  block_loops(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, team_member t)
      : p_(p), e_(e), u_(*e.ukernel), t_(t) {}

  void run(parallel_loop loop, T* a_pack, T* b_pack) {
    const blocking& b = e_.blk;
    for (dim_t jc = 0; jc < p_.n; jc += b.nc) {
      const dim_t nc = std::min(b.nc, p_.n - jc);
      for (dim_t pc = 0; pc < p_.k; pc += b.kc) {
        const dim_t kc = std::min(b.kc, p_.k - pc);
        const panel<T> at{jc, nc, pc, kc, beta_for_block(pc, p_.beta), pc + kc >= p_.k};
        pack_shared(nc, u_.nr, kc, t_, b_pack, [&](dim_t j, dim_t cols, T* bp) {
          pack_b_columns(p_, u_, pc, kc, jc + j, cols, bp);
        });
        if (loop == parallel_loop::ic)
          ic_loop(at, a_pack, b_pack);
        else
          jr_loop(at, a_pack, b_pack);
      }
    }
  }

 private:
  // Member t takes mc blocks t, t + size, ...: the partial last block lands
  // on a member with the most blocks (m = 1000, mc = 240, two threads: 520
  // and 480 rows, not 720 and 280 as contiguous chunks give). The barrier
  // keeps the B panel until every member is done with it.
  void ic_loop(const panel<T>& at, T* a_pack, const T* b_pack) {
    const dim_t mc = e_.blk.mc;
    for (dim_t ib = t_.id; ib * mc < p_.m; ib += t_.size) {
      const dim_t ic = ib * mc, rows = std::min(mc, p_.m - ic);
      pack_a_rows(p_, u_, ic, rows, at.pc, at.kc, a_pack);
      multiply(at, ic, rows, 0, at.nc, a_pack, b_pack);
    }
    team_barrier(t_);
  }

  // The team packs each A block together, then every member multiplies a
  // contiguous range of its B micro-panels (the micro kernel prefetches the
  // next one); the barrier keeps A until all are done.
  void jr_loop(const panel<T>& at, T* a_pack, const T* b_pack) {
    for (dim_t ic = 0; ic < p_.m; ic += e_.blk.mc) {
      const dim_t rows = std::min(e_.blk.mc, p_.m - ic);
      pack_shared(rows, u_.mr, at.kc, t_, a_pack, [&](dim_t i, dim_t n, T* ap) {
        pack_a_rows(p_, u_, ic + i, n, at.pc, at.kc, ap);
      });
      dim_t first, last;
      share(ceil_div(at.nc, u_.nr), t_, &first, &last);
      if (last > first) {
        const dim_t j0 = first * u_.nr;
        multiply(at, ic, rows, j0, std::min(last * u_.nr, at.nc) - j0, a_pack, b_pack + j0 * at.kc);
      }
      team_barrier(t_);
    }
  }

  // The block kernel on rows [ic, ic + rows) and the panel's columns
  // [j0, j0 + cols), bp at the first of them.
  void multiply(const panel<T>& at, dim_t ic, dim_t rows, dim_t j0, dim_t cols, const T* ap, const T* bp) {
    basic_packed_block<T> blk;
    blk.m = rows;
    blk.n = cols;
    blk.k = at.kc;
    blk.alpha = p_.alpha;
    blk.beta = at.beta;
    blk.ap = ap;
    blk.bp = bp;
    blk.c = p_.c + ic + (at.jc + j0) * p_.ldc;
    blk.ldc = p_.ldc;
    epilogue_args epi;
    if (p_.epi) {
      epi = *p_.epi;
      if (epi.bias) epi.bias += ic * epi.rs_bias + (at.jc + j0) * epi.cs_bias;
      blk.epi = &epi;
      blk.last = at.last;
    }
    if (e_.kernel)
      e_.kernel(blk);
    else
      reference_block_kernel(u_, blk);
  }

  const basic_gemm_problem<T>& p_;
  const basic_block_engine<T>& e_;
  const ukernel_desc<T>& u_;
  team_member t_;
};

}  // namespace

template <class T>
void reference_block_kernel(const ukernel_desc<T>& u, const basic_packed_block<T>& blk) {
  for (dim_t j = 0; j < blk.n; j += u.nr) {
    const dim_t n = std::min<dim_t>(u.nr, blk.n - j);
    for (dim_t i = 0; i < blk.m; i += u.mr) {
      const dim_t m = std::min<dim_t>(u.mr, blk.m - i);
      const T* ap = blk.ap + i * blk.k;
      const T* bp = blk.bp + j * blk.k;
      T* c = blk.c + i + j * blk.ldc;
      if (m == u.mr && n == u.nr && u.ukernel_full)
        u.ukernel_full(blk.k, blk.alpha, ap, bp, blk.beta, c, blk.ldc);
      else
        u.ukernel(m, n, blk.k, blk.alpha, ap, bp, blk.beta, c, blk.ldc);
    }
  }
}

template <class T>
std::size_t a_block_elems(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e) {
  const dim_t mr = e.ukernel->mr;
  return static_cast<std::size_t>(ceil_div(std::min(e.blk.mc, p.m), mr) * mr * std::min(e.blk.kc, p.k));
}

template <class T>
std::size_t b_panel_elems(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e) {
  const dim_t nr = e.ukernel->nr;
  return static_cast<std::size_t>(ceil_div(std::min(e.blk.nc, p.n), nr) * nr * std::min(e.blk.kc, p.k));
}

template <class T>
void run_blocked(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, parallel_loop loop,
                 team_member t, T* a_pack, T* b_pack) {
  block_loops<T>(p, e, t).run(loop, a_pack, b_pack);
}

#define SWBLAS_INSTANTIATE_BLOCKED(T)                                                                 \
  template void reference_block_kernel(const ukernel_desc<T>&, const basic_packed_block<T>&);        \
  template std::size_t a_block_elems(const basic_gemm_problem<T>&, const basic_block_engine<T>&);    \
  template std::size_t b_panel_elems(const basic_gemm_problem<T>&, const basic_block_engine<T>&);    \
  template void run_blocked(const basic_gemm_problem<T>&, const basic_block_engine<T>&, parallel_loop, \
                            team_member, T*, T*);
SWBLAS_INSTANTIATE_BLOCKED(double)
SWBLAS_INSTANTIATE_BLOCKED(float)
#undef SWBLAS_INSTANTIATE_BLOCKED

}  // namespace swblas

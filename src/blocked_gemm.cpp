// The loops over blocks as items (see blocked_gemm.h): an item is found
// from its index by division, so nothing is stored per call and a thread
// alone runs the same items in order.
#include "blocked_gemm.h"

#include <algorithm>
#include <type_traits>

#include "operand_packing.h"
#include "thread_pool.h"
#include "elementwise_clones.h"
#include "fused_ops.h"


namespace swblas {
namespace {

// One clone set per element type (target_clones takes no templates).
SWBLAS_ELEMENTWISE_CLONES
void transform_packed(const prologue_args& pro, double* packed, dim_t count) {
  apply_prologue(pro, packed, static_cast<std::size_t>(count));
}
SWBLAS_ELEMENTWISE_CLONES
void transform_packed(const prologue_args& pro, float* packed, dim_t count) {
  apply_prologue(pro, packed, static_cast<std::size_t>(count));
}

// A fused prologue on operand x, transforming `count` packed elements.
template <class T>
void apply_prologue_on(const basic_gemm_problem<T>& p, prologue_operand x, T* packed, dim_t count) {
  if (p.pro && p.pro->op != prologue_op::none && p.pro->operand == x) transform_packed(*p.pro, packed, count);
}

// Rows [i0, i0 + rows) x columns [l0, l0 + kc) of op(A) into the A format at
// ap, whole micro-panels, transformed by a fused prologue on A (the 1m
// rule for a complex view, a real structured operand by its triangles). The
// padding is transformed too: padded rows only reach C rows that are never
// stored.
template <class T>
void pack_a_rows(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t i0, dim_t rows, dim_t l0,
                 dim_t kc, T* ap) {
  if (p.a_structure.kind != structure::general && p.complex)
    return pack_structured_1m(p, packed_operand::a, u.mr, i0, rows, l0, kc, ap,
                              [&u](const basic_gemm_problem<T>& q, dim_t lane0, dim_t lanes, dim_t step0, dim_t steps,
                                   T* dst) { pack_a_rows(q, u, lane0, lanes, step0, steps, dst); });
  if (p.a_structure.kind != structure::general) return pack_structured_a(p, u, i0, rows, l0, kc, ap);
  if (pack_a_1m_by_vectors(p, u, i0, rows, l0, kc, ap)) return;
  if (packs_by_element_a(p)) return pack_a_by_element(p, dim_t{u.mr}, i0, rows, l0, kc, ap);
  u.pack_a(rows, kc, p.a + i0 * p.rs_a + l0 * p.cs_a, p.rs_a, p.cs_a, ap);
  apply_prologue_on(p, prologue_operand::a, ap, ceil_div(rows, u.mr) * u.mr * kc);
}

// The same for columns [j0, j0 + cols) x rows [l0, l0 + kc) of op(B).
template <class T>
void pack_b_columns(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t l0, dim_t kc, dim_t j0,
                    dim_t cols, T* bp) {
  if (p.b_structure.kind != structure::general && p.complex)
    return pack_structured_1m(p, packed_operand::b, u.nr, j0, cols, l0, kc, bp,
                              [&u](const basic_gemm_problem<T>& q, dim_t lane0, dim_t lanes, dim_t step0, dim_t steps,
                                   T* dst) { pack_b_columns(q, u, step0, steps, lane0, lanes, dst); });
  if (p.b_structure.kind != structure::general) return pack_structured_b(p, u, l0, kc, j0, cols, bp);
  if (pack_b_1m_by_vectors(p, u, l0, kc, j0, cols, bp)) return;
  if (packs_by_element_b(p)) return pack_b_by_element(p, dim_t{u.nr}, l0, kc, j0, cols, bp);
  if (p.complex) return u.pack_b(kc, cols, p.b + l0 + 2 * j0 * p.cs_b, 1, 2 * p.cs_b, bp);  // (re, im) steps
  u.pack_b(kc, cols, p.b + l0 * p.rs_b + j0 * p.cs_b, p.rs_b, p.cs_b, bp);
  apply_prologue_on(p, prologue_operand::b, bp, ceil_div(cols, u.nr) * u.nr * kc);
}

// An operand in C (p.in_c) once packed, C's part of it zeroed, the
// product's start: for op(B), its columns [j0, j0 + cols) (of C's rows
// [first, first + k)); for op(A), its rows [i0, i0 + rows) (of C's columns
// [first, first + k), k real steps two a column in the 1m view).
template <class T>
void zero_packed_b_of_c(const basic_gemm_problem<T>& p, dim_t j0, dim_t cols) {
  if (p.in_c.which != operand_in_c::part::b_rows) return;
  for (dim_t j = j0; j < j0 + cols; ++j) {
    T* column = p.c + p.in_c.first + j * p.ldc;
    std::fill(column, column + p.k, T(0));
  }
}
template <class T>
void zero_packed_a_of_c(const basic_gemm_problem<T>& p, dim_t i0, dim_t rows) {
  if (p.in_c.which != operand_in_c::part::a_columns) return;
  for (dim_t j = p.in_c.first; j < p.in_c.first + a_columns_in_c(p); ++j) std::fill_n(p.c + i0 + j * p.ldc, rows, T(0));
}

// Items [first, last) of `parts` equal chunks of `count` micro-panels.
void chunk(dim_t count, dim_t part, dim_t parts, dim_t* first, dim_t* last) {
  const part_range r = even_part(count, 1, part, parts);
  *first = r.first;
  *last = r.last;
}

template <class T>
void run_block_kernel(const basic_block_engine<T>& e, const basic_packed_block<T>& blk) {
  if (e.kernel)
    e.kernel(blk);
  else
    reference_block_kernel(*e.ukernel, blk);
}

// A block's rows [0, rows) against columns [j_first, j_last] of C's
// triangle (c_triangle, shifted to the block's first row): the rows
// [first_full, end_full) have all of the range in the triangle, the rows
// [first_in, end_in) some of it; the rest none.
struct triangle_rows {
  dim_t first_full, end_full, first_in, end_in;
};
inline triangle_rows rows_against(const c_triangle& d, dim_t j_first, dim_t j_last, dim_t rows) {
  const auto clamp = [rows](dim_t r) { return std::min(std::max(r, dim_t{0}), rows); };
  const dim_t u = d.row_unit;
  if (d.upper)  // (i + shift) / u <= j: i + shift < u (j + 1)
    return {0, clamp(u * (j_first + 1) - d.shift), 0, clamp(u * (j_last + 1) - d.shift)};
  return {clamp(u * j_last - d.shift), rows, clamp(u * j_first - d.shift), rows};  // i + shift >= u j
}

// The block kernel of C's triangle where the build has none generated:
// blk on the triangle only (blk.row0 and blk.col0 as triangle_op's), a
// micro panel of columns at a time, the tiles wholly inside by the block
// kernel, the tiles across the diagonal by the micro kernel into a tile of
// their own whose triangle part is merged into C, the tiles outside not at
// all.
template <class T>
void reference_triangle_kernel(const c_triangle& d, const basic_block_engine<T>& e, const basic_packed_block<T>& blk) {
  const ukernel_desc<T>& u = *e.ukernel;
  const dim_t mr = u.mr, nr = u.nr;
  c_triangle local = d;  // against the block's rows
  local.shift = blk.row0;
  for (dim_t j = 0; j < blk.n; j += nr) {
    const dim_t n = std::min(nr, blk.n - j);
    const triangle_rows r = rows_against(local, blk.col0 + j, blk.col0 + j + n - 1, blk.m);
    // Whole tiles wholly inside, and the tiles around the rows partly in.
    const dim_t full0 = ceil_div(r.first_full, mr) * mr, full1 = std::max(full0, r.end_full / mr * mr);
    const dim_t full_end = r.end_full == blk.m ? blk.m : full1;  // a last partial tile wholly in
    if (full_end > full0) {
      basic_packed_block<T> part = blk;
      part.m = full_end - full0;
      part.n = n;
      part.ap = blk.ap + full0 * blk.k;
      part.bp = blk.bp + j * blk.k;
      part.c = blk.c + full0 + j * blk.ldc;
      run_block_kernel(e, part);
    }
    const auto across = [&](dim_t i0, dim_t i1) {  // tiles [i0, i1), multiples of mr
      for (dim_t i = i0; i < i1; i += mr) {
        const dim_t m = std::min(mr, blk.m - i);
        alignas(64) T tile[kMaxTileElems];
        u.ukernel(m, n, blk.k, blk.alpha, blk.ap + i * blk.k, blk.bp + j * blk.k, T(0), tile, mr);
        for (dim_t jj = 0; jj < n; ++jj)
          for (dim_t ii = 0; ii < m; ++ii) {
            const dim_t gi = (i + ii + local.shift) / d.row_unit, gj = blk.col0 + j + jj;
            if (d.upper ? gi > gj : gi < gj) continue;
            T& c = blk.c[i + ii + (j + jj) * blk.ldc];
            c = (blk.beta == T(0) ? T(0) : blk.beta * c) + tile[ii + jj * mr];
          }
      }
    };
    const dim_t in0 = r.first_in / mr * mr, in1 = std::min(blk.m, ceil_div(r.end_in, mr) * mr);
    across(in0, std::min(full0, in1));
    across(std::max(full_end, in0), in1);
  }
}

// blk on C's triangle d (rows from ic, columns from jc): the generated
// kernel of the triangle where there is one.
template <class T>
void multiply_triangle(const c_triangle& d, const basic_block_engine<T>& e, basic_packed_block<T> blk, dim_t ic,
                       dim_t jc) {
  blk.row0 = ic + d.shift;
  blk.col0 = jc;
  if (const basic_block_kernel_fn<T> kernel = e.triangle[static_cast<int>(triangle_op_of(d))]) return kernel(blk);
  reference_triangle_kernel(d, e, blk);
}

// The a_triangle kernel for p's blocks (setting blk's row0 and k0 from its
// place ic, pc), or null where the plain kernel runs. It writes only tiles
// with some of the triangle, so it serves where every row of C has some in
// the one k block: op(A) square on (or lower: below) its diagonal. In the
// real view of a complex op(A) (rows and k in pairs) the kernel's triangle
// is moved one step outward: a superset, whose extra A elements are packed
// zeros.
template <class T>
basic_block_kernel_fn<T> a_triangle_kernel(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, dim_t ic,
                                           dim_t pc, basic_packed_block<T>* blk) {
  const operand_structure& s = p.a_structure;
  if (s.kind != structure::triangular || p.k > e.blk.kc) return nullptr;
  const dim_t unit = p.complex ? 2 : 1;  // real rows (and k) an element of op(A)
  const bool covered = s.upper ? p.m + unit * s.row0 <= p.k + unit * s.col0 : s.row0 >= s.col0;
  const basic_block_kernel_fn<T> kernel = e.a_triangle[s.upper ? 1 : 0];
  if (!covered || !kernel) return nullptr;
  blk->row0 = ic + unit * s.row0 + (p.complex ? (s.upper ? -1 : 1) : 0);
  blk->k0 = pc + unit * s.col0;
  return kernel;
}

// The b_triangle kernel for p's blocks (setting blk's k0 and col0 from its
// place pc, jc), or null: as a_triangle_kernel, for a triangular op(B)
// square on (or, upper, right of) its diagonal in one k block, where every
// column of C has some of the triangle. The 1m view doubles B's rows only:
// the row-pairs kernels are its exact triangles.
template <class T>
basic_block_kernel_fn<T> b_triangle_kernel(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, dim_t pc,
                                           dim_t jc, basic_packed_block<T>* blk) {
  const operand_structure& s = p.b_structure;
  if (s.kind != structure::triangular || p.k > e.blk.kc) return nullptr;
  const dim_t unit = p.complex ? 2 : 1;  // real k steps an element of op(B)
  const bool covered = s.upper ? s.col0 >= s.row0 : p.n + s.col0 <= p.k / unit + s.row0;
  const basic_block_kernel_fn<T> kernel = e.b_triangle[(s.upper ? 1 : 0) + (p.complex ? 2 : 0)];
  if (!covered || !kernel) return nullptr;
  blk->k0 = pc + unit * s.row0;
  blk->col0 = jc + s.col0;
  return kernel;
}

// The kernel generated from the spec of a product by a symmetric op(A) or
// op(B) (symm_*: the plain product, as the packing expands the stored
// triangle), or null where the plain kernel runs.
template <class T>
basic_block_kernel_fn<T> symmetric_kernel(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e) {
  if (p.a_structure.kind == structure::symmetric) return e.a_symmetric[p.a_structure.upper ? 1 : 0];
  if (p.b_structure.kind == structure::symmetric) return e.b_symmetric[p.b_structure.upper ? 1 : 0];
  return nullptr;
}

// The block kernel on rows [ic, ic + rows) and columns [jc + j0, jc + j0 + cols)
// of C, k block [pc, pc + kc), ap and bp at the first of them.
template <class T>
void multiply(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, dim_t jc, dim_t pc, dim_t kc,
              dim_t ic, dim_t rows, dim_t j0, dim_t cols, const T* ap, const T* bp) {
  basic_packed_block<T> blk;
  blk.m = rows;
  blk.n = cols;
  blk.k = kc;
  blk.alpha = p.alpha;
  blk.beta = beta_for_block(pc, p.beta);  // the caller's on the first k block, then 1
  blk.ap = ap;
  blk.bp = bp;
  blk.c = p.c + ic + (jc + j0) * p.ldc;
  blk.ldc = p.ldc;
  epilogue_args epi;
  if (p.epi) {
    epi = p.epi->from(ic, jc + j0);
    blk.epi = &epi;
    blk.last = pc + kc >= p.k;  // the k block that ends C's reduction
  }
  if (p.c_domain.on) return multiply_triangle(p.c_domain, e, blk, ic, jc + j0);
  if (const basic_block_kernel_fn<T> kernel = a_triangle_kernel(p, e, ic, pc, &blk)) return kernel(blk);
  if (const basic_block_kernel_fn<T> kernel = b_triangle_kernel(p, e, pc, jc + j0, &blk)) return kernel(blk);
  if (const basic_block_kernel_fn<T> kernel = symmetric_kernel(p, e)) return kernel(blk);
  run_block_kernel(e, blk);
}

}  // namespace

template <class T>
blocked_items<T>::blocked_items(const basic_gemm_problem<T>& shape, const basic_block_engine<T>& e,
                                parallel_loop loop, int threads)
    : e_(e), loop_(loop), m_(shape.m), n_(shape.n), k_(shape.k) {
  const blocking& b = e.blk;
  const dim_t mr = e.ukernel->mr, nr = e.ukernel->nr, team = std::max(threads, 1);
  k_blocks_ = ceil_div(k_, b.kc);
  b_parts_ = std::min(ceil_div(std::min(b.nc, n_), nr), team);
  a_blocks_ = ceil_div(m_, b.mc);
  if (loop == parallel_loop::jr) {
    a_parts_ = std::min(ceil_div(std::min(b.mc, m_), mr), team);
    jr_parts_ = std::min(ceil_div(std::min(b.nc, n_), nr), team == 1 ? 1 : 2 * team);
    per_panel_ = b_parts_ + a_blocks_ * (a_parts_ + jr_parts_);
  } else {
    per_panel_ = b_parts_ + a_blocks_;
  }
  count_ = ceil_div(n_, b.nc) * k_blocks_ * per_panel_;
}

template <class T>
dim_t blocked_items<T>::section_start(dim_t item) const {
  const dim_t panel_start = item / per_panel_ * per_panel_;
  dim_t r = item - panel_start;
  if (r < b_parts_) return panel_start;
  r -= b_parts_;
  if (loop_ == parallel_loop::ic) return panel_start + b_parts_;
  const dim_t per_block = a_parts_ + jr_parts_, block = r / per_block;
  return panel_start + b_parts_ + block * per_block + (r % per_block < a_parts_ ? 0 : a_parts_);
}

template <class T>
void blocked_items<T>::run(const basic_gemm_problem<T>& p, dim_t item, T* a_pack, T* b_pack) const {
  const blocking& b = e_.blk;
  const ukernel_desc<T>& u = *e_.ukernel;
  const dim_t panel = item / per_panel_, jc = panel / k_blocks_ * b.nc, pc = panel % k_blocks_ * b.kc;
  const dim_t nc = std::min(b.nc, n_ - jc), kc = std::min(b.kc, k_ - pc);
  dim_t r = item - panel * per_panel_, first, last;
  if (r < b_parts_) {  // a chunk of the B panel
    chunk(ceil_div(nc, u.nr), r, b_parts_, &first, &last);
    const dim_t j = first * u.nr, cols = std::min(last * u.nr, nc) - j;
    if (cols <= 0) return;
    pack_b_columns(p, u, pc, kc, jc + j, cols, b_pack + j * kc);
    zero_packed_b_of_c(p, jc + j, cols);  // all of k is this one block (run_packed)
    return;
  }
  r -= b_parts_;
  if (loop_ == parallel_loop::ic) {  // one A block, packed and multiplied by whoever claimed it
    const dim_t ic = r * b.mc, rows = std::min(b.mc, m_ - ic);
    if (p.c_domain.on) {  // none of C's triangle in the block's rows against the panel
      c_triangle d = p.c_domain;
      d.shift += ic;
      const triangle_rows t = rows_against(d, jc, jc + nc - 1, rows);
      if (t.first_in >= t.end_in) return;
    }
    pack_a_rows(p, u, ic, rows, pc, kc, a_pack);
    zero_packed_a_of_c(p, ic, rows);  // one k block and one column panel (run_packed)
    return multiply(p, e_, jc, pc, kc, ic, rows, 0, nc, a_pack, b_pack);
  }
  const dim_t per_block = a_parts_ + jr_parts_, ic = r / per_block * b.mc, rows = std::min(b.mc, m_ - ic);
  r %= per_block;
  if (r < a_parts_) {  // a chunk of the shared A block
    chunk(ceil_div(rows, u.mr), r, a_parts_, &first, &last);
    const dim_t i = first * u.mr, n = std::min(last * u.mr, rows) - i;
    if (n <= 0) return;
    pack_a_rows(p, u, ic + i, n, pc, kc, a_pack + i * kc);
    zero_packed_a_of_c(p, ic + i, n);
    return;
  }
  chunk(ceil_div(nc, u.nr), r - a_parts_, jr_parts_, &first, &last);  // B micro-panels against it
  const dim_t j0 = first * u.nr, cols = std::min(last * u.nr, nc) - j0;
  if (cols > 0) multiply(p, e_, jc, pc, kc, ic, rows, j0, cols, a_pack, b_pack + j0 * kc);
}

namespace {

// One problem's items as a job: jr's A block is the team's (a_step 0); for
// ic each worker packs into its own slice.
template <class T>
class blocked_job final : public team_job {
 public:
  blocked_job(const basic_gemm_problem<T>& p, const blocked_items<T>& items, T* a_pack, std::size_t a_step,
              T* b_pack)
      : p_(p), items_(items), a_pack_(a_pack), a_step_(a_step), b_pack_(b_pack) {}
  dim_t section_start(dim_t item) const override { return items_.section_start(item); }
  void run_item(dim_t item, int worker) override {
    items_.run(p_, item, a_pack_ + std::size_t(worker) * a_step_, b_pack_);
  }

 private:
  const basic_gemm_problem<T>& p_;
  const blocked_items<T>& items_;
  T* a_pack_;
  std::size_t a_step_;
  T* b_pack_;
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
void run_blocked(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, parallel_loop loop, T* a_pack,
                 T* b_pack) {
  const blocked_items<T> items(p, e, loop, 1);
  for (dim_t i = 0; i < items.count(); ++i) items.run(p, i, a_pack, b_pack);
}

template <class T>
void run_blocked_team(const basic_gemm_problem<T>& p, const basic_block_engine<T>& e, parallel_loop loop,
                      int threads, T* a_pack, std::size_t a_step, T* b_pack) {
  const blocked_items<T> items(p, e, loop, threads);
  blocked_job<T> job(p, items, a_pack, loop == parallel_loop::jr ? 0 : a_step, b_pack);
  run_team_job(job, items.count(), threads);
}

#define SWBLAS_INSTANTIATE_BLOCKED(T)                                                                 \
  template void reference_block_kernel(const ukernel_desc<T>&, const basic_packed_block<T>&);        \
  template std::size_t a_block_elems(const basic_gemm_problem<T>&, const basic_block_engine<T>&);    \
  template std::size_t b_panel_elems(const basic_gemm_problem<T>&, const basic_block_engine<T>&);    \
  template class blocked_items<T>;                                                                    \
  template void run_blocked(const basic_gemm_problem<T>&, const basic_block_engine<T>&, parallel_loop, T*, \
                            T*);                                                                       \
  template void run_blocked_team(const basic_gemm_problem<T>&, const basic_block_engine<T>&, parallel_loop, \
                                 int, T*, std::size_t, T*);
SWBLAS_INSTANTIATE_BLOCKED(double)
SWBLAS_INSTANTIATE_BLOCKED(float)
#undef SWBLAS_INSTANTIATE_BLOCKED

}  // namespace swblas

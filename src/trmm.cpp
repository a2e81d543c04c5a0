// trmm in place, by recursive halving of op(A)'s dimension. Each half of
// the result is op(A)'s diagonal block on that half times B's half, plus
// op(A)'s off-diagonal block times B's other half; the half whose
// off-diagonal product reads the other half (the second when op(A) is lower
// on the left or upper on the right) is computed first, so what it reads is
// still unchanged. Diagonal blocks of at most kDiagonalBlock are one GEMM
// reading a copy of their B block (the only overwritten input), which
// wastes the zero half of that block only; the off-diagonal products are
// GEMMs as deep as the half they read.
//
// Where the target has swblas-gen's kernels of a triangular A and B
// (generator/specs/trmm_*.c), B's rows (left) or columns (right) go by
// blocks as deep as the GEMM's k block instead, from the block op(A) reads
// last: each block is one GEMM of full depth by op(A)'s columns (rows)
// there, the diagonal block and what is beside it, into the rows (columns)
// it reaches, those kernels cutting the diagonal block's tiles to the
// triangle, so no zero half is multiplied.
//
// On a team, B's other dimension is split instead: each thread multiplies
// its own columns (left) or rows (right) alone.
//
// A block of B holding a NaN or an infinity must not meet the zero half of
// op(A)'s diagonal block (0 times it is NaN where the reference, multiplying
// the triangle only, gives a number): such a block's diagonal part goes
// through trmv (exact_piece).
#include <algorithm>
#include <cmath>
#include <optional>

#include "level2/triangular_vector.h"
#include "pack_buffer.h"
#include "triangular.h"
#include "vector_dispatch.h"

namespace swblas {
namespace {

// The diagonal blocks' size: their zero halves are the wasted work (a
// fraction of about nb / size), and the GEMMs below it are thin. Measured
// on Zen 4, one thread, dtrmm / ztrmm at n = 2000: 64 gave 42 / 44-48
// GFLOP/s, 128 gave 39-40 / 41.
constexpr dim_t kDiagonalBlock = 64;

// The calling thread's reused buffer for the saved B blocks, `width` (the
// largest diagonal block) by `*length` (B's other dimension). When it cannot
// be had, the diagonal products run on pieces of B: `*length` halves, down
// to what the driver arena holds, which then serves them.
template <class T>
T* saved_block_buffer(dim_t width, dim_t* length, std::optional<arena_lease>* lease) {
  const dim_t wanted = *length, least = dim_t(arena_lease::elems<T>()) / width;
  for (;; *length = std::max(least, *length / 2)) {
    T* b = try_thread_pack_buffer_of<T>(pack_role::operand_copy, std::size_t(width) * std::size_t(*length));
    if (b && *length < wanted) warn_memory_short("trmm multiplies its diagonal blocks in pieces");
    if (b) return b;
    if (*length <= least) break;
  }
  warn_memory_short("trmm multiplies its diagonal blocks in pieces");
  lease->emplace(shortage_arena::driver);
  return (*lease)->template data<T>();
}

// One thread's product: p, with the saved-block buffer once it needs one.
template <class T>
struct product_run {
  product_run(const triangular_problem<T>& problem, bool before, dim_t largest)
      : p(problem), reads_before(before), width(largest) {}

  const triangular_problem<T>& p;
  const bool reads_before;  // the second half's off-diagonal product reads the first
  const dim_t width;        // the largest block
  T* saved = nullptr;
  dim_t piece = 0;  // B's other dimension is copied this much at a time
  std::optional<arena_lease> lease;

  T* saved_blocks() {
    if (saved) return saved;
    piece = p.left ? p.n : p.m;
    return saved = saved_block_buffer<T>(width, &piece, &lease);
  }
};

// The product vector by vector through trmv, which reads op(A)'s triangle
// only: B's columns on the left, its rows on the right (b^T op(A) is
// op(A)^T b).
template <class T>
void multiply_by_vectors(const triangular_problem<T>& p) {
  const bool transposed = p.a.rs != 1;  // op(A) = A^T or A^H: A's columns are op(A)'s rows
  level2::triangular_vector_problem<T> v;
  v.a.a = p.a.x;
  v.a.n = p.left ? p.m : p.n;
  v.a.lda = transposed ? p.a.rs : p.a.cs;
  v.a.upper = p.a.structure.upper != transposed;
  v.a.unit_diag = p.a.structure.unit_diag;
  v.op = {transposed != !p.left, p.a.conj};
  v.incx = p.left ? 1 : p.ldb;
  for (dim_t j = 0; j < (p.left ? p.n : p.m); ++j) {
    v.x = p.left ? p.b + std::ptrdiff_t(j) * p.ldb : p.b + j;
    level2::trmv(v);
    if (p.alpha != T(1))
      for (dim_t i = 0; i < v.a.n; ++i) v.x[std::ptrdiff_t(i) * v.incx] *= p.alpha;
  }
}

// block_product's B columns (rows) [o0, o0 + on) when their saved block
// holds a NaN or an infinity. The GEMM kernels multiply the zero half of
// op(A)'s diagonal block, and 0 times it would spread it where the
// reference's product (the triangle only) does not reach. So the GEMM takes
// only the rows (columns) beside the diagonal block, where op(A)'s columns
// (rows) are all triangle, and the diagonal block gets its values back and
// goes vector by vector through trmv.
template <class T>
void exact_piece(const product_run<T>& run, dim_t d0, dim_t d1, dim_t first, dim_t reached, dim_t o0, dim_t on) {
  const triangular_problem<T>& p = run.p;
  const dim_t w = d1 - d0;
  const dim_t beside0 = first < d0 ? first : d1, beside1 = first < d0 ? d0 : first + reached;
  operand_of<T> part = p.a;
  part.structure.row0 += p.left ? beside0 : d0;
  part.structure.col0 += p.left ? d0 : beside0;
  if (beside1 > beside0 && p.left) {
    gemm(product_problem(beside1 - beside0, on, w, p.alpha, part, as_stored<T>(run.saved, w), T(1),
                         p.b + beside0 + std::ptrdiff_t(o0) * p.ldb, p.ldb));
  } else if (beside1 > beside0) {
    gemm(product_problem(on, beside1 - beside0, w, p.alpha, as_stored<T>(run.saved, on), part, T(1),
                         p.b + o0 + std::ptrdiff_t(beside0) * p.ldb, p.ldb));
  }
  triangular_problem<T> diagonal = p;
  diagonal.a.x = p.a.x + std::ptrdiff_t(d0) * (p.a.rs + p.a.cs);
  diagonal.m = p.left ? w : on;
  diagonal.n = p.left ? on : w;
  diagonal.b = p.left ? p.b + d0 + std::ptrdiff_t(o0) * p.ldb : p.b + o0 + std::ptrdiff_t(d0) * p.ldb;
  for (dim_t j = 0; j < diagonal.n; ++j)
    std::copy_n(run.saved + std::ptrdiff_t(j) * diagonal.m, diagonal.m, diagonal.b + std::ptrdiff_t(j) * p.ldb);
  multiply_by_vectors(diagonal);
}

// op(A)'s columns [d0, d1) (rows on the right) from row (column) `first` on,
// read through its structure (the triangle in the diagonal block).
template <class T>
operand_of<T> part_of_a(const triangular_problem<T>& p, dim_t d0, dim_t first) {
  operand_of<T> part = p.a;
  part.structure.row0 += p.left ? first : d0;
  part.structure.col0 += p.left ? d0 : first;
  return part;
}

// B's rows (left) or columns (right) [d0, d1) as an operand, B's other
// dimension from o0 on.
template <class T>
T* block_of_b(const triangular_problem<T>& p, dim_t d0, dim_t o0) {
  return p.left ? p.b + d0 + std::ptrdiff_t(o0) * p.ldb : p.b + o0 + std::ptrdiff_t(d0) * p.ldb;
}

// block_product with the block saved and zeroed first, B's other dimension
// a piece at a time; a piece holding a NaN or an infinity by exact_piece.
template <class T>
void product_from_saved(product_run<T>& run, dim_t d0, dim_t d1, dim_t first, dim_t reached) {
  const triangular_problem<T>& p = run.p;
  const dim_t w = d1 - d0;
  const operand_of<T> part = part_of_a(p, d0, first);
  T* const saved = run.saved_blocks();
  const dim_t other = p.left ? p.n : p.m;
  for (dim_t o0 = 0; o0 < other; o0 += run.piece) {  // B's columns (rows) [o0, o0 + on)
    const dim_t on = std::min(run.piece, other - o0);
    const dim_t rows = p.left ? w : on, columns = p.left ? on : w;  // of the saved block
    T* const block = block_of_b(p, d0, o0);
    for (dim_t j = 0; j < columns; ++j) {
      T* column = block + std::ptrdiff_t(j) * p.ldb;
      std::copy(column, column + rows, saved + std::ptrdiff_t(j) * rows);
      std::fill(column, column + rows, T(0));
    }
    // The block's sum of magnitudes, from cache: not finite when it holds a
    // NaN or an infinity (or overflows, which the exact path takes as well).
    if (!std::isfinite(vector_kernels_of<T>().asum(rows * columns, saved))) {
      exact_piece(run, d0, d1, first, reached, o0, on);
    } else if (p.left) {
      gemm(product_problem(reached, on, w, p.alpha, part, as_stored<T>(saved, w), T(1),
                           p.b + first + std::ptrdiff_t(o0) * p.ldb, p.ldb));
    } else {
      gemm(product_problem(on, reached, w, p.alpha, as_stored<T>(saved, on), part, T(1),
                           p.b + o0 + std::ptrdiff_t(first) * p.ldb, p.ldb));
    }
  }
}

// Whether B's rows (left) or columns (right) [d0, d1) hold only finite
// numbers (their sum of magnitudes, which also takes an overflow for a
// NaN: the exact path then serves all the same).
template <class T>
bool finite_block(const triangular_problem<T>& p, dim_t d0, dim_t d1) {
  const T* const block = block_of_b(p, d0, 0);
  const dim_t length = p.left ? d1 - d0 : p.m, count = p.left ? p.n : d1 - d0;  // of its columns
  real_t<T> magnitudes(0);
  for (dim_t j = 0; j < count; ++j)
    magnitudes += vector_kernels_of<T>().asum(length, block + std::ptrdiff_t(j) * p.ldb);
  return std::isfinite(magnitudes);
}

// The product of rows (left) or columns (right) [r0, r1) of the range
// block_product reaches, reading the block where it stands; `in_place`:
// the block is among them, the GEMM's operand and part of its C
// (gemm_in_place), and false comes back where the GEMM refuses that.
template <class T>
bool range_product(const triangular_problem<T>& p, dim_t d0, dim_t d1, dim_t r0, dim_t r1, bool in_place) {
  const dim_t w = d1 - d0;
  const operand_of<T> part = part_of_a(p, d0, r0), block = as_stored<T>(block_of_b(p, d0, 0), p.ldb);
  T* const c = p.left ? p.b + r0 : p.b + std::ptrdiff_t(r0) * p.ldb;
  auto q = p.left ? product_problem(r1 - r0, p.n, w, p.alpha, part, block, T(1), c, p.ldb)
                  : product_problem(p.m, r1 - r0, w, p.alpha, block, part, T(1), c, p.ldb);
  if (!in_place) {
    gemm(q);
    return true;
  }
  if (d0 < r0 || d1 > r1) return false;  // not all of the block (a column panel narrower than it)
  q.in_c = {p.left ? operand_in_c::part::b_rows : operand_in_c::part::a_columns, d0 - r0};
  return gemm_in_place(q);
}

// B's rows (left) or columns (right) [d0, d1) := their product with
// op(A)'s columns (rows) there, added into every other row (column) that
// product reaches (after them on op(A)'s lower triangle on the left or
// upper on the right, before them otherwise): one GEMM of depth d1 - d0
// reads op(A)'s columns (rows) [d0, d1) as the triangular operand they are
// (full beside the diagonal block, the triangle in it), which the
// target's kernel of a triangular A (B) cuts to the triangle.
//
// In place where it can (gemm_in_place): on the left the block is the
// GEMM's op(B), rows of its C. On the right it is its op(A), columns of
// its C, which the GEMM packs again for every column panel: the panel
// holding the block goes last and alone in place, the columns beside it
// before as plain GEMMs. Otherwise (a NaN or an infinity in the block, or
// the GEMM's buffers too small) from a saved copy of the block.
//
// The product reaches rows (columns) [first, first + reached); the
// recursion's diagonal blocks reach only themselves. The block is at one
// end of that range.
template <class T>
void block_product(product_run<T>& run, dim_t d0, dim_t d1, dim_t first, dim_t reached) {
  const triangular_problem<T>& p = run.p;
  if (!finite_block(p, d0, d1)) return product_from_saved(run, d0, d1, first, reached);
  dim_t last0 = first, last1 = first + reached;  // the part done in place, holding the block
  if (!p.left) {
    const dim_t nc = engine_of<real_t<T>>(active_dispatch()).blk.nc;
    if (nc < d1 - d0) return product_from_saved(run, d0, d1, first, reached);  // no panel holds the block
    last0 = first + std::max<dim_t>(0, std::min(d0 - first, reached - nc));
    last1 = std::min(first + reached, last0 + nc);
    if (last0 > first) range_product(p, d0, d1, first, last0, false);
    if (last1 < first + reached) range_product(p, d0, d1, last1, first + reached, false);
  }
  if (!range_product(p, d0, d1, last0, last1, true)) product_from_saved(run, d0, d1, last0, last1 - last0);
}

// B's rows (left) or columns (right) [d0, d1) := their part of the product,
// what they get from outside the range left to the caller.
template <class T>
void multiply_range(product_run<T>& run, dim_t d0, dim_t d1) {
  if (d1 - d0 <= kDiagonalBlock) return block_product(run, d0, d1, d0, d1 - d0);
  const dim_t h = d0 + ((d1 - d0) / 2 + 15) / 16 * 16;  // whole vectors where it can
  if (run.reads_before) {
    multiply_range(run, h, d1);
    add_off_diagonal_product(run.p, run.p.alpha, h, d1, d0, h);
    multiply_range(run, d0, h);
  } else {
    multiply_range(run, d0, h);
    add_off_diagonal_product(run.p, run.p.alpha, d0, h, h, d1);
    multiply_range(run, h, d1);
  }
}

// B's rows (columns) by blocks of nb, from the end op(A) reads last (a
// block's product reaches the rows done before it, never those to come).
template <class T>
void multiply_by_blocks(product_run<T>& run, dim_t nb) {
  const dim_t size = run.p.left ? run.p.m : run.p.n;
  for (dim_t b = 0; b < size; b += nb) {
    const dim_t d0 = run.reads_before ? std::max<dim_t>(0, size - b - nb) : b;
    const dim_t d1 = run.reads_before ? size - b : std::min(size, b + nb);
    block_product(run, d0, d1, run.reads_before ? d0 : 0, run.reads_before ? size - d0 : d1);
  }
}

// The sweep's block depth (gemm_depth), or 0 where the target has no
// kernel of op(A)'s triangle: of a triangular A on the left, of a
// triangular B on the right (with B's rows in pairs for a complex T).
template <class T>
dim_t sweep_depth(const triangular_problem<T>& p) {
  const basic_block_engine<real_t<T>>& e = engine_of<real_t<T>>(active_dispatch());
  const int upper = p.a.structure.upper ? 1 : 0, pairs = std::is_same_v<T, real_t<T>> ? 0 : 2;
  if (!(p.left ? e.a_triangle[upper] : e.b_triangle[upper + pairs])) return 0;
  const dim_t depth = gemm_depth<T>();
  return depth >= kDiagonalBlock ? depth : 0;
}

template <class T>
void multiply(const triangular_problem<T>& p) {
  if (p.m == 0 || p.n == 0) return;
  if (p.alpha == T(0)) return scale_b(p);
  const dim_t size = p.left ? p.m : p.n, depth = sweep_depth(p);
  // Left and lower (or right and upper): a block reads the B blocks before it.
  product_run<T> run(p, p.left != p.a.structure.upper, std::min(size, depth ? depth : kDiagonalBlock));
  if (depth) return multiply_by_blocks(run, depth);
  multiply_range(run, 0, size);
}

}  // namespace

template <class T>
void trmm(const triangular_problem<T>& p) {
  on_independent_parts(p, [](const triangular_problem<T>& part) { multiply(part); });
}

template void trmm(const triangular_problem<float>&);
template void trmm(const triangular_problem<double>&);
template void trmm(const triangular_problem<std::complex<float>>&);
template void trmm(const triangular_problem<std::complex<double>>&);

}  // namespace swblas

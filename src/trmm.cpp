// trmm by blocks of op(A), in place. Block i of the result is op(A)'s
// diagonal block i (triangular) times B's block i, plus op(A)'s
// off-diagonal blocks on one side of it times the B blocks on that side;
// the blocks are taken in the order that leaves those B blocks unchanged
// until read (left and lower, or right and upper: the last block first).
// The diagonal block's product reads a copy of its B block (the only
// overwritten input) and wastes the zero half of that block only.
#include <algorithm>
#include <optional>

#include "pack_buffer.h"
#include "triangular.h"

namespace swblas {
namespace {

// The diagonal blocks' size: their zero halves are the wasted work (a
// fraction of about nb / size), the off-diagonal GEMMs run at full rate.
constexpr dim_t kDiagonalBlock = 128;

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

}  // namespace

template <class T>
void trmm(const triangular_problem<T>& p) {
  if (p.m == 0 || p.n == 0) return;
  if (p.alpha == T(0)) return scale_b(p);
  const dim_t size = p.left ? p.m : p.n;
  const bool lower = !p.a.structure.upper;
  // Left and lower (or right and upper): block i reads the B blocks before it.
  const bool reads_before = p.left == lower;
  const dim_t blocks = (size + kDiagonalBlock - 1) / kDiagonalBlock;
  dim_t piece = p.left ? p.n : p.m;
  std::optional<arena_lease> lease;
  T* const saved = saved_block_buffer<T>(std::min(size, kDiagonalBlock), &piece, &lease);
  operand_of<T> off_diagonal = p.a;
  off_diagonal.structure = {};
  for (dim_t s = 0; s < blocks; ++s) {
    const dim_t d0 = (reads_before ? blocks - 1 - s : s) * kDiagonalBlock;
    const dim_t d1 = std::min(size, d0 + kDiagonalBlock), w = d1 - d0;
    const dim_t r0 = reads_before ? 0 : d1, r1 = reads_before ? d0 : size;
    operand_of<T> diagonal = p.a;
    diagonal.x = p.a.x + std::ptrdiff_t(d0) * (p.a.rs + p.a.cs);
    if (p.left) {
      for (dim_t j0 = 0; j0 < p.n; j0 += piece) {  // columns [j0, j0 + jn) of B's block
        const dim_t jn = std::min(piece, p.n - j0);
        T* block = p.b + d0 + std::ptrdiff_t(j0) * p.ldb;
        for (dim_t j = 0; j < jn; ++j)
          std::copy(block + std::ptrdiff_t(j) * p.ldb, block + std::ptrdiff_t(j) * p.ldb + w,
                    saved + std::ptrdiff_t(j) * w);
        gemm(product_problem(w, jn, w, p.alpha, diagonal, as_stored<T>(saved, w), T(0), block, p.ldb));
      }
      if (r0 == r1) continue;
      off_diagonal.x = p.a.x + std::ptrdiff_t(d0) * p.a.rs + std::ptrdiff_t(r0) * p.a.cs;
      gemm(product_problem(w, p.n, r1 - r0, p.alpha, off_diagonal, as_stored<T>(p.b + r0, p.ldb), T(1), p.b + d0,
                           p.ldb));
    } else {
      T* block = p.b + std::ptrdiff_t(d0) * p.ldb;
      for (dim_t i0 = 0; i0 < p.m; i0 += piece) {  // rows [i0, i0 + in) of B's block
        const dim_t in = std::min(piece, p.m - i0);
        for (dim_t j = 0; j < w; ++j)
          std::copy(block + i0 + std::ptrdiff_t(j) * p.ldb, block + i0 + std::ptrdiff_t(j) * p.ldb + in,
                    saved + std::ptrdiff_t(j) * in);
        gemm(product_problem(in, w, w, p.alpha, as_stored<T>(saved, in), diagonal, T(0), block + i0, p.ldb));
      }
      if (r0 == r1) continue;
      off_diagonal.x = p.a.x + std::ptrdiff_t(r0) * p.a.rs + std::ptrdiff_t(d0) * p.a.cs;
      gemm(product_problem(p.m, w, r1 - r0, p.alpha, as_stored<T>(p.b + std::ptrdiff_t(r0) * p.ldb, p.ldb),
                           off_diagonal, T(1), block, p.ldb));
    }
  }
}

template void trmm(const triangular_problem<float>&);
template void trmm(const triangular_problem<double>&);
template void trmm(const triangular_problem<std::complex<float>>&);
template void trmm(const triangular_problem<std::complex<double>>&);

}  // namespace swblas

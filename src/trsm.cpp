// trsm by blocked substitution on swblas::gemm: B's block rows (side left)
// or block columns (side right) are solved in turn, forward when op(A) is
// lower on the left or upper on the right (a block then depends only on the
// ones before it), backward otherwise. A diagonal block is solved by scalar
// substitution, then one GEMM (alpha -1, beta 1) with op(A)'s off-diagonal
// block removes it from the part of B still to solve.
#include <algorithm>
#include <complex>
#include <cstddef>
#include <type_traits>

#include "element_ops.h"
#include "triangular.h"

namespace swblas {
namespace {

// The diagonal blocks' size: the scalar substitution (a fraction nb/m of
// the work, at scalar speed) against GEMM updates of depth nb. Measured on
// Zen 4, one thread, dtrsm / ztrsm at m = n = 1000: nb = 16, 32, 48, 64, 128
// gave 27 / 36, 32 / 37, 28 / 31, 20 / 29, 12 / 20 GFLOP/s.
constexpr dim_t kSubstitutionBlock = 32;

// Element (i, l) of op(A).
template <class T>
T op_a(const triangular_problem<T>& p, dim_t i, dim_t l) {
  return conjugate_if(p.a.conj, p.a.x[i * p.a.rs + l * p.a.cs]);
}

// Rows of B a right-side substitution works on at a time: the block's
// columns of them stay in the L2 cache while each is solved.
constexpr dim_t kRightRowChunk = 256;

// Solves B's rows [d0, d1) against op(A)'s diagonal block (side left), a
// column of B at a time while its block stays in the L1 cache, on a copy of
// the block's triangle (conjugated if asked) whose columns are contiguous.
template <class T>
void substitute_left(const triangular_problem<T>& p, bool forward, dim_t d0, dim_t d1) {
  const dim_t nb = d1 - d0;
  T block[kSubstitutionBlock * kSubstitutionBlock];
  for (dim_t l = 0; l < nb; ++l)
    for (dim_t i = forward ? l : 0; i < (forward ? nb : l + 1); ++i) block[i + l * nb] = op_a(p, d0 + i, d0 + l);
  const bool unit = p.a.structure.unit_diag;
  for (dim_t j = 0; j < p.n; ++j) {
    T* x = p.b + d0 + j * p.ldb;
    for (dim_t s = 0; s < nb; ++s) {
      const dim_t d = forward ? s : nb - 1 - s;
      if (!unit) x[d] /= block[d + d * nb];
      const T xd = x[d];
      const T* a = block + d * nb;
      for (dim_t r = forward ? d + 1 : 0; r < (forward ? nb : d); ++r) x[r] -= xd * a[r];
    }
  }
}

// Solves B's columns [d0, d1) against op(A)'s diagonal block (side right):
// column d of X depends on the block's columns solved before it.
template <class T>
void substitute_right(const triangular_problem<T>& p, bool forward, dim_t d0, dim_t d1) {
  const bool unit = p.a.structure.unit_diag;
  for (dim_t i0 = 0; i0 < p.m; i0 += kRightRowChunk) {
    const dim_t i1 = std::min(p.m, i0 + kRightRowChunk);
    for (dim_t s = 0; s < d1 - d0; ++s) {
      const dim_t d = forward ? d0 + s : d1 - 1 - s;
      T* x = p.b + d * p.ldb;
      for (dim_t l = forward ? d0 : d + 1; l < (forward ? d : d1); ++l) {
        const T t = op_a(p, l, d);
        const T* solved = p.b + l * p.ldb;
        for (dim_t i = i0; i < i1; ++i) x[i] -= solved[i] * t;
      }
      if (!unit) {
        const T diagonal = op_a(p, d, d);
        for (dim_t i = i0; i < i1; ++i) x[i] /= diagonal;
      }
    }
  }
}

}  // namespace

template <class T>
void trsm(const triangular_problem<T>& p) {
  if (p.m == 0 || p.n == 0) return;
  scale_b(p);
  if (p.alpha == T(0)) return;
  const dim_t size = p.left ? p.m : p.n;
  const bool forward = p.left != p.a.structure.upper;
    const dim_t blocks = (size + kSubstitutionBlock - 1) / kSubstitutionBlock;
  operand_of<T> off_diagonal = p.a;
  off_diagonal.structure = {};
  for (dim_t s = 0; s < blocks; ++s) {
    const dim_t d0 = (forward ? s : blocks - 1 - s) * kSubstitutionBlock;
    const dim_t d1 = std::min(size, d0 + kSubstitutionBlock);
    if (p.left)
      substitute_left(p, forward, d0, d1);
    else
      substitute_right(p, forward, d0, d1);
    // What is still to solve: after the block going forward, before it
    // going backward.
    const dim_t r0 = forward ? d1 : 0, r1 = forward ? size : d0;
    if (r0 == r1) continue;
    if (p.left) {
      off_diagonal.x = p.a.x + std::ptrdiff_t(r0) * p.a.rs + std::ptrdiff_t(d0) * p.a.cs;
      gemm(product_problem(r1 - r0, p.n, d1 - d0, T(-1), off_diagonal, as_stored<T>(p.b + d0, p.ldb), T(1), p.b + r0,
                           p.ldb));
    } else {
      off_diagonal.x = p.a.x + std::ptrdiff_t(d0) * p.a.rs + std::ptrdiff_t(r0) * p.a.cs;
      gemm(product_problem(p.m, r1 - r0, d1 - d0, T(-1), as_stored<T>(p.b + std::ptrdiff_t(d0) * p.ldb, p.ldb),
                           off_diagonal, T(1), p.b + std::ptrdiff_t(r0) * p.ldb, p.ldb));
    }
  }
}

template void trsm(const triangular_problem<float>&);
template void trsm(const triangular_problem<double>&);
template void trsm(const triangular_problem<std::complex<float>>&);
template void trsm(const triangular_problem<std::complex<double>>&);

}  // namespace swblas

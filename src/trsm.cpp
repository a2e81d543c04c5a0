// trsm by recursive blocked substitution on swblas::gemm. The unknowns
// (B's rows on the left, its columns on the right) are halved: the half
// that op(A) solves first (the first going forward, when op(A) is lower on
// the left or upper on the right; the second otherwise) is solved, one GEMM
// (alpha -1, as deep as that half) removes it from the other half, which is
// solved next. Ranges of at most a block are solved by substitution,
// vectorised across B's other dimension. Deep GEMMs read and write B about
// log2(size / block) times, where a GEMM per block would pass over it
// size / block times.
//
// alpha is applied where LAPACK's RFP solver ?tfsm applies it, which is
// two half solves around one GEMM: to the range solved first, by the
// substitution, and to the rest as the GEMM's beta. Ranges of up to two
// blocks are halved exactly, as ?tfsm halves an even order. Its result is
// then swblas's own whole solve to the bit: LAPACK's suite checks the two
// against each other by sqrt(eps), on ill-conditioned matrices too.
//
// On a team, B's other dimension is split instead: each thread solves its
// own columns (left) or rows (right) alone, with no barrier between them.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <type_traits>

#include "element_ops.h"
#include "triangular.h"
#include "vector_dispatch.h"

namespace swblas {
namespace {

// The largest range solved by substitution rather than halved: the
// substitution is a fraction of about block / size of the flops at a
// quarter of the GEMM's rate or less, the GEMMs below it are thin.
constexpr dim_t kSubstitutionBlock = kSubstitutionUnknowns;

// Element (i, l) of op(A).
template <class T>
T op_a(const triangular_problem<T>& p, dim_t i, dim_t l) {
  return conjugate_if(p.a.conj, p.a.x[i * p.a.rs + l * p.a.cs]);
}

// The next lanes' unknowns into the cache while these are solved: the
// range's rows of B were last written by the GEMM of a whole half, long
// before, and the copy into planes waited on them (perf, Zen 4, dtrsm
// 2000: the copy's loads as much time as the substitution itself).
template <class T>
void prefetch_lanes(const T* b, dim_t nb, dim_t width, inc_t unknown_step, inc_t lane_step) {
  constexpr dim_t kLine = 64 / sizeof(T);
  const bool lanes_contiguous = lane_step == 1;  // on the right: each unknown a run of lanes
  const dim_t runs = lanes_contiguous ? nb : width, length = lanes_contiguous ? width : nb;
  const inc_t run_step = lanes_contiguous ? unknown_step : lane_step;
  for (dim_t r = 0; r < runs; ++r) {
    for (dim_t e = 0; e < length; e += kLine) __builtin_prefetch(b + r * run_step + e);
    __builtin_prefetch(b + r * run_step + length - 1);  // a run not aligned to lines ends one further
  }
}

// Solves the unknowns [d0, d1) (a range of at most a block) by
// substitution, kSubstitutionLanes of B's other dimension at a time, by
// the ISA's kernel (vector_kernels::substitute_lanes), which copies them
// into planes where removing a solved unknown from another is one vector
// multiply-add across the lanes with one coefficient: op(A)(r, d) on the
// left, op(A)(d, r) on the right, for an unknown r solved after d.
template <class T>
void substitute(const triangular_problem<T>& p, bool forward, dim_t d0, dim_t d1) {
  constexpr dim_t L = kSubstitutionLanes;
  const dim_t nb = d1 - d0, lanes = p.left ? p.n : p.m;
  T coefficient[kSubstitutionBlock * kSubstitutionBlock];  // (r, d) at r + d * nb
  for (dim_t d = 0; d < nb; ++d)
    for (dim_t r = forward ? d : 0; r < (forward ? nb : d + 1); ++r)
      coefficient[r + d * nb] = p.left ? op_a(p, d0 + r, d0 + d) : op_a(p, d0 + d, d0 + r);
  const auto solve_lanes = vector_kernels_of<T>().substitute_lanes;
  // Unknown d of lane l in B: a row of B on the left, a column on the right.
  const inc_t unknown_step = p.left ? 1 : p.ldb, lane_step = p.left ? p.ldb : 1;
  for (dim_t l0 = 0; l0 < lanes; l0 += L) {
    const dim_t width = std::min(L, lanes - l0);
    T* const b = p.left ? p.b + d0 + l0 * p.ldb : p.b + l0 + d0 * p.ldb;
    if (l0 + L < lanes) prefetch_lanes(b + L * lane_step, nb, std::min(L, lanes - l0 - L), unknown_step, lane_step);
    solve_lanes(nb, forward, p.a.structure.unit_diag, coefficient, b, unknown_step, lane_step, width);
  }
}

// B's rows (left) or columns (right) [d0, d1) times scale.
template <class T>
void scale_range(const triangular_problem<T>& p, dim_t d0, dim_t d1, T scale) {
  triangular_problem<T> range = p;
  range.alpha = scale;
  if (p.left) {
    range.m = d1 - d0;
    range.b = p.b + d0;
  } else {
    range.n = d1 - d0;
    range.b = p.b + std::ptrdiff_t(d0) * p.ldb;
  }
  scale_b(range);
}

// Solves the unknowns [d0, d1) of `scale` times B, whatever they depend on
// outside the range already removed from them.
template <class T>
void solve_range(const triangular_problem<T>& p, bool forward, dim_t d0, dim_t d1, T scale) {
  if (d1 - d0 <= kSubstitutionBlock) {
    scale_range(p, d0, d1, scale);
    return substitute(p, forward, d0, d1);
  }
  // Up to two blocks, exact halves; beyond, whole blocks first going
  // forward, last going backward.
  const dim_t half = d1 - d0 <= 2 * kSubstitutionBlock
                         ? (d1 - d0) / 2
                         : ((d1 - d0) / 2 + kSubstitutionBlock - 1) / kSubstitutionBlock * kSubstitutionBlock;
  const dim_t s0 = forward ? d0 : d1 - half, s1 = forward ? d0 + half : d1;  // solved first
  const dim_t r0 = forward ? s1 : d0, r1 = forward ? d1 : s0;                // the rest
  solve_range(p, forward, s0, s1, scale);
  add_off_diagonal_product(p, T(-1), r0, r1, s0, s1, scale);
  solve_range(p, forward, r0, r1, T(1));
}

template <class T>
void solve(const triangular_problem<T>& p) {
  if (p.m == 0 || p.n == 0) return;
  if (p.alpha == T(0)) return scale_b(p);
  solve_range(p, p.left != p.a.structure.upper, 0, p.left ? p.m : p.n, p.alpha);
}

}  // namespace

template <class T>
void trsm(const triangular_problem<T>& p) {
  on_independent_parts(p, [](const triangular_problem<T>& part) { solve(part); });
}

template void trsm(const triangular_problem<float>&);
template void trsm(const triangular_problem<double>&);
template void trsm(const triangular_problem<std::complex<float>>&);
template void trsm(const triangular_problem<std::complex<double>>&);

}  // namespace swblas

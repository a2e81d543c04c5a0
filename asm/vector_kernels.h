// The unit-stride primitives Levels 1 and 2 are built from: one set per
// element type and ISA, each a table of functions on contiguous vectors and
// column-major panels. The routines' drivers (src/level1, src/level2) handle
// increments, triangles and options and call these for the memory-bound
// inner work, so a new ISA only adds one file of instantiations
// (vector_body.h over its SIMD traits).
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "ukernel.h"

namespace swblas {

using index_t = std::ptrdiff_t;

// |x| as the BLAS sums and compares it: |re| + |im| for a complex x.
template <class T>
struct real_of {
  using type = T;
};
template <class R>
struct real_of<std::complex<R>> {
  using type = R;
};
template <class T>
using real_t = typename real_of<T>::type;

// Where p lies in its 64-byte cache line, in bytes: the drivers cut
// updates there (line_anchor, src/vector_team.h); the sums rotate their
// lanes by the same place (shared_place over kCacheLineBytes, vector_body.h).
inline constexpr std::uintptr_t kCacheLineBytes = 64;
inline std::uintptr_t bytes_past_line(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % kCacheLineBytes; }

// trsm's diagonal blocks are solved for this many right-hand sides at a time
// (vector_kernels::substitute).
constexpr index_t kSubstitutionLanes = 16;
// ... and at most this many unknowns (a diagonal block).
constexpr index_t kSubstitutionUnknowns = 32;
// trsv's and trmv's diagonal squares are at most this order
// (vector_kernels::solve_lower_square, multiply_upper_square).
constexpr index_t kTriangleSquare = 16;

template <class T>
struct vector_kernels {
  const char* name;
  isa needs;
  // y += alpha x
  void (*axpy)(index_t n, T alpha, const T* x, T* y);
  // x *= alpha (a product per element, as the reference: 0 * NaN is NaN)
  void (*scal)(index_t n, T alpha, T* x);
  // sum x_i y_i, and sum conj(x_i) y_i (the same for a real T)
  T (*dotu)(index_t n, const T* x, const T* y);
  T (*dotc)(index_t n, const T* x, const T* y);
  // sum |re x_i| + |im x_i|
  real_t<T> (*asum)(index_t n, const T* x);
  // The first i of the largest |re x_i| + |im x_i| (0 for n < 1; a NaN is
  // never larger, as in the reference).
  index_t (*iamax)(index_t n, const T* x);
  // y(0:m) += alpha A x: A is m x n with leading dimension lda.
  void (*gemv_n)(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y);
  // y(0:n) += alpha A^T x, and alpha A^H x.
  void (*gemv_t)(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y);
  void (*gemv_c)(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x, T* y);
  // y_n(0:m) += alpha A x_n and y_t(0:n) += alpha A^T x_t (gemv_nc: A^H),
  // each element of A read once where the ISA can (real types): symv's
  // rectangles, which stand for their columns and their mirrored rows.
  // y_n and y_t get gemv_n's and gemv_t's (gemv_c's) arithmetic exactly.
  void (*gemv_nt)(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x_n, T* y_n, const T* x_t,
                  T* y_t);
  void (*gemv_nc)(index_t m, index_t n, T alpha, const T* a, index_t lda, const T* x_n, T* y_n, const T* x_t,
                  T* y_t);
  // y += alpha a, returning sum a_i x_i (axpy_dotu) or sum conj(a_i) x_i
  // (axpy_dotc): one pass over a column of a symmetric or Hermitian matrix
  // serves the column and its mirrored row (symv).
  T (*axpy_dotu)(index_t n, T alpha, const T* a, const T* x, T* y);
  T (*axpy_dotc)(index_t n, T alpha, const T* a, const T* x, T* y);
  // The substitution of one of trsm's diagonal blocks (nb unknowns) for
  // kSubstitutionLanes independent right-hand sides, in planes: unknown d
  // of lane l at x[d * kSubstitutionLanes + l], for a complex T the
  // imaginary parts nb * kSubstitutionLanes further on. In solve order
  // (d = 0, 1, ... forward; nb - 1, ... backward) unknown d is divided by
  // coefficient (d, d) unless unit, then removed from each unknown r solved
  // after it: x(r) -= coefficient (r, d) x(d), with (r, d) at
  // coefficient[r + d * nb].
  void (*substitute)(index_t nb, bool forward, bool unit, const T* coefficient, real_t<T>* x);
  // substitute on B itself (nb <= kSubstitutionUnknowns): unknown d of
  // lane l at b[d * unknown_step + l * lane_step], lanes [0, width) (width
  // <= kSubstitutionLanes), copied into planes, solved, copied back; the
  // copies, ISA code, transpose in registers where the lanes are strided.
  void (*substitute_lanes)(index_t nb, bool forward, bool unit, const T* coefficient, T* b, index_t unknown_step,
                           index_t lane_step, index_t width);
  // trsv's and trmv's diagonal squares (n <= kTriangleSquare) in
  // registers, x(i) at x[i * x_step]: x := L^-1 x for the lower L, x := U x
  // for the upper U whose (i, j) is a[i * row_step + j * column_step]
  // (conjugated if conj), first to last in the reference's order; with
  // skip_zero (not transposed) a column whose x_j is zero is skipped, as
  // the reference does.
  void (*solve_lower_square)(index_t n, bool unit, bool skip_zero, bool conj, const T* a, index_t row_step,
                             index_t column_step, T* x, index_t x_step);
  void (*multiply_upper_square)(index_t n, bool unit, bool skip_zero, bool conj, const T* a, index_t row_step,
                                index_t column_step, T* x, index_t x_step);
  // symv's diagonal blocks: y += alpha A x for the symmetric A (hermitian_
  // square: Hermitian, its diagonal's real part) whose upper (lower)
  // triangle is stored in the nb x nb block at a, x and y the block's
  // rows; each element of y takes its terms in the reference's order:
  // its own column's before the later columns' updates (upper), after the
  // earlier columns' (lower).
  void (*symmetric_square)(index_t nb, bool upper, T alpha, const T* a, index_t lda, const T* x, T* y);
  void (*hermitian_square)(index_t nb, bool upper, T alpha, const T* a, index_t lda, const T* x, T* y);
};

// One ISA's sets for the four element types (x86_64/vector_avx2.cpp, ...).
struct vector_family {
  vector_kernels<float> s;
  vector_kernels<double> d;
  vector_kernels<std::complex<float>> c;
  vector_kernels<std::complex<double>> z;
  isa needs;
};

template <class T>
constexpr const vector_kernels<T>& member_of(const vector_family& f) {
  if constexpr (std::is_same_v<T, float>) return f.s;
  else if constexpr (std::is_same_v<T, double>) return f.d;
  else if constexpr (std::is_same_v<T, std::complex<float>>) return f.c;
  else return f.z;
}

extern const vector_family vector_generic;  // plain C++, any CPU
extern const vector_family vector_avx2;     // x86-64 AVX2 + FMA
extern const vector_family vector_avx512;   // x86-64 AVX-512F
extern const vector_family vector_vsx;      // POWER8 and later

// This build's families, by increasing ISA demand (the architecture's
// registry.cpp).
struct vector_family_list {
  const vector_family* const* families;
  std::size_t count;
};
extern const vector_family_list kBuildVectorFamilies;

}  // namespace swblas

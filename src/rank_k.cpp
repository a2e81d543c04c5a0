// One triangle of C by gemm calls: the triangle is halved recursively; the
// square between the halves is a gemm straight into C, and the diagonal
// blocks at the bottom of the recursion are computed whole into a temporary
// whose triangle is then merged into C.
#include "rank_k.h"

#include <algorithm>
#include <complex>
#include <optional>
#include <type_traits>

#include "pack_buffer.h"

namespace swblas {
namespace {

// Diagonal blocks are wasted work (half of each is thrown away), so they
// are small; the squares of the recursion carry the bulk of the product.
// Measured on Zen 4 against 256 (128) column blocks in a loop, one thread:
// dsyrk n = k = 1000 40 -> 45 GFLOP/s, dgemmt 40 -> 44, csyr2k 2000 78 -> 88;
// two threads within noise.
template <class P>
constexpr dim_t kBlock = std::is_same_v<P, basic_gemm_problem<double>> || std::is_same_v<P, basic_gemm_problem<float>>
                             ? 64
                             : 32;

template <class T>
T real_part(const T& x) {
  return x;
}
template <class R>
std::complex<R> real_part(const std::complex<R>& x) {
  return {x.real(), R(0)};
}

// The part of p with C rows [i0, i0 + m) and columns [j0, j0 + n).
template <class P>
P part(const P& p, dim_t i0, dim_t m, dim_t j0, dim_t n) {
  P q = p;
  q.m = m;
  q.n = n;
  q.a = p.a + i0 * p.rs_a;
  q.b = p.b + j0 * p.cs_b;
  q.c = p.c + i0 + j0 * p.ldc;
  return q;
}

// The calling thread's reused buffer for nb x nb diagonal blocks. When it
// cannot be had, smaller blocks (more of the product in the rectangles),
// down to what the driver arena holds, which then serves them.
template <class T>
T* diagonal_buffer(dim_t* nb, std::optional<arena_lease>* lease) {
  const dim_t wanted = *nb;
  for (;; *nb /= 2) {
    T* b = try_thread_pack_buffer_of<T>(pack_role::operand_copy, std::size_t(*nb) * std::size_t(*nb));
    if (b && *nb < wanted) warn_memory_short("a rank-k update runs with smaller diagonal blocks");
    if (b) return b;
    if (std::size_t(*nb) * std::size_t(*nb) <= arena_lease::elems<T>()) break;
  }
  warn_memory_short("a rank-k update runs with smaller diagonal blocks");
  lease->emplace(shortage_arena::driver);
  return (*lease)->template data<T>();
}

// Rows and columns [j0, j0 + n) of p's triangle: halved recursively, the
// square between the halves one GEMM straight into C, down to diagonal
// blocks of at most nb, each computed whole into `diagonal` and merged
// into C's triangle.
template <class P, class T>
void triangle_part(const P& p, dim_t j0, dim_t n, dim_t nb, bool upper, triangle_kind kind, T* diagonal) {
  if (n > nb) {
    const dim_t half = std::min(n - 1, (n / 2 + 15) / 16 * 16);  // whole vectors where it can
    if (upper)
      gemm(part(p, j0, half, j0 + half, n - half));
    else
      gemm(part(p, j0 + half, n - half, j0, half));
    triangle_part(p, j0, half, nb, upper, kind, diagonal);
    triangle_part(p, j0 + half, n - half, nb, upper, kind, diagonal);
    return;
  }
  P d = part(p, j0, n, j0, n);
  d.beta = 0;
  d.c = diagonal;
  d.ldc = n;
  gemm(d);
  const bool beta_zero = p.beta == decltype(p.beta)(0);
  for (dim_t j = 0; j < n; ++j) {
    const dim_t i_begin = upper ? 0 : j, i_end = upper ? j + 1 : n;
    T* c = p.c + j0 + (j0 + j) * p.ldc;
    const T* t = diagonal + j * n;
    for (dim_t i = i_begin; i < i_end; ++i) {
      const bool real_diagonal = kind == triangle_kind::hermitian && i == j;
      const T sum = beta_zero ? t[i] : p.beta * (real_diagonal ? real_part(c[i]) : c[i]) + t[i];
      c[i] = real_diagonal ? real_part(sum) : sum;
    }
  }
}

template <class P>
void update_triangle(const P& p, bool upper, triangle_kind kind) {
  using T = std::remove_const_t<std::remove_pointer_t<decltype(p.c)>>;
  const dim_t n = p.n;
  const bool no_product = p.alpha == decltype(p.alpha)(0) || p.k <= 0;
  if (n <= 0 || (no_product && p.beta == decltype(p.beta)(1))) return;
  // A product beyond one diagonal block: one packed GEMM that skips the
  // blocks and tiles outside C's triangle (blocked_gemm.cpp), each operand
  // packed once per block as in a GEMM. A complex beta would be applied to
  // the whole C first (complex_gemm.cpp): those keep the recursion.
  if (!no_product && n > kBlock<P> && std::imag(p.beta) == 0) {
    P whole = p;
    whole.c_domain = {true, upper, 0, 1};
    gemm(whole);
    // herk, her2k: the diagonal's imaginary parts, which the product leaves
    // as rounding (and beta times C's), are 0.
    if constexpr (!std::is_same_v<P, basic_gemm_problem<T>>)
      if (kind == triangle_kind::hermitian)
        for (dim_t j = 0; j < n; ++j) p.c[j + j * p.ldc].imag(0);
    return;
  }
  dim_t nb = std::min(n, kBlock<P>);
  std::optional<arena_lease> lease;
  T* const diagonal = diagonal_buffer<T>(&nb, &lease);
  triangle_part(p, 0, n, nb, upper, kind, diagonal);
}

}  // namespace

// A real C has no imaginary parts to clear: the kind changes nothing there.
void gemm_triangle(const basic_gemm_problem<double>& p, bool upper, triangle_kind kind) {
  update_triangle(p, upper, kind);
}
void gemm_triangle(const basic_gemm_problem<float>& p, bool upper, triangle_kind kind) {
  update_triangle(p, upper, kind);
}
void gemm_triangle(const complex_gemm_problem<double>& p, bool upper, triangle_kind kind) {
  update_triangle(p, upper, kind);
}
void gemm_triangle(const complex_gemm_problem<float>& p, bool upper, triangle_kind kind) {
  update_triangle(p, upper, kind);
}

}  // namespace swblas

// One triangle of C by gemm calls: C is cut into column blocks; below (or
// above) a block's diagonal part lies a rectangle the gemm writes straight
// into C, and the square diagonal part is computed whole into a temporary
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
// are small; the rectangles between them carry the bulk of the product.
template <class P>
constexpr dim_t kBlock = std::is_same_v<P, basic_gemm_problem<double>> || std::is_same_v<P, basic_gemm_problem<float>>
                             ? 256
                             : 128;

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

template <class P>
void update_triangle(const P& p, bool upper, triangle_kind kind) {
  using T = std::remove_const_t<std::remove_pointer_t<decltype(p.c)>>;
  const dim_t n = p.n;
  const bool no_product = p.alpha == decltype(p.alpha)(0) || p.k <= 0;
  if (n <= 0 || (no_product && p.beta == decltype(p.beta)(1))) return;
  dim_t nb = std::min(n, kBlock<P>);
  std::optional<arena_lease> lease;
  T* const diagonal = diagonal_buffer<T>(&nb, &lease);
  const bool beta_zero = p.beta == decltype(p.beta)(0);
  for (dim_t j0 = 0; j0 < n; j0 += nb) {
    const dim_t jb = std::min(nb, n - j0);
    // The rectangle off the diagonal block, straight into C.
    if (upper && j0 > 0) gemm(part(p, 0, j0, j0, jb));
    if (!upper && j0 + jb < n) gemm(part(p, j0 + jb, n - j0 - jb, j0, jb));
    // The diagonal block's product alone, merged into C's triangle.
    P d = part(p, j0, jb, j0, jb);
    d.beta = 0;
    d.c = diagonal;
    d.ldc = jb;
    gemm(d);
    for (dim_t j = 0; j < jb; ++j) {
      const dim_t i_begin = upper ? 0 : j, i_end = upper ? j + 1 : jb;
      T* c = p.c + j0 + (j0 + j) * p.ldc;
      const T* t = diagonal + j * jb;
      for (dim_t i = i_begin; i < i_end; ++i) {
        const bool real_diagonal = kind == triangle_kind::hermitian && i == j;
        const T sum = beta_zero ? t[i] : p.beta * (real_diagonal ? real_part(c[i]) : c[i]) + t[i];
        c[i] = real_diagonal ? real_part(sum) : sum;
      }
    }
  }
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

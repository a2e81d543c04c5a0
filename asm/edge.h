// The edge-tile adapter: turns a full-tile kernel into the general
// ukernel_fn<T> (and ukernel_epilogue_fn<T>) of ukernel.h, T the element.
// Hand-written kernels only know full MR x NR tiles; every partial tile
// (m < MR or n < NR) is handled here once.
//
// Supported cases: 0 <= m <= MR, 0 <= n <= NR, any k >= 0, any alpha/beta.
// A partial tile is computed in full (the packed panels are zero padded)
// into an aligned local tile t with alpha = 1, beta = 0, then merged:
// C[0:m, 0:n] := alpha * t + beta * C, C not read when beta == 0, and no
// element of C outside [0:m, 0:n] read or written. With an epilogue, each
// merged element then gets its bias and operation (tile_epilogue.h).
#pragma once

#include <type_traits>

#include "simd_scalar.h"
#include "tile_epilogue.h"
#include "ukernel.h"

namespace swblas::kernels {

// Whether a function-pointer template argument is set: decided by whether
// the arguments are the same, not by F != nullptr, which GCC stops treating
// as a constant expression for inline functions under
// -fsanitize=nonnull-attribute (scripts/test-sanitizers.sh).
template <auto F>
inline constexpr bool is_set_fn =
    !std::is_same_v<std::integral_constant<decltype(F), F>, std::integral_constant<decltype(F), decltype(F){}>>;

// Full (and FullEpilogue) are the file-local full-tile kernels of one kernel
// file, so every instantiation is private to the file that was compiled with
// its ISA flags. Without FullEpilogue, full tiles take the partial tiles'
// way through t.
template <class T, int MR, int NR, ukernel_full_fn<T> Full,
          ukernel_full_epilogue_fn<T> FullEpilogue = nullptr>
struct edge_tile {
  static void ukernel(dim_t m, dim_t n, dim_t k, T alpha, const T* ap,
                      const T* bp, T beta, T* c, inc_t ldc) {
    if (m == MR && n == NR) {
      Full(k, alpha, ap, bp, beta, c, ldc);
      return;
    }
    if (m <= 0 || n <= 0) return;
    alignas(kPackAlignment) T t[MR * NR];
    Full(k, T(1), ap, bp, T(0), t, MR);
    merge(m, n, alpha, t, beta, c, ldc);
  }

  static void ukernel_epilogue(dim_t m, dim_t n, dim_t k, T alpha, const T* ap,
                               const T* bp, T beta, T* c, inc_t ldc,
                               const basic_tile_epilogue<T>& e) {
    if constexpr (is_set_fn<FullEpilogue>) {
      if (m == MR && n == NR) {
        FullEpilogue(k, alpha, ap, bp, beta, c, ldc, e);
        return;
      }
    }
    if (m <= 0 || n <= 0) return;
    alignas(kPackAlignment) T t[MR * NR];
    Full(k, T(1), ap, bp, T(0), t, MR);
    merge(m, n, alpha, t, beta, c, ldc);
    with_tile_op(e.op, [&](auto op) { finish<decltype(op)::value>(m, n, c, ldc, e); });
  }

 private:
  // One lane at a time, with the same comparisons as the vector code.
  using lane = scalar_simd<edge_tile, T>;

  static void merge(dim_t m, dim_t n, T alpha, const T* t,
                    T beta, T* c, inc_t ldc) {
    for (dim_t j = 0; j < n; ++j) {
      const T* tj = t + j * MR;
      T* cj = c + j * ldc;
      if (beta == T(0)) {
        for (dim_t i = 0; i < m; ++i) cj[i] = alpha * tj[i];
      } else {
        for (dim_t i = 0; i < m; ++i) cj[i] = alpha * tj[i] + beta * cj[i];
      }
    }
  }

  // C[0:m, 0:n] := Op(C + bias) on the merged tile.
  template <tile_op Op>
  static void finish(dim_t m, dim_t n, T* c, inc_t ldc, const basic_tile_epilogue<T>& e) {
    const tile_op_constants<lane> constants(e);
    for (dim_t j = 0; j < n; ++j) {
      T* cj = c + j * ldc;
      for (dim_t i = 0; i < m; ++i) {
        const T x = e.bias ? cj[i] + e.bias[i * e.rs_bias + j * e.cs_bias] : cj[i];
        cj[i] = apply_tile_op<lane, Op>(x, constants);
      }
    }
  }
};

}  // namespace swblas::kernels

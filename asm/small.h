// The unpacked path for small problems (dgemm_small_fn of ukernel.h):
// C[0:m, 0:n] := alpha * A * op(B) + beta * C for any m, n, k, without
// packing. A is read in place (unit row stride, column stride lda), B
// elements are broadcast from any strides.
//
// The C tile is cut into register blocks of RowVecs vectors of V by NB
// columns; column tails use narrower blocks of the same height, row tails
// single vectors and then single rows. beta == 0: C is not read.
#pragma once

#include <algorithm>
#include <utility>

#include "simd_scalar.h"
#include "ukernel.h"

namespace swblas::kernels {

// One register block of Rows vectors of V by Cols columns, C at (0, 0) of
// the given pointers.
template <class V, int Rows, int Cols>
struct small_block {
  using reg = typename V::reg;
  static constexpr dim_t kHeight = Rows * V::width;
  static constexpr dim_t kPrefetchColumns = 16;

  static void run(dim_t k, double alpha, const double* a, inc_t lda,
                  const double* b, inc_t rs_b, inc_t cs_b, double beta,
                  double* c, inc_t ldc) {
    reg acc[Cols][Rows];
#pragma GCC unroll 16
    for (int j = 0; j < Cols; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) acc[j][r] = V::zero();
    for (dim_t l = 0; l < k; ++l, a += lda, b += rs_b) {
      // A is read in place, one column of the strip per k step, lda apart:
      // the hardware prefetcher does not follow that stride far enough
      // ahead (measured: skinny n = 16 shapes 0.87 -> 1.05 of BLIS). A
      // prefetch never faults, so running past the last column is harmless.
      __builtin_prefetch(a + kPrefetchColumns * lda);
      __builtin_prefetch(a + kPrefetchColumns * lda + kHeight - 1);
      reg av[Rows];
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) av[r] = V::loadu(a + r * V::width);
#pragma GCC unroll 16
      for (int j = 0; j < Cols; ++j) {
        const reg bv = V::broadcast(b + j * cs_b);
#pragma GCC unroll 8
        for (int r = 0; r < Rows; ++r) acc[j][r] = V::fma(av[r], bv, acc[j][r]);
      }
    }
    store(acc, alpha, beta, c, ldc);
  }

 private:
  static void store(const reg (&acc)[Cols][Rows], double alpha, double beta,
                    double* c, inc_t ldc) {
    const reg va = V::set1(alpha);
    const reg vb = V::set1(beta);
#pragma GCC unroll 16
    for (int j = 0; j < Cols; ++j)
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) {
        double* cj = c + j * ldc + r * V::width;
        const reg t = V::mul(va, acc[j][r]);
        V::storeu(cj, beta == 0.0 ? t : V::fma(vb, V::loadu(cj), t));
      }
  }
};

// One strip of rows [0, Rows*width) across all n columns: full NB-wide
// blocks, then one narrower block for the column tail.
template <class V, int Rows, int NB>
struct small_strip {
  static_assert(NB >= 2, "a strip needs a column tail table");
  using block_fn = void (*)(dim_t, double, const double*, inc_t, const double*,
                            inc_t, inc_t, double, double*, inc_t);

  static void run(dim_t n, dim_t k, double alpha, const double* a, inc_t lda,
                  const double* b, inc_t rs_b, inc_t cs_b, double beta,
                  double* c, inc_t ldc) {
    dim_t j = 0;
    for (; j + NB <= n; j += NB)
      small_block<V, Rows, NB>::run(k, alpha, a, lda, b + j * cs_b, rs_b, cs_b,
                                    beta, c + j * ldc, ldc);
    if (j < n)
      tail_blocks()[n - j - 1](k, alpha, a, lda, b + j * cs_b, rs_b, cs_b, beta,
                               c + j * ldc, ldc);
  }

 private:
  // tail_blocks()[w - 1] is the block w columns wide, w = 1..NB-1.
  static const block_fn* tail_blocks() {
    return tail_table(std::make_integer_sequence<int, NB - 1>());
  }
  template <int... W>
  static const block_fn* tail_table(std::integer_sequence<int, W...>) {
    static constexpr block_fn table[] = {&small_block<V, Rows, W + 1>::run...};
    return table;
  }
};

// dgemm_small_fn: row strips of RowVecs vectors, then single vectors, then
// single rows.
template <class V, int RowVecs, int NB>
struct small_gemm {
  static void run(dim_t m, dim_t n, dim_t k, double alpha, const double* a,
                  inc_t lda, const double* b, inc_t rs_b, inc_t cs_b,
                  double beta, double* c, inc_t ldc) {
    constexpr dim_t kStrip = RowVecs * V::width;
    dim_t i = 0;
    for (; i + kStrip <= m; i += kStrip)
      small_strip<V, RowVecs, NB>::run(n, k, alpha, a + i, lda, b, rs_b, cs_b,
                                       beta, c + i, ldc);
    for (; i + V::width <= m; i += V::width)
      small_strip<V, 1, NB>::run(n, k, alpha, a + i, lda, b, rs_b, cs_b, beta,
                                 c + i, ldc);
    for (; i < m; ++i)
      small_strip<scalar_simd<V>, 1, NB>::run(n, k, alpha, a + i, lda, b, rs_b,
                                              cs_b, beta, c + i, ldc);
  }
};

}  // namespace swblas::kernels

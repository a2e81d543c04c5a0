// The 1m packing rule: how the packed path packs the real view of a complex
// problem (macro_kernel.h's complex_view) so that the real micro kernel
// computes the complex product.
//
// Complex element (i, l) of op(A), times alpha and conjugated as asked,
// a = ar + i ai, becomes the 2 x 2 real block at rows 2i, 2i+1 and steps
// 2l, 2l+1 of the packed A:
//     [ ar  -ai ]
//     [ ai   ar ]
// and element (l, j) of op(B), b = br + i bi, the two real steps 2l, 2l+1 of
// column j: br, bi. Row 2i of the real product is then ar br - ai bi, the
// real part of a b, row 2i + 1 ai br + ar bi, its imaginary part: exactly
// where column-major complex C keeps them (real view: 2m x n, column
// stride 2 ldc). Real rows, steps and their block offsets are even here,
// since mr and the blocking's kc are (complex_gemm.cpp makes kc even).
#pragma once

#include <algorithm>

#include "macro_kernel.h"

namespace swblas {

// Real rows [i0, i0 + rows) x real steps [l0, l0 + kc) of the real view of
// op(A) into the A format of an mr-row micro kernel (zero padded).
template <class T>
void pack_a_1m(const basic_gemm_problem<T>& p, dim_t mr, dim_t i0, dim_t rows, dim_t l0, dim_t kc, T* ap) {
  const complex_view<T>& v = *p.complex;
  const T sign = v.conj_a ? T(-1) : T(1);
  for (dim_t r0 = 0; r0 < rows; r0 += mr, ap += mr * kc) {
    const dim_t width = std::min(mr, rows - r0);
    for (dim_t l = 0; l < kc / 2; ++l) {
      T* even = ap + 2 * l * mr;  // step 2l: ar, ai down the rows
      T* odd = even + mr;         // step 2l + 1: -ai, ar
      const T* column = p.a + 2 * ((l0 / 2 + l) * p.cs_a + (i0 + r0) / 2 * p.rs_a);
      for (dim_t r = 0; r < width; r += 2) {
        const T* z = column + r * p.rs_a;  // complex row (i0 + r0 + r) / 2
        const T re = z[0], im = sign * z[1];
        const T ar = v.alpha_re * re - v.alpha_im * im, ai = v.alpha_re * im + v.alpha_im * re;
        even[r] = ar;
        even[r + 1] = ai;
        odd[r] = -ai;
        odd[r + 1] = ar;
      }
      std::fill(even + width, even + mr, T(0));
      std::fill(odd + width, odd + mr, T(0));
    }
  }
}

// Columns [j0, j0 + cols) x real steps [l0, l0 + kc) of the real view of
// op(B) into the B format of an nr-column micro kernel (zero padded). An
// unconjugated B with unit row stride is a strided real matrix (rows 1,
// columns 2 cs_b apart), packed by the micro kernel's own packing.
template <class T>
void pack_b_1m(const basic_gemm_problem<T>& p, const ukernel_desc<T>& u, dim_t l0, dim_t kc, dim_t j0, dim_t cols,
               T* bp) {
  const complex_view<T>& v = *p.complex;
  if (!v.conj_b && p.rs_b == 1) return u.pack_b(kc, cols, p.b + l0 + 2 * j0 * p.cs_b, 1, 2 * p.cs_b, bp);
  const T sign = v.conj_b ? T(-1) : T(1);
  const dim_t nr = u.nr;
  for (dim_t c0 = 0; c0 < cols; c0 += nr, bp += nr * kc) {
    const dim_t width = std::min(nr, cols - c0);
    for (dim_t l = 0; l < kc / 2; ++l) {
      T* even = bp + 2 * l * nr;  // step 2l: br across the columns
      T* odd = even + nr;         // step 2l + 1: bi
      const T* row = p.b + 2 * ((l0 / 2 + l) * p.rs_b + (j0 + c0) * p.cs_b);
      for (dim_t c = 0; c < width; ++c) {
        const T* z = row + 2 * c * p.cs_b;
        even[c] = z[0];
        odd[c] = sign * z[1];
      }
      std::fill(even + width, even + nr, T(0));
      std::fill(odd + width, odd + nr, T(0));
    }
  }
}

}  // namespace swblas

// The Level-3 operations that update one triangle of a square C with a
// product (syrk, herk, syr2k, her2k, gemmt), on top of swblas::gemm.
#pragma once

#include "complex_gemm.h"
#include "gemm.h"

namespace swblas {

// How the triangle's elements are combined with the product:
//   general     C(i, j) := beta * C(i, j) + P(i, j);
//   hermitian   the same off the diagonal; on it (beta real)
//               C(j, j) := beta * re C(j, j) + re P(j, j), imaginary part 0,
//               as the reference herk and her2k (whose C is Hermitian).
enum class triangle_kind : int { general, hermitian };

// p's C is n x n (p.m == p.n); only its `upper` (i <= j) or lower (i >= j)
// triangle is read and written:
//   C_tri := alpha * op(A) op(B) + beta * C_tri
// with p's conventions (beta == 0: C not read; alpha == 0 or k == 0: A and
// B not read). The quick return (n == 0, or (alpha == 0 or k == 0) with
// beta == 1) leaves C as it is, a Hermitian diagonal included.
void gemm_triangle(const basic_gemm_problem<double>& p, bool upper, triangle_kind kind = triangle_kind::general);
void gemm_triangle(const basic_gemm_problem<float>& p, bool upper, triangle_kind kind = triangle_kind::general);
void gemm_triangle(const complex_gemm_problem<double>& p, bool upper, triangle_kind kind = triangle_kind::general);
void gemm_triangle(const complex_gemm_problem<float>& p, bool upper, triangle_kind kind = triangle_kind::general);

}  // namespace swblas

// The Fortran GEMM entry's fast path: a real call that is tiny (tiny_work)
// with A not transposed goes to the small routine (tiny_gemm.h) after a
// handful of compares that prove it legal, before the full checks build a
// call, its options and its column-major form. At 4^3 those were a third
// of a dgemm_ (5 of 15.5 ns, Zen 5). Every other call, legal or not, is
// left to the full checks, which report errors as the reference does.
#pragma once

#include <type_traits>

#include "blas_int.h"
#include "gemm_args.h"
#include "tiny_gemm.h"

namespace swblas::api {

// Solves the call when it is legal, real, tiny and TRANSA is 'N' or 'n';
// else returns false, having done nothing.
template <class T>
inline bool solve_if_tiny(char transa, char transb, blas_int m, blas_int n, blas_int k, T alpha, const T* a,
                          blas_int lda, const T* b, blas_int ldb, T beta, T* c, blas_int ldc) {
  if constexpr (!std::is_floating_point_v<T>) {
    return false;
  } else {
    constexpr char kLowerCase = 0x20;  // 'N' | 0x20 == 'n', and only 'N' and 'n' give it
    if ((transa | kLowerCase) != 'n') return false;
    const char b_letter = static_cast<char>(transb | kLowerCase);
    if (b_letter != 'n' && b_letter != 't' && b_letter != 'c') return false;
    const trans_op tb = b_letter == 'n' ? trans_op::none : trans_op::trans;  // real: 'C' is a transpose
    // With m, n, k >= 1 (gemm_tiny's first test), these are the reference's
    // leading-dimension checks.
    if (lda < m || ldb < stored_rows(tb, k, n) || ldc < m) return false;
    const element_strides b_steps = op_strides(tb, ldb);
    return gemm_tiny(dim_t{m}, n, k, alpha, a, lda, b, b_steps.rows, b_steps.cols, beta, c, ldc);
  }
}

}  // namespace swblas::api

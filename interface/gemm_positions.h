// Where each GEMM signature has its arguments (1-based, as XERBLA's INFO;
// 0 where the signature has no such argument), and which of them a
// row-major call exchanges.
#pragma once

#include "cblas_error_layout.h"

namespace swblas::api {

struct gemm_positions {
  int layout, transa, transb, m, n, k, lda, stride_a, ldb, stride_b, ldc, stride_c;
  int group_count, count;  // count: group_size or batch_size
};

// The C signature of a Fortran one: the layout comes first.
constexpr gemm_positions with_layout(gemm_positions f) {
  int* const fields[] = {&f.transa, &f.transb,   &f.m,   &f.n,        &f.k,
                         &f.lda,    &f.stride_a, &f.ldb, &f.stride_b, &f.ldc,
                         &f.stride_c, &f.group_count, &f.count};
  for (int* position : fields)
    if (*position != 0) ++*position;
  f.layout = 1;
  return f;
}

// dgemm_, dgemm_batch_ and dgemm_batch_strided_, fields in declaration order
// (layout, transa, transb, m, n, k, lda, stride_a, ldb, stride_b, ldc,
// stride_c, group_count, count).
inline constexpr gemm_positions kDgemm{0, 1, 2, 3, 4, 5, 8, 0, 10, 0, 13, 0, 0, 0};
inline constexpr gemm_positions kDgemmBatch{0, 1, 2, 3, 4, 5, 8, 0, 10, 0, 13, 0, 14, 15};
inline constexpr gemm_positions kDgemmBatchStrided{0, 1, 2, 3, 4, 5, 8, 9, 11, 12, 15, 16, 0, 17};

// cblas_dgemm and swblas_dgemm_fused (whose descriptors follow at 15, 16).
inline constexpr gemm_positions kCblasDgemm = with_layout(kDgemm);
inline constexpr gemm_positions kCblasDgemmBatch = with_layout(kDgemmBatch);
// cblas_dgemm_batch_strided and swblas_dgemm_fused_batch_strided.
inline constexpr gemm_positions kCblasDgemmBatchStrided = with_layout(kDgemmBatchStrided);

// A row-major call is checked as the column-major call of the transposed
// problem, in which A and B, and M and N, have changed places.
constexpr position_exchange row_major_exchange(const gemm_positions& at) {
  return {{{at.m, at.n}, {at.lda, at.ldb}, {at.stride_a, at.stride_b}}};
}

}  // namespace swblas::api

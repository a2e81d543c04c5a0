// A GEMM call as its caller states it, and the column-major call every
// entry point checks and solves: options parsed, a row-major call rewritten
// as the call of the transposed problem.
#pragma once

#include <optional>
#include <tuple>
#include <utility>

#include "blas_int.h"
#include "options.h"

namespace swblas::api {

// The integer arguments of one GEMM, one group of a pointer-array batch or
// one strided batch.
struct gemm_dims {
  blas_int m = 0, n = 0, k = 0;
  blas_int lda = 0, ldb = 0, ldc = 0;
  blas_int stride_a = 0, stride_b = 0, stride_c = 0;  // strided batches
  blas_int count = 1;                                 // group_size or batch_size
};

// The options as parsed, each empty where the caller's value is illegal.
struct gemm_options {
  std::optional<order> layout;
  std::optional<trans_op> transa, transb;
};

struct gemm_call {
  gemm_options options;
  gemm_dims dims;
};

inline gemm_call fortran_call(char transa, char transb, const gemm_dims& dims) {
  return {{order::col_major, from_fortran<trans_op>(transa), from_fortran<trans_op>(transb)},
          dims};
}

inline gemm_call cblas_call(const CBLAS_LAYOUT& layout, const CBLAS_TRANSPOSE& transa,
                            const CBLAS_TRANSPOSE& transb, const gemm_dims& dims) {
  return {{from_cblas<order>(layout), from_cblas<trans_op>(transa), from_cblas<trans_op>(transb)},
          dims};
}

// A column-major call with legal options: what is checked and solved.
struct gemm_args : gemm_dims {
  trans_op transa = trans_op::none, transb = trans_op::none;
};

// A's and B's parts of the column-major call (first A's): row-major C
// (M x N) is column-major C^T (N x M), and
// C^T := alpha * op(B)^T * op(A)^T + beta * C^T, so B takes A's part.
template <class Part>
constexpr std::pair<Part, Part> column_major(order o, const Part& of_a, const Part& of_b) {
  using parts = std::pair<Part, Part>;
  return o == order::row_major ? parts{of_b, of_a} : parts{of_a, of_b};
}

// The column-major call of c, whose options must all be legal.
inline gemm_args column_major(const gemm_call& c) {
  const order o = *c.options.layout;
  const gemm_dims& d = c.dims;
  gemm_args g;
  std::tie(g.transa, g.transb) = column_major(o, *c.options.transa, *c.options.transb);
  std::tie(g.m, g.n) = column_major(o, d.m, d.n);
  g.k = d.k;
  std::tie(g.lda, g.ldb) = column_major(o, d.lda, d.ldb);
  g.ldc = d.ldc;
  std::tie(g.stride_a, g.stride_b) = column_major(o, d.stride_a, d.stride_b);
  g.stride_c = d.stride_c;
  g.count = d.count;
  return g;
}

// Rows of the stored matrix X whose op(X) has op_rows x op_cols.
constexpr blas_int stored_rows(trans_op t, blas_int op_rows, blas_int op_cols) {
  return t == trans_op::none ? op_rows : op_cols;
}

// Element strides of op(X) for a column-major X with leading dimension ld:
// op(X)(i, l) is X(i, l) = x[i + l*ld], or X(l, i) = x[l + i*ld]. A conjugate
// transpose has a transpose's strides (complex: the conjugation is a flag).
struct element_strides {
  blas_int rows, cols;
};
constexpr element_strides op_strides(trans_op t, blas_int ld) {
  return t == trans_op::none ? element_strides{1, ld} : element_strides{ld, 1};
}

}  // namespace swblas::api

// The argument checks shared by every GEMM signature: each argument is
// reported at the position its signature gives it (gemm_positions.h), and
// arguments a signature lacks are not checked. Options are checked as the
// caller passes them, everything else on the column-major call (for a
// row-major call, the transposed one), as the reference CBLAS does.
#pragma once

#include <algorithm>
#include <cstdint>

#include "argument_check.h"
#include "gemm_args.h"
#include "gemm_positions.h"

namespace swblas::api {

inline int option_error(const gemm_options& o, const gemm_positions& at) {
  return first_illegal({{!o.layout, at.layout}, {!o.transa, at.transa}, {!o.transb, at.transb}});
}

// The reference DGEMM's checks, and those of the batches: strides step
// forward, and the entries of a strided batch, solved in parallel, do not
// overlap in C (entry e + 1 starts at least one ldc x n matrix after e).
inline int dims_error(const gemm_args& g, const gemm_positions& at) {
  const std::int64_t c_step = g.count > 1 ? std::int64_t{g.ldc} * g.n : 0;
  return first_illegal({
      {g.m < 0, at.m},
      {g.n < 0, at.n},
      {g.k < 0, at.k},
      {g.lda < std::max<blas_int>(1, stored_rows(g.transa, g.m, g.k)), at.lda},
      {g.stride_a < 0, at.stride_a},
      {g.ldb < std::max<blas_int>(1, stored_rows(g.transb, g.k, g.n)), at.ldb},
      {g.stride_b < 0, at.stride_b},
      {g.ldc < std::max<blas_int>(1, g.m), at.ldc},
      {g.stride_c < c_step, at.stride_c},
      {g.count < 0, at.count},
  });
}

// The first illegal argument of c, 0 if there is none (column_major(c) is
// then the call to solve).
inline int first_illegal_argument(const gemm_call& c, const gemm_positions& at) {
  if (const int info = option_error(c.options, at)) return info;
  return dims_error(column_major(c), at);
}

}  // namespace swblas::api

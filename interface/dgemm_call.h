// The one place where a DGEMM call is checked and turned into the runtime's
// problem. Both entry points go through it: dgemm_ directly, cblas_dgemm after
// rewriting a row-major call as the column-major one.
#pragma once

#include "gemm.h"

namespace swblas::api {

// A DGEMM exactly as the Fortran 77 interface states it: column-major
// matrices, op() chosen by 'N', 'T' or 'C' in either case, LP64 integers.
struct f77_dgemm_call {
  char transa, transb;
  int m, n, k;
  double alpha;
  const double* a;
  int lda;
  const double* b;
  int ldb;
  double beta;
  double* c;
  int ldc;
};

// Position of the first illegal argument in the reference DGEMM's order
// (TRANSA 1, TRANSB 2, M 3, N 4, K 5, LDA 8, LDB 10, LDC 13), 0 if none.
int first_illegal_argument(const f77_dgemm_call& call);

// Runs a call whose arguments are legal: returns without touching C where the
// reference does, otherwise hands one gemm_problem to swblas::gemm.
void execute(const f77_dgemm_call& call);

}  // namespace swblas::api

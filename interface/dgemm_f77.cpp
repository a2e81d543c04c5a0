// The Fortran 77 entry point: `call dgemm(...)` from gfortran lands here.
#include "error_report.h"
#include "export.h"
#include "gemm_checks.h"
#include "runtime_call.h"
#include "swblas.h"

// Fortran passes the lengths of TRANSA and TRANSB after LDC; the SysV calling
// convention lets this definition leave them out, so they are never read and
// callers that omit them (C code) are equally welcome.
extern "C" SWBLAS_EXPORT void dgemm_(const char* transa, const char* transb,
                                     const int* m, const int* n, const int* k,
                                     const double* alpha, const double* a,
                                     const int* lda, const double* b,
                                     const int* ldb, const double* beta,
                                     double* c, const int* ldc) {
  using namespace swblas::api;
  const gemm_call caller = fortran_call(*transa, *transb, {*m, *n, *k, *lda, *ldb, *ldc});
  if (const int info = first_illegal_argument(caller, kDgemm))
    return report_fortran("DGEMM ", info);
  solve(column_major(caller), *alpha, *beta, {a, b, c});
}

// For compilers that do not append an underscore (gfortran -fno-underscoring,
// XL Fortran). Weak so that a program's own function called dgemm wins.
extern "C" SWBLAS_EXPORT __attribute__((weak, alias("dgemm_"))) void dgemm(
    const char* transa, const char* transb, const int* m, const int* n,
    const int* k, const double* alpha, const double* a, const int* lda,
    const double* b, const int* ldb, const double* beta, double* c,
    const int* ldc);

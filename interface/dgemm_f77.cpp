// The Fortran 77 entry point: `call dgemm(...)` from gfortran lands here.
#include <cstddef>

#include "dgemm_call.h"
#include "export.h"
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
  const swblas::api::f77_dgemm_call call{*transa, *transb, *m, *n, *k,
                                         *alpha,  a,       *lda, b,  *ldb,
                                         *beta,   c,       *ldc};
  if (const int info = swblas::api::first_illegal_argument(call)) {
    // xerbla_ lives in its own translation unit and is reached through the
    // PLT, so a program's own XERBLA takes its place.
    xerbla_("DGEMM ", &info, 6);
    return;
  }
  swblas::api::execute(call);
}

// For compilers that do not append an underscore (gfortran -fno-underscoring,
// XL Fortran). Weak so that a program's own function called dgemm wins.
extern "C" SWBLAS_EXPORT __attribute__((weak, alias("dgemm_"))) void dgemm(
    const char* transa, const char* transb, const int* m, const int* n,
    const int* k, const double* alpha, const double* a, const int* lda,
    const double* b, const int* ldb, const double* beta, double* c,
    const int* ldc);

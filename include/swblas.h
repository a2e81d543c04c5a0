/* swblas extensions: what swblas offers beyond the standard CBLAS of
 * <cblas.h>, and the Fortran 77 entry points for C callers. */
#ifndef SWBLAS_H
#define SWBLAS_H

#include <stddef.h>

#include "cblas.h"

/* Kept equal to project(VERSION) in the top-level CMakeLists.txt (a unit
 * test compares them). */
#define SWBLAS_VERSION_MAJOR 0
#define SWBLAS_VERSION_MINOR 1
#define SWBLAS_VERSION_PATCH 0
#define SWBLAS_VERSION_STRING "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

/* Fortran 77 BLAS (LP64: INTEGER is 32 bits), callable from C.  Fortran
 * callers may pass the hidden CHARACTER lengths after the last argument;
 * swblas never reads them. */
void dgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a, const int *lda,
            const double *b, const int *ldb, const double *beta, double *c,
            const int *ldc);

/* The Fortran error handler: called with the routine name ("DGEMM ", length
 * 6) and the position of the first illegal argument.  swblas's default prints
 * the reference message on stderr and returns (the reference stops); a
 * program may define its own xerbla_, which then replaces it. */
void xerbla_(const char *srname, const int *info, size_t srname_len);

#ifdef __cplusplus
}
#endif

#endif /* SWBLAS_H */

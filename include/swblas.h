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

/* The Fortran INTEGER (and LOGICAL): CBLAS_INT, 32 bits, or 64 bits with
 * SWBLAS_ILP64 defined (libswblas64, as gfortran -fdefault-integer-8). */
#define SWBLAS_INT CBLAS_INT

/* Fortran 77 BLAS, callable from C.  Fortran
 * callers may pass the hidden CHARACTER lengths after the last argument;
 * swblas never reads them. */
void dgemm_(const char *transa, const char *transb, const SWBLAS_INT *m, const SWBLAS_INT *n,
            const SWBLAS_INT *k, const double *alpha, const double *a, const SWBLAS_INT *lda, const double *b,
            const SWBLAS_INT *ldb, const double *beta, double *c, const SWBLAS_INT *ldc);
void sgemm_(const char *transa, const char *transb, const SWBLAS_INT *m, const SWBLAS_INT *n,
            const SWBLAS_INT *k, const float *alpha, const float *a, const SWBLAS_INT *lda, const float *b,
            const SWBLAS_INT *ldb, const float *beta, float *c, const SWBLAS_INT *ldc);
/* Complex: scalars and matrices are (re, im) pairs. */
void cgemm_(const char *transa, const char *transb, const SWBLAS_INT *m, const SWBLAS_INT *n,
            const SWBLAS_INT *k, const void *alpha, const void *a, const SWBLAS_INT *lda, const void *b,
            const SWBLAS_INT *ldb, const void *beta, void *c, const SWBLAS_INT *ldc);
void zgemm_(const char *transa, const char *transb, const SWBLAS_INT *m, const SWBLAS_INT *n,
            const SWBLAS_INT *k, const void *alpha, const void *a, const SWBLAS_INT *lda, const void *b,
            const SWBLAS_INT *ldb, const void *beta, void *c, const SWBLAS_INT *ldc);

/* B := alpha op(A) B or alpha B op(A) (trmm), and the X of op(A) X = alpha B
 * or X op(A) = alpha B, which overwrites B (trsm); A triangular. */
void strmm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const float *alpha, const float *a, const SWBLAS_INT *lda, float *b,
            const SWBLAS_INT *ldb);
void dtrmm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const double *alpha, const double *a, const SWBLAS_INT *lda, double *b,
            const SWBLAS_INT *ldb);
void ctrmm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const void *alpha, const void *a, const SWBLAS_INT *lda, void *b,
            const SWBLAS_INT *ldb);
void ztrmm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const void *alpha, const void *a, const SWBLAS_INT *lda, void *b,
            const SWBLAS_INT *ldb);
void strsm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const float *alpha, const float *a, const SWBLAS_INT *lda, float *b,
            const SWBLAS_INT *ldb);
void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const double *alpha, const double *a, const SWBLAS_INT *lda, double *b,
            const SWBLAS_INT *ldb);
void ctrsm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const void *alpha, const void *a, const SWBLAS_INT *lda, void *b,
            const SWBLAS_INT *ldb);
void ztrsm_(const char *side, const char *uplo, const char *transa, const char *diag, const SWBLAS_INT *m,
            const SWBLAS_INT *n, const void *alpha, const void *a, const SWBLAS_INT *lda, void *b,
            const SWBLAS_INT *ldb);

/* ---- Fortran Level 1. ---- */

/* gfortran returns a COMPLEX (COMPLEX*16) function's value as C's
 * float _Complex (double _Complex), which GCC's C++ spells __complex__. */
#ifdef __cplusplus
#define SWBLAS_FLOAT_COMPLEX __complex__ float
#define SWBLAS_DOUBLE_COMPLEX __complex__ double
#else
#define SWBLAS_FLOAT_COMPLEX float _Complex
#define SWBLAS_DOUBLE_COMPLEX double _Complex
#endif

/* Rotations: construct (?rotg: a := r, a real b := z; ?rotmg), apply
 * ((x, y) := (c x + s y, c y - s x); ?rotm: H of param). */
void srotg_(float *a, float *b, float *c, float *s);
void drotg_(double *a, double *b, double *c, double *s);
void crotg_(void *a, void *b, float *c, void *s);
void zrotg_(void *a, void *b, double *c, void *s);
void srotmg_(float *d1, float *d2, float *x1, const float *y1, float *param);
void drotmg_(double *d1, double *d2, double *x1, const double *y1, double *param);
void srot_(const SWBLAS_INT *n, float *x, const SWBLAS_INT *incx, float *y, const SWBLAS_INT *incy,
           const float *c, const float *s);
void drot_(const SWBLAS_INT *n, double *x, const SWBLAS_INT *incx, double *y, const SWBLAS_INT *incy,
           const double *c, const double *s);
void csrot_(const SWBLAS_INT *n, void *x, const SWBLAS_INT *incx, void *y, const SWBLAS_INT *incy,
            const float *c, const float *s);
void zdrot_(const SWBLAS_INT *n, void *x, const SWBLAS_INT *incx, void *y, const SWBLAS_INT *incy,
            const double *c, const double *s);
void srotm_(const SWBLAS_INT *n, float *x, const SWBLAS_INT *incx, float *y, const SWBLAS_INT *incy,
            const float *param);
void drotm_(const SWBLAS_INT *n, double *x, const SWBLAS_INT *incx, double *y, const SWBLAS_INT *incy,
            const double *param);

/* x <-> y, x := alpha x, y := x, y += alpha x. */
void sswap_(const SWBLAS_INT *n, float *x, const SWBLAS_INT *incx, float *y, const SWBLAS_INT *incy);
void dswap_(const SWBLAS_INT *n, double *x, const SWBLAS_INT *incx, double *y, const SWBLAS_INT *incy);
void cswap_(const SWBLAS_INT *n, void *x, const SWBLAS_INT *incx, void *y, const SWBLAS_INT *incy);
void zswap_(const SWBLAS_INT *n, void *x, const SWBLAS_INT *incx, void *y, const SWBLAS_INT *incy);
void sscal_(const SWBLAS_INT *n, const float *alpha, float *x, const SWBLAS_INT *incx);
void dscal_(const SWBLAS_INT *n, const double *alpha, double *x, const SWBLAS_INT *incx);
void cscal_(const SWBLAS_INT *n, const void *alpha, void *x, const SWBLAS_INT *incx);
void zscal_(const SWBLAS_INT *n, const void *alpha, void *x, const SWBLAS_INT *incx);
void csscal_(const SWBLAS_INT *n, const float *alpha, void *x, const SWBLAS_INT *incx);
void zdscal_(const SWBLAS_INT *n, const double *alpha, void *x, const SWBLAS_INT *incx);
void scopy_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, float *y, const SWBLAS_INT *incy);
void dcopy_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx, double *y, const SWBLAS_INT *incy);
void ccopy_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, void *y, const SWBLAS_INT *incy);
void zcopy_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, void *y, const SWBLAS_INT *incy);
void saxpy_(const SWBLAS_INT *n, const float *alpha, const float *x, const SWBLAS_INT *incx, float *y,
            const SWBLAS_INT *incy);
void daxpy_(const SWBLAS_INT *n, const double *alpha, const double *x, const SWBLAS_INT *incx, double *y,
            const SWBLAS_INT *incy);
void caxpy_(const SWBLAS_INT *n, const void *alpha, const void *x, const SWBLAS_INT *incx, void *y,
            const SWBLAS_INT *incy);
void zaxpy_(const SWBLAS_INT *n, const void *alpha, const void *x, const SWBLAS_INT *incx, void *y,
            const SWBLAS_INT *incy);

/* Dot products (?dotc conjugates x), norms, sums of |re| + |im|, and the
 * 1-based index of the first largest |re| + |im| (0 for n < 1 or incx < 1). */
float sdot_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, const float *y,
            const SWBLAS_INT *incy);
double ddot_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx, const double *y,
             const SWBLAS_INT *incy);
SWBLAS_FLOAT_COMPLEX cdotu_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
                            const SWBLAS_INT *incy);
SWBLAS_DOUBLE_COMPLEX zdotu_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
                             const SWBLAS_INT *incy);
SWBLAS_FLOAT_COMPLEX cdotc_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
                            const SWBLAS_INT *incy);
SWBLAS_DOUBLE_COMPLEX zdotc_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
                             const SWBLAS_INT *incy);
float sdsdot_(const SWBLAS_INT *n, const float *sb, const float *x, const SWBLAS_INT *incx, const float *y,
              const SWBLAS_INT *incy);
double dsdot_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, const float *y,
              const SWBLAS_INT *incy);
float snrm2_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx);
double dnrm2_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx);
float scnrm2_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx);
double dznrm2_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx);
float sasum_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx);
double dasum_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx);
float scasum_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx);
double dzasum_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx);
SWBLAS_INT isamax_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx);
SWBLAS_INT idamax_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx);
SWBLAS_INT icamax_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx);
SWBLAS_INT izamax_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx);

/* netlib CBLAS's Fortran wrappers: the function's value through the last
 * argument. */
void sdotsub_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, const float *y,
              const SWBLAS_INT *incy, float *dot);
void ddotsub_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx, const double *y,
              const SWBLAS_INT *incy, double *dot);
void cdotusub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
               const SWBLAS_INT *incy, void *dot);
void zdotusub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
               const SWBLAS_INT *incy, void *dot);
void cdotcsub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
               const SWBLAS_INT *incy, void *dot);
void zdotcsub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, const void *y,
               const SWBLAS_INT *incy, void *dot);
void sdsdotsub_(const SWBLAS_INT *n, const float *sb, const float *x, const SWBLAS_INT *incx, const float *y,
                const SWBLAS_INT *incy, float *dot);
void dsdotsub_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, const float *y,
               const SWBLAS_INT *incy, double *dot);
void snrm2sub_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, float *nrm2);
void dnrm2sub_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx, double *nrm2);
void scnrm2sub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, float *nrm2);
void dznrm2sub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, double *nrm2);
void sasumsub_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, float *asum);
void dasumsub_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx, double *asum);
void scasumsub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, float *asum);
void dzasumsub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, double *asum);
void isamaxsub_(const SWBLAS_INT *n, const float *x, const SWBLAS_INT *incx, SWBLAS_INT *iamax);
void idamaxsub_(const SWBLAS_INT *n, const double *x, const SWBLAS_INT *incx, SWBLAS_INT *iamax);
void icamaxsub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, SWBLAS_INT *iamax);
void izamaxsub_(const SWBLAS_INT *n, const void *x, const SWBLAS_INT *incx, SWBLAS_INT *iamax);
void scabs1sub_(const void *z, float *abs1);
void dcabs1sub_(const void *z, double *abs1);

/* Auxiliaries: |re z| + |im z|; LSAME (case-insensitive ASCII compare of
 * one character, a Fortran LOGICAL); XERBLA_ARRAY (xerbla_ for a name given
 * as srname_len characters, passed on blank-padded to 32). */
float scabs1_(const void *z);
double dcabs1_(const void *z);
SWBLAS_INT lsame_(const char *ca, const char *cb);
void xerbla_array_(const char *srname_array, const SWBLAS_INT *srname_len, const SWBLAS_INT *info);

/* ---- Fortran Level 2: general and band products, general rank updates. ---- */

/* y := alpha op(A) x + beta y, A general (gemv) or band (gbmv). */
void sgemv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const float *alpha, const float *a,
            const SWBLAS_INT *lda, const float *x, const SWBLAS_INT *incx, const float *beta, float *y,
            const SWBLAS_INT *incy);
void dgemv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const double *alpha, const double *a,
            const SWBLAS_INT *lda, const double *x, const SWBLAS_INT *incx, const double *beta, double *y,
            const SWBLAS_INT *incy);
void cgemv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const void *alpha, const void *a,
            const SWBLAS_INT *lda, const void *x, const SWBLAS_INT *incx, const void *beta, void *y,
            const SWBLAS_INT *incy);
void zgemv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const void *alpha, const void *a,
            const SWBLAS_INT *lda, const void *x, const SWBLAS_INT *incx, const void *beta, void *y,
            const SWBLAS_INT *incy);
void sgbmv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const SWBLAS_INT *kl,
            const SWBLAS_INT *ku, const float *alpha, const float *a, const SWBLAS_INT *lda, const float *x,
            const SWBLAS_INT *incx, const float *beta, float *y, const SWBLAS_INT *incy);
void dgbmv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const SWBLAS_INT *kl,
            const SWBLAS_INT *ku, const double *alpha, const double *a, const SWBLAS_INT *lda,
            const double *x, const SWBLAS_INT *incx, const double *beta, double *y, const SWBLAS_INT *incy);
void cgbmv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const SWBLAS_INT *kl,
            const SWBLAS_INT *ku, const void *alpha, const void *a, const SWBLAS_INT *lda, const void *x,
            const SWBLAS_INT *incx, const void *beta, void *y, const SWBLAS_INT *incy);
void zgbmv_(const char *trans, const SWBLAS_INT *m, const SWBLAS_INT *n, const SWBLAS_INT *kl,
            const SWBLAS_INT *ku, const void *alpha, const void *a, const SWBLAS_INT *lda, const void *x,
            const SWBLAS_INT *incx, const void *beta, void *y, const SWBLAS_INT *incy);
/* A := alpha x y^T + A (ger, geru) or alpha x y^H + A (gerc). */
void sger_(const SWBLAS_INT *m, const SWBLAS_INT *n, const float *alpha, const float *x,
           const SWBLAS_INT *incx, const float *y, const SWBLAS_INT *incy, float *a, const SWBLAS_INT *lda);
void dger_(const SWBLAS_INT *m, const SWBLAS_INT *n, const double *alpha, const double *x,
           const SWBLAS_INT *incx, const double *y, const SWBLAS_INT *incy, double *a, const SWBLAS_INT *lda);
void cgeru_(const SWBLAS_INT *m, const SWBLAS_INT *n, const void *alpha, const void *x,
            const SWBLAS_INT *incx, const void *y, const SWBLAS_INT *incy, void *a, const SWBLAS_INT *lda);
void zgeru_(const SWBLAS_INT *m, const SWBLAS_INT *n, const void *alpha, const void *x,
            const SWBLAS_INT *incx, const void *y, const SWBLAS_INT *incy, void *a, const SWBLAS_INT *lda);
void cgerc_(const SWBLAS_INT *m, const SWBLAS_INT *n, const void *alpha, const void *x,
            const SWBLAS_INT *incx, const void *y, const SWBLAS_INT *incy, void *a, const SWBLAS_INT *lda);
void zgerc_(const SWBLAS_INT *m, const SWBLAS_INT *n, const void *alpha, const void *x,
            const SWBLAS_INT *incx, const void *y, const SWBLAS_INT *incy, void *a, const SWBLAS_INT *lda);

/* ---- Fortran Level 2: symmetric and Hermitian products and rank updates. ---- */

/* y := alpha * A * x + beta * y, A symmetric (?symv, ?sbmv, ?spmv) or
 * Hermitian (?hemv, ?hbmv, ?hpmv) read through its UPLO triangle: full
 * (lda), band (k off-diagonals, lda >= k + 1) or packed. */
void ssymv_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const float *a, const SWBLAS_INT *lda,
            const float *x, const SWBLAS_INT *incx, const float *beta, float *y, const SWBLAS_INT *incy);
void dsymv_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const double *a,
            const SWBLAS_INT *lda, const double *x, const SWBLAS_INT *incx, const double *beta, double *y,
            const SWBLAS_INT *incy);
void chemv_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *a, const SWBLAS_INT *lda,
            const void *x, const SWBLAS_INT *incx, const void *beta, void *y, const SWBLAS_INT *incy);
void zhemv_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *a, const SWBLAS_INT *lda,
            const void *x, const SWBLAS_INT *incx, const void *beta, void *y, const SWBLAS_INT *incy);
void ssbmv_(const char *uplo, const SWBLAS_INT *n, const SWBLAS_INT *k, const float *alpha, const float *a,
            const SWBLAS_INT *lda, const float *x, const SWBLAS_INT *incx, const float *beta, float *y,
            const SWBLAS_INT *incy);
void dsbmv_(const char *uplo, const SWBLAS_INT *n, const SWBLAS_INT *k, const double *alpha, const double *a,
            const SWBLAS_INT *lda, const double *x, const SWBLAS_INT *incx, const double *beta, double *y,
            const SWBLAS_INT *incy);
void chbmv_(const char *uplo, const SWBLAS_INT *n, const SWBLAS_INT *k, const void *alpha, const void *a,
            const SWBLAS_INT *lda, const void *x, const SWBLAS_INT *incx, const void *beta, void *y,
            const SWBLAS_INT *incy);
void zhbmv_(const char *uplo, const SWBLAS_INT *n, const SWBLAS_INT *k, const void *alpha, const void *a,
            const SWBLAS_INT *lda, const void *x, const SWBLAS_INT *incx, const void *beta, void *y,
            const SWBLAS_INT *incy);
void sspmv_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const float *ap, const float *x,
            const SWBLAS_INT *incx, const float *beta, float *y, const SWBLAS_INT *incy);
void dspmv_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const double *ap, const double *x,
            const SWBLAS_INT *incx, const double *beta, double *y, const SWBLAS_INT *incy);
void chpmv_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *ap, const void *x,
            const SWBLAS_INT *incx, const void *beta, void *y, const SWBLAS_INT *incy);
void zhpmv_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *ap, const void *x,
            const SWBLAS_INT *incx, const void *beta, void *y, const SWBLAS_INT *incy);
/* A := alpha * x * x' + A (?syr, ?spr: ' is ^T; ?her, ?hpr: ' is ^H, alpha
 * real) and A := alpha * x * y' + alpha* * y * x' + A (?syr2, ?spr2; ?her2,
 * ?hpr2: ' is ^H, alpha* = conj(alpha)) on the UPLO triangle, full or
 * packed; the Hermitian ones zero the imaginary parts of the diagonal. */
void ssyr_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const float *x, const SWBLAS_INT *incx,
           float *a, const SWBLAS_INT *lda);
void dsyr_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const double *x,
           const SWBLAS_INT *incx, double *a, const SWBLAS_INT *lda);
void cher_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const void *x, const SWBLAS_INT *incx,
           void *a, const SWBLAS_INT *lda);
void zher_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const void *x, const SWBLAS_INT *incx,
           void *a, const SWBLAS_INT *lda);
void sspr_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const float *x, const SWBLAS_INT *incx,
           float *ap);
void dspr_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const double *x,
           const SWBLAS_INT *incx, double *ap);
void chpr_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const void *x, const SWBLAS_INT *incx,
           void *ap);
void zhpr_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const void *x, const SWBLAS_INT *incx,
           void *ap);
void ssyr2_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const float *x, const SWBLAS_INT *incx,
            const float *y, const SWBLAS_INT *incy, float *a, const SWBLAS_INT *lda);
void dsyr2_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const double *x,
            const SWBLAS_INT *incx, const double *y, const SWBLAS_INT *incy, double *a,
            const SWBLAS_INT *lda);
void cher2_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *x, const SWBLAS_INT *incx,
            const void *y, const SWBLAS_INT *incy, void *a, const SWBLAS_INT *lda);
void zher2_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *x, const SWBLAS_INT *incx,
            const void *y, const SWBLAS_INT *incy, void *a, const SWBLAS_INT *lda);
void sspr2_(const char *uplo, const SWBLAS_INT *n, const float *alpha, const float *x, const SWBLAS_INT *incx,
            const float *y, const SWBLAS_INT *incy, float *ap);
void dspr2_(const char *uplo, const SWBLAS_INT *n, const double *alpha, const double *x,
            const SWBLAS_INT *incx, const double *y, const SWBLAS_INT *incy, double *ap);
void chpr2_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *x, const SWBLAS_INT *incx,
            const void *y, const SWBLAS_INT *incy, void *ap);
void zhpr2_(const char *uplo, const SWBLAS_INT *n, const void *alpha, const void *x, const SWBLAS_INT *incx,
            const void *y, const SWBLAS_INT *incy, void *ap);

/* ---- Fortran Level 2: triangular products and solves. ---- */

/* x := op(A) x (?trmv_, ?tbmv_, ?tpmv_) and x := op(A)^-1 x (?trsv_,
 * ?tbsv_, ?tpsv_), A triangular in full, band or packed storage.  Complex:
 * matrices and vectors are (re, im) pairs. */
void strmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const float *a,
            const SWBLAS_INT *lda, float *x, const SWBLAS_INT *incx);
void dtrmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const double *a,
            const SWBLAS_INT *lda, double *x, const SWBLAS_INT *incx);
void ctrmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *a,
            const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void ztrmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *a,
            const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void stbmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const float *a, const SWBLAS_INT *lda, float *x, const SWBLAS_INT *incx);
void dtbmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const double *a, const SWBLAS_INT *lda, double *x, const SWBLAS_INT *incx);
void ctbmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const void *a, const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void ztbmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const void *a, const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void stpmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const float *ap,
            float *x, const SWBLAS_INT *incx);
void dtpmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const double *ap,
            double *x, const SWBLAS_INT *incx);
void ctpmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *ap,
            void *x, const SWBLAS_INT *incx);
void ztpmv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *ap,
            void *x, const SWBLAS_INT *incx);
void strsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const float *a,
            const SWBLAS_INT *lda, float *x, const SWBLAS_INT *incx);
void dtrsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const double *a,
            const SWBLAS_INT *lda, double *x, const SWBLAS_INT *incx);
void ctrsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *a,
            const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void ztrsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *a,
            const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void stbsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const float *a, const SWBLAS_INT *lda, float *x, const SWBLAS_INT *incx);
void dtbsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const double *a, const SWBLAS_INT *lda, double *x, const SWBLAS_INT *incx);
void ctbsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const void *a, const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void ztbsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const SWBLAS_INT *k,
            const void *a, const SWBLAS_INT *lda, void *x, const SWBLAS_INT *incx);
void stpsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const float *ap,
            float *x, const SWBLAS_INT *incx);
void dtpsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const double *ap,
            double *x, const SWBLAS_INT *incx);
void ctpsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *ap,
            void *x, const SWBLAS_INT *incx);
void ztpsv_(const char *uplo, const char *trans, const char *diag, const SWBLAS_INT *n, const void *ap,
            void *x, const SWBLAS_INT *incx);

/* The Fortran error handler: called with the routine name ("DGEMM ", length
 * 6) and the position of the first illegal argument.  swblas's default prints
 * the reference message on stderr and returns (the reference stops); a
 * program may define its own xerbla_, which then replaces it. */
void xerbla_(const char *srname, const SWBLAS_INT *info, size_t srname_len);

/* ---- Error positions of row-major calls ----
 *
 * Every CBLAS-style entry point (cblas_dgemm, cblas_dgemm_batch,
 * cblas_dgemm_batch_strided, swblas_dgemm_fused,
 * swblas_dgemm_fused_batch_strided) numbers an illegal argument as the
 * reference cblas_dgemm does.  The layout and the transpose arguments keep
 * their own positions.  The other arguments of a row-major call are checked
 * as the column-major call of the transposed problem, with A and B (their
 * arrays, leading dimensions and strides) exchanged and M and N exchanged,
 * and the position reported is the one the illegal value has in that call:
 * an illegal M is reported at N's position and N at M's, lda at ldb's and
 * ldb at lda's, stridea at strideb's and strideb at stridea's (cblas_dgemm:
 * M as 5, N as 4, lda as 11, ldb as 9).  Handlers written for the reference
 * exchange them back themselves; swblas's default cblas_xerbla prints the
 * caller's own positions. */

/* The batched and fused entry points exist in libswblas only (their
 * integers are 32 bits): libswblas64 does not provide them. */
#ifndef SWBLAS_ILP64

/* ---- Batched GEMM, with Intel MKL's signatures (LP64: MKL_INT is int) ----
 *
 * Described for double below; the s, c and z forms follow after them and
 * behave the same, complex scalars and matrices passed as void pointers to
 * (re, im) pairs, the strides counted in elements (complex ones).
 *
 * Group g (0 <= g < group_count) holds group_size[g] problems that share
 * transa_array[g], ..., ldc_array[g]; the pointer arrays hold one entry per
 * problem, groups one after the other.  All problems are solved in one
 * parallel region, in no given order.  Invalid arguments are reported
 * through cblas_xerbla (xerbla_ for the Fortran entry points) with the
 * parameter number (the first illegal one, groups in order) and nothing is
 * computed.
 *
 * C entries must not overlap; A and B may.  No problem's C may share an
 * element with another problem's C, nor with any problem's A or B: they are
 * written concurrently.  A and B are only read, so problems may share them
 * (the same pointer in several entries, or overlapping matrices).  For the
 * pointer arrays (cblas_dgemm_batch, dgemm_batch_) this is not checked: a
 * call that breaks it races and its results are undefined. */
void cblas_dgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const int *m_array,
                       const int *n_array, const int *k_array, const double *alpha_array,
                       const double **a_array, const int *lda_array, const double **b_array,
                       const int *ldb_array, const double *beta_array, double **c_array,
                       const int *ldc_array, int group_count, const int *group_size);

/* Problem i uses a + i*stridea, b + i*strideb, c + i*stridec.  The strides
 * must not be negative.  C entries must not overlap; A and B may (stridea or
 * strideb 0 shares one matrix): when batch_size > 1, stridec must be at
 * least one whole C, ldc * n column-major or ldc * m row-major, else
 * stridec is reported illegal and nothing is written.  A C must not overlap
 * any A or B either (not checked).  The same holds for
 * dgemm_batch_strided_ and swblas_dgemm_fused_batch_strided. */
void cblas_dgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                               CBLAS_TRANSPOSE transb, int m, int n, int k, double alpha,
                               const double *a, int lda, int stridea, const double *b, int ldb,
                               int strideb, double beta, double *c, int ldc, int stridec,
                               int batch_size);

/* Fortran: CALL DGEMM_BATCH(TRANSA_ARRAY, TRANSB_ARRAY, M_ARRAY, N_ARRAY,
 * K_ARRAY, ALPHA_ARRAY, A_ARRAY, LDA_ARRAY, B_ARRAY, LDB_ARRAY, BETA_ARRAY,
 * C_ARRAY, LDC_ARRAY, GROUP_COUNT, GROUP_SIZE) with the matrix arrays
 * INTEGER(KIND=8) addresses (C_LOC), as MKL. */
void dgemm_batch_(const char *transa_array, const char *transb_array, const int *m_array,
                  const int *n_array, const int *k_array, const double *alpha_array,
                  const double **a_array, const int *lda_array, const double **b_array,
                  const int *ldb_array, const double *beta_array, double **c_array,
                  const int *ldc_array, const int *group_count, const int *group_size);

void dgemm_batch_strided_(const char *transa, const char *transb, const int *m, const int *n,
                          const int *k, const double *alpha, const double *a, const int *lda,
                          const int *stridea, const double *b, const int *ldb,
                          const int *strideb, const double *beta, double *c, const int *ldc,
                          const int *stridec, const int *batch_size);

/* The same in single precision and complex. */
void cblas_sgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const int *m_array,
                       const int *n_array, const int *k_array, const float *alpha_array,
                       const float **a_array, const int *lda_array, const float **b_array,
                       const int *ldb_array, const float *beta_array, float **c_array,
                       const int *ldc_array, int group_count, const int *group_size);
void cblas_cgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const int *m_array,
                       const int *n_array, const int *k_array, const void *alpha_array,
                       const void **a_array, const int *lda_array, const void **b_array,
                       const int *ldb_array, const void *beta_array, void **c_array,
                       const int *ldc_array, int group_count, const int *group_size);
void cblas_zgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const int *m_array,
                       const int *n_array, const int *k_array, const void *alpha_array,
                       const void **a_array, const int *lda_array, const void **b_array,
                       const int *ldb_array, const void *beta_array, void **c_array,
                       const int *ldc_array, int group_count, const int *group_size);
void cblas_sgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                               CBLAS_TRANSPOSE transb, int m, int n, int k, float alpha,
                               const float *a, int lda, int stridea, const float *b, int ldb,
                               int strideb, float beta, float *c, int ldc, int stridec,
                               int batch_size);
void cblas_cgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                               CBLAS_TRANSPOSE transb, int m, int n, int k, const void *alpha,
                               const void *a, int lda, int stridea, const void *b, int ldb,
                               int strideb, const void *beta, void *c, int ldc, int stridec,
                               int batch_size);
void cblas_zgemm_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                               CBLAS_TRANSPOSE transb, int m, int n, int k, const void *alpha,
                               const void *a, int lda, int stridea, const void *b, int ldb,
                               int strideb, const void *beta, void *c, int ldc, int stridec,
                               int batch_size);
void sgemm_batch_(const char *transa_array, const char *transb_array, const int *m_array,
                  const int *n_array, const int *k_array, const float *alpha_array,
                  const float **a_array, const int *lda_array, const float **b_array,
                  const int *ldb_array, const float *beta_array, float **c_array,
                  const int *ldc_array, const int *group_count, const int *group_size);
void cgemm_batch_(const char *transa_array, const char *transb_array, const int *m_array,
                  const int *n_array, const int *k_array, const void *alpha_array,
                  const void **a_array, const int *lda_array, const void **b_array,
                  const int *ldb_array, const void *beta_array, void **c_array,
                  const int *ldc_array, const int *group_count, const int *group_size);
void zgemm_batch_(const char *transa_array, const char *transb_array, const int *m_array,
                  const int *n_array, const int *k_array, const void *alpha_array,
                  const void **a_array, const int *lda_array, const void **b_array,
                  const int *ldb_array, const void *beta_array, void **c_array,
                  const int *ldc_array, const int *group_count, const int *group_size);
void sgemm_batch_strided_(const char *transa, const char *transb, const int *m, const int *n,
                          const int *k, const float *alpha, const float *a, const int *lda,
                          const int *stridea, const float *b, const int *ldb,
                          const int *strideb, const float *beta, float *c, const int *ldc,
                          const int *stridec, const int *batch_size);
void cgemm_batch_strided_(const char *transa, const char *transb, const int *m, const int *n,
                          const int *k, const void *alpha, const void *a, const int *lda,
                          const int *stridea, const void *b, const int *ldb,
                          const int *strideb, const void *beta, void *c, const int *ldc,
                          const int *stridec, const int *batch_size);
void zgemm_batch_strided_(const char *transa, const char *transb, const int *m, const int *n,
                          const int *k, const void *alpha, const void *a, const int *lda,
                          const int *stridea, const void *b, const int *ldb,
                          const int *strideb, const void *beta, void *c, const int *ldc,
                          const int *stridec, const int *batch_size);

/* ---- GEMM with a fused prologue on A and epilogue on C ----
 *
 *   C := act(alpha * op(pro(A)) * op(B) + beta * C + bias)
 *
 * pro is applied to every element of A, act and bias to every element of
 * C; either descriptor may be NULL (no prologue / no epilogue). */
typedef enum {
  SWBLAS_PROLOGUE_NONE = 0,
  SWBLAS_PROLOGUE_SCALE = 1,      /* a -> scale * a */
  SWBLAS_PROLOGUE_FAKE_QUANT = 2  /* a -> scale * (clamp(round(a / scale) + zero_point,
                                        qmin, qmax) - zero_point), round half to even */
} swblas_prologue_kind;

typedef struct {
  swblas_prologue_kind kind;
  double scale;      /* > 0 */
  double zero_point; /* fake quantization, finite */
  double qmin, qmax; /* fake quantization, qmin <= qmax */
} swblas_prologue;

typedef enum {
  SWBLAS_BIAS_NONE = 0,
  SWBLAS_BIAS_PER_ROW = 1,   /* bias[i] added to row i of C, length m */
  SWBLAS_BIAS_PER_COLUMN = 2 /* bias[j] added to column j of C, length n */
} swblas_bias_kind;

typedef enum {
  SWBLAS_ACT_NONE = 0,
  SWBLAS_ACT_RELU = 1,
  SWBLAS_ACT_LEAKY_RELU = 2, /* x > 0 ? x : alpha * x */
  SWBLAS_ACT_GELU_TANH = 3,
  SWBLAS_ACT_GELU_ERF = 4,
  SWBLAS_ACT_SIGMOID = 5,
  SWBLAS_ACT_TANH = 6,
  SWBLAS_ACT_SILU = 7,
  SWBLAS_ACT_CLAMP = 8, /* min(max(x, lo), hi), lo <= hi */
  /* The fast mode, opt in, for single precision: the activation above of
   * the same name evaluated in float arithmetic (the others in double and
   * rounded once), the bias added in float. Error against the exact value
   * rounded to float, measured over every float: sigmoid, tanh and silu
   * within 2 ulps; gelu_erf within 4 ulps from x = -2 on and 7 below;
   * gelu_tanh within 2 ulps from x = -0.5 on, 6 ulps from -2 on and a
   * relative 1.3e-5 below; every one within 2^-120 where the exact value
   * is smaller than that. NaN, infinities and signed zeros as the exact
   * forms. A double call computes the exact activation. */
  SWBLAS_ACT_GELU_TANH_FAST = 9,
  SWBLAS_ACT_SIGMOID_FAST = 10,
  SWBLAS_ACT_TANH_FAST = 11,
  SWBLAS_ACT_SILU_FAST = 12,
  SWBLAS_ACT_GELU_ERF_FAST = 13
} swblas_activation;

typedef struct {
  swblas_bias_kind bias_kind;
  const double *bias; /* required unless bias_kind is SWBLAS_BIAS_NONE */
  swblas_activation activation;
  double alpha;  /* leaky_relu slope */
  double lo, hi; /* clamp bounds */
} swblas_epilogue;

/* Return codes of the fused entry points: 0 on success; a positive value is
 * the position of the first illegal GEMM argument (as cblas_dgemm passes it
 * to cblas_xerbla, row-major calls included: see above); the negative codes
 * below reject a descriptor.  On any error nothing is written and xerbla is
 * not called. */
enum {
  SWBLAS_SUCCESS = 0,
  SWBLAS_ERROR_PROLOGUE_KIND = -1,  /* unknown swblas_prologue_kind */
  SWBLAS_ERROR_PROLOGUE_SCALE = -2, /* scale <= 0 or not finite */
  SWBLAS_ERROR_PROLOGUE_RANGE = -3, /* qmin > qmax */
  SWBLAS_ERROR_BIAS_KIND = -4,      /* unknown swblas_bias_kind */
  SWBLAS_ERROR_BIAS_MISSING = -5,   /* bias_kind set, bias == NULL */
  SWBLAS_ERROR_ACTIVATION = -6,     /* unknown swblas_activation */
  SWBLAS_ERROR_CLAMP_RANGE = -7,    /* lo > hi */
  SWBLAS_ERROR_PROLOGUE_ZERO_POINT = -8 /* fake quantization: zero_point not finite */
};

/* A short English description of a return code ("success", ...). */
const char *swblas_strerror(int code);

int swblas_dgemm_fused(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                       int m, int n, int k, double alpha, const double *a, int lda,
                       const double *b, int ldb, double beta, double *c, int ldc,
                       const swblas_prologue *pro, const swblas_epilogue *epi);

/* The strided batch of fused GEMMs: problem i uses a + i*stridea,
 * b + i*strideb, c + i*stridec and the same descriptors (the same bias);
 * the strides obey cblas_dgemm_batch_strided's rules. */
int swblas_dgemm_fused_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                     CBLAS_TRANSPOSE transb, int m, int n, int k, double alpha,
                                     const double *a, int lda, int stridea, const double *b,
                                     int ldb, int strideb, double beta, double *c, int ldc,
                                     int stridec, int batch_size, const swblas_prologue *pro,
                                     const swblas_epilogue *epi);

/* The same in single precision, with the same descriptors (their parameters
 * and the bias stay double): each prologue and epilogue element is computed
 * in double from the float value and rounded to float once.  A bias whose
 * values are all floats (a float tensor's, converted) is the fast case: the
 * micro kernels add it to their registers as floats, which rounds the same
 * way; any other bias is added in double to each stored tile.  (With
 * alpha == 1 a bias in registers starts the sums instead, as in double: the
 * order of a GEMM's additions is not specified.) */
int swblas_sgemm_fused(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                       int m, int n, int k, float alpha, const float *a, int lda,
                       const float *b, int ldb, float beta, float *c, int ldc,
                       const swblas_prologue *pro, const swblas_epilogue *epi);
int swblas_sgemm_fused_batch_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                     CBLAS_TRANSPOSE transb, int m, int n, int k, float alpha,
                                     const float *a, int lda, int stridea, const float *b,
                                     int ldb, int strideb, float beta, float *c, int ldc,
                                     int stridec, int batch_size, const swblas_prologue *pro,
                                     const swblas_epilogue *epi);

#endif /* !SWBLAS_ILP64 */

/* Threads.  A call runs on up to this many threads: SWBLAS_NUM_THREADS, else
 * OMP_NUM_THREADS, else the cores at start-up; the setter changes it for the
 * whole process from the next call on (n < 1 goes back to that start-up
 * value; more than the process's hardware threads become that many unless
 * SWBLAS_OVERSUBSCRIBE=1).  A call from inside a parallel region of the program, or made
 * while another call runs on swblas's threads, runs on its caller's thread
 * alone.  The openblas_ names are aliases, for code written for OpenBLAS. */
void swblas_set_num_threads(int n);
int swblas_get_num_threads(void);
void openblas_set_num_threads(int n);
int openblas_get_num_threads(void);

#ifdef __cplusplus
}
#endif

#endif /* SWBLAS_H */

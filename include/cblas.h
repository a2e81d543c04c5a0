/* The standard C interface to the BLAS (CBLAS), as implemented by swblas.
 *
 * The types, enum values and prototypes follow netlib's cblas.h (the one
 * Debian installs), so a program written against it compiles and links
 * against swblas unchanged.  Only the routines swblas implements are
 * declared.  CBLAS_INT is 32 bits wide, or 64 with SWBLAS_ILP64 (below). */
#ifndef CBLAS_H
#define CBLAS_H

#include <stddef.h>
#include <stdint.h>
#include <inttypes.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CBLAS_INDEX size_t

/* The integer of every count, dimension, increment and error position:
 * 32 bits (libswblas), or 64 with SWBLAS_ILP64 defined (libswblas64,
 * pkg-config swblas64), as netlib's cblas.h under WeirdNEC. */
#ifndef CBLAS_INT
#ifdef SWBLAS_ILP64
#define CBLAS_INT int64_t
#else
#define CBLAS_INT int32_t
#endif
#endif
#ifndef CBLAS_IFMT
#ifdef SWBLAS_ILP64
#define CBLAS_IFMT PRId64
#else
#define CBLAS_IFMT PRId32
#endif
#endif

typedef enum CBLAS_LAYOUT { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_LAYOUT;
typedef enum CBLAS_TRANSPOSE {
  CblasNoTrans = 111,
  CblasTrans = 112,
  CblasConjTrans = 113
} CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef enum CBLAS_DIAG { CblasNonUnit = 131, CblasUnit = 132 } CBLAS_DIAG;
typedef enum CBLAS_SIDE { CblasLeft = 141, CblasRight = 142 } CBLAS_SIDE;

/* The older name of the layout type; `enum CBLAS_ORDER` works too. */
#define CBLAS_ORDER CBLAS_LAYOUT

/* C := alpha * op(A) * op(B) + beta * C, with C an M x N matrix stored in
 * the given layout.  Illegal arguments are reported through cblas_xerbla
 * with the reference parameter numbers, and nothing is written. */
void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA,
                 CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT K, const double alpha, const double *A,
                 const CBLAS_INT lda, const double *B, const CBLAS_INT ldb,
                 const double beta, double *C, const CBLAS_INT ldc);
void cblas_sgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA,
                 CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT K, const float alpha, const float *A,
                 const CBLAS_INT lda, const float *B, const CBLAS_INT ldb,
                 const float beta, float *C, const CBLAS_INT ldc);
/* Complex: scalars and matrices are (re, im) pairs passed by address. */
void cblas_cgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA,
                 CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT K, const void *alpha, const void *A,
                 const CBLAS_INT lda, const void *B, const CBLAS_INT ldb,
                 const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA,
                 CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT K, const void *alpha, const void *A,
                 const CBLAS_INT lda, const void *B, const CBLAS_INT ldb,
                 const void *beta, void *C, const CBLAS_INT ldc);

/* C := alpha * A * B + beta * C (Side Left) or alpha * B * A + beta * C
 * (Side Right), A symmetric (symm) or Hermitian (hemm) and read through its
 * Uplo triangle only. */
void cblas_ssymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const float alpha,
                 const float *A, const CBLAS_INT lda, const float *B,
                 const CBLAS_INT ldb, const float beta, float *C,
                 const CBLAS_INT ldc);
void cblas_dsymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const double alpha,
                 const double *A, const CBLAS_INT lda, const double *B,
                 const CBLAS_INT ldb, const double beta, double *C,
                 const CBLAS_INT ldc);
void cblas_csymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *B,
                 const CBLAS_INT ldb, const void *beta, void *C,
                 const CBLAS_INT ldc);
void cblas_zsymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *B,
                 const CBLAS_INT ldb, const void *beta, void *C,
                 const CBLAS_INT ldc);
void cblas_chemm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *B,
                 const CBLAS_INT ldb, const void *beta, void *C,
                 const CBLAS_INT ldc);
void cblas_zhemm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *B,
                 const CBLAS_INT ldb, const void *beta, void *C,
                 const CBLAS_INT ldc);

/* B := alpha * op(A) * B (Side Left) or alpha * B * op(A) (Side Right), A
 * triangular and read through its Uplo triangle only (its diagonal not at
 * all when Diag is Unit). */
void cblas_strmm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const float alpha, const float *A,
                 const CBLAS_INT lda, float *B, const CBLAS_INT ldb);
void cblas_dtrmm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const double alpha, const double *A,
                 const CBLAS_INT lda, double *B, const CBLAS_INT ldb);
void cblas_ctrmm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *A,
                 const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
void cblas_ztrmm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *A,
                 const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
/* Solves op(A) * X = alpha * B (Side Left) or X * op(A) = alpha * B (Side
 * Right) for X, which overwrites B; A as in trmm. */
void cblas_strsm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const float alpha, const float *A,
                 const CBLAS_INT lda, float *B, const CBLAS_INT ldb);
void cblas_dtrsm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const double alpha, const double *A,
                 const CBLAS_INT lda, double *B, const CBLAS_INT ldb);
void cblas_ctrsm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *A,
                 const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
void cblas_ztrsm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo,
                 CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *A,
                 const CBLAS_INT lda, void *B, const CBLAS_INT ldb);

/* C := alpha * A * A' + beta * C (Trans NoTrans) or alpha * A' * A + beta * C,
 * A' = A^T (syrk: Trans or, real, ConjTrans) or A^H (herk: ConjTrans, alpha
 * and beta real), on the Uplo triangle of the N x N C only. */
void cblas_ssyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const float alpha,
                 const float *A, const CBLAS_INT lda, const float beta, float *C,
                 const CBLAS_INT ldc);
void cblas_dsyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const double alpha,
                 const double *A, const CBLAS_INT lda, const double beta, double *C,
                 const CBLAS_INT ldc);
void cblas_csyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *beta, void *C,
                 const CBLAS_INT ldc);
void cblas_zsyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *beta, void *C,
                 const CBLAS_INT ldc);
void cblas_cherk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const float alpha,
                 const void *A, const CBLAS_INT lda, const float beta, void *C,
                 const CBLAS_INT ldc);
void cblas_zherk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const double alpha,
                 const void *A, const CBLAS_INT lda, const double beta, void *C,
                 const CBLAS_INT ldc);

/* C := alpha * A * B' + alpha* * B * A' + beta * C (Trans NoTrans) or
 * alpha * A' * B + alpha* * B' * A + beta * C on the Uplo triangle; syr2k:
 * ' is ^T and alpha* = alpha; her2k: ' is ^H, alpha* = conj(alpha), beta
 * real. */
void cblas_ssyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const float alpha,
                  const float *A, const CBLAS_INT lda, const float *B,
                  const CBLAS_INT ldb, const float beta, float *C, const CBLAS_INT ldc);
void cblas_dsyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const double alpha,
                  const double *A, const CBLAS_INT lda, const double *B,
                  const CBLAS_INT ldb, const double beta, double *C, const CBLAS_INT ldc);
void cblas_csyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha,
                  const void *A, const CBLAS_INT lda, const void *B,
                  const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zsyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha,
                  const void *A, const CBLAS_INT lda, const void *B,
                  const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_cher2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha,
                  const void *A, const CBLAS_INT lda, const void *B,
                  const CBLAS_INT ldb, const float beta, void *C, const CBLAS_INT ldc);
void cblas_zher2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha,
                  const void *A, const CBLAS_INT lda, const void *B,
                  const CBLAS_INT ldb, const double beta, void *C, const CBLAS_INT ldc);

/* C := alpha * op(A) * op(B) + beta * C on the Uplo triangle of the N x N C
 * only (OpenBLAS's and MKL's gemmt). */
void cblas_sgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K,
                  const float alpha, const float *A, const CBLAS_INT lda, const float *B,
                  const CBLAS_INT ldb, const float beta, float *C, const CBLAS_INT ldc);
void cblas_dgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K,
                  const double alpha, const double *A, const CBLAS_INT lda, const double *B,
                  const CBLAS_INT ldb, const double beta, double *C, const CBLAS_INT ldc);
void cblas_cgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K,
                  const void *alpha, const void *A, const CBLAS_INT lda, const void *B,
                  const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const CBLAS_INT N, const CBLAS_INT K,
                  const void *alpha, const void *A, const CBLAS_INT lda, const void *B,
                  const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);

/* ---- Level 1: vector operations. ---- */

/* Rotations (as srotg_ ... in swblas.h). */
void cblas_srotg(float *a, float *b, float *c, float *s);
void cblas_drotg(double *a, double *b, double *c, double *s);
void cblas_crotg(void *a, void *b, float *c, void *s);
void cblas_zrotg(void *a, void *b, double *c, void *s);
void cblas_srotmg(float *d1, float *d2, float *b1, const float b2, float *P);
void cblas_drotmg(double *d1, double *d2, double *b1, const double b2, double *P);
void cblas_srot(const CBLAS_INT N, float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY,
                const float c, const float s);
void cblas_drot(const CBLAS_INT N, double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY,
                const double c, const double s);
void cblas_csrot(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY,
                 const float c, const float s);
void cblas_zdrot(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY,
                 const double c, const double s);
void cblas_srotm(const CBLAS_INT N, float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY,
                 const float *P);
void cblas_drotm(const CBLAS_INT N, double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY,
                 const double *P);

/* x <-> y, x := alpha x, y := x, y += alpha x. */
void cblas_sswap(const CBLAS_INT N, float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY);
void cblas_dswap(const CBLAS_INT N, double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY);
void cblas_cswap(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_zswap(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_sscal(const CBLAS_INT N, const float alpha, float *X, const CBLAS_INT incX);
void cblas_dscal(const CBLAS_INT N, const double alpha, double *X, const CBLAS_INT incX);
void cblas_cscal(const CBLAS_INT N, const void *alpha, void *X, const CBLAS_INT incX);
void cblas_zscal(const CBLAS_INT N, const void *alpha, void *X, const CBLAS_INT incX);
void cblas_csscal(const CBLAS_INT N, const float alpha, void *X, const CBLAS_INT incX);
void cblas_zdscal(const CBLAS_INT N, const double alpha, void *X, const CBLAS_INT incX);
void cblas_scopy(const CBLAS_INT N, const float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY);
void cblas_dcopy(const CBLAS_INT N, const double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY);
void cblas_ccopy(const CBLAS_INT N, const void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_zcopy(const CBLAS_INT N, const void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_saxpy(const CBLAS_INT N, const float alpha, const float *X, const CBLAS_INT incX, float *Y,
                 const CBLAS_INT incY);
void cblas_daxpy(const CBLAS_INT N, const double alpha, const double *X, const CBLAS_INT incX, double *Y,
                 const CBLAS_INT incY);
void cblas_caxpy(const CBLAS_INT N, const void *alpha, const void *X, const CBLAS_INT incX, void *Y,
                 const CBLAS_INT incY);
void cblas_zaxpy(const CBLAS_INT N, const void *alpha, const void *X, const CBLAS_INT incX, void *Y,
                 const CBLAS_INT incY);

/* Dot products (complex ones through the last argument; ?dotc conjugates
 * X), norms, sums of |re| + |im|, and the 0-based index of the first
 * largest |re| + |im| (0 for N < 1 or incX < 1). */
float cblas_sdot(const CBLAS_INT N, const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY);
double cblas_ddot(const CBLAS_INT N, const double *X, const CBLAS_INT incX, const double *Y,
                  const CBLAS_INT incY);
void cblas_cdotu_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotu);
void cblas_zdotu_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotu);
void cblas_cdotc_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotc);
void cblas_zdotc_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotc);
float cblas_sdsdot(const CBLAS_INT N, const float alpha, const float *X, const CBLAS_INT incX, const float *Y,
                   const CBLAS_INT incY);
double cblas_dsdot(const CBLAS_INT N, const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY);
float cblas_snrm2(const CBLAS_INT N, const float *X, const CBLAS_INT incX);
double cblas_dnrm2(const CBLAS_INT N, const double *X, const CBLAS_INT incX);
float cblas_scnrm2(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
double cblas_dznrm2(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
float cblas_sasum(const CBLAS_INT N, const float *X, const CBLAS_INT incX);
double cblas_dasum(const CBLAS_INT N, const double *X, const CBLAS_INT incX);
float cblas_scasum(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
double cblas_dzasum(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_isamax(const CBLAS_INT N, const float *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_idamax(const CBLAS_INT N, const double *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_icamax(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_izamax(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
float cblas_scabs1(const void *c);
double cblas_dcabs1(const void *z);

/* ---- Level 2: general, band, symmetric and Hermitian matrix-vector
 * products and rank updates. ---- */

/* y := alpha op(A) x + beta y, A an M x N matrix (gemv) or band matrix
 * with KL sub- and KU superdiagonals (gbmv), in the given layout. */
void cblas_sgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const float alpha,
                 const float *A, const CBLAS_INT lda, const float *X,
                 const CBLAS_INT incX, const float beta, float *Y,
                 const CBLAS_INT incY);
void cblas_dgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const double alpha,
                 const double *A, const CBLAS_INT lda, const double *X,
                 const CBLAS_INT incX, const double beta, double *Y,
                 const CBLAS_INT incY);
void cblas_cgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *X,
                 const CBLAS_INT incX, const void *beta, void *Y,
                 const CBLAS_INT incY);
void cblas_zgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *X,
                 const CBLAS_INT incX, const void *beta, void *Y,
                 const CBLAS_INT incY);
void cblas_sgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT KL,
                 const CBLAS_INT KU, const float alpha, const float *A,
                 const CBLAS_INT lda, const float *X, const CBLAS_INT incX,
                 const float beta, float *Y, const CBLAS_INT incY);
void cblas_dgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT KL,
                 const CBLAS_INT KU, const double alpha, const double *A,
                 const CBLAS_INT lda, const double *X, const CBLAS_INT incX,
                 const double beta, double *Y, const CBLAS_INT incY);
void cblas_cgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT KL,
                 const CBLAS_INT KU, const void *alpha, const void *A,
                 const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_zgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT KL,
                 const CBLAS_INT KU, const void *alpha, const void *A,
                 const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
/* A := alpha x y^T + A (ger, geru) or alpha x y^H + A (gerc). */
void cblas_sger(const CBLAS_LAYOUT layout, const CBLAS_INT M,
                const CBLAS_INT N, const float alpha, const float *X,
                const CBLAS_INT incX, const float *Y, const CBLAS_INT incY,
                float *A, const CBLAS_INT lda);
void cblas_dger(const CBLAS_LAYOUT layout, const CBLAS_INT M,
                const CBLAS_INT N, const double alpha, const double *X,
                const CBLAS_INT incX, const double *Y, const CBLAS_INT incY,
                double *A, const CBLAS_INT lda);
void cblas_cgeru(const CBLAS_LAYOUT layout, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *X,
                 const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                 void *A, const CBLAS_INT lda);
void cblas_zgeru(const CBLAS_LAYOUT layout, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *X,
                 const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                 void *A, const CBLAS_INT lda);
void cblas_cgerc(const CBLAS_LAYOUT layout, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *X,
                 const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                 void *A, const CBLAS_INT lda);
void cblas_zgerc(const CBLAS_LAYOUT layout, const CBLAS_INT M,
                 const CBLAS_INT N, const void *alpha, const void *X,
                 const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                 void *A, const CBLAS_INT lda);

/* ---- Level 2: symmetric and Hermitian products and rank updates. ---- */

/* y := alpha * A * x + beta * y, A symmetric (?symv, ?sbmv, ?spmv) or
 * Hermitian (?hemv, ?hbmv, ?hpmv) read through its Uplo triangle: full
 * (lda), band (K off-diagonals, lda >= K + 1) or packed. */
void cblas_ssymv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const float alpha, const float *A, const CBLAS_INT lda,
                 const float *X, const CBLAS_INT incX, const float beta,
                 float *Y, const CBLAS_INT incY);
void cblas_dsymv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const double alpha, const double *A, const CBLAS_INT lda,
                 const double *X, const CBLAS_INT incX, const double beta,
                 double *Y, const CBLAS_INT incY);
void cblas_chemv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *X, const CBLAS_INT incX, const void *beta,
                 void *Y, const CBLAS_INT incY);
void cblas_zhemv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *X, const CBLAS_INT incX, const void *beta,
                 void *Y, const CBLAS_INT incY);
void cblas_ssbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const CBLAS_INT K, const float alpha, const float *A,
                 const CBLAS_INT lda, const float *X, const CBLAS_INT incX,
                 const float beta, float *Y, const CBLAS_INT incY);
void cblas_dsbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const CBLAS_INT K, const double alpha, const double *A,
                 const CBLAS_INT lda, const double *X, const CBLAS_INT incX,
                 const double beta, double *Y, const CBLAS_INT incY);
void cblas_chbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const CBLAS_INT K, const void *alpha, const void *A,
                 const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_zhbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const CBLAS_INT K, const void *alpha, const void *A,
                 const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_sspmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const float alpha, const float *Ap, const float *X,
                 const CBLAS_INT incX, const float beta, float *Y,
                 const CBLAS_INT incY);
void cblas_dspmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const double alpha, const double *Ap, const double *X,
                 const CBLAS_INT incX, const double beta, double *Y,
                 const CBLAS_INT incY);
void cblas_chpmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *Ap, const void *X,
                 const CBLAS_INT incX, const void *beta, void *Y,
                 const CBLAS_INT incY);
void cblas_zhpmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *Ap, const void *X,
                 const CBLAS_INT incX, const void *beta, void *Y,
                 const CBLAS_INT incY);
/* A := alpha * x * x' + A (?syr, ?spr: ' is ^T; ?her, ?hpr: ' is ^H, alpha
 * real) and A := alpha * x * y' + alpha* * y * x' + A (?syr2, ?spr2; ?her2,
 * ?hpr2: ' is ^H, alpha* = conj(alpha)) on the Uplo triangle, full or
 * packed; the Hermitian ones zero the imaginary parts of the diagonal. */
void cblas_ssyr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const float alpha, const float *X, const CBLAS_INT incX,
                float *A, const CBLAS_INT lda);
void cblas_dsyr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const double alpha, const double *X, const CBLAS_INT incX,
                double *A, const CBLAS_INT lda);
void cblas_cher(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const float alpha, const void *X, const CBLAS_INT incX,
                void *A, const CBLAS_INT lda);
void cblas_zher(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const double alpha, const void *X, const CBLAS_INT incX,
                void *A, const CBLAS_INT lda);
void cblas_sspr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const float alpha, const float *X, const CBLAS_INT incX,
                float *Ap);
void cblas_dspr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const double alpha, const double *X, const CBLAS_INT incX,
                double *Ap);
void cblas_chpr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const float alpha, const void *X, const CBLAS_INT incX,
                void *Ap);
void cblas_zhpr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                const double alpha, const void *X, const CBLAS_INT incX,
                void *Ap);
void cblas_ssyr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const float alpha, const float *X, const CBLAS_INT incX,
                 const float *Y, const CBLAS_INT incY, float *A,
                 const CBLAS_INT lda);
void cblas_dsyr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const double alpha, const double *X, const CBLAS_INT incX,
                 const double *Y, const CBLAS_INT incY, double *A,
                 const CBLAS_INT lda);
void cblas_cher2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *X, const CBLAS_INT incX,
                 const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_zher2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *X, const CBLAS_INT incX,
                 const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_sspr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const float alpha, const float *X, const CBLAS_INT incX,
                 const float *Y, const CBLAS_INT incY, float *Ap);
void cblas_dspr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const double alpha, const double *X, const CBLAS_INT incX,
                 const double *Y, const CBLAS_INT incY, double *Ap);
void cblas_chpr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *X, const CBLAS_INT incX,
                 const void *Y, const CBLAS_INT incY, void *Ap);
void cblas_zhpr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const CBLAS_INT N,
                 const void *alpha, const void *X, const CBLAS_INT incX,
                 const void *Y, const CBLAS_INT incY, void *Ap);

/* ---- Level 2: triangular products and solves. ---- */

/* x := op(A) x (trmv, tbmv, tpmv) and x := op(A)^-1 x (trsv, tbsv, tpsv),
 * A an N x N triangular matrix in full (lda), band (K off-diagonals, lda >=
 * K + 1) or packed (Ap) storage, read through its Uplo triangle only (its
 * diagonal not at all if Diag is CblasUnit).  The solves do not test for
 * singularity.  Complex: matrices and vectors are (re, im) pairs. */
void cblas_strmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const float *A, const CBLAS_INT lda,
                 float *X, const CBLAS_INT incX);
void cblas_dtrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const double *A, const CBLAS_INT lda,
                 double *X, const CBLAS_INT incX);
void cblas_ctrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_ztrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_stbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const float *A,
                 const CBLAS_INT lda, float *X, const CBLAS_INT incX);
void cblas_dtbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const double *A,
                 const CBLAS_INT lda, double *X, const CBLAS_INT incX);
void cblas_ctbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const void *A,
                 const CBLAS_INT lda, void *X, const CBLAS_INT incX);
void cblas_ztbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const void *A,
                 const CBLAS_INT lda, void *X, const CBLAS_INT incX);
void cblas_stpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const float *Ap, float *X,
                 const CBLAS_INT incX);
void cblas_dtpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const double *Ap, double *X,
                 const CBLAS_INT incX);
void cblas_ctpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *Ap, void *X,
                 const CBLAS_INT incX);
void cblas_ztpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *Ap, void *X,
                 const CBLAS_INT incX);
void cblas_strsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const float *A, const CBLAS_INT lda,
                 float *X, const CBLAS_INT incX);
void cblas_dtrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const double *A, const CBLAS_INT lda,
                 double *X, const CBLAS_INT incX);
void cblas_ctrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_ztrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_stbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const float *A,
                 const CBLAS_INT lda, float *X, const CBLAS_INT incX);
void cblas_dtbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const double *A,
                 const CBLAS_INT lda, double *X, const CBLAS_INT incX);
void cblas_ctbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const void *A,
                 const CBLAS_INT lda, void *X, const CBLAS_INT incX);
void cblas_ztbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const CBLAS_INT K, const void *A,
                 const CBLAS_INT lda, void *X, const CBLAS_INT incX);
void cblas_stpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const float *Ap, float *X,
                 const CBLAS_INT incX);
void cblas_dtpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const double *Ap, double *X,
                 const CBLAS_INT incX);
void cblas_ctpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *Ap, void *X,
                 const CBLAS_INT incX);
void cblas_ztpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,
                 const CBLAS_INT N, const void *Ap, void *X,
                 const CBLAS_INT incX);

/* The CBLAS error handler.  swblas's default prints the reference message
 * on stderr and returns (the reference calls exit); a program may define its
 * own cblas_xerbla, which then replaces it, also under LD_PRELOAD. */
void cblas_xerbla(CBLAS_INT p, const char *rout, const char *form, ...);

#ifdef __cplusplus
}
#endif

#endif /* CBLAS_H */

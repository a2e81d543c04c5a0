/* The standard C interface to the BLAS (CBLAS), as implemented by swblas.
 *
 * The types, enum values and prototypes follow netlib's cblas.h (the one
 * Debian installs), so a program written against it compiles and links
 * against swblas unchanged.  Only the routines swblas implements are
 * declared.  swblas is LP64: CBLAS_INT is 32 bits wide. */
#ifndef CBLAS_H
#define CBLAS_H

#include <stddef.h>
#include <stdint.h>
#include <inttypes.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CBLAS_INDEX size_t

#ifndef CBLAS_INT
#define CBLAS_INT int32_t
#endif
#ifndef CBLAS_IFMT
#define CBLAS_IFMT PRId32
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

/* ---- Level 2: triangular products and solves. ---- */

/* The CBLAS error handler.  swblas's default prints the reference message
 * on stderr and returns (the reference calls exit); a program may define its
 * own cblas_xerbla, which then replaces it, also under LD_PRELOAD. */
void cblas_xerbla(CBLAS_INT p, const char *rout, const char *form, ...);

#ifdef __cplusplus
}
#endif

#endif /* CBLAS_H */

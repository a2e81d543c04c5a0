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
void sgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const float *alpha, const float *a, const int *lda,
            const float *b, const int *ldb, const float *beta, float *c,
            const int *ldc);
/* Complex: scalars and matrices are (re, im) pairs. */
void cgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const void *alpha, const void *a, const int *lda,
            const void *b, const int *ldb, const void *beta, void *c,
            const int *ldc);
void zgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const void *alpha, const void *a, const int *lda,
            const void *b, const int *ldb, const void *beta, void *c,
            const int *ldc);

/* B := alpha op(A) B or alpha B op(A) (trmm), and the X of op(A) X = alpha B
 * or X op(A) = alpha B, which overwrites B (trsm); A triangular. */
void strmm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const float *alpha,
            const float *a, const int *lda, float *b, const int *ldb);
void dtrmm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const double *alpha,
            const double *a, const int *lda, double *b, const int *ldb);
void ctrmm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const void *alpha,
            const void *a, const int *lda, void *b, const int *ldb);
void ztrmm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const void *alpha,
            const void *a, const int *lda, void *b, const int *ldb);
void strsm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const float *alpha,
            const float *a, const int *lda, float *b, const int *ldb);
void dtrsm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const double *alpha,
            const double *a, const int *lda, double *b, const int *ldb);
void ctrsm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const void *alpha,
            const void *a, const int *lda, void *b, const int *ldb);
void ztrsm_(const char *side, const char *uplo, const char *transa,
            const char *diag, const int *m, const int *n, const void *alpha,
            const void *a, const int *lda, void *b, const int *ldb);

/* ---- Fortran Level 1. ---- */

/* ---- Fortran Level 2: general and band products, general rank updates. ---- */

/* y := alpha op(A) x + beta y, A general (gemv) or band (gbmv). */
void sgemv_(const char *trans, const int *m, const int *n,
            const float *alpha, const float *a, const int *lda, const float *x,
            const int *incx, const float *beta, float *y, const int *incy);
void dgemv_(const char *trans, const int *m, const int *n,
            const double *alpha, const double *a, const int *lda, const double *x,
            const int *incx, const double *beta, double *y, const int *incy);
void cgemv_(const char *trans, const int *m, const int *n,
            const void *alpha, const void *a, const int *lda, const void *x,
            const int *incx, const void *beta, void *y, const int *incy);
void zgemv_(const char *trans, const int *m, const int *n,
            const void *alpha, const void *a, const int *lda, const void *x,
            const int *incx, const void *beta, void *y, const int *incy);
void sgbmv_(const char *trans, const int *m, const int *n,
            const int *kl, const int *ku, const float *alpha, const float *a,
            const int *lda, const float *x, const int *incx, const float *beta,
            float *y, const int *incy);
void dgbmv_(const char *trans, const int *m, const int *n,
            const int *kl, const int *ku, const double *alpha, const double *a,
            const int *lda, const double *x, const int *incx, const double *beta,
            double *y, const int *incy);
void cgbmv_(const char *trans, const int *m, const int *n,
            const int *kl, const int *ku, const void *alpha, const void *a,
            const int *lda, const void *x, const int *incx, const void *beta,
            void *y, const int *incy);
void zgbmv_(const char *trans, const int *m, const int *n,
            const int *kl, const int *ku, const void *alpha, const void *a,
            const int *lda, const void *x, const int *incx, const void *beta,
            void *y, const int *incy);
/* A := alpha x y^T + A (ger, geru) or alpha x y^H + A (gerc). */
void sger_(const int *m, const int *n, const float *alpha,
           const float *x, const int *incx, const float *y, const int *incy,
           float *a, const int *lda);
void dger_(const int *m, const int *n, const double *alpha,
           const double *x, const int *incx, const double *y, const int *incy,
           double *a, const int *lda);
void cgeru_(const int *m, const int *n, const void *alpha,
           const void *x, const int *incx, const void *y, const int *incy,
           void *a, const int *lda);
void zgeru_(const int *m, const int *n, const void *alpha,
           const void *x, const int *incx, const void *y, const int *incy,
           void *a, const int *lda);
void cgerc_(const int *m, const int *n, const void *alpha,
           const void *x, const int *incx, const void *y, const int *incy,
           void *a, const int *lda);
void zgerc_(const int *m, const int *n, const void *alpha,
           const void *x, const int *incx, const void *y, const int *incy,
           void *a, const int *lda);

/* ---- Fortran Level 2: symmetric and Hermitian products and rank updates. ---- */

/* ---- Fortran Level 2: triangular products and solves. ---- */

/* The Fortran error handler: called with the routine name ("DGEMM ", length
 * 6) and the position of the first illegal argument.  swblas's default prints
 * the reference message on stderr and returns (the reference stops); a
 * program may define its own xerbla_, which then replaces it. */
void xerbla_(const char *srname, const int *info, size_t srname_len);

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

/* ---- Batched DGEMM, with Intel MKL's signatures (LP64: MKL_INT is int) ----
 *
 * Group g (0 <= g < group_count) holds group_size[g] problems that share
 * transa_array[g], ..., ldc_array[g]; the pointer arrays hold one entry per
 * problem, groups one after the other.  All problems are solved in one
 * parallel region.  Invalid arguments are reported through cblas_xerbla
 * (xerbla_ for the Fortran entry points) with the parameter number (the
 * first illegal one, groups in order) and nothing is computed. */
void cblas_dgemm_batch(CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const int *m_array,
                       const int *n_array, const int *k_array, const double *alpha_array,
                       const double **a_array, const int *lda_array, const double **b_array,
                       const int *ldb_array, const double *beta_array, double **c_array,
                       const int *ldc_array, int group_count, const int *group_size);

/* Problem i uses a + i*stridea, b + i*strideb, c + i*stridec.  The strides
 * must not be negative, and the problems must not overlap in C: when
 * batch_size > 1, stridec >= ldc * (columns of C as stored: n column-major,
 * m row-major), else stridec is reported illegal.  The same holds for
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
  SWBLAS_ACT_CLAMP = 8 /* min(max(x, lo), hi), lo <= hi */
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

#ifdef __cplusplus
}
#endif

#endif /* SWBLAS_H */

/* CBLAS calls made from C, where any int converts to an enum type: each
 * caller passes options[i] as the routine's i-th option (the layout first)
 * and writes, if anything, to out[0]. C++ cannot pass an int outside an
 * enum's range without undefined behaviour of its own, so the tests of such
 * values go through these. */
#ifndef OPTION_VALUE_CALLERS_H
#define OPTION_VALUE_CALLERS_H

#ifdef __cplusplus
extern "C" {
#endif

/* 1 x 1 problems whose other arguments are legal. */
void call_dgemm(const int* options, double* out);
void call_dgemm_batch(const int* options, double* out);
void call_dgemm_batch_strided(const int* options, double* out);
void call_dgemmt(const int* options, double* out);
void call_dgemv(const int* options, double* out);
void call_dgbmv(const int* options, double* out);
void call_dger(const int* options, double* out);
void call_dsymv(const int* options, double* out);
void call_dsyr(const int* options, double* out);
void call_dtrmv(const int* options, double* out);
void call_dtpmv(const int* options, double* out);
void call_dsyrk(const int* options, double* out);
void call_dsyr2k(const int* options, double* out);
void call_dsymm(const int* options, double* out);
void call_dtrmm(const int* options, double* out);

/* swblas_dgemm_fused's code. */
int call_dgemm_fused(const int* options, double* out);

/* swblas_dgemm_fused, column-major, with the descriptors' enum fields
 * given (no bias array: a bias kind other than none is then rejected). */
int call_dgemm_fused_with(int prologue_kind, int bias_kind, int activation, double* out);

#ifdef __cplusplus
}
#endif

#endif /* OPTION_VALUE_CALLERS_H */

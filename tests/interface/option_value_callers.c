/* See option_value_callers.h. Compiled as C: the ints convert to the enum
 * parameters as a C program's arguments do. */
#include "option_value_callers.h"

#include <cblas.h>
#include <stddef.h>
#include <swblas.h>

/* Every operand: the results of a legal call then differ from the output's
 * value before it, in-place products included. */
static const double kTwo[1] = {2.0};

void call_dgemm(const int* o, double* out) {
  cblas_dgemm(o[0], o[1], o[2], 1, 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dgemm_batch(const int* o, double* out) {
  const CBLAS_TRANSPOSE transa[1] = {o[1]}, transb[1] = {o[2]};
  const int one[1] = {1};
  const double alpha[1] = {1.0}, beta[1] = {0.0};
  const double* a[1] = {kTwo};
  const double* b[1] = {kTwo};
  double* c[1] = {out};
  cblas_dgemm_batch(o[0], transa, transb, one, one, one, alpha, a, one, b, one, beta, c, one, 1, one);
}

void call_dgemm_batch_strided(const int* o, double* out) {
  cblas_dgemm_batch_strided(o[0], o[1], o[2], 1, 1, 1, 1.0, kTwo, 1, 0, kTwo, 1, 0, 0.0, out, 1, 1, 1);
}

int call_dgemm_fused(const int* o, double* out) {
  return swblas_dgemm_fused(o[0], o[1], o[2], 1, 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1, NULL, NULL);
}

int call_dgemm_fused_with(int prologue_kind, int bias_kind, int activation, double* out) {
  swblas_prologue pro = {SWBLAS_PROLOGUE_NONE, 1.0, 0.0, 0.0, 0.0};
  swblas_epilogue epi = {SWBLAS_BIAS_NONE, NULL, SWBLAS_ACT_NONE, 0.0, 0.0, 0.0};
  pro.kind = prologue_kind;
  epi.bias_kind = bias_kind;
  epi.activation = activation;
  return swblas_dgemm_fused(CblasColMajor, CblasNoTrans, CblasNoTrans, 1, 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0,
                            out, 1, &pro, &epi);
}

void call_dgemmt(const int* o, double* out) {
  cblas_dgemmt(o[0], o[1], o[2], o[3], 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dgemv(const int* o, double* out) {
  cblas_dgemv(o[0], o[1], 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dgbmv(const int* o, double* out) {
  cblas_dgbmv(o[0], o[1], 1, 1, 0, 0, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dger(const int* o, double* out) { cblas_dger(o[0], 1, 1, 1.0, kTwo, 1, kTwo, 1, out, 1); }

void call_dsymv(const int* o, double* out) {
  cblas_dsymv(o[0], o[1], 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dsyr(const int* o, double* out) { cblas_dsyr(o[0], o[1], 1, 1.0, kTwo, 1, out, 1); }

void call_dtrmv(const int* o, double* out) { cblas_dtrmv(o[0], o[1], o[2], o[3], 1, kTwo, 1, out, 1); }

void call_dtpmv(const int* o, double* out) { cblas_dtpmv(o[0], o[1], o[2], o[3], 1, kTwo, out, 1); }

void call_dsyrk(const int* o, double* out) {
  cblas_dsyrk(o[0], o[1], o[2], 1, 1, 1.0, kTwo, 1, 0.0, out, 1);
}

void call_dsyr2k(const int* o, double* out) {
  cblas_dsyr2k(o[0], o[1], o[2], 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dsymm(const int* o, double* out) {
  cblas_dsymm(o[0], o[1], o[2], 1, 1, 1.0, kTwo, 1, kTwo, 1, 0.0, out, 1);
}

void call_dtrmm(const int* o, double* out) {
  cblas_dtrmm(o[0], o[1], o[2], o[3], o[4], 1, 1, 1.0, kTwo, 1, out, 1);
}

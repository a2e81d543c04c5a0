/* See option_value_callers.h. Compiled as C: the ints convert to the enum
 * parameters as a C program's arguments do. */
#include "option_value_callers.h"

#include <cblas.h>
#include <stddef.h>
#include <swblas.h>

static const double kOne[1] = {1.0};

void call_dgemm(const int* o, double* out) {
  cblas_dgemm(o[0], o[1], o[2], 1, 1, 1, 1.0, kOne, 1, kOne, 1, 0.0, out, 1);
}

void call_dgemm_batch(const int* o, double* out) {
  const CBLAS_TRANSPOSE transa[1] = {o[1]}, transb[1] = {o[2]};
  const int one[1] = {1};
  const double alpha[1] = {1.0}, beta[1] = {0.0};
  const double* a[1] = {kOne};
  const double* b[1] = {kOne};
  double* c[1] = {out};
  cblas_dgemm_batch(o[0], transa, transb, one, one, one, alpha, a, one, b, one, beta, c, one, 1, one);
}

void call_dgemm_batch_strided(const int* o, double* out) {
  cblas_dgemm_batch_strided(o[0], o[1], o[2], 1, 1, 1, 1.0, kOne, 1, 0, kOne, 1, 0, 0.0, out, 1, 1, 1);
}

int call_dgemm_fused(const int* o, double* out) {
  return swblas_dgemm_fused(o[0], o[1], o[2], 1, 1, 1, 1.0, kOne, 1, kOne, 1, 0.0, out, 1, NULL, NULL);
}

int call_dgemm_fused_with(int prologue_kind, int bias_kind, int activation, double* out) {
  swblas_prologue pro = {SWBLAS_PROLOGUE_NONE, 1.0, 0.0, 0.0, 0.0};
  swblas_epilogue epi = {SWBLAS_BIAS_NONE, NULL, SWBLAS_ACT_NONE, 0.0, 0.0, 0.0};
  pro.kind = prologue_kind;
  epi.bias_kind = bias_kind;
  epi.activation = activation;
  return swblas_dgemm_fused(CblasColMajor, CblasNoTrans, CblasNoTrans, 1, 1, 1, 1.0, kOne, 1, kOne, 1, 0.0,
                            out, 1, &pro, &epi);
}

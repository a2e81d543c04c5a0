/* SWBLAS_TARGET=sunway-emu's test program (run_route.cmake): one
 * cblas_dgemm and one cblas_sgemm, both taller, wider and deeper than one
 * CPE tile, checked against a plain loop. Exits 1 on a wrong result. */
#include <cblas.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

enum { M = 70, N = 66, K = 75 };

static double a[K][M], b[N][K], c[N][M], expected[N][M];
static float as[K][M], bs[N][K], cs[N][M];

static const double alpha = 0.5, beta = 2.0;

/* The elements of C := alpha * A * B + beta * C (column-major: A(i, l) is
 * a[l][i], B(l, j) is b[j][l], C(i, j) is c[j][i]) that the double (single:
 * the float) call got wrong. The inputs are multiples of 1/16, exact in
 * float too. */
static int wrong_elements(int single) {
  const double eps = single ? FLT_EPSILON : DBL_EPSILON;
  int wrong = 0;
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < M; ++i) {
      double sum = 0.0, abs_sum = 0.0;
      for (int l = 0; l < K; ++l) {
        sum += a[l][i] * b[j][l];
        abs_sum += fabs(a[l][i] * b[j][l]);
      }
      const double want = alpha * sum + beta * expected[j][i];
      const double bound = (K + 4) * eps * (fabs(alpha) * abs_sum + fabs(beta * expected[j][i]));
      wrong += !(fabs((single ? cs[j][i] : c[j][i]) - want) <= bound);
    }
  return wrong;
}

int main(void) {
  for (int l = 0; l < K; ++l)
    for (int i = 0; i < M; ++i) as[l][i] = (float)(a[l][i] = ((i * 7 + l * 3) % 11) / 8.0 - 0.5);
  for (int j = 0; j < N; ++j)
    for (int l = 0; l < K; ++l) bs[j][l] = (float)(b[j][l] = ((j * 5 + l) % 13) / 8.0 - 0.75);
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < M; ++i) cs[j][i] = (float)(c[j][i] = expected[j][i] = (i - j) / 16.0);

  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, M, N, K, alpha, &a[0][0], M, &b[0][0], K, beta, &c[0][0], M);
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, M, N, K, (float)alpha, &as[0][0], M, &bs[0][0], K,
              (float)beta, &cs[0][0], M);
  const int wrong_d = wrong_elements(0), wrong_s = wrong_elements(1);
  printf("dgemm: %d wrong, sgemm: %d wrong\n", wrong_d, wrong_s);
  return wrong_d || wrong_s ? 1 : 0;
}

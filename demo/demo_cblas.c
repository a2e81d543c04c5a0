/* A C program using swblas through the standard CBLAS interface:
 * C := alpha * A * B^T + beta * C on small row-major matrices, checked
 * against a plain loop and printed. Build: cc demo_cblas.c -lswblas */
#include <cblas.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

enum { M = 4, N = 3, K = 5 };

int main(void) {
  double a[M][K], b[N][K], c[M][N], expected[M][N];
  const double alpha = 0.5, beta = 2.0;
  for (int i = 0; i < M; ++i)
    for (int l = 0; l < K; ++l) a[i][l] = i + 0.25 * l;
  for (int j = 0; j < N; ++j)
    for (int l = 0; l < K; ++l) b[j][l] = 1.0 - 0.5 * j + l;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) c[i][j] = expected[i][j] = i - j;

  /* B is stored N x K, so op(B) = B^T is K x N. */
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, M, N, K, alpha, &a[0][0],
              K, &b[0][0], K, beta, &c[0][0], N);

  int wrong = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0.0, abs_sum = 0.0;
      for (int l = 0; l < K; ++l) {
        sum += a[i][l] * b[j][l];
        abs_sum += fabs(a[i][l] * b[j][l]);
      }
      expected[i][j] = alpha * sum + beta * expected[i][j];
      const double bound = (2 * K + 4) * DBL_EPSILON *
                           (fabs(alpha) * abs_sum + fabs(beta * (i - j)));
      wrong += !(fabs(c[i][j] - expected[i][j]) <= bound);
    }

  printf("C = %.1f * A * B^T + %.1f * C (cblas_dgemm, row-major):\n", alpha, beta);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) printf(" %9.4f", c[i][j]);
    printf("\n");
  }
  printf("%s\n", wrong ? "MISMATCH with the reference loop"
                       : "matches the reference loop");
  return wrong ? 1 : 0;
}

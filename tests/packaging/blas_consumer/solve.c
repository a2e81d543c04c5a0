/* A user's program on the system BLAS and LAPACK: B = A * X with dgemm_,
 * then X back from A and B with LAPACK's dgesv_ (whose own BLAS calls go to
 * libblas.so.3 too). Prints "ok" when X is recovered. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const double* alpha, const double* a, const int* lda, const double* b, const int* ldb,
            const double* beta, double* c, const int* ldc, size_t transa_len, size_t transb_len);
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b,
            const int* ldb, int* info);

enum { N = 3, NRHS = 2 };

int main(void) {
  double a[N * N] = {4, 1, 2, 1, 5, 3, 2, 3, 6}; /* column-major, symmetric, diagonally dominant */
  const double x[N * NRHS] = {1, -2, 3, 0.5, 0.25, -1};
  double b[N * NRHS];
  const int n = N, nrhs = NRHS;
  const double one = 1, zero = 0;
  dgemm_("N", "N", &n, &nrhs, &n, &one, a, &n, x, &n, &zero, b, &n, 1, 1);

  int ipiv[N], info = -1;
  dgesv_(&n, &nrhs, a, &n, ipiv, b, &n, &info);
  if (info != 0) {
    printf("dgesv_ failed: info = %d\n", info);
    return 1;
  }
  for (int i = 0; i < N * NRHS; ++i) {
    if (fabs(b[i] - x[i]) > 1e-12) {
      printf("wrong: x[%d] = %.17g, want %g\n", i, b[i], x[i]);
      return 1;
    }
  }
  printf("ok\n");
  return 0;
}

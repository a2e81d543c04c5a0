/* A program built as on a system whose ILP64 BLAS is swblas: <cblas64.h>
 * through the alternatives' include link, -lblas64 through their library
 * link. CBLAS_INT must be 64 bits wide and the product right. */
#include <cblas64.h>
#include <stdio.h>

_Static_assert(sizeof(CBLAS_INT) == 8, "cblas64.h declares a 64-bit CBLAS_INT");

int main(void) {
  /* Column-major A = [1 3; 2 4], B = [5 7; 6 8]: A B = [23 31; 34 46]. */
  const double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  double c[4] = {0, 0, 0, 0};
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, a, 2, b, 2, 0.0, c, 2);
  if (c[0] != 23 || c[1] != 34 || c[2] != 31 || c[3] != 46) {
    printf("wrong: %g %g %g %g\n", c[0], c[1], c[2], c[3]);
    return 1;
  }
  printf("ok\n");
  return 0;
}

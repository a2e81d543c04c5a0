/* A user's program: includes swblas's cblas.h, links -lswblas (or -lswblas64), checks a 2x2 product. */
#include <cblas.h>
#include <stdio.h>

/* Built with pkg-config swblas64, <cblas.h> must give 64-bit integers. */
#ifdef SWBLAS_ILP64
_Static_assert(sizeof(CBLAS_INT) == 8, "swblas64.pc did not make CBLAS_INT 64 bits wide");
#endif

int main(void) {
  const double a[4] = {1, 2, 3, 4}; /* column-major [[1 3] [2 4]] */
  const double b[4] = {5, 6, 7, 8}; /* [[5 7] [6 8]] */
  double c[4] = {0, 0, 0, 0};
  const double want[4] = {23, 34, 31, 46};
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, a, 2, b, 2, 0.0, c, 2);
  for (int i = 0; i < 4; ++i) {
    if (c[i] != want[i]) {
      printf("wrong: c[%d] = %g, want %g\n", i, c[i], want[i]);
      return 1;
    }
  }
  printf("ok\n");
  return 0;
}
